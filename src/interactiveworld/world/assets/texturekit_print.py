"""Texture kit, printed artwork: product labels and packaging, book covers and spines, magazine covers, signs and
price tags (appliance panels, segment displays and screens are in :mod:`.texturekit_screens`).

Every function returns an (H, W, 3) uint8 sRGB image, painted with Pillow and the DejaVu fonts, the same bytes for
the same arguments (choices of colours, logos and filler text come from ``seed``). Sizes are (width, height) [px],
the longer side in [128, 512] and the shorter at least 16. Images are addressed with clamping on the mesh ((0, 0) =
bottom-left), and the layouts match :mod:`.meshkit_packaging`: wrap labels put the front in the middle half of the
image, carton prints are the four walls unrolled (front, right, back, left), bag prints hold the front in the left
half and the back in the right half.

Fonts: DejaVu from the system (Debian's fonts-dejavu-core) when installed, else the copies matplotlib ships in
``mpl-data/fonts/ttf`` (matplotlib is a dependency), else Pillow's built-in scalable font.
"""
from __future__ import annotations

import importlib.util
import math
import os
import zlib
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

__all__ = [
    "PRINTS", "font", "ean13", "ean13_modules", "product_label", "carton_print", "bag_print", "box_front",
    "book_cover", "book_spine", "magazine_cover", "sign", "price_tag",
]

_FONT_FILES = {
    "sans": "DejaVuSans.ttf", "sans-bold": "DejaVuSans-Bold.ttf", "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf", "mono": "DejaVuSansMono.ttf", "mono-bold": "DejaVuSansMono-Bold.ttf",
    "sans-oblique": "DejaVuSans-Oblique.ttf",
}
_SYSTEM_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")


def _font_dirs() -> tuple[str, ...]:
    dirs = list(_SYSTEM_DIRS)
    spec = importlib.util.find_spec("matplotlib")   # located, not imported
    if spec is not None and spec.submodule_search_locations:
        dirs.append(os.path.join(list(spec.submodule_search_locations)[0], "mpl-data", "fonts", "ttf"))
    return tuple(dirs)


@lru_cache(maxsize=256)
def font(size: int, style: str = "sans-bold"):
    """A DejaVu font of ``size`` px in ``style`` (sans, sans-bold, sans-oblique, serif, serif-bold, mono,
    mono-bold); Pillow's scalable default when no DejaVu file is found.

    Raises:
        ValueError: an unknown style or a size below 4.
    """
    if style not in _FONT_FILES:
        raise ValueError(f"font: unknown style {style!r}; known: {sorted(_FONT_FILES)}")
    if int(size) < 4:
        raise ValueError(f"font: size must be >= 4 px, got {size!r}")
    for d in _font_dirs():
        path = os.path.join(d, _FONT_FILES[style])
        if os.path.exists(path):
            return ImageFont.truetype(path, int(size))
    return ImageFont.load_default(size=int(size))


def print_rng(seed: int, name: str) -> np.random.Generator:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"{name}: seed must be an integer, got {seed!r}")
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, zlib.crc32(name.encode())])


def new_canvas(fn: str, size, bg) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    try:
        w, h = (int(size[0]), int(size[1]))
    except (TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"{fn}: size must be (width, height) in px, got {size!r}") from exc
    if max(w, h) < 128 or max(w, h) > 512 or min(w, h) < 16:
        raise ValueError(f"{fn}: size must have its longer side in [128, 512] px and the shorter >= 16, got {size!r}")
    img = Image.new("RGB", (w, h), tuple(int(c) for c in bg))
    return img, ImageDraw.Draw(img)


def checked_text(fn: str, arg: str, value) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{fn}: {arg} must be a non-empty string, got {value!r}")
    return value


def as_rgb_array(img: Image.Image) -> np.ndarray:
    return np.asarray(img.convert("RGB"), np.uint8).copy()


def draw_fitted(draw, text: str, box, style: str = "sans-bold", *, max_px: int = 200, align: str = "center",
         fill=(0, 0, 0), spacing: float = 0.15) -> int:
    """Draw (multi-line) ``text`` at the largest size that fits ``box`` (x0, y0, x1, y1); returns the size."""
    x0, y0, x1, y1 = box
    bw, bh = max(1, x1 - x0), max(1, y1 - y0)
    lo, hi = 4, max(4, min(max_px, int(bh)))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        l, t, r, b = draw.multiline_textbbox((0, 0), text, font=font(mid, style), spacing=int(mid * spacing))
        if r - l <= bw and b - t <= bh:
            lo = mid
        else:
            hi = mid - 1
    f = font(lo, style)
    l, t, r, b = draw.multiline_textbbox((0, 0), text, font=f, spacing=int(lo * spacing), align=align)
    if align == "left":
        x = x0 - l
    elif align == "right":
        x = x1 - r
    else:
        x = x0 + (bw - (r - l)) / 2 - l
    draw.multiline_text((x, y0 + (bh - (b - t)) / 2 - t), text, font=f, fill=tuple(fill), spacing=int(lo * spacing),
                        align=align)
    return lo


