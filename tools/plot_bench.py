#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Bar chart of the throughputs bench/run.sh prints (particle-steps per second of each style it
runs: stock pair granular, stock with synchronized_verlet, granular/sync in both orderings and,
where built, the /kk styles), one group per case and rank count; the ratio lines are left out.

    bash bench/run.sh 1 2 > bench.txt
    python3 tools/plot_bench.py bench.txt [--out doc/img/bench.png]

Needs matplotlib (Debian: python3-matplotlib)."""
import re

from gs_plot import parser, plt, run, save

HEADER = re.compile(r"^== (\S+), (\d+) rank\(s\)")
RATE = re.compile(r"^  (.*\S)\s+([0-9.]+e[+-]?\d+)$")  # throughputs; ratios print as plain decimals


def parse(path):
    """[(label, {style: rate})] and the styles, in the order run.sh printed them."""
    groups, styles = [], []
    with open(path) as f:
        for line in f:
            m = HEADER.match(line)
            if m:
                groups.append(("%s, %s rank%s" % (m.group(1), m.group(2), "" if m.group(2) == "1" else "s"), {}))
                continue
            m = RATE.match(line.rstrip("\n"))
            if groups and m:
                groups[-1][1][m.group(1)] = float(m.group(2))
                if m.group(1) not in styles:
                    styles.append(m.group(1))
    return groups, styles


def main():
    ap = parser(__doc__, "bench.png")
    ap.add_argument("output", help="what bench/run.sh printed")
    ap.add_argument("--title", default="bench/run.sh", help="plot title (machine, date)")
    a = ap.parse_args()
    groups, styles = parse(a.output)
    if not styles:
        raise SystemExit("no throughputs in " + a.output)
    fig, ax = plt.subplots(figsize=(8.5, 3.6))
    width = 0.8 / len(styles)
    for k, style in enumerate(styles):
        xs = [i + (k - (len(styles) - 1) / 2) * width for i in range(len(groups))]
        ax.bar(xs, [g[1].get(style, 0) / 1e6 for g in groups], width, label=style, color="C%d" % k)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([g[0] for g in groups])
    ax.set_ylabel("million particle-steps / s")
    ax.set_title(a.title, fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    save(fig, a.out)


if __name__ == "__main__":
    run(main)
