#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes the mesh of bench/in.mesh as a binary STL: an open box, W x W wide and H high, whose
floor is bumpy (a random height field) and whose four side walls are flat.

    python3 bench/mesh_stl.py [--width W] [--height H] [--refine R] [--seed S] -o FILE

The floor is a piecewise linear surface over a grid of 2 x 2 squares, each cut along the same
diagonal into two plane triangles, at random heights 0 to 0.5 in steps of 1/16 at the grid's inner
points (0 on its border, where the walls stand). --refine R cuts every 2 x 2 square of the floor
and of the walls into R x R squares (two triangles each) without changing the surface: each finer
triangle lies in one coarse triangle, the coarse creases are kept and the rest are flat seams (0
degrees). So every refinement is the same box to the bit (the coordinates, multiples of 2/R and of
1/(16 R), are exact in the file's single precision for R = 1, 2, 4, 8, 16), with 2 R^2 times more
triangles: (W^2/2 + 2 W H) R^2, e.g. 1792 R^2 for W 32, H 20.
The mesh is watertight but for its open top: the walls' lowest row of vertices is the floor's border.
--lids K adds K flat planes over the box (2 (W R / 2)^2 triangles each), out of the grains' reach:
more triangles, the same contacts.
"""
import argparse
import random
import struct
import sys


def box_triangles(width, height, refine, seed, lids=0):
    cell = 2.0
    n = int(round(width / cell))
    m = int(round(height / cell))
    if abs(n * cell - width) > 1e-12 or abs(m * cell - height) > 1e-12 or n < 2 or m < 1:
        sys.exit("mesh_stl.py: width and height must be multiples of 2 (width at least 4)")
    rng = random.Random(seed)
    # coarse heights at the (n+1) x (n+1) grid points, zero on the border
    h = [[0.0 if i in (0, n) or j in (0, n) else rng.randint(0, 8) / 16.0 for j in range(n + 1)] for i in range(n + 1)]
    r = refine
    step = cell / r

    def floor_height(a, b):
        """the piecewise linear floor at fine grid point (a, b): inside coarse triangle
        (I,J) (I+1,J) (I+1,J+1) if u >= v, else (I,J) (I+1,J+1) (I,J+1)"""
        I, J = min(a // r, n - 1), min(b // r, n - 1)
        u, v = (a - I * r) / r, (b - J * r) / r
        h00, h10, h11, h01 = h[I][J], h[I + 1][J], h[I + 1][J + 1], h[I][J + 1]
        if u >= v:
            return h00 + u * (h10 - h00) + v * (h11 - h10)
        return h00 + u * (h11 - h01) + v * (h01 - h00)

    N = n * r
    fp = [[(a * step, b * step, floor_height(a, b)) for b in range(N + 1)] for a in range(N + 1)]
    tris = []
    for a in range(N):
        for b in range(N):
            p00, p10, p11, p01 = fp[a][b], fp[a + 1][b], fp[a + 1][b + 1], fp[a][b + 1]
            # the coarse squares' diagonal direction, so the fine triangles lie in the coarse ones
            tris.append((p00, p10, p11))
            tris.append((p00, p11, p01))
    # the walls: x = 0, x = W, y = 0, y = W; the bottom row at z = 0 is the floor's border
    M = m * r
    for k in range(N):
        for l in range(M):
            t0, t1 = k * step, (k + 1) * step
            z0, z1 = l * step, (l + 1) * step
            for fixed, axis in ((0.0, 0), (width, 0), (0.0, 1), (width, 1)):
                def p(t, z):
                    return (fixed, t, z) if axis == 0 else (t, fixed, z)
                tris.append((p(t0, z0), p(t1, z0), p(t1, z1)))
                tris.append((p(t0, z0), p(t1, z1), p(t0, z1)))
    # lids: flat planes over the box, out of the grains' reach (more triangles, same contacts)
    for k in range(lids):
        z = height + 0.5 + 0.25 * k
        for a in range(N):
            for b in range(N):
                p00, p10 = (a * step, b * step, z), ((a + 1) * step, b * step, z)
                p11, p01 = ((a + 1) * step, (b + 1) * step, z), (a * step, (b + 1) * step, z)
                tris.append((p00, p10, p11))
                tris.append((p00, p11, p01))
    return tris


def normal(t):
    a, b, c = t
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - a[k] for k in range(3)]
    n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    length = sum(x * x for x in n) ** 0.5
    return [x / length for x in n]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--width", type=float, default=32.0, help="inner width W (a multiple of 2; default 32)")
    p.add_argument("--height", type=float, default=20.0, help="wall height H (a multiple of 2; default 20)")
    p.add_argument("--refine", type=int, default=1, help="R: each 2 x 2 square cut into R x R (default 1)")
    p.add_argument("--seed", type=int, default=5, help="the floor's random heights (default 5)")
    p.add_argument("--lids", type=int, default=0,
                   help="K flat lids over the box, 0.5 to 0.5 + K/4 above it, cut as the floor (default 0)")
    a = p.parse_args()
    if a.refine < 1:
        sys.exit("mesh_stl.py: --refine must be at least 1")
    tris = box_triangles(a.width, a.height, a.refine, a.seed, a.lids)
    with open(a.output, "wb") as f:
        f.write(f"bench/mesh_stl.py W {a.width:g} H {a.height:g} R {a.refine} seed {a.seed} lids {a.lids}".encode().ljust(80, b" ")[:80])
        f.write(struct.pack("<I", len(tris)))
        for t in tris:
            f.write(struct.pack("<12fH", *normal(t), *t[0], *t[1], *t[2], 0))
    print(f"{a.output}: {len(tris)} triangles")


if __name__ == "__main__":
    main()
