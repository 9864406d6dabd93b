"""Recognition sheets of the movable kinds: each kind rendered alone and lit on the floor by the asset sheet code
(:func:`interactiveworld.render.asset_sheet.render_model`), for a blind reader to name.

    # a shuffled, numbered sheet of every movable kind (no names) and its key, number -> kind
    python tools/recognition_sheets.py numbered --out docs/images/objects_recognition_numbered_v2.png \\
        --key tests/data/recognition_v2_key.json [--seed 29]
    # one labelled row of kinds (run it under two source trees for a before and an after row)
    python tools/recognition_sheets.py row --kinds fork spoon --out /tmp/after.png
    # two rows stacked, each with a label down its left side
    python tools/recognition_sheets.py stack /tmp/before.png /tmp/after.png --labels before after --out sheet.png

The movable kinds are those recorded in tests/data/movable_kinds_geometry.json. PNGs are written with an adaptive
256-colour palette to stay small.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from interactiveworld.render import Renderer
from interactiveworld.render.asset_sheet import render_model
from interactiveworld.render.sheets import contact_sheet
from interactiveworld.world.assets import CATALOG
from interactiveworld.world.assets.catalog import resolved_params

ROOT = Path(__file__).resolve().parents[1]
KINDS_FILE = ROOT / "tests" / "data" / "movable_kinds_geometry.json"


def movable_kinds() -> list[str]:
    """The movable kinds, sorted (the keys of tests/data/movable_kinds_geometry.json)."""
    return sorted(json.loads(KINDS_FILE.read_text()))


def build(kind: str):
    """The kind at its default parameters, built afresh (no cache)."""
    spec = CATALOG[kind]
    return spec.build({**resolved_params(kind), **spec.fixed, "_kind": kind})


def frames(kinds: list[str], size: int) -> list[np.ndarray]:
    renderer = Renderer(width=size, height=size, threads=2)
    return [render_model(renderer, build(k)) for k in kinds]


def save_small_png(img: np.ndarray, path: Path) -> None:
    """``img`` as a PNG with an adaptive 256-colour palette (octree: keeps small patches of colour; no dithering)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(img).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        path, optimize=True)


def stack(rows: list[np.ndarray], labels: list[str], *, gutter: int = 28) -> np.ndarray:
    """Rows of equal width one above the other, each with ``label`` written down a left gutter."""
    width = max(r.shape[1] for r in rows)
    out = []
    font = ImageFont.load_default()
    for row, label in zip(rows, labels):
        h = row.shape[0]
        side = Image.new("RGB", (h, gutter), (24, 24, 24))
        ImageDraw.Draw(side).text((h // 2 - 4 * len(label), 8), label.upper(), fill=(240, 220, 120), font=font)
        side = np.asarray(side.rotate(90, expand=True))
        pad = np.full((h, width - row.shape[1], 3), 24, np.uint8)
        out.append(np.concatenate([side, row, pad], axis=1))
    return np.concatenate(out, axis=0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    n = sub.add_parser("numbered", help="shuffled numbered sheet of every movable kind and its key")
    n.add_argument("--out", type=Path, required=True)
    n.add_argument("--key", type=Path, required=True)
    n.add_argument("--seed", type=int, default=29)
    n.add_argument("--size", type=int, default=200, help="render size [px]")
    n.add_argument("--thumb", type=int, default=150, help="tile width on the sheet [px]")
    n.add_argument("--columns", type=int, default=10)
    r = sub.add_parser("row", help="one labelled row of kinds")
    r.add_argument("--kinds", nargs="+", required=True)
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--size", type=int, default=200)
    r.add_argument("--thumb", type=int, default=120)
    r.add_argument("--columns", type=int, default=0, help="tiles per row (0: all kinds in one row)")
    s = sub.add_parser("stack", help="rows stacked with their labels")
    s.add_argument("rows", nargs="+", type=Path)
    s.add_argument("--labels", nargs="+", required=True)
    s.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)

    if args.cmd == "numbered":
        kinds = movable_kinds()
        order = np.random.default_rng(args.seed).permutation(len(kinds))
        shuffled = [kinds[i] for i in order]
        sheet = contact_sheet(frames(shuffled, args.size), [str(i) for i in range(len(shuffled))],
                              columns=args.columns, thumb_width=args.thumb, caption_px=13)
        save_small_png(sheet, args.out)
        args.key.parent.mkdir(parents=True, exist_ok=True)
        args.key.write_text(json.dumps({str(i): k for i, k in enumerate(shuffled)}, indent=1) + "\n")
        print(f"{len(shuffled)} kinds -> {args.out} ({args.out.stat().st_size // 1024} KB), key {args.key}")
    elif args.cmd == "row":
        sheet = contact_sheet(frames(args.kinds, args.size), args.kinds, columns=args.columns or len(args.kinds),
                              thumb_width=args.thumb, caption_px=12)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(sheet).save(args.out)
        print(f"{len(args.kinds)} kinds -> {args.out}")
    else:
        if len(args.labels) != len(args.rows):
            ap.error(f"{len(args.rows)} rows but {len(args.labels)} labels")
        rows = [np.asarray(Image.open(p).convert("RGB")) for p in args.rows]
        save_small_png(stack(rows, args.labels), args.out)
        print(f"{len(rows)} rows -> {args.out} ({args.out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
