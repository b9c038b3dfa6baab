#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Trapping map of the three-sphere problem: which (size ratio, mu) cases separate with each
ordering, from the output of `build/three_sphere_dem map NRATIO NMU [RMAX]`, with the critical
size ratio S_c = (1 + sqrt(1 + mu^2)) / mu^2 above which the standard ordering traps the grain
(Vyas et al., CPC 2025, eq. 22).

    build/three_sphere_dem map 12 10 > map.txt
    python3 tools/plot_trapping_map.py map.txt [--out doc/img/trapping_map.png]

Needs matplotlib (Debian: python3-matplotlib)."""
import math

from gs_plot import parser, plt, run, save


def main():
    ap = parser(__doc__, "trapping_map.png")
    ap.add_argument("map", help="output of three_sphere_dem map")
    a = ap.parse_args()
    rows = []
    with open(a.map) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                ratio, mu, _, standard, synchronized = line.split()
                rows.append((float(ratio), float(mu), int(standard), int(synchronized)))
    if not rows:
        raise SystemExit("no cases in " + a.map)
    fig, axes = plt.subplots(1, 2, figsize=(7.5, 3.8), sharey=True)
    mus = [0.08 + 0.94 * k / 199 for k in range(200)]
    sc = [(1 + math.sqrt(1 + m * m)) / (m * m) for m in mus]
    for ax, col, name in ((axes[0], 2, "standard"), (axes[1], 3, "synchronized")):
        for sep, marker, color, label in ((1, "o", "C0", "separates"), (0, "x", "C3", "trapped")):
            pts = [(r[1], r[0]) for r in rows if r[col] == sep]
            if pts:
                ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=marker, s=14, c=color, label=label)
        ax.plot(mus, sc, "k-", lw=1.2, label="S_c = (1 + sqrt(1 + mu^2)) / mu^2")
        ax.set_yscale("log")
        ax.set_ylim(min(r[0] for r in rows) / 1.2, max(r[0] for r in rows) * 1.2)
        ax.set_xlabel("friction coefficient mu")
        ax.set_title("%s ordering" % name, fontsize=10)
    axes[0].set_ylabel("size ratio S = R / r")
    axes[0].set_yticks([2, 5, 10, 20, 50])
    axes[0].set_yticklabels(["2", "5", "10", "20", "50"])
    fig.legend(*axes[0].get_legend_handles_labels(), fontsize=8, loc="lower center", ncol=3)
    save(fig, a.out, rect=(0, 0.08, 1, 1))


if __name__ == "__main__":
    run(main)
