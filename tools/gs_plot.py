# SPDX-License-Identifier: GPL-2.0-or-later
"""What the tools/plot_*.py scripts share: matplotlib without a display, their command line
(--out defaulting to doc/img/IMAGE, --build for those that run programs) and how a figure is
written. `python3 tools/plot_NAME.py` puts tools/ on the module path, so they import it."""
import argparse
import os

import matplotlib

matplotlib.use("Agg")  # the plots are files: no display needed
import matplotlib.pyplot as plt  # noqa: E402

__all__ = ["ROOT", "parser", "plt", "save"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parser(doc, image, build=False):
    """Argument parser that shows the script's docstring, with --out and optionally --build."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    if build:
        ap.add_argument("--build", default=os.path.join(ROOT, "build"), type=os.path.abspath,
                        help="gransync build folder")
    ap.add_argument("--out", default=os.path.join(ROOT, "doc", "img", image))
    return ap


def save(fig, out, **layout):
    """Lay the figure out (tight_layout's keywords), write it at the 90 dpi of doc/img and say so."""
    fig.tight_layout(**layout)
    fig.savefig(out, dpi=90)
    print("wrote", out)
