#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Plot the trapped fraction over time from examples/percolation logs (Vyas et al., CPC 2025, Fig. 14).

    python3 tools/plot_percolation.py [LOG ...] [-o percolation.png]

Without LOG it reads the reference logs examples/percolation/log.*.percolation.*.g++.1. Each log's
thermo columns (time, f_bed, f_out, f_trap) give one curve pair: the fraction still in the bed
(solid) and the trapped fraction (dashed). Needs matplotlib (Debian: python3-matplotlib).
"""
import glob
import os

from gs_plot import Parser, plt, run


def read_log(path):
    """time, f_bed, f_trap and the ordering from a log of in.percolation"""
    t, bed, trap, ordering = [], [], [], None
    columns = None
    with open(path) as f:
        for line in f:
            w = line.split()
            if line.startswith("pair_style granular/sync ordering") and "$" not in line:
                ordering = w[3]
            if w[:2] == ["Step", "Time"]:
                columns = w
                continue
            if columns and w and w[0] == "Loop":
                columns = None
            elif columns and len(w) == len(columns):
                row = dict(zip(columns, map(float, w)))
                if row["Time"] > 0:  # the first window has no trapped count yet
                    t.append(row["Time"])
                    bed.append(row["v_f_bed"])
                    trap.append(row["v_f_trap"])
    return t, bed, trap, ordering or os.path.basename(path)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="*")
    parser.add_argument("-o", "--output", default="percolation.png")
    args = parser.parse_args()
    logs = args.logs or sorted(glob.glob(os.path.join(here, "..", "examples", "percolation",
                                                      "log.*.percolation.*.g++.1")))
    if not logs:
        parser.error("no logs given or found")
    fig, ax = plt.subplots(figsize=(6, 4))
    for i, path in enumerate(logs):
        t, bed, trap, ordering = read_log(path)
        if not t:
            parser.error("%s: no thermo rows of examples/percolation (Step Time ... v_f_bed v_f_trap)" % path)
        color = "C%d" % i
        ax.plot(t, bed, "-o", color=color, label="%s: in the bed" % ordering)
        ax.plot(t, trap, "--s", color=color, label="%s: trapped" % ordering)
    ax.set_xlabel("time after release [s]")
    ax.set_ylabel("fraction of fines")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title("fines (size ratio 20) falling through a frozen bed")
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print("wrote", args.output)


if __name__ == "__main__":
    run(main)
