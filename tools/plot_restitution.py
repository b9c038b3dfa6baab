#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Measured against requested coefficient of restitution: runs examples/restitution (head-on
collisions, size ratios 1 and 20, hertz/material with coeff_restitution and tsuji) for a range of
requested e and plots what the collisions give.

    python3 tools/plot_restitution.py [--build build] [--out doc/img/restitution.png]

Needs matplotlib (Debian: python3-matplotlib)."""
import os
import re
import subprocess

from gs_plot import ROOT, parser, plt, run, save

RESULT = re.compile(r"^RESULT size ratio (\d+), (\S+): e requested (\S+), measured (\S+)")


def main():
    a = parser(__doc__, "restitution.png", build=True).parse_args()
    folder = os.path.join(ROOT, "examples", "restitution")
    series = {}
    for e in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95):
        out = subprocess.run([os.path.join(a.build, "lmp"), "-in", "in.restitution", "-var", "e", str(e),
                              "-log", "none", "-echo", "none"],
                             capture_output=True, text=True, cwd=folder, check=True).stdout
        for line in out.splitlines():
            m = RESULT.match(line)
            if m:
                print(line)
                series.setdefault((m.group(2), int(m.group(1))), []).append((float(m.group(3)), float(m.group(4))))
    if len(series) != 4:
        raise SystemExit("expected four RESULT series, got %d" % len(series))
    fig, ax = plt.subplots(figsize=(5, 4))
    ax.plot([0, 1], [0, 1], "k-", lw=0.8, label="measured = requested")
    styles = {("coeff_restitution", 1): "C0o", ("coeff_restitution", 20): "C0x",
              ("tsuji", 1): "C3s", ("tsuji", 20): "C3+"}
    for key, pts in sorted(series.items()):
        ax.plot([p[0] for p in pts], [p[1] for p in pts], styles[key], ms=6, mfc="none",
                label="%s, size ratio %d" % key)
    ax.set_xlabel("requested e")
    ax.set_ylabel("measured e (head-on, hertz/material)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper left")
    save(fig, a.out)


if __name__ == "__main__":
    run(main)
