# SPDX-License-Identifier: GPL-2.0-or-later
"""What the tools/plot_*.py scripts share: matplotlib without a display, their command line
(--out defaulting to doc/img/IMAGE, --build for those that run programs) and how a figure is
written. `python3 tools/plot_NAME.py` puts tools/ on the module path, so they import it."""
import argparse
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")  # the plots are files: no display needed
    import matplotlib.pyplot as plt
except ImportError:  # --help still works; a plot stops with the package to install
    plt = None

__all__ = ["ROOT", "Parser", "parser", "plt", "run", "save"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATPLOTLIB = "needs matplotlib (Debian: python3-matplotlib; GRANSYNC_PLOTS=1 bash tools/install-deps.sh)"


class Parser(argparse.ArgumentParser):
    """An argument parser that, once the arguments are read, stops if matplotlib is missing."""

    def parse_args(self, *args, **kwargs):
        parsed = super().parse_args(*args, **kwargs)
        if plt is None:
            self.exit(2, "%s: %s\n" % (self.prog, MATPLOTLIB))
        return parsed


def run(main):
    """Run a plot script's main(): a file it cannot read, or one that is not what it reads, stops
    with a message naming the file instead of a traceback."""
    prog = os.path.basename(sys.argv[0])
    try:
        main()
    except OSError as e:
        sys.exit("%s: %s: %s" % (prog, e.filename or "", e.strerror or e))
    except (ValueError, KeyError, IndexError, TypeError, ZeroDivisionError) as e:
        sys.exit("%s: the input is not what this tool reads (%s: %s); see --help" % (prog, type(e).__name__, e))


def parser(doc, image, build=False):
    """Argument parser that shows the script's docstring, with --out and optionally --build."""
    ap = Parser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
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