def _fit_words(draw, text: str, box, style: str = "sans-bold", *, fill=(0, 0, 0)) -> int:
    """:func:`draw_fitted` on one line or on two balanced lines (split at a space), whichever gives larger type."""
    words = text.split()
    if len(words) < 2:
        return draw_fitted(draw, text, box, style, fill=fill)
    best, best_size = text, 0
    for cand in [text] + [" ".join(words[:k]) + "\n" + " ".join(words[k:]) for k in range(1, len(words))]:
        size = _fit_size(draw, cand, box, style)
        if size > best_size:
            best, best_size = cand, size
    return draw_fitted(draw, best, box, style, fill=fill)


def _fit_size(draw, text: str, box, style: str, spacing: float = 0.15) -> int:
    x0, y0, x1, y1 = box
    lo, hi = 4, max(4, min(200, int(y1 - y0)))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        l, t, r, b = draw.multiline_textbbox((0, 0), text, font=font(mid, style), spacing=int(mid * spacing))
        if r - l <= x1 - x0 and b - t <= y1 - y0:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _lines(draw, lines, x: float, y: float, size: int, fill, style: str = "sans", gap: float = 1.25) -> float:
    f = font(max(4, int(size)), style)
    for ln in lines:
        draw.text((x, y), ln, font=f, fill=tuple(fill))
        y += size * gap
    return y


# --------------------------------------------------------------------------------------------------------------
# palettes, logos, barcodes
# --------------------------------------------------------------------------------------------------------------

_PALETTES = [  # background, accent, ink
    ((196, 32, 38), (250, 210, 60), (255, 255, 255)), ((20, 84, 160), (240, 240, 236), (255, 255, 255)),
    ((32, 128, 72), (250, 230, 150), (255, 255, 255)), ((246, 196, 40), (180, 30, 40), (40, 30, 20)),
    ((250, 248, 240), (30, 110, 190), (20, 40, 80)), ((110, 40, 120), (250, 200, 80), (255, 255, 255)),
    ((240, 110, 30), (60, 40, 30), (255, 255, 255)), ((24, 24, 28), (220, 180, 90), (240, 236, 226)),
    ((236, 240, 246), (220, 40, 60), (30, 30, 40)), ((150, 200, 60), (40, 90, 40), (20, 50, 20)),
]
_LOGOS = ("circle", "star", "leaf", "drop", "sun", "mountain", "wave", "diamond")


def _logo(draw, kind: str, cx: float, cy: float, r: float, fill, accent) -> None:
    if kind == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        draw.ellipse((cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55), fill=accent)
    elif kind == "star":
        pts = [(cx + (r if k % 2 == 0 else r * 0.42) * math.sin(k * math.pi / 5),
                cy - (r if k % 2 == 0 else r * 0.42) * math.cos(k * math.pi / 5)) for k in range(10)]
        draw.polygon(pts, fill=fill)
    elif kind == "leaf":
        a = np.linspace(0, math.pi, 16)
        pts = [(cx - r + 2 * r * t / math.pi, cy - r * 0.55 * math.sin(t)) for t in a]
        pts += [(cx + r - 2 * r * t / math.pi, cy + r * 0.55 * math.sin(t)) for t in a]
        draw.polygon(pts, fill=fill)
        draw.line((cx - r, cy, cx + r, cy), fill=accent, width=max(1, int(r / 8)))
    elif kind == "drop":
        a = np.linspace(0, 2 * math.pi, 24)
        pts = [(cx + r * 0.7 * math.sin(t), cy + r * 0.3 - r * 0.7 * math.cos(t)) for t in a]
        draw.polygon(pts + [(cx, cy - r)], fill=fill)
        draw.polygon([(cx - r * 0.45, cy - r * 0.1), (cx, cy - r), (cx + r * 0.45, cy - r * 0.1)], fill=fill)
    elif kind == "sun":
        for k in range(12):
            t = k * math.pi / 6
            draw.line((cx + 0.6 * r * math.cos(t), cy + 0.6 * r * math.sin(t), cx + r * math.cos(t),
                       cy + r * math.sin(t)), fill=fill, width=max(1, int(r / 7)))
        draw.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=fill)
    elif kind == "mountain":
        draw.polygon([(cx - r, cy + r * 0.6), (cx - r * 0.2, cy - r * 0.7), (cx + r * 0.2, cy - r * 0.1),
                      (cx + r * 0.5, cy - r * 0.5), (cx + r, cy + r * 0.6)], fill=fill)
        draw.polygon([(cx - r * 0.38, cy - r * 0.42), (cx - r * 0.2, cy - r * 0.7), (cx - r * 0.02, cy - r * 0.42)],
                     fill=accent)
    elif kind == "wave":
        for k in range(3):
            yy = cy - r * 0.5 + k * r * 0.5
            pts = [(cx - r + 2 * r * i / 20, yy + r * 0.18 * math.sin(i / 20 * 4 * math.pi)) for i in range(21)]
            draw.line(pts, fill=fill, width=max(1, int(r / 5)))
    else:  # diamond
        draw.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)], fill=fill)
        draw.polygon([(cx, cy - r * 0.5), (cx + r * 0.35, cy), (cx, cy + r * 0.5), (cx - r * 0.35, cy)], fill=accent)


