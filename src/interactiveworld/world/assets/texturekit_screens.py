"""Texture kit, displays: segment displays (clocks, timers), appliance control panels and computer screens, in
the conventions of :mod:`.texturekit_print` ((H, W, 3) uint8 sRGB, seeded, DejaVu fonts, the longer side in
[128, 512] px). A display is drawn lit or unlit, so a powered state shows in the frame.
"""
from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from .texturekit_print import new_canvas, draw_fitted, as_rgb_array, print_rng, checked_text, font

__all__ = ["SCREENS", "SEGMENT_GLYPHS", "lcd_display", "control_panel", "screen_desktop"]


SEGMENT_GLYPHS = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
             "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", " ": "", "E": "afged", "r": "eg", "o": "cdeg",
             "n": "ceg", "F": "afge", "A": "abcefg", "P": "abefg", "L": "def", "H": "bcefg", "C": "afed",
             "d": "bcdeg", "b": "cdefg", "t": "defg", "U": "bcdef", "S": "afgcd"}


def _seven_segment(draw, text: str, box, on_colour, off_colour) -> None:
    """Seven-segment digits filling ``box``; ':' and '.' are narrow; unlit segments in ``off_colour``."""
    x0, y0, x1, y1 = box
    glyphs = [c for c in text]
    units = sum(0.35 if c in ":." else 1.0 for c in glyphs)
    cw = (x1 - x0) / max(units, 1)
    h = y1 - y0
    w = min(cw * 0.8, h * 0.55)
    t = max(1.0, w * 0.18)
    x = x0
    for c in glyphs:
        if c in ":.":
            r = t * 0.6
            cx = x + cw * 0.175
            dots = (0.3, 0.7) if c == ":" else (0.95,)
            for fy in dots:
                draw.ellipse((cx - r, y0 + h * fy - r, cx + r, y0 + h * fy + r), fill=on_colour)
            x += cw * 0.35
            continue
        lit = SEGMENT_GLYPHS.get(c, "")
        ox = x + (cw - w) / 2
        seg = {
            "a": ((ox + t, y0), (ox + w - t, y0 + t)), "d": ((ox + t, y1 - t), (ox + w - t, y1)),
            "g": ((ox + t, y0 + h / 2 - t / 2), (ox + w - t, y0 + h / 2 + t / 2)),
            "f": ((ox, y0 + t), (ox + t, y0 + h / 2 - t / 2)),
            "b": ((ox + w - t, y0 + t), (ox + w, y0 + h / 2 - t / 2)),
            "e": ((ox, y0 + h / 2 + t / 2), (ox + t, y1 - t)),
            "c": ((ox + w - t, y0 + h / 2 + t / 2), (ox + w, y1 - t)),
        }
        for name, (p, q) in seg.items():
            draw.rectangle((p[0], p[1], q[0], q[1]), fill=on_colour if name in lit else off_colour)
        x += cw


def lcd_display(text: str = "12:30", *, on: bool = True, colour=(90, 230, 255), size=(256, 96)) -> np.ndarray:
    """A segment display (clock, timer, temperature): ``text`` of digits, ':', '.', '-', space and the letters
    of :data:`SEGMENT_GLYPHS`, lit in ``colour`` on a dark glass when ``on``; when off, only faint unlit segments show.

    Raises:
        ValueError: an empty text or one with characters outside :data:`SEGMENT_GLYPHS` and ':', '.'; a bad size.
    """
    fn = "lcd_display"
    text = checked_text(fn, "text", text)
    bad = sorted(set(c for c in text if c not in SEGMENT_GLYPHS and c not in ":."))
    if bad:
        raise ValueError(f"lcd_display: text {text!r} has characters a segment display cannot show: {bad}")
    img, draw = new_canvas(fn, size, (14, 16, 18))
    W, H = img.size
    off = (30, 34, 36)
    lit = tuple(int(c) for c in colour) if on else off
    _seven_segment(draw, text, (W * 0.06, H * 0.15, W * 0.94, H * 0.85), lit, off)
    return as_rgb_array(img)


