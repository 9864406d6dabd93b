"""Contact sheets of TaskPack openings: every frame the Assistant is shown before the handoff, captioned
with its command and frame tags, one PNG per TaskPack.

    python taskpacks/authoring/sheets.py --out sheets/                 # every built-in TaskPack
    python taskpacks/authoring/sheets.py --out sheets/ decision-05 finding-16

Looking at these sheets is part of validating a TaskPack: the label, card or sheet text the Assistant
needs must be legible in at least one frame (the LookAt look-hold frame is the inspection view of the
label), and the room must read as a room.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np


def opening_frames(tp: Any, *, width: int = 640, height: int = 480, engine: str = "auto"):
    """Run the TaskPack's opening with rendering on.

    Returns:
        (frames, captions): (H, W, 3) uint8 frames in order and one caption per frame.

    Raises:
        RuntimeError: an opening command failed (the TaskPack's cells would be VOID).
    """
    from interactiveworld.env import Environment

    env = Environment(render=True, width=width, height=height, engine=engine)
    env.reset(tp.reset_scene())
    frames: list[np.ndarray] = []
    captions: list[str] = []
    for c in tp.opening.commands:
        out = env.execute(c)
        if not out.ok:
            raise RuntimeError(f"{tp.id}: opening command {c!r} failed: {out.message}")
        tags = out.frame_tags or [frozenset()] * len(out.frames)
        for img, t in zip(out.frames, tags):
            frames.append(np.asarray(img, np.uint8))
            captions.append(f"{c}\n{', '.join(sorted(t)) or '-'}")
    return frames, captions


def write_sheet(tp: Any, out_dir: Path, **kw: Any) -> Path:
    """Write ``<out_dir>/<id>.png``: the contact sheet of the TaskPack's opening frames."""
    from interactiveworld.render import contact_sheet, save_png

    frames, captions = opening_frames(tp, **kw)
    sheet = contact_sheet(frames, captions, columns=4)
    return Path(save_png(sheet, out_dir / f"{tp.id}.png"))


def main(argv: list[str] | None = None) -> int:
    from interactiveworld.bench.taskpack import load_taskpack, select_taskpacks

    ap = argparse.ArgumentParser(description="contact sheets of TaskPack openings")
    ap.add_argument("tasks", nargs="*", help="TaskPack ids or files (default: every built-in one)")
    ap.add_argument("--out", required=True, help="folder for the PNG sheets")
    ap.add_argument("--engine", default="auto", help="renderer engine: auto, embree, warp")
    args = ap.parse_args(argv)
    bad = 0
    for p in select_taskpacks(args.tasks or None):
        tp = load_taskpack(p)
        try:
            print(write_sheet(tp, Path(args.out), engine=args.engine))
        except RuntimeError as exc:
            print(f"FAIL {exc}", file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
