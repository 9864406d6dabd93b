"""``iw-eval export-usd``: a TaskPack's scene (at handoff) or a scene file as USD, and ``--import`` back.

    iw-eval export-usd decision-05 out/decision-05.usda        # the scene after the TaskPack's opening
    iw-eval export-usd decision-05 out/initial.usdc --before-opening
    iw-eval export-usd my-scene.json out/scene.usdz             # a scene file; .usdz packs the label textures
    iw-eval export-usd --import out/decision-05.usda scene.json # back to an interactiveworld.scene/1 file

Exit status: 0 on success, 1 when the world refuses the scene (an opening command fails, the scene does not
load, its meshes pass the triangle cap) or a USD file breaks a reading limit of ``--import`` (size, nesting depth,
composition arcs: interop.usd.check_usd_limits), 2 for bad arguments (unknown task, unreadable or foreign file,
wrong suffix, usd-core missing). Files are written under a temporary name and renamed when whole.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_export_usd_parser"]

_HELP = ("TASK is a built-in TaskPack id or a TaskPack file: its scene is exported after the opening commands "
         "(the state the Assistant hands off from), with the human's skeleton at that pose. SCENE.json is an "
         "interactiveworld.scene/1 file, exported with the human standing at its start. The suffix of OUT picks "
         "the encoding: .usda text, .usd/.usdc binary, .usdz a package holding the label textures (otherwise "
         "written as PNG files in OUT_textures/ beside the stage). With --import, the first argument is a USD file "
         "written by export-usd and the second the scene JSON to write ('-' for standard output).")


def add_export_usd_parser(sub: Any) -> None:
    """Register ``export-usd`` on the ``iw-eval`` subparsers."""
    p = sub.add_parser("export-usd", help="write a TaskPack's or scene file's scene as USD (--import: read one back)",
                       description=_HELP)
    p.add_argument("source", metavar="TASK|SCENE.json", help="TaskPack id or file, or scene file (--import: USD)")
    p.add_argument("out", metavar="OUT.usd[a|c|z]", help="stage to write (--import: scene JSON, '-' for stdout)")
    p.add_argument("--import", dest="import_usd", action="store_true", help="read a USD file back into a scene")
    p.add_argument("--before-opening", action="store_true", help="a TaskPack's scene before its opening commands")
    p.add_argument("--no-human", action="store_true", help="leave the human's skeleton and body mesh out")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        # loaded here: the world and usd-core (an optional extra) are needed only when the command runs
        from .commands import cmd_export_usd
    except ImportError as exc:
        print(f"iw-eval export-usd: error: needs usd-core ({exc}); install it with "
              f"pip install 'interactiveworld[usd]'", file=sys.stderr)
        return 2
    return cmd_export_usd(args)