_EAN_L = ("0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111",
          "0001011")
_EAN_G = ("0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001",
          "0010111")
_EAN_R = ("1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000",
          "1110100")
_EAN_PARITY = ("LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL")


def ean13(digits: str) -> str:
    """The 13-digit EAN code of 12 digits: the 12 followed by the check digit (weights 1, 3, 1, 3, ... from the
    left; check = (10 - sum mod 10) mod 10; GS1 General Specifications 7.9).

    Raises:
        ValueError: not exactly 12 decimal digits.
    """
    if not (isinstance(digits, str) and len(digits) == 12 and digits.isdigit()):
        raise ValueError(f"ean13: digits must be 12 decimal digits, got {digits!r}")
    s = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return digits + str((10 - s % 10) % 10)


def ean13_modules(code: str) -> str:
    """The 95 bar modules ('1' = bar) of a 13-digit EAN code: start guard, six left digits in L/G sets chosen by
    the first digit's parity pattern, centre guard, six right digits in the R set, end guard.

    Raises:
        ValueError: not 13 digits or a wrong check digit.
    """
    if not (isinstance(code, str) and len(code) == 13 and code.isdigit()) or ean13(code[:12]) != code:
        raise ValueError(f"ean13_modules: code must be 13 digits with a valid check digit, got {code!r}")
    par = _EAN_PARITY[int(code[0])]
    left = "".join((_EAN_L if p == "L" else _EAN_G)[int(d)] for p, d in zip(par, code[1:7]))
    right = "".join(_EAN_R[int(d)] for d in code[7:])
    return "101" + left + "01010" + right + "101"


