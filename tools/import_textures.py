"""Regenerate the texture files shipped in src/interactiveworld/world/assets/data/textures/ from the package wheels
they come from, with their provenance manifest and licence texts.

Usage (the wheels are downloaded by hand, outside the repository; nothing is fetched at run time):

    pip download --no-deps robosuite==1.5.2 metaworld==3.1.1 -d /tmp/wheels
    python tools/import_textures.py /tmp/wheels/robosuite-1.5.2-py3-none-any.whl \\
        /tmp/wheels/metaworld-3.1.1-py3-none-any.whl

Each selected image is converted to RGB (an alpha channel is dropped; palette and grey images expanded),
downscaled with a Lanczos filter so its longer side is at most 512 px, and saved as baseline JPEG, quality 90.
PROVENANCE.json gets one row per shipped file: package, version, path inside the wheel, SPDX licence (read from
the wheel's own METADATA and LICENSE, checked below), both SHA-256 digests and the modifications. The wheel's
LICENSE text is copied next to the images (MIT asks for its notice to travel with copies).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import sys
import zipfile

from PIL import Image

OUT = os.path.join(os.path.dirname(__file__), "..", "src", "interactiveworld", "world", "assets", "data", "textures")
MAX_PX = 512
QUALITY = 90

# package -> (source path inside the wheel -> what a home or office uses it for)
SELECTION = {
    "robosuite": {
        "robosuite/models/assets/textures/brass-ambra.png": "brass (fittings, handles)",
        "robosuite/models/assets/textures/clay.png": "terracotta (plant pots, floor tiles)",
        "robosuite/models/assets/textures/cream-plaster.png": "cream wall plaster",
        "robosuite/models/assets/textures/dark-wood.png": "dark wood planks",
        "robosuite/models/assets/textures/gray-felt.png": "grey felt (carpet, upholstery)",
        "robosuite/models/assets/textures/gray-plaster.png": "grey wall plaster",
        "robosuite/models/assets/textures/light-gray-floor-tile.png": "wood-look floor tiles",
        "robosuite/models/assets/textures/light-wood.png": "light wood",
        "robosuite/models/assets/textures/steel-brushed.png": "brushed steel",
        "robosuite/models/assets/textures/white-bricks.png": "white painted brick",
        "robosuite/models/assets/textures/wood-tiles.png": "wood parquet",
        "robosuite/models/assets/textures/wood-varnished-panels.png": "varnished floor boards",
        "robosuite/models/assets/textures/bread.png": "bread crust",
    },
    "metaworld": {
        "metaworld/assets/scene/textures/fabricPattern.png": "patterned upholstery fabric",
        "metaworld/assets/scene/textures/fabricPlain.png": "plain woven fabric (burlap, linen)",
        "metaworld/assets/scene/textures/white_marble_tile2.png": "grey stone floor tiles",
        "metaworld/assets/textures/brick1.png": "red brick",
        "metaworld/assets/textures/darkwood.png": "dark red wood (mahogany)",
        "metaworld/assets/textures/floor1.png": "square ceramic floor tiles",
        "metaworld/assets/textures/granite.png": "speckled granite",
        "metaworld/assets/textures/marble.png": "white marble",
        "metaworld/assets/textures/light_wood_v2.png": "light wood",
        "metaworld/assets/textures/plaster1.png": "beige wall plaster",
        "metaworld/assets/textures/wood4.png": "wood laminate floor",
        "metaworld/assets/textures/wood_light.png": "light floor boards",
    },
}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _wheel_facts(z: zipfile.ZipFile) -> tuple[str, str, str, str]:
    """(name, version, SPDX licence, LICENSE text) from a wheel's METADATA and licence file."""
    meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
    meta = z.read(meta_name).decode()
    name = re.search(r"^Name: (.+)$", meta, re.M).group(1).strip()
    version = re.search(r"^Version: (.+)$", meta, re.M).group(1).strip()
    lic_name = next(n for n in z.namelist() if re.search(r"\.dist-info/(licenses/)?LICEN[CS]E(\.\w+)?$", n))
    text = z.read(lic_name).decode()
    if not text.lstrip().startswith("MIT License") or "Permission is hereby granted, free of charge" not in text:
        raise SystemExit(f"{name}: {lic_name} is not the MIT licence; check it by hand before shipping its files")
    return name, version, "MIT", text


def _convert(data: bytes) -> tuple[bytes, str]:
    im = Image.open(io.BytesIO(data))
    im.load()
    steps = []
    if im.mode != "RGB":
        steps.append(f"converted {im.mode} to RGB" + (" (alpha dropped)" if "A" in im.mode else ""))
        im = im.convert("RGB")
    w, h = im.size
    if max(w, h) > MAX_PX:
        s = MAX_PX / max(w, h)
        nw, nh = max(1, round(w * s)), max(1, round(h * s))
        im = im.resize((nw, nh), Image.LANCZOS)
        steps.append(f"resized {w}x{h} to {nw}x{nh} (Lanczos)")
    steps.append(f"JPEG quality {QUALITY}")
    buf = io.BytesIO()
    im.save(buf, format="JPEG", quality=QUALITY)
    return buf.getvalue(), ", ".join(steps)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheels", nargs="+", help="wheel files of the packages in SELECTION")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    os.makedirs(os.path.join(args.out, "licenses"), exist_ok=True)
    rows, seen = [], set()
    for path in args.wheels:
        z = zipfile.ZipFile(path)
        name, version, spdx, lic_text = _wheel_facts(z)
        if name not in SELECTION:
            raise SystemExit(f"{path}: package {name} has no selection in this script")
        seen.add(name)
        lic_file = f"licenses/{name}-{version}-LICENSE.txt"
        with open(os.path.join(args.out, lic_file), "w") as f:
            f.write(lic_text)
        for src, use in SELECTION[name].items():
            data = z.read(src)
            out, mods = _convert(data)
            stem = os.path.splitext(os.path.basename(src))[0]
            stem = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", stem).replace("-", "_").lower()
            fname = f"{name}_{stem}.jpg"
            with open(os.path.join(args.out, fname), "wb") as f:
                f.write(out)
            rows.append({"file": fname, "package": name, "version": version, "source_path": src, "license": spdx,
                         "license_file": lic_file, "sha256": _sha256(out), "source_sha256": _sha256(data),
                         "modifications": mods, "use": use})
    missing = set(SELECTION) - seen
    if missing:
        raise SystemExit(f"no wheel given for {sorted(missing)}")
    rows.sort(key=lambda r: r["file"])
    with open(os.path.join(args.out, "PROVENANCE.json"), "w") as f:
        json.dump(rows, f, indent=1)
        f.write("\n")
    total = sum(os.path.getsize(os.path.join(args.out, r["file"])) for r in rows)
    print(f"{len(rows)} textures, {total / 1e6:.2f} MB, written to {os.path.abspath(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
