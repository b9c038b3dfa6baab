#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Plot the energy balance of examples/energy_balance: its terms, stacked, over time.

    python3 tools/plot_energy_balance.py [LOG] [-o energy_balance.png]

Without LOG it reads the synchronized reference log examples/energy_balance/log.*.synchronized.g++.1.
Stacked from the bottom: gravitational, stored (pair and walls), kinetic, rotational, then the
dissipation channels of compute dissipation/sync; their top is the total, which stays flat (its
drift, on a second axis, is the integrator's error). Needs matplotlib (Debian: python3-matplotlib).
"""
import glob
import os

from gs_plot import Parser, plt, run

CHANNELS = ["normal damping", "tangential damping", "tangential slip", "rolling damping", "rolling slip",
            "twisting damping", "twisting slip", "lever"]


def read_log(path):
    """the thermo rows of the log's last run, by column name"""
    columns, rows, table = None, [], None
    with open(path) as f:
        for line in f:
            w = line.split()
            if w[:2] == ["Time", "c_ke"]:
                columns, rows = w, []
            elif columns and w and w[0] == "Loop":
                table, columns = (columns, rows), None
            elif columns and len(w) == len(columns):
                rows.append([float(x) for x in w])
    names, rows = table
    return {name: [row[k] for row in rows] for k, name in enumerate(names)}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("log", nargs="?")
    parser.add_argument("-o", "--output", default="energy_balance.png")
    args = parser.parse_args()
    logs = [args.log] if args.log else sorted(glob.glob(os.path.join(
        here, "..", "examples", "energy_balance", "log.*.energy_balance.synchronized.g++.1")))
    if not logs:
        parser.error("no log given or found")
    d = read_log(logs[-1])
    t = d["Time"]
    # the gravitational energy's zero is arbitrary: shown from its lowest value
    grav_floor = min(d["f_grav"])
    layers = [("gravitational (above its minimum)", [g - grav_floor for g in d["f_grav"]]),
              ("stored", d["v_stored"]), ("kinetic", d["c_ke"]), ("rotational", d["c_rot"])]
    layers += [(name, d["c_d[%d]" % (k + 1)]) for k, name in enumerate(CHANNELS)]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.stackplot(t, [values for _, values in layers], labels=[name for name, _ in layers])
    ax.set_xlabel("time [s]")
    ax.set_ylabel("energy [J]")
    drift_ax = ax.twinx()
    total0 = d["v_total"][0]
    drift_ax.plot(t, [(e - total0) / max(d["c_d[9]"][-1], 1e-300) for e in d["v_total"]], "k--",
                  label="drift of the total / energy dissipated")
    drift_ax.set_ylabel("drift / dissipated")
    handles, labels = ax.get_legend_handles_labels()
    h2, l2 = drift_ax.get_legend_handles_labels()
    ax.legend(handles + h2, labels + l2, fontsize=7, loc="center right")
    ax.set_title("polydisperse pour: where the energy goes")
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print("wrote", args.output)


if __name__ == "__main__":
    run(main)
