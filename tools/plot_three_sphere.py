#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Angle of the fine grain against time in the three-sphere problem: LAMMPS (examples/three_sphere)
with both orderings against the rigid-body solution of build/three_sphere_analytic.

    python3 tools/plot_three_sphere.py [--build build] [--out doc/img/three_sphere.png]

Runs the example (about 2 s each) with thermo output every --every steps instead of its sparse
default, and the analytic program for the same case (size ratio 20, mu 0.5, theta0 0.1).
Needs matplotlib (Debian: python3-matplotlib)."""
import os
import subprocess

from gs_plot import ROOT, parser, plt, run, save


def run_lammps(lmp, ordering, every):
    """(time, theta) of the example's thermo output, printed every `every` steps."""
    folder = os.path.join(ROOT, "examples", "three_sphere")
    with open(os.path.join(folder, "in.three_sphere")) as f:
        text = f.read()
    if "\nthermo 100000\n" not in text:
        raise SystemExit("in.three_sphere no longer has 'thermo 100000'; update this script")
    text = text.replace("\nthermo 100000\n", "\nthermo %d\n" % every)
    out = subprocess.run([lmp, "-var", "ordering", ordering, "-log", "none", "-echo", "none"],
                         input=text, capture_output=True, text=True, cwd=folder, check=True).stdout
    t, theta, result = [], [], ""
    for line in out.splitlines():
        try:  # thermo rows: step time theta omegax gap
            step, time, angle, _, _ = (float(x) for x in line.split())
        except ValueError:
            step = None
        if step is not None:
            t.append(time)
            theta.append(angle)
        elif line.startswith("RESULT"):
            result = line
    return t, theta, result


def run_analytic(prog):
    """(time, theta) of the rigid-body solution up to separation."""
    out = subprocess.run([prog, "1e-3", "5e-5", "2500", "0.5", "9.81", "0.1", "2e-4"],
                         capture_output=True, text=True, check=True).stdout
    t, theta = [], []
    for line in out.splitlines():
        w = line.split()
        if w and not line.startswith("#") and len(w) == 7:
            t.append(float(w[0]))
            theta.append(float(w[1]))
    return t, theta


def main():
    ap = parser(__doc__, "three_sphere.png", build=True)
    ap.add_argument("--every", type=int, default=2000, help="thermo interval in steps")
    a = ap.parse_args()
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ta, tha = run_analytic(os.path.join(a.build, "three_sphere_analytic"))
    ax.plot(ta, tha, "k-", lw=2.5, label="rigid body (analytic)")
    ax.plot(ta[-1], tha[-1], "ko")
    for ordering, style in (("synchronized", "C0--"), ("standard", "C3-")):
        t, th, result = run_lammps(os.path.join(a.build, "lmp"), ordering, a.every)
        print(result)
        label = "DEM, %s ordering" % ordering + (" (trapped; theta wraps at pi)" if ordering == "standard" else "")
        ax.plot(t, th, style, lw=1.2, label=label)
    ax.set_xlabel("time [s]")
    ax.set_ylabel("angle from vertical theta [rad]")
    ax.set_title("Three-sphere problem, size ratio 20, mu 0.5 (dot: separation)", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    save(fig, a.out)


if __name__ == "__main__":
    run(main)