def _barcode(draw, box, rng, ink=(0, 0, 0), bg=(255, 255, 255), digits: bool = True) -> str:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    draw.rectangle((x0, y0, x1, y1), fill=tuple(bg))
    code = ean13("".join(str(int(d)) for d in rng.integers(0, 10, 12)))
    mods = ean13_modules(code)
    mw = max(1, (x1 - x0 - 4) // 95)
    bx = x0 + (x1 - x0 - 95 * mw) // 2
    text_h = max(6, (y1 - y0) // 5)
    for i, m in enumerate(mods):
        if m == "1":
            draw.rectangle((bx + i * mw, y0 + 2, bx + (i + 1) * mw - 1, y1 - text_h - 2), fill=tuple(ink))
    if digits and text_h >= 7:
        f = font(text_h, "mono")
        draw.text((bx, y1 - text_h - 1), code, font=f, fill=tuple(ink))
    return code


def _nutrition(draw, box, rng, ink, size: int, words: bool = True) -> None:
    x0, y0, x1, y1 = box
    rows = [("Energy", f"{int(rng.integers(150, 2100))} kJ"), ("Fat", f"{rng.uniform(0.1, 30):.1f} g"),
            ("of which saturates", f"{rng.uniform(0.1, 12):.1f} g"), ("Carbohydrate", f"{rng.uniform(1, 70):.1f} g"),
            ("of which sugars", f"{rng.uniform(0.1, 40):.1f} g"), ("Protein", f"{rng.uniform(0.1, 25):.1f} g"),
            ("Salt", f"{rng.uniform(0.01, 2.5):.2f} g")]
    f = font(max(4, size), "sans")
    fb = font(max(4, size), "sans-bold")
    draw.rectangle((x0, y0, x1, y1), outline=tuple(ink), width=1)
    if words:
        draw.text((x0 + 3, y0 + 2), "Nutrition per 100 g", font=fb, fill=tuple(ink))
    y = y0 + 3 + size * 1.3
    for name, val in rows:
        if y + size > y1:
            break
        draw.line((x0, y - 1, x1, y - 1), fill=tuple(ink))
        if not words:
            y += size * 1.25
            continue
        draw.text((x0 + 3, y), name, font=f, fill=tuple(ink))
        w = draw.textlength(val, font=f)
        draw.text((x1 - 3 - w, y), val, font=f, fill=tuple(ink))
        y += size * 1.25


_FILLER = ("water", "sugar", "salt", "natural flavouring", "citric acid", "sunflower oil", "wheat flour",
           "potato", "milk powder", "yeast", "vitamin C", "cocoa", "rice", "oats", "malt extract", "honey")


def _ingredients(rng, k: int = 7) -> str:
    return "Ingredients: " + ", ".join(rng.choice(_FILLER, size=k, replace=False)) + "."


def _greeked(draw, box, rng, ink, size: int, lines: int) -> None:
    """Filler print without words: ``lines`` thin bars of ragged length (a block of small type seen from afar)."""
    x0, y0, x1, y1 = box
    h = max(1, int(size * 0.35))
    y = y0
    for _ in range(lines):
        if y + h > y1:
            break
        draw.rectangle((x0, y, x0 + (x1 - x0) * float(rng.uniform(0.55, 1.0)), y + h), fill=tuple(ink))
        y += size * 1.3


def _wrap(draw, text: str, width: float, f) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        nxt = (cur + " " + w).strip()
        if draw.textlength(nxt, font=f) <= width or not cur:
            cur = nxt
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


# --------------------------------------------------------------------------------------------------------------
# packaging
# --------------------------------------------------------------------------------------------------------------

def _front_block(draw, box, brand, product, detail, pal, logo, rng, words: bool = True) -> None:
    """Logo, brand, product name (large) and a detail line stacked in ``box``; without ``words`` the logo, larger,
    and a colour stripe where the brand would be."""
    bg, accent, ink = pal
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if not words:
        r = min(w, h) * 0.2
        _logo(draw, logo, x0 + w / 2, y0 + h * 0.4, r, accent, bg)
        draw.rectangle((x0 + w * 0.1, y0 + h * 0.72, x1 - w * 0.1, y0 + h * 0.8), fill=accent)
        return
    r = min(w, h) * 0.11
    _logo(draw, logo, x0 + w / 2, y0 + h * 0.14, r, accent, bg)
    draw_fitted(draw, brand.upper(), (x0 + w * 0.06, y0 + h * 0.27, x1 - w * 0.06, y0 + h * 0.42), "sans-bold", fill=accent)
    _fit_words(draw, product, (x0 + w * 0.04, y0 + h * 0.45, x1 - w * 0.04, y0 + h * 0.78), "sans-bold", fill=ink)
    if detail:
        draw_fitted(draw, detail, (x0 + w * 0.25, y0 + h * 0.82, x1 - w * 0.25, y0 + h * 0.94), "sans", fill=ink)


def product_label(brand: str, product: str, *, seed: int = 0, size=(512, 256), detail: str | None = None,
                  palette: int | None = None, words: bool = True) -> np.ndarray:
    """A wrap-around label for a can, bottle or jar: colour bands top and bottom; in the middle half (the front)
    a logo, the brand and the product name in large type; on the back quarters ingredients, a nutrition table and
    an EAN-13 barcode.

    Args:
        brand, product: printed text; detail: a small line under the product (``"330 ml"``).
        seed: picks the palette (unless ``palette`` indexes one of 10), the logo and the filler text.
        size: (width, height) [px]; the width wraps once around the container.
        words: False prints no letters or digits at all (``brand``, ``product`` and ``detail`` are then ignored and
            may be empty): colours, bands, logo, bars where the small type was, and the barcode's bars keep the
            packaging look for a generic kind whose name an authored label gives.

    Raises:
        ValueError: empty texts (with ``words``), a bad size or seed.
    """
    fn = "product_label"
    if words:
        brand, product = checked_text(fn, "brand", brand), checked_text(fn, "product", product)
    rng = print_rng(seed, fn)
    pal = _PALETTES[int(rng.integers(len(_PALETTES))) if palette is None else int(palette) % len(_PALETTES)]
    bg, accent, ink = pal
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    band = max(3, H // 12)
    draw.rectangle((0, 0, W, band), fill=accent)
    draw.rectangle((0, H - band, W, H), fill=accent)
    draw.rectangle((0, band + 2, W, band + 4), fill=ink)
    _front_block(draw, (W * 0.25, band + 4, W * 0.75, H - band), brand, product, detail, pal,
                 _LOGOS[int(rng.integers(len(_LOGOS)))], rng, words)
    small = max(5, H // 24)
    f = font(small, "sans")
    ys = band + 8
    n_lines = max(1, (H - 2 * band - 16) // (small + 3))
    if words:
        for ln in _wrap(draw, _ingredients(rng), W * 0.21, f)[:n_lines]:
            draw.text((W * 0.02, ys), ln, font=f, fill=ink)
            ys += small * 1.25
    else:
        _greeked(draw, (W * 0.02, ys, W * 0.23, H - band - 4), rng, ink, small, min(n_lines, 6))
    _nutrition(draw, (W * 0.77, band + 8, W * 0.98, band + 8 + (H - 2 * band) * 0.52), rng, ink, small, words)
    _barcode(draw, (W * 0.79, H - band - (H - 2 * band) * 0.36, W * 0.97, H - band - 4), rng, digits=words)
    return as_rgb_array(img)


def carton_print(width: float, depth: float, height: float, brand: str, product: str, *, seed: int = 0,
                 detail: str | None = None, max_px: int = 512, words: bool = True) -> np.ndarray:
    """The unrolled print of a gable-top carton's four walls (front, right, back, left; u in proportion to the
    perimeter, matching :func:`~interactiveworld.world.assets.meshkit_packaging.carton_label_layout`): the front carries
    the logo, brand, product name and a picture band; the right side a nutrition table; the back ingredients; the
    left side a barcode and the brand again.

    Args:
        width, depth, height: the carton's wall sizes [m] (front width along y, side depth along x).
        max_px: the longer image side [px] (128-512); the other follows the walls' aspect.
        words: False prints no letters or digits (texts ignored, may be empty), as :func:`product_label`.

    Raises:
        ValueError: non-positive sizes, empty texts (with ``words``), a bad seed or max_px.
    """
    fn = "carton_print"
    for arg, v in (("width", width), ("depth", depth), ("height", height)):
        if not (isinstance(v, (int, float)) and v > 0 and math.isfinite(v)):
            raise ValueError(f"{fn}: {arg} must be a positive number of metres, got {v!r}")
    if words:
        brand, product = checked_text(fn, "brand", brand), checked_text(fn, "product", product)
    per = 2 * (width + depth)
    W = int(max_px) if per >= height else max(16, int(round(max_px * per / height)))
    H = max(16, int(round(W * height / per))) if per >= height else int(max_px)
    rng = print_rng(seed, fn)
    pal = _PALETTES[int(rng.integers(len(_PALETTES)))]
    bg, accent, ink = pal
    img, draw = new_canvas(fn, (W, H), bg)
    edges = np.cumsum([0.0, width, depth, width, depth]) / per * W
    band = max(3, H // 14)
    draw.rectangle((0, H - band, W, H), fill=accent)
    # front: picture band, then the name block
    fx0, fx1 = edges[0], edges[1]
    pic = (fx1 - fx0) * 0.6
    draw.ellipse(((fx0 + fx1 - pic) / 2, H * 0.66, (fx0 + fx1 + pic) / 2, H * 0.66 + pic), fill=accent)
    _front_block(draw, (fx0, H * 0.02, fx1, H * 0.64), brand, product, detail, pal,
                 _LOGOS[int(rng.integers(len(_LOGOS)))], rng, words)
    small = max(5, H // 34)
    _nutrition(draw, (edges[1] + 4, H * 0.2, edges[2] - 4, H * 0.62), rng, ink, small, words)
    f = font(small, "sans")
    y = H * 0.12
    if words:
        for ln in _wrap(draw, _ingredients(rng, 9), edges[3] - edges[2] - 10, f)[:10]:
            draw.text((edges[2] + 5, y), ln, font=f, fill=ink)
            y += small * 1.3
        draw_fitted(draw, brand.upper(), (edges[3] + 4, H * 0.1, edges[4] - 4, H * 0.22), "sans-bold", fill=accent)
    else:
        _greeked(draw, (edges[2] + 5, y, edges[3] - 5, H * 0.6), rng, ink, small, 8)
        draw.rectangle((edges[3] + 4, H * 0.13, edges[4] - 4, H * 0.19), fill=accent)
    _barcode(draw, (edges[3] + 6, H * 0.62, edges[4] - 6, H * 0.8), rng, digits=words)
    for e in edges[1:4]:   # fold lines
        draw.line((e, 0, e, H), fill=tuple(int(c * 0.85) for c in bg), width=1)
    return as_rgb_array(img)


def bag_print(brand: str, product: str, *, seed: int = 0, size=(512, 384), detail: str | None = None,
              words: bool = True) -> np.ndarray:
    """The print of a pillow bag (crisps, snacks): the front in the left half (brand, a window of the product as
    golden crisps, the flavour name on a ribbon), the back in the right half (ingredients, nutrition table,
    barcode); the top and bottom rows are the band colour the crimped seals sample. ``words=False`` prints no
    letters or digits (texts ignored, may be empty), as :func:`product_label`.

    Raises:
        ValueError: empty texts (with ``words``), a bad size or seed.
    """
    fn = "bag_print"
    if words:
        brand, product = checked_text(fn, "brand", brand), checked_text(fn, "product", product)
    rng = print_rng(seed, fn)
    pal = _PALETTES[int(rng.integers(len(_PALETTES)))]
    bg, accent, ink = pal
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    fw = W / 2
    band = max(3, H // 16)
    draw.rectangle((0, 0, W, band), fill=accent)
    draw.rectangle((0, H - band, W, H), fill=accent)
    if words:
        draw_fitted(draw, brand.upper(), (fw * 0.08, band + H * 0.04, fw * 0.92, band + H * 0.2), "sans-bold",
                    fill=ink)
    else:
        draw.rectangle((fw * 0.2, band + H * 0.09, fw * 0.8, band + H * 0.15), fill=tuple(ink))
    # the product window: crisps as overlapping golden ellipses
    cx, cy, rw, rh = fw / 2, H * 0.55, fw * 0.36, H * 0.2
    draw.ellipse((cx - rw, cy - rh, cx + rw, cy + rh), fill=(250, 246, 236))
    for _ in range(14):
        ex, ey = cx + rng.uniform(-0.7, 0.7) * rw, cy + rng.uniform(-0.6, 0.6) * rh
        a, b = rng.uniform(0.15, 0.28) * rw, rng.uniform(0.15, 0.3) * rh
        g = int(rng.integers(170, 215))
        draw.ellipse((ex - a, ey - b, ex + a, ey + b), fill=(236, g, 90), outline=(190, 140, 60))
    draw.polygon([(fw * 0.05, H * 0.78), (fw * 0.95, H * 0.74), (fw * 0.95, H * 0.88), (fw * 0.05, H * 0.92)],
                 fill=accent)
    small = max(5, H // 34)
    f = font(small, "sans")
    y = band + 8
    if words:
        draw_fitted(draw, product, (fw * 0.1, H * 0.77, fw * 0.9, H * 0.88), "sans-bold", fill=bg)
        if detail:
            draw_fitted(draw, detail, (fw * 0.6, band + H * 0.22, fw * 0.95, band + H * 0.29), "sans", fill=ink)
        for ln in _wrap(draw, _ingredients(rng, 8), fw * 0.84, f)[:6]:
            draw.text((fw + fw * 0.08, y), ln, font=f, fill=ink)
            y += small * 1.3
    else:
        _greeked(draw, (fw + fw * 0.08, y, fw + fw * 0.92, H * 0.38), rng, ink, small, 6)
    _nutrition(draw, (fw + fw * 0.08, H * 0.4, fw + fw * 0.6, H * 0.75), rng, ink, small, words)
    _barcode(draw, (fw + fw * 0.62, H * 0.6, fw + fw * 0.94, H * 0.8), rng, digits=words)
    return as_rgb_array(img)


def box_front(brand: str, product: str, *, seed: int = 0, size=(256, 360), detail: str | None = None) -> np.ndarray:
    """The front of a folding box (cereal, tea, crackers): brand band, product name in large type, a bowl of the
    product drawn in the lower half, a detail flash.

    Raises:
        ValueError: empty texts, a bad size or seed.
    """
    fn = "box_front"
    brand, product = checked_text(fn, "brand", brand), checked_text(fn, "product", product)
    rng = print_rng(seed, fn)
    pal = _PALETTES[int(rng.integers(len(_PALETTES)))]
    bg, accent, ink = pal
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    draw.rectangle((0, 0, W, H * 0.16), fill=accent)
    draw_fitted(draw, brand.upper(), (W * 0.06, H * 0.02, W * 0.94, H * 0.14), "sans-bold", fill=bg)
    draw_fitted(draw, product, (W * 0.06, H * 0.19, W * 0.94, H * 0.42), "sans-bold", fill=ink)
    # bowl with pieces
    bx0, bx1, by = W * 0.15, W * 0.85, H * 0.72
    draw.chord((bx0, by - H * 0.18, bx1, by + H * 0.18), 0, 180, fill=(245, 245, 240), outline=(120, 120, 120))
    for _ in range(26):
        x = rng.uniform(bx0 + W * 0.05, bx1 - W * 0.05)
        y = by - rng.uniform(0.0, 0.06) * H
        r = rng.uniform(0.025, 0.045) * W
        draw.ellipse((x - r, y - r * 0.7, x + r, y + r * 0.7), fill=(214, int(rng.integers(140, 180)), 70))
    draw.ellipse((W * 0.66, H * 0.44, W * 0.96, H * 0.6), fill=accent)
    draw_fitted(draw, detail or "NEW", (W * 0.69, H * 0.47, W * 0.93, H * 0.57), "sans-bold", fill=bg)
    return as_rgb_array(img)


# --------------------------------------------------------------------------------------------------------------
# reading matter
# --------------------------------------------------------------------------------------------------------------

_COVER_COLOURS = [(30, 60, 110), (140, 30, 40), (30, 90, 70), (230, 200, 120), (40, 40, 44), (220, 220, 210),
                  (120, 70, 130), (200, 100, 40)]


def _contrast(c) -> tuple[int, int, int]:
    return (20, 20, 24) if 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 150 else (245, 242, 232)


def book_cover(title: str, author: str, *, seed: int = 0, size=(256, 384)) -> np.ndarray:
    """A book's front cover: a coloured ground with a seeded geometric motif, the title in large serif type and
    the author's name.

    Raises:
        ValueError: empty texts, a bad size or seed.
    """
    fn = "book_cover"
    title, author = checked_text(fn, "title", title), checked_text(fn, "author", author)
    rng = print_rng(seed, fn)
    bg = _COVER_COLOURS[int(rng.integers(len(_COVER_COLOURS)))]
    ink = _contrast(bg)
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    accent = tuple(int(c) for c in rng.integers(60, 240, 3))
    motif = int(rng.integers(3))
    if motif == 0:
        for k in range(5):
            r = W * (0.1 + 0.07 * k)
            draw.ellipse((W / 2 - r, H * 0.58 - r, W / 2 + r, H * 0.58 + r), outline=accent, width=max(1, W // 64))
    elif motif == 1:
        for k in range(7):
            y = H * (0.45 + 0.04 * k)
            draw.rectangle((0, y, W, y + H * 0.018), fill=accent)
    else:
        draw.polygon([(W * 0.1, H * 0.75), (W * 0.45, H * 0.4), (W * 0.65, H * 0.6), (W * 0.9, H * 0.45),
                      (W * 0.9, H * 0.75)], fill=accent)
    draw_fitted(draw, "\n".join(_wrap(draw, title, W * 0.8, font(max(8, W // 9), "serif-bold"))),
         (W * 0.08, H * 0.06, W * 0.92, H * 0.36), "serif-bold", fill=ink)
    draw_fitted(draw, author, (W * 0.12, H * 0.82, W * 0.88, H * 0.93), "serif", fill=ink)
    return as_rgb_array(img)


def book_spine(title: str, author: str, *, seed: int = 0, size=(40, 384)) -> np.ndarray:
    """A book's spine (tall and narrow): the title running top to bottom (rotated, as English spines read), the
    author's surname below it, bands at head and foot.

    Raises:
        ValueError: empty texts, a bad size or seed.
    """
    fn = "book_spine"
    title, author = checked_text(fn, "title", title), checked_text(fn, "author", author)
    rng = print_rng(seed, fn)
    bg = _COVER_COLOURS[int(rng.integers(len(_COVER_COLOURS)))]
    ink = _contrast(bg)
    img, _ = new_canvas(fn, size, bg)
    W, H = img.size
    side, sdraw = Image.new("RGB", (H, W), bg), None
    sdraw = ImageDraw.Draw(side)
    sdraw.rectangle((0, 0, H * 0.04, W), fill=ink)
    sdraw.rectangle((H * 0.96, 0, H, W), fill=ink)
    draw_fitted(sdraw, title, (H * 0.07, W * 0.12, H * 0.72, W * 0.88), "serif-bold", fill=ink)
    draw_fitted(sdraw, author.split()[-1].upper(), (H * 0.75, W * 0.2, H * 0.93, W * 0.8), "sans", fill=ink)
    return as_rgb_array(side.rotate(-90, expand=True))


def magazine_cover(title: str, lines=None, *, seed: int = 0, size=(256, 340)) -> np.ndarray:
    """A magazine cover: the masthead across the top, a 'photograph' (a gradient sky with a portrait silhouette),
    cover lines down the left, an issue line and a barcode.

    Args:
        title: the masthead; lines: cover lines (default: seeded filler).

    Raises:
        ValueError: an empty title, a bad size or seed.
    """
    fn = "magazine_cover"
    title = checked_text(fn, "title", title)
    rng = print_rng(seed, fn)
    top = np.array(rng.integers(120, 255, 3), float)
    bot = np.array(rng.integers(20, 140, 3), float)
    img, draw = new_canvas(fn, size, (0, 0, 0))
    W, H = img.size
    t = np.linspace(0, 1, H)[:, None, None]
    img.paste(Image.fromarray((top * (1 - t) + bot * t).astype(np.uint8).repeat(W, axis=1)))
    draw = ImageDraw.Draw(img)
    skin = tuple(int(c) for c in rng.integers(120, 230, 3))
    cloth = tuple(int(c) for c in rng.integers(20, 200, 3))
    draw.ellipse((W * 0.42, H * 0.3, W * 0.78, H * 0.62), fill=skin)
    draw.chord((W * 0.25, H * 0.6, W * 0.95, H * 1.3), 180, 360, fill=cloth)
    mast = tuple(int(c) for c in rng.integers(0, 255, 3))
    draw_fitted(draw, title.upper(), (W * 0.04, H * 0.02, W * 0.96, H * 0.2), "sans-bold", fill=mast)
    if lines is None:
        lines = ["10 easy dinners", "Spring style", "Win a holiday", "Home makeover"]
    y = H * 0.3
    for ln in lines[:5]:
        draw_fitted(draw, str(ln), (W * 0.04, y, W * 0.42, y + H * 0.07), "sans-bold", align="left", fill=(255, 255, 255))
        y += H * 0.1
    _lines(draw, [f"Issue {int(rng.integers(1, 13))} - {int(rng.integers(2015, 2026))}"], W * 0.04, H * 0.93,
           max(6, H // 40), (255, 255, 255))
    _barcode(draw, (W * 0.72, H * 0.86, W * 0.96, H * 0.98), rng)
    return as_rgb_array(img)


# --------------------------------------------------------------------------------------------------------------
# signs and tags
# --------------------------------------------------------------------------------------------------------------

_SIGN_STYLES = {   # background, ink, border
    "info": ((24, 76, 150), (255, 255, 255), (255, 255, 255)),
    "warning": ((250, 204, 20), (20, 20, 20), (20, 20, 20)),
    "exit": ((0, 140, 70), (255, 255, 255), (255, 255, 255)),
    "prohibition": ((255, 255, 255), (20, 20, 20), (200, 20, 30)),
    "room": ((238, 236, 230), (40, 40, 44), (120, 120, 124)),
}


def sign(text: str, *, kind: str = "info", seed: int = 0, size=(384, 128)) -> np.ndarray:
    """A wall or door sign: ``kind`` info (blue), warning (yellow with a '!' triangle), exit (green with an arrow),
    prohibition (white with a red barred circle) or room (a light name plate); the text fitted to the rest.

    Raises:
        ValueError: empty text, an unknown kind, a bad size or seed.
    """
    fn = "sign"
    text = checked_text(fn, "text", text)
    if kind not in _SIGN_STYLES:
        raise ValueError(f"sign: unknown kind {kind!r}; known: {sorted(_SIGN_STYLES)}")
    print_rng(seed, fn)
    bg, ink, border = _SIGN_STYLES[kind]
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    bw = max(2, min(W, H) // 20)
    draw.rounded_rectangle((bw // 2, bw // 2, W - bw // 2 - 1, H - bw // 2 - 1), radius=bw * 2, outline=border,
                           width=bw)
    icon = min(H * 0.7, W * 0.3)
    x_text = bw * 3
    if kind != "room":
        cx, cy, r = bw * 3 + icon / 2, H / 2, icon / 2
        if kind == "warning":
            draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.85), (cx - r, cy + r * 0.85)], outline=ink,
                         width=max(2, int(r / 6)))
            draw_fitted(draw, "!", (cx - r / 3, cy - r * 0.3, cx + r / 3, cy + r * 0.75), "sans-bold", fill=ink)
        elif kind == "exit":
            draw.polygon([(cx - r, cy - r * 0.25), (cx + r * 0.1, cy - r * 0.25), (cx + r * 0.1, cy - r * 0.7),
                          (cx + r, cy), (cx + r * 0.1, cy + r * 0.7), (cx + r * 0.1, cy + r * 0.25),
                          (cx - r, cy + r * 0.25)], fill=ink)
        elif kind == "prohibition":
            lw = max(2, int(r / 5))
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=border, width=lw)
            d = r * 0.7
            draw.line((cx - d, cy - d, cx + d, cy + d), fill=border, width=lw)
        else:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
            draw_fitted(draw, "i", (cx - r / 2, cy - r * 0.7, cx + r / 2, cy + r * 0.7), "serif-bold", fill=bg)
        x_text = bw * 4 + icon
    # a clear margin inside the border keeps the text a separate block for readers and OCR
    draw_fitted(draw, text, (x_text, H * 0.22, W - bw * 4, H * 0.78), "sans-bold", fill=ink)
    return as_rgb_array(img)


def price_tag(price: float, item: str, *, currency: str = "\u20ac", seed: int = 0, size=(256, 128),
              words: bool = True) -> np.ndarray:
    """A shelf-edge price tag: the item name, the price in large bold figures with its currency sign, a unit
    price line and a small barcode; a yellow 'offer' tag for some seeds.

    Args:
        words: False prints no letters or digits: the item and unit lines are bars of type seen from afar, the
            price field an empty boxed window, the barcode without digits (``price`` and ``item`` are ignored).

    Raises:
        ValueError: a negative or non-finite price, an empty item (with ``words``), a bad size or seed.
    """
    fn = "price_tag"
    if words:
        item = checked_text(fn, "item", item)
    if not (isinstance(price, (int, float)) and math.isfinite(price) and price >= 0):
        raise ValueError(f"price_tag: price must be a finite number >= 0, got {price!r}")
    rng = print_rng(seed, fn)
    offer = bool(rng.integers(4) == 0)
    bg = (252, 226, 60) if offer else (252, 252, 250)
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    draw.rectangle((0, 0, W - 1, H - 1), outline=(60, 60, 60), width=max(1, H // 64))
    if offer:
        draw.rectangle((0, 0, W, H * 0.2), fill=(210, 20, 30))
        if words:
            draw_fitted(draw, "OFFER", (W * 0.05, H * 0.02, W * 0.5, H * 0.18), "sans-bold", fill=(255, 255, 255))
    if not words:
        _greeked(draw, (W * 0.05, H * 0.25, W * 0.9, H * 0.38), rng, (30, 30, 30), int(H * 0.1), 1)
        draw.rectangle((W * 0.05, H * 0.46, W * 0.62, H * 0.88), outline=(40, 40, 40), width=max(1, H // 48))
        _greeked(draw, (W * 0.72, H * 0.46, W * 0.96, H * 0.56), rng, (60, 60, 60), int(H * 0.06), 1)
        _barcode(draw, (W * 0.72, H * 0.64, W * 0.96, H * 0.92), rng, bg=bg, digits=False)
        return as_rgb_array(img)
    draw_fitted(draw, item, (W * 0.05, H * 0.22, W * 0.95, H * 0.4), "sans-bold", align="left", fill=(30, 30, 30))
    draw_fitted(draw, f"{currency}{price:.2f}", (W * 0.05, H * 0.44, W * 0.62, H * 0.9), "sans-bold", align="left",
         fill=(10, 10, 10))
    unit = f"{currency}{price * rng.uniform(1.5, 8):.2f}/kg"
    draw_fitted(draw, unit, (W * 0.72, H * 0.45, W * 0.96, H * 0.56), "sans", fill=(60, 60, 60))
    _barcode(draw, (W * 0.72, H * 0.64, W * 0.96, H * 0.92), rng, bg=bg)
    return as_rgb_array(img)


# name -> generator (listed by texturekit.describe())
PRINTS = {
    "product_label": product_label, "carton_print": carton_print, "bag_print": bag_print, "box_front": box_front,
    "book_cover": book_cover, "book_spine": book_spine, "magazine_cover": magazine_cover, "sign": sign,
    "price_tag": price_tag,
}
