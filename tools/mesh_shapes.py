#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes ASCII STL meshes of simple shapes for fix wall/gran/sync/mesh: cones, cylinders, disks,
closed drums (axis z) and flat tessellated rectangles, several shapes in one file.

    python3 tools/mesh_shapes.py [--facets N] [--rings K | --aspect A] [--name NAME] -o FILE \
        SHAPE ARGS [SHAPE ARGS ...]

(options first: everything from the first shape on is shapes and their values)

shapes (lengths in the input's units; round shapes about the z axis through the origin):
    cone R_BOTTOM R_TOP Z_BOTTOM Z_TOP   lateral surface of a cone (frustum), open at both ends
    cylinder R Z_BOTTOM Z_TOP            lateral surface of a cylinder, open at both ends
    disk R Z                             flat disk at height Z (concentric rings, a fan at the centre)
    drum R Z_BOTTOM Z_TOP                cylinder closed by two disks: one closed surface
    grid AXIS C U0 U1 V0 V1 NU NV        rectangle in the plane AXIS = C (AXIS x, y or z; U, V the
                                         next two axes in cyclic order), NU x NV squares, each cut
                                         into two triangles along alternating diagonals

Round shapes have N facets around (--facets, default 48: adjacent facets' normals 360/N degrees
apart, so fix wall/gran/sync/mesh needs `flat` above 360/N to treat them as one smooth surface;
the vertices lie on the circle, so a facet's middle is R (1 - cos(180/N)) inside it). Along the
axis (and across a disk) each side is cut into K rings (--rings; default: as many as make the
facets --aspect times as long as wide, default 1, about square; small facets keep the mesh fix's
search grid fine, large ones the file small). Every shape in one file uses the same angles, so a
cone and a cylinder of the same radius at the same height share their vertices (one surface, no
gap). Normals (the facets' winding) face the axis on cones and cylinders, into the drum on a
drum's disks, +z on a disk and +AXIS on a grid; the mesh fix treats both sides alike.

Examples: examples/mesh_hopper/hopper.stl, examples/mesh_drum/drum.stl,
examples/mesh_groove/plane.stl (the commands are in each file's first line and in the inputs'
headers)."""
import argparse
import math
import shlex
import sys

SHAPES = {"cone": 4, "cylinder": 3, "disk": 2, "drum": 3, "grid": 8}


def ring(r, z, n):
    """n points on the circle of radius r at height z; the same angles (and floats) for every r"""
    return [(r * math.cos(2 * math.pi * j / n), r * math.sin(2 * math.pi * j / n), z) for j in range(n)]


ASPECT = 1.0    # --aspect


def auto_rings(length, r, n):
    """segments along a side of `length` so that the facets (about 2 pi r / n wide) are about ASPECT
    times as long as wide"""
    width = ASPECT * 2 * math.pi * r / n
    return max(1, math.ceil(length / width - 1e-9)) if width > 0 else 1


def too_many(triangles, what, hint=""):
    """stop before building a mesh no reader would want"""
    if triangles > MAX_TRIANGLES:
        sys.exit(f"mesh_shapes.py: {what}: more than {MAX_TRIANGLES} triangles{hint}")


def too_many_rings(rings, n):
    too_many(2 * rings * n, f"{rings} rings of {n} facets", " (a length many times the radius? set --rings or --aspect)")


def band(lower, upper):
    """triangles between two rings of equal size, normals towards the axis (lower ring below upper)"""
    n = len(lower)
    out = []
    for j in range(n):
        a, b, c, d = lower[j], lower[(j + 1) % n], upper[(j + 1) % n], upper[j]
        # (b - a) x (d - a) points out of the circle for this winding: reverse it
        out.append((a, d, b))
        out.append((b, d, c))
    return out


def lateral(r0, r1, z0, z1, n, rings):
    """cone (r0 != r1) or cylinder side from z0 to z1"""
    k = rings or auto_rings(math.hypot(r1 - r0, z1 - z0), max(r0, r1), n)
    too_many_rings(k, n)
    levels = []
    for i in range(k + 1):
        t = i / k
        # the ends exactly r0, z0 and r1, z1: a neighbouring shape's ring has the same floats
        r = r0 if i == 0 else (r1 if i == k else r0 * (1 - t) + r1 * t)
        z = z0 if i == 0 else (z1 if i == k else z0 * (1 - t) + z1 * t)
        levels.append(ring(r, z, n))
    if z1 < z0:
        levels.reverse()
    out = []
    for i in range(k):
        out += band(levels[i], levels[i + 1])
    return out


def disk(radius, z, n, rings, up):
    """disk of concentric rings; normal +z if up, else -z"""
    k = rings or auto_rings(radius, radius, n)
    too_many_rings(k, n)
    centre = (0.0, 0.0, z)
    circles = [ring(radius if i == k else radius * i / k, z, n) for i in range(1, k + 1)]
    out = []
    for j in range(n):
        out.append((centre, circles[0][j], circles[0][(j + 1) % n]))
    for i in range(k - 1):
        inner, outer = circles[i], circles[i + 1]
        for j in range(n):
            a, b, c, d = inner[j], inner[(j + 1) % n], outer[(j + 1) % n], outer[j]
            out.append((a, d, c))
            out.append((a, c, b))
    if not up:
        out = [(t[0], t[2], t[1]) for t in out]
    return out


def grid(axis, c, u0, u1, v0, v1, nu, nv):
    """rectangle in the plane axis = c, nu x nv squares, normal +axis"""
    a = "xyz".index(axis)

    def point(i, j):
        u = u0 if i == 0 else (u1 if i == nu else u0 + (u1 - u0) * i / nu)
        v = v0 if j == 0 else (v1 if j == nv else v0 + (v1 - v0) * j / nv)
        p = [0.0, 0.0, 0.0]
        p[a], p[(a + 1) % 3], p[(a + 2) % 3] = c, u, v
        return tuple(p)

    out = []
    for i in range(nu):
        for j in range(nv):
            p00, p10, p11, p01 = point(i, j), point(i + 1, j), point(i + 1, j + 1), point(i, j + 1)
            if (i + j) % 2 == 0:
                out += [(p00, p10, p11), (p00, p11, p01)]
            else:
                out += [(p00, p10, p01), (p10, p11, p01)]
    return out


def normal(t):
    a, b, c = t
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - a[k] for k in range(3)]
    n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    length = math.sqrt(sum(x * x for x in n))
    return [x / length for x in n]


def number(x):
    """12 digits (a vertex shared by several triangles or shapes is computed, so printed, alike)"""
    x = 0.0 if x == 0 else x    # no "-0"
    return "%.12g" % x


MAX_TRIANGLES = 10_000_000


def real(shape, word):
    """a shape's number, finite"""
    try:
        x = float(word)
    except ValueError:
        x = math.nan
    if not math.isfinite(x):
        sys.exit(f"mesh_shapes.py: {shape}: '{word}' is not a finite number")
    return x


def whole(shape, word):
    """a shape's count, at least 1"""
    if not word.isdigit() or int(word) < 1:
        sys.exit(f"mesh_shapes.py: {shape}: '{word}' is not a count of at least 1")
    return int(word)


def shapes(words, facets, rings):
    """triangles of the shapes named in words (name, its numbers, next name, ...)"""
    out = []
    i = 0
    while i < len(words):
        name = words[i]
        if name not in SHAPES:
            sys.exit(f"mesh_shapes.py: unknown shape '{name}' (known: {', '.join(SHAPES)})")
        count = SHAPES[name]
        args = words[i + 1:i + 1 + count]
        if len(args) != count:
            sys.exit(f"mesh_shapes.py: {name} takes {count} values, got {len(args)}")
        i += 1 + count
        if name == "grid":
            if args[0] not in ("x", "y", "z"):
                sys.exit("mesh_shapes.py: grid's AXIS is x, y or z")
            nu, nv = (whole(name, w) for w in args[6:8])
            too_many(2 * nu * nv, f"grid of {nu} x {nv} squares")
            out += grid(args[0], *(real(name, w) for w in args[1:6]), nu, nv)
            continue
        v = [real(name, w) for w in args]
        radii = v[:2] if name == "cone" else v[:1]
        heights = v[2:4] if name == "cone" else v[1:3]
        if min(radii) <= 0 or (name != "disk" and heights[0] == heights[1]):
            sys.exit(f"mesh_shapes.py: {name} {' '.join(args)}: radii must be positive (a cone to a point has "
                     "triangles of no area) and the two heights differ")
        if name == "cone":
            out += lateral(v[0], v[1], v[2], v[3], facets, rings)
        elif name == "cylinder":
            out += lateral(v[0], v[0], v[1], v[2], facets, rings)
        elif name == "disk":
            out += disk(v[0], v[1], facets, rings, True)
        else:    # drum: the disks face into it
            out += lateral(v[0], v[0], v[1], v[2], facets, rings)
            out += disk(v[0], min(v[1], v[2]), facets, rings, True)
            out += disk(v[0], max(v[1], v[2]), facets, rings, False)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", required=True, help="the STL file to write")
    p.add_argument("--facets", type=int, default=48, help="facets around a round shape (default 48)")
    p.add_argument("--rings", type=int, default=0, help="segments along a side (default: about square facets)")
    p.add_argument("--aspect", type=float, default=1.0,
                   help="without --rings: facets this many times as long (along the side) as wide (default 1)")
    p.add_argument("--name", default="mesh", help="the solid's name (default mesh)")
    p.add_argument("shape", nargs=argparse.REMAINDER, help="SHAPE ARGS [SHAPE ARGS ...]")
    a = p.parse_args()
    global ASPECT
    ASPECT = a.aspect
    if a.facets < 3 or not a.aspect > 0 or not math.isfinite(a.aspect) or a.rings < 0:
        sys.exit("mesh_shapes.py: --facets must be at least 3, --aspect positive and --rings at least 0 "
                 "(0: about square facets)")
    if not a.shape:
        sys.exit("mesh_shapes.py: no shape given")
    triangles = shapes(a.shape, a.facets, a.rings)
    command = "python3 tools/mesh_shapes.py " + " ".join(shlex.quote(w) for w in sys.argv[1:])
    with open(a.output, "w") as f:
        # the command on the solid's line (readers skip the name up to the first facet)
        f.write(f"solid {a.name} written by: {command}\n")
        for t in triangles:
            f.write(" facet normal " + " ".join(number(x) for x in normal(t)) + "\n  outer loop\n")
            for vertex in t:
                f.write("   vertex " + " ".join(number(x) for x in vertex) + "\n")
            f.write("  endloop\n endfacet\n")
        f.write(f"endsolid {a.name}\n")
    print(f"{a.output}: {len(triangles)} triangles")


if __name__ == "__main__":
    main()
