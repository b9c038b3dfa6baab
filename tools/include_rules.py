#!/usr/bin/env python3
# gransync: synchronized-ordering granular contacts for LAMMPS
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks how the adapter files of src/GRANSYNC and src/KOKKOS include each other.

A style is the header that registers a LAMMPS style (PairStyle(...), FixStyle(...), ...) with its
.cpp. The rules (doc/architecture.md):
  1. a style's files include no other style's header, except that a /kk style (x_kokkos) includes
     its CPU twin's (x); styles meet through gransync_interface.h and gransync_kokkos_interface.h;
  2. a shared helper (any other header) includes no style's header;
  3. hence no include cycle among the adapter files.
Prints the include graph among the adapter files (--graph) and every broken rule; exits 1 if any.

usage: include_rules.py [--graph] [SRC]   (SRC: the src/ folder, default: next to this script)
"""
import os
import re
import sys

FOLDERS = ("GRANSYNC", "KOKKOS")
STYLE = re.compile(r"^\s*(Pair|Fix|Compute|Command|Integrate|Minimize|Region|Bond|Atom)Style\(", re.M)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def adapter_files(src):
    files = {}
    for folder in FOLDERS:
        path = os.path.join(src, folder)
        for name in sorted(os.listdir(path)):
            if name.endswith((".h", ".cpp")):
                with open(os.path.join(path, name), encoding="utf-8") as f:
                    files[name] = f.read()
    return files


def stem(name):
    return name.rsplit(".", 1)[0]


def main(argv):
    graph = "--graph" in argv
    args = [a for a in argv if a != "--graph"]
    src = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    files = adapter_files(src)
    styles = {stem(n) for n, text in files.items() if n.endswith(".h") and STYLE.search(text)}
    edges = {}
    for name, text in files.items():
        edges[name] = [inc for inc in INCLUDE.findall(text) if inc in files]

    broken = []
    for name, includes in sorted(edges.items()):
        own = stem(name)
        for inc in includes:
            target = stem(inc)
            if target not in styles or target == own:
                continue
            if own in styles and own.endswith("_kokkos") and target == own[: -len("_kokkos")]:
                continue    # a /kk style derives from its CPU twin
            kind = "style" if own in styles else "helper"
            broken.append(f"{name} ({kind}) includes {inc}, another style's header: reach it through "
                          "gransync_interface.h or gransync_kokkos_interface.h")

    # cycles among modules (a style's .h and .cpp are one module)
    modules = {}
    for name, includes in edges.items():
        modules.setdefault(stem(name), set()).update(stem(i) for i in includes if stem(i) != stem(name))
    state, cycles = {}, []

    def visit(m, path):
        state[m] = 1
        for n in sorted(modules.get(m, ())):
            if state.get(n) == 1:
                cycles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(modules):
        if m not in state:
            visit(m, [m])
    broken += ["include cycle: " + " -> ".join(c) for c in cycles]

    if graph:
        print("# include graph among src/GRANSYNC and src/KOKKOS (module -> modules it includes; * registers a style)")
        for m in sorted(modules):
            print(f"{m}{'*' if m in styles else ''} -> {', '.join(sorted(modules[m])) or '(none)'}")
    for line in broken:
        print("include_rules:", line)
    print(f"include_rules: {len(styles)} styles, {len(modules) - len(styles)} helpers, {len(broken)} broken rules")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