_PANELS = {  # knob labels, buttons
    "oven": (("0", "50", "100", "150", "200", "250"), ("Start", "Stop", "Timer")),
    "microwave": (("Defrost", "Low", "Med", "High"), ("Start", "+30s", "Stop")),
    "washer": (("Cotton", "Synth", "Wool", "Quick", "Eco", "Rinse", "Spin"), ("Start", "Temp", "Spin")),
    "dishwasher": (("Eco", "Auto", "Intensive", "Quick"), ("Start", "Delay", "Half")),
    "cooktop": (("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), ("On/Off", "-", "+")),
    "coffee": (("Espresso", "Lungo", "Latte", "Hot water"), ("Start", "Steam", "Clean")),
}


def control_panel(appliance: str = "oven", *, display: str = "12:30", programme: str | None = None, on: bool = True,
                  seed: int = 0, size=(512, 128)) -> np.ndarray:
    """An appliance's control strip: a dial with tick marks and the appliance's settings around it, a segment
    display showing ``display`` (lit when ``on``), an optional programme name above it, and labelled push
    buttons with an indicator light. ``appliance``: oven, microwave, washer, dishwasher, cooktop, coffee.

    Raises:
        ValueError: an unknown appliance, an empty or unshowable display text (:func:`lcd_display`), a bad size or
            seed.
    """
    fn = "control_panel"
    if appliance not in _PANELS:
        raise ValueError(f"control_panel: unknown appliance {appliance!r}; known: {sorted(_PANELS)}")
    display = checked_text(fn, "display", display)
    rng = print_rng(seed, fn + appliance)
    dark = bool(rng.integers(2))
    bg = (36, 38, 42) if dark else (226, 228, 230)
    ink = (230, 230, 230) if dark else (30, 30, 34)
    img, draw = new_canvas(fn, size, bg)
    W, H = img.size
    labels, buttons = _PANELS[appliance]
    # dial
    r = H * 0.3
    n = len(labels)
    sweep = 270.0
    small = max(6, int(H * 0.09))
    f = font(small, "sans")
    widest = max(draw.textlength(lab, font=f) for lab in labels)
    cx, cy = r * 1.55 + widest / 2 + 3, H * 0.55
    for k, lab in enumerate(labels):
        a = math.radians(135 + sweep * k / max(n - 1, 1))
        draw.line((cx + r * 1.05 * math.cos(a), cy + r * 1.05 * math.sin(a), cx + r * 1.25 * math.cos(a),
                   cy + r * 1.25 * math.sin(a)), fill=ink, width=max(1, int(H / 64)))
        tx, ty = cx + r * 1.55 * math.cos(a), cy + r * 1.5 * math.sin(a)
        tw = draw.textlength(lab, font=f)
        draw.text((tx - tw / 2, ty - small / 2), lab, font=f, fill=ink)
    knob = (190, 192, 196) if dark else (60, 62, 66)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=knob, outline=(0, 0, 0))
    pos = int(rng.integers(n)) if on else 0
    a = math.radians(135 + sweep * pos / max(n - 1, 1))
    draw.line((cx, cy, cx + r * 0.85 * math.cos(a), cy + r * 0.85 * math.sin(a)), fill=(230, 40, 30),
              width=max(2, int(r / 6)))
    # display and programme
    dx0 = max(W * 0.36, cx + r * 1.55 + widest / 2 + 6)
    dx1 = dx0 + W * 0.28
    if programme:
        draw_fitted(draw, programme, (dx0, H * 0.06, dx1, H * 0.28), "sans-bold", fill=ink)
    disp = lcd_display(display, on=on, size=(max(16, int(dx1 - dx0)), max(16, int(H * 0.55))))
    img.paste(Image.fromarray(disp), (int(dx0), int(H * 0.32)))
    # buttons
    bx = W * 0.68
    bwid = (W * 0.97 - bx) / len(buttons)
    for k, lab in enumerate(buttons):
        x0 = bx + k * bwid + bwid * 0.08
        x1 = bx + (k + 1) * bwid - bwid * 0.08
        draw.rounded_rectangle((x0, H * 0.4, x1, H * 0.85), radius=H * 0.06, fill=knob, outline=(0, 0, 0))
        draw_fitted(draw, lab, (x0 + 3, H * 0.5, x1 - 3, H * 0.75), "sans-bold", fill=bg)
    led = (60, 230, 80) if on else (50, 60, 50)
    draw.ellipse((bx + bwid * 0.1, H * 0.14, bx + bwid * 0.1 + H * 0.12, H * 0.26), fill=led)
    return as_rgb_array(img)


def screen_desktop(*, seed: int = 0, size=(512, 320), on: bool = True) -> np.ndarray:
    """A computer screen: when ``on``, a desktop wallpaper (gradient and hills), a taskbar with icons and a clock,
    and two or three overlapping application windows (title bar with close buttons, a text document, a chart or a
    file list); when off, a near-black glass with a faint reflection.

    Raises:
        ValueError: a bad size or seed.
    """
    fn = "screen_desktop"
    rng = print_rng(seed, fn)
    img, draw = new_canvas(fn, size, (8, 9, 11))
    W, H = img.size
    if not on:
        for k in range(int(W * 0.6)):
            x = W * 0.2 + k
            draw.line((x, 0, x - H * 0.5, H), fill=(14, 15, 18))
        return as_rgb_array(img)
    top = np.array(rng.integers(20, 120, 3), float)
    bot = np.array(rng.integers(100, 230, 3), float)
    t = np.linspace(0, 1, H)[:, None, None]
    img.paste(Image.fromarray((top * (1 - t) + bot * t).astype(np.uint8).repeat(W, axis=1)))
    draw = ImageDraw.Draw(img)
    hill = tuple(int(c) for c in (bot * 0.55))
    draw.polygon([(0, H * 0.75)] + [(x, H * 0.72 - H * 0.08 * math.sin(x / W * 5 + 1)) for x in range(0, W + 8, 8)]
                 + [(W, H), (0, H)], fill=hill)
    bar = max(12, H // 14)
    draw.rectangle((0, H - bar, W, H), fill=(30, 32, 38))
    for k in range(5):
        x = bar * 0.3 + k * bar * 1.2
        c = tuple(int(v) for v in rng.integers(60, 240, 3))
        draw.rounded_rectangle((x, H - bar * 0.85, x + bar * 0.75, H - bar * 0.15), radius=bar * 0.15, fill=c)
    draw_fitted(draw, f"{int(rng.integers(7, 19)):02d}:{int(rng.integers(0, 60)):02d}",
         (W - bar * 3.5, H - bar * 0.9, W - bar * 0.3, H - bar * 0.1), "sans", fill=(230, 230, 230))
    nwin = int(rng.integers(2, 4))
    titles = ["Report.odt", "Budget", "Inbox", "Photos", "Notes", "Calendar", "Files"]
    for k in range(nwin):
        w = W * rng.uniform(0.45, 0.62)
        h = (H - bar) * rng.uniform(0.5, 0.7)
        x = rng.uniform(0.02, 0.98) * (W - w)
        y = rng.uniform(0.02, 0.9) * (H - bar - h)
        draw.rectangle((x + 3, y + 3, x + w + 3, y + h + 3), fill=(0, 0, 0))
        draw.rectangle((x, y, x + w, y + h), fill=(248, 248, 246), outline=(90, 90, 96))
        tb = max(10, H // 18)
        tcol = tuple(int(v) for v in rng.integers(40, 140, 3))
        draw.rectangle((x, y, x + w, y + tb), fill=tcol)
        for j, c in enumerate(((230, 80, 70), (240, 190, 60), (90, 190, 90))):
            draw.ellipse((x + w - tb * (1 + j) + 2, y + 2, x + w - tb * j - 2, y + tb - 2), fill=c)
        draw_fitted(draw, titles[int(rng.integers(len(titles)))], (x + 4, y + 1, x + w * 0.6, y + tb - 1), "sans-bold",
             align="left", fill=(255, 255, 255))
        kind = int(rng.integers(3))
        if kind == 0:   # document lines
            yy = y + tb + 6
            while yy < y + h - 6:
                draw.rectangle((x + 8, yy, x + 8 + (w - 16) * rng.uniform(0.5, 1.0), yy + max(2, tb // 4)),
                               fill=(120, 120, 126))
                yy += max(5, tb // 2)
        elif kind == 1:  # bar chart
            nb = 6
            for j in range(nb):
                bh = (h - tb - 16) * rng.uniform(0.2, 0.9)
                bx0 = x + 10 + j * (w - 20) / nb
                draw.rectangle((bx0, y + h - 8 - bh, bx0 + (w - 20) / nb * 0.7, y + h - 8),
                               fill=tuple(int(v) for v in rng.integers(40, 220, 3)))
        else:            # file list
            yy = y + tb + 5
            f = font(max(6, tb // 2 + 1), "sans")
            j = 0
            while yy < y + h - tb * 0.6:
                draw.rectangle((x + 8, yy + 1, x + 8 + tb * 0.5, yy + tb * 0.5), fill=(230, 190, 80))
                draw.text((x + 14 + tb * 0.5, yy - 1), f"document_{j + 1}.txt", font=f, fill=(40, 40, 44))
                yy += tb * 0.75
                j += 1
    return as_rgb_array(img)


# name -> generator (listed by texturekit.describe())
SCREENS = {"lcd_display": lcd_display, "control_panel": control_panel, "screen_desktop": screen_desktop}
