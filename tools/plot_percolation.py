#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Percolation (Vyas et al., CPC 2025, sec. 5.2, Fig. 14): fines held in the bed against bed depth and
time, both orderings, with the spread between beds, from examples/percolation's logs.

    python3 tools/plot_percolation.py SCAN [--table] [--out FILE]
    python3 tools/plot_percolation.py LOG ... [--out FILE]

SCAN is a folder written by examples/percolation/scan.sh: one sub-folder per bed,
<top>-w<width>-d<depth>-s<k>, each with log.<ordering> and depths.<ordering>.dump. Its figure:
(a) the fraction held at the end of each run against the bed's depth (the narrowest beds), both
orderings, the mean over the beds with their range, the paper's ~25% and <2% marked; (b) the
fraction held against time, the mean over the beds of each depth; (c) held at the end against the
bed's width; (d) where in the bed the held fines are at the end: their depth below the bed's top,
summed over the beds. --table prints
the numbers of (a) as a Markdown table instead (no matplotlib needed).

LOGs of single runs of in.percolation give the fraction still in the bed (solid) and the fraction
held (dashed) against time. Plots need matplotlib (Debian: python3-matplotlib).
"""
import argparse
import glob
import os
import re
import sys

import gs_plot
from gs_plot import plt, run, save

PAPER_STANDARD, PAPER_SYNCHRONIZED = 0.25, 0.02  # sec. 5.2: "approximately 25%", "less than 2%"
ORDERINGS = ("standard", "synchronized")
BED = re.compile(r"^(rough|flat)-w(\d+)-d(\d+)-s(\d+)$")


def read_log(path):
    """the ordering and the thermo rows (Time, v_f_bed, v_f_out, v_f_held) of an in.percolation log"""
    rows, columns, ordering = [], None, None
    with open(path) as f:
        for line in f:
            w = line.split()
            if w[:2] == ["RESULT", "ordering"]:
                ordering = w[2]
            elif w[:2] == ["Step", "Time"]:
                columns = w
            elif columns and w and w[0] == "Loop":
                columns = None
            elif columns and len(w) == len(columns):
                rows.append(dict(zip(columns, map(float, w))))
    if ordering is None:
        return None, rows
    if not rows or "v_f_held" not in rows[0]:
        raise ValueError("%s: no thermo rows of in.percolation (Step Time v_f_bed v_f_out v_f_held)" % path)
    return ordering, rows


def read_held_depths(path):
    """depths (large diameters below the bed's top) of the fines held in the last frame of a dump"""
    frame, columns = [], None
    with open(path) as f:
        for line in f:
            if line.startswith("ITEM: ATOMS"):
                columns = line.split()[2:]
                frame = []
            elif line.startswith("ITEM:"):
                columns = None
            elif columns:
                row = dict(zip(columns, map(float, line.split())))
                if row["v_held"] > 0:
                    frame.append(row["v_depth"])
    return frame


def read_scan(folder):
    """{(top, width, depth): {ordering: [(k, rows, held depths), ...]}} of a scan.sh folder"""
    scan = {}
    for sub in sorted(os.listdir(folder)):
        m = BED.match(sub)
        if not m:
            continue
        key = (m.group(1), int(m.group(2)), int(m.group(3)))
        for log in sorted(glob.glob(os.path.join(folder, sub, "log.*"))):
            ordering, rows = read_log(log)
            if ordering is None:
                print("%s: no RESULT line (still running?), left out" % log, file=sys.stderr)
                continue
            dump = os.path.join(folder, sub, "depths.%s.dump" % ordering)
            depths = read_held_depths(dump) if os.path.exists(dump) else []
            scan.setdefault(key, {}).setdefault(ordering, []).append((int(m.group(4)), rows, depths))
    if not scan:
        raise ValueError("%s: no <top>-w<width>-d<depth>-s<k> folders with logs (examples/percolation/scan.sh)" % folder)
    return scan


def spread(values):
    """mean, smallest, largest"""
    return sum(values) / len(values), min(values), max(values)


def final(runs, column):
    return [rows[-1][column] for _, rows, _ in runs]


def table(scan):
    out = ["| bed (top, width x depth in large diameters; beds) | t [s] | standard: held | standard: in the bed "
           "| synchronized: held | synchronized: in the bed |", "| --- | --- | --- | --- | --- | --- |"]
    for (top, width, depth), by_ordering in sorted(scan.items()):
        runs = [r for o in ORDERINGS for r in by_ordering.get(o, [])]
        t = spread([rows[-1]["Time"] for _, rows, _ in runs])[0]
        cells = []
        for o in ORDERINGS:
            for column in ("v_f_held", "v_f_bed"):
                if o not in by_ordering:
                    cells.append("")
                    continue
                mean, lo, hi = spread(final(by_ordering[o], column))
                cells.append("%.1f%% (%.1f-%.1f)" % (100 * mean, 100 * lo, 100 * hi))
        n = max(len(runs) for runs in by_ordering.values())
        out.append("| %s, %d x %d; %d | %.2f | %s |" % (top, width, depth, n, t, " | ".join(cells)))
    return "\n".join(out)


def time_table(scan, times):
    """held (mean over the beds, range) at the given times, one row per bed setting and ordering"""
    out = ["| bed (top, width x depth) | ordering | " + " | ".join("t = %g s" % t for t in times) + " |",
           "| --- | --- |" + " --- |" * len(times)]
    for (top, width, depth), by_ordering in sorted(scan.items()):
        for o in ORDERINGS:
            cells = []
            for t in times:
                values = [r["v_f_held"] for _, rows, _ in by_ordering.get(o, [])
                          for r in rows if abs(r["Time"] - t) < 0.01]
                cells.append("%.1f%% (%.1f-%.1f)" % tuple(100 * v for v in spread(values)) if values else "")
            if any(cells):
                out.append("| %s, %d x %d | %s | %s |" % (top, width, depth, o, " | ".join(cells)))
    return "\n".join(out)


def held_at_end(ax, x, runs_per_point, **style):
    """the fraction held at the end against x: mean over the runs of each point, their range as bars"""
    stats = [spread(final(runs, "v_f_held")) for runs in runs_per_point]
    ax.errorbar(x, [s[0] for s in stats], yerr=[[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]],
                fmt="-o", capsize=3, **style)


def plot_scan(scan, out):
    fig, ((ax_depth, ax_time), (ax_width, ax_where)) = plt.subplots(2, 2, figsize=(12, 9))
    tops = sorted({top for top, _, _ in scan})
    widths = sorted({w for _, w, _ in scan})
    narrowest = widths[0]
    for i, o in enumerate(ORDERINGS):
        for j, top in enumerate(tops):
            keys = sorted(k for k in scan if k[0] == top and k[1] == narrowest and o in scan[k])
            if not keys:
                continue
            held_at_end(ax_depth, [k[2] + 0.25 * (j - 0.5) for k in keys], [scan[k][o] for k in keys],
                        color="C%d" % (2 * i + j), label="%s, %s top" % (o, top))
    ax_depth.set_xlabel("bed depth [large diameters]")
    ax_depth.set_title("(a) held at the end, width %d (mean, range over the beds)" % narrowest)
    for i, o in enumerate(ORDERINGS):
        for n, key in enumerate(sorted(k for k in scan if o in scan[k] and k[1] == narrowest)):
            runs = scan[key][o]
            steps = min(len(rows) for _, rows, _ in runs)
            t = [runs[0][1][s]["Time"] for s in range(steps)]
            held = [spread([rows[s]["v_f_held"] for _, rows, _ in runs])[0] for s in range(steps)]
            ax_time.plot(t, held, "-" if o == "standard" else "--", color="C%d" % n,
                         label="%s, %s top, depth %d" % (o, key[0], key[2]))
    ax_time.set_xlabel("time after release [s]")
    ax_time.set_ylabel("fraction held (mean over the beds)")
    ax_time.set_title("(b) held against time, width %d" % narrowest)
    ax_time.legend(fontsize=6)
    # the width scan: the depth and top that most widths have
    common = max({(k[0], k[2]) for k in scan}, key=lambda td: sum(1 for k in scan if (k[0], k[2]) == td))
    for i, o in enumerate(ORDERINGS):
        keys = sorted(k for k in scan if (k[0], k[2]) == common and o in scan[k])
        held_at_end(ax_width, [k[1] for k in keys], [scan[k][o] for k in keys], color="C%d" % (2 * i), label=o)
    ax_width.set_xlabel("bed width [large diameters]")
    ax_width.set_title("(c) held at the end against width: %s top, depth %d" % common)
    for ax in (ax_depth, ax_width):
        ax.axhline(PAPER_STANDARD, color="C0", lw=0.8, ls="--", label="paper: standard ~25% trapped")
        ax.axhline(PAPER_SYNCHRONIZED, color="C2", lw=0.8, ls="--", label="paper: synchronized < 2%")
        ax.set_ylabel("fraction of fines held at the end")
        ax.legend(fontsize=7)
    deepest = max(scan, key=lambda k: (k[2], k[0] == "rough", -k[1]))
    for i, o in enumerate(ORDERINGS):
        depths = [d for _, _, ds in scan[deepest].get(o, []) for d in ds]
        if depths:
            ax_where.hist(depths, bins=[0.5 * b for b in range(2 * deepest[2] + 3)], histtype="step",
                          color="C%d" % (2 * i), label="%s (%d fines)" % (o, len(depths)))
    ax_where.set_xlabel("depth below the bed's top [large diameters]")
    ax_where.set_ylabel("held fines at the end, all beds")
    ax_where.set_title("(d) where they are held: %s top, %d x %d" % deepest)
    ax_where.legend(fontsize=7)
    save(fig, out)


def plot_logs(logs, out):
    fig, ax = plt.subplots(figsize=(6, 4))
    for i, path in enumerate(logs):
        ordering, rows = read_log(path)
        if ordering is None:
            raise ValueError("%s: no RESULT line: the run did not finish" % path)
        t = [r["Time"] for r in rows]
        ax.plot(t, [r["v_f_bed"] for r in rows], "-o", color="C%d" % i, label="%s: in the bed" % ordering)
        ax.plot(t, [r["v_f_held"] for r in rows], "--s", color="C%d" % i, label="%s: held" % ordering)
    ax.set_xlabel("time after release [s]")
    ax.set_ylabel("fraction of fines")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title("fines (size ratio 20) falling through a frozen bed")
    save(fig, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", help="a scan.sh folder, or in.percolation logs")
    ap.add_argument("--table", action="store_true", help="print the scan's table, no figure")
    ap.add_argument("--times", help="with --table: also the fraction held at these times [s], e.g. 0.4,0.8")
    ap.add_argument("--out", default=os.path.join(gs_plot.ROOT, "doc", "img", "percolation.png"))
    args = ap.parse_args()
    folder = len(args.inputs) == 1 and os.path.isdir(args.inputs[0])
    if args.table:
        if not folder:
            ap.error("--table reads one scan.sh folder")
        scan = read_scan(args.inputs[0])
        print(table(scan))
        if args.times:
            print()
            print(time_table(scan, [float(t) for t in args.times.split(",")]))
        return
    if plt is None:
        sys.exit("%s: %s" % (ap.prog, gs_plot.MATPLOTLIB))
    if folder:
        plot_scan(read_scan(args.inputs[0]), args.out)
    else:
        plot_logs(args.inputs, args.out)


if __name__ == "__main__":
    run(main)
