#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Throughput and memory per sphere against the number of spheres, from bench/scaling.sh: stock pair
granular and granular/sync in both orderings, one rank.

    bash bench/scaling.sh > scaling.txt
    python3 tools/plot_scaling.py scaling.txt [--out doc/img/scaling.png]

Needs matplotlib (Debian: python3-matplotlib)."""
from gs_plot import parser, plt, run, save

STYLES = ["stock pair granular", "granular/sync standard", "granular/sync synchronized"]


def main():
    ap = parser(__doc__, "scaling.png")
    ap.add_argument("table", help="what bench/scaling.sh printed")
    a = ap.parse_args()
    rows = [list(map(float, line.split())) for line in open(a.table) if line.strip() and not line.startswith("#")]
    n = [r[0] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    for k, style in enumerate(STYLES):
        left.plot(n, [r[1 + 2 * k] for r in rows], "o-", label=style)
        right.plot(n, [r[2 + 2 * k] / 1024 for r in rows], "o-", label=style)
    for ax, label in ((left, "particle-steps / s"), (right, "memory per sphere [KiB]")):
        ax.set_xscale("log")
        ax.set_xlabel("spheres")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    left.set_yscale("log")
    right.set_yscale("log")
    left.legend(fontsize=8)
    save(fig, a.out)


if __name__ == "__main__":
    run(main)
