"""Texture kit (world/assets/texturekit*.py): procedural textures are (H, W, 3) uint8, deterministic per seed and tileable
(the wrap-around seam differs no more than neighbouring interior columns and rows do, a check a non-periodic image
fails); printed artwork has the asked size, is deterministic, carries a valid EAN-13 barcode encoding, matches the
carton's wall layout and is legible to Tesseract; describe() lists every generator, variant and file."""
from __future__ import annotations

import shutil

import numpy as np
import pytest

from interactiveworld.world.assets import meshkit_packaging as mp
from interactiveworld.world.assets import texturekit as tk
from interactiveworld.world.assets import texturekit_print as tp
from interactiveworld.world.assets import texturekit_screens as ts
from interactiveworld.world.assets.dress import text_page


def _seam_ok(img: np.ndarray) -> bool:
    """Is the wrap-around seam like an interior step, along x and along y? Mean absolute step per column pair:
    the seam (last column to first) must not exceed the largest interior step by more than 10 % + 1 level."""
    a = img.astype(np.float64)
    for b in (a, a.transpose(1, 0, 2)):
        inner = np.abs(np.diff(b, axis=1)).mean(axis=(0, 2))
        seam = np.abs(b[:, 0] - b[:, -1]).mean()
        if seam > 1.1 * inner.max() + 1.0:
            return False
    return True


@pytest.mark.parametrize("name", sorted(tk.VARIANTS))
def test_procedural_texture_is_tileable_and_deterministic(name):
    img = tk.texture(name, 128, seed=3)
    assert img.shape == (128, 128, 3) and img.dtype == np.uint8
    assert _seam_ok(img), name
    assert np.array_equal(img, tk.texture(name, 128, seed=3))
    assert img.std() > 0.3          # not a flat fill


@pytest.mark.parametrize("name", sorted(tk.PROCEDURAL))
def test_seed_changes_the_texture(name):
    assert not np.array_equal(tk.texture(name, 128, seed=1), tk.texture(name, 128, seed=2))


def test_seam_check_rejects_a_non_periodic_image():
    rng = np.random.default_rng(0)
    field = tk.periodic_noise(256, rng, 20.0)[:128, :128]          # a crop: periodic on 256, not on 128
    img = np.clip(128 + 40 * field, 0, 255).astype(np.uint8)[..., None].repeat(3, axis=2)
    assert not _seam_ok(img)
    ramp = np.linspace(0, 255, 128).astype(np.uint8)[None, :, None].repeat(128, 0).repeat(3, 2)
    assert not _seam_ok(ramp)


def test_periodic_noise_statistics():
    f = tk.periodic_noise(128, np.random.default_rng(1), 4.0, stretch=(20.0, 0.5))
    assert abs(f.mean()) < 1e-9 and f.std() == pytest.approx(1.0)
    # streaks along x: neighbours along x agree far more than neighbours along y
    dx = np.abs(np.diff(f, axis=1)).mean()
    dy = np.abs(np.diff(f, axis=0)).mean()
    assert dx < 0.3 * dy


def test_cell_noise_wraps_around():
    f1, f2, ids = tk.cell_noise(64, np.random.default_rng(0), 8)
    assert np.all(f2 >= f1) and f1.max() < 64 / 8 * 1.5
    assert len(np.unique(ids)) == 64


def test_sizes_are_validated():
    with pytest.raises(ValueError, match="size"):
        tk.wood(100)
    with pytest.raises(ValueError, match="size"):
        tk.wood(1024)
    with pytest.raises(ValueError, match="seed"):
        tk.wood(128, seed=1.5)
    with pytest.raises(ValueError, match="species"):
        tk.wood(128, species="plywood")
    with pytest.raises(ValueError, match="unknown name"):
        tk.texture("chrome")
    with pytest.raises(ValueError, match="tone"):
        tk.concrete(128, tone=(300, 0, 0))


# ---------------------------------------------------------------------------------------------------------------
# printed artwork and displays
# ---------------------------------------------------------------------------------------------------------------

PRINT_CASES = {
    "product_label": (lambda s: tp.product_label("Fizzo", "Lemon Soda", seed=s, detail="330 ml"), (256, 512)),
    "carton_print": (lambda s: tp.carton_print(0.07, 0.07, 0.19, "Dairy", "Whole Milk", seed=s), (347, 512)),
    "bag_print": (lambda s: tp.bag_print("Crunchy", "Sea Salt", seed=s), (384, 512)),
    "box_front": (lambda s: tp.box_front("Morning", "Corn Flakes", seed=s), (360, 256)),
    "book_cover": (lambda s: tp.book_cover("The Quiet Harbour", "Anna Lind", seed=s), (384, 256)),
    "book_spine": (lambda s: tp.book_spine("The Quiet Harbour", "Anna Lind", seed=s), (384, 40)),
    "magazine_cover": (lambda s: tp.magazine_cover("Home", seed=s), (340, 256)),
    "sign": (lambda s: tp.sign("EXIT", kind="exit", seed=s), (128, 384)),
    "price_tag": (lambda s: tp.price_tag(2.49, "Bananas", seed=s), (128, 256)),
    "lcd_display": (lambda s: ts.lcd_display("12:30"), (96, 256)),
    "control_panel": (lambda s: ts.control_panel("oven", display="12:30", programme="Fan bake", seed=s), (128, 512)),
    "screen_desktop": (lambda s: ts.screen_desktop(seed=s), (320, 512)),
}


def test_every_print_generator_has_a_case():
    assert set(PRINT_CASES) == set(tp.PRINTS) | set(ts.SCREENS)


@pytest.mark.parametrize("name", sorted(PRINT_CASES))
def test_print_size_and_determinism(name):
    make, (h, w) = PRINT_CASES[name]
    img = make(4)
    assert img.shape == (h, w, 3) and img.dtype == np.uint8
    assert np.array_equal(img, make(4))
    assert len(np.unique(img.reshape(-1, 3), axis=0)) >= 3      # something is drawn on the ground


def test_ean13_check_digits():
    assert tp.ean13("400638133393") == "4006381333931"     # GS1 / Wikipedia example
    assert tp.ean13("590123412345") == "5901234123457"
    with pytest.raises(ValueError, match="12 decimal digits"):
        tp.ean13("12345")
    with pytest.raises(ValueError, match="check digit"):
        tp.ean13_modules("4006381333932")


def test_ean13_module_structure():
    code = "4006381333931"
    m = tp.ean13_modules(code)
    assert len(m) == 95 and m[:3] == "101" and m[45:50] == "01010" and m[-3:] == "101"
    left = [m[3 + 7 * i: 10 + 7 * i] for i in range(6)]
    right = [m[50 + 7 * i: 57 + 7 * i] for i in range(6)]
    # L codes have an odd number of bars, G codes an even number; the pattern for first digit 4 is LGLLGG
    parity = "".join("L" if d.count("1") % 2 else "G" for d in left)
    assert parity == "LGLLGG"
    assert all(d[0] == "0" and d[-1] == "1" for d in left)       # left digits start with a space, end with a bar
    assert all(d[0] == "1" and d[-1] == "0" and d.count("1") % 2 == 0 for d in right)


def test_carton_print_folds_sit_on_the_wall_edges():
    w, d, h = 0.07, 0.05, 0.19
    img = tp.carton_print(w, d, h, "Dairy", "Milk", seed=1).astype(int)
    lay = mp.carton_label_layout(w, d)
    W = img.shape[1]
    bg = img[2, 2]
    for name in ("right", "back", "left"):
        x = int(round(lay[name][0] * W))
        col = img[:, max(0, x - 1): x + 2].reshape(-1, 3)
        # the fold line, 85 % of the background, runs down the wall edge
        assert np.any(np.all(np.abs(col - (bg * 0.85).astype(int)) <= 1, axis=1)), name


def test_segment_display_rejects_unshowable_text():
    with pytest.raises(ValueError, match="cannot show"):
        ts.lcd_display("12:3W")


def test_display_off_differs_from_on():
    on = ts.control_panel("washer", display="1:25", on=True, seed=1)
    off = ts.control_panel("washer", display="1:25", on=False, seed=1)
    assert np.mean(np.any(on != off, axis=2)) > 0.02


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
@pytest.mark.parametrize("make, words", [
    # a sign's text block right of its pictogram (Tesseract's page layout joins the two into one unreadable block)
    (lambda: tp.sign("Wet floor", kind="warning")[20:108, 120:372], ["WET", "FLOOR"]),
    (lambda: tp.sign("Meeting Room 2", kind="room"), ["MEETING", "ROOM"]),
    (lambda: tp.price_tag(2.49, "Bananas", seed=1), ["BANANAS", "2.49"]),
    (lambda: tp.book_cover("Quiet Harbour", "Anna Lind", seed=2), ["QUIET", "HARBOUR"]),
    (lambda: tp.product_label("Fizzo", "Lemon Soda", seed=1, size=(512, 256))[:, 128:384], ["LEMON", "SODA"]),
])
def test_printed_text_is_legible(make, words):
    import pytesseract
    from PIL import Image, ImageOps

    img = ImageOps.expand(Image.fromarray(np.ascontiguousarray(make())).convert("L"), border=16, fill=255)
    text = pytesseract.image_to_string(img, config="--psm 6").upper().replace(" ", "")
    for w in words:
        assert w in text, (w, text)


def test_describe_lists_everything():
    rows = tk.describe()
    names = {r["name"] for r in rows}
    assert set(tk.PROCEDURAL) <= names and set(tk.VARIANTS) <= names
    assert set(tp.PRINTS) <= names and set(ts.SCREENS) <= names
    assert {r["kind"] for r in rows} == {"procedural", "variant", "print", "file"}
    assert all(r["doc"] for r in rows)


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
@pytest.mark.parametrize("make", [
    lambda words: tp.product_label("Green Hill", "Olive Oil", seed=4, size=(512, 256), detail="500 ml", words=words),
    lambda words: tp.carton_print(0.07, 0.07, 0.19, "Farm Co", "Oat Drink", seed=9, detail="1 L", words=words),
    lambda words: tp.bag_print("Crunchy", "Sea Salt Crisps", seed=3, detail="150 g", words=words),
    lambda words: tp.price_tag(41.0, "Farm Olive Drink", seed=1, size=(512, 320), words=words),
    lambda words: text_page("OLIVE FARM", 3, size=(360, 512), words=words),
], ids=["product_label", "carton_print", "bag_print", "price_tag", "text_page"])
def test_wordless_prints_read_no_words(make):
    """``words=False`` keeps the colours, logo and barcode bars but Tesseract reads no word of 4 or more letters or
    digits (it reads stray 1-3 character tokens in the bars); the same print with words reads its product name."""
    import re

    import pytesseract
    from PIL import Image, ImageOps

    def tokens(img):
        im = ImageOps.expand(Image.fromarray(np.ascontiguousarray(img)).convert("L"), border=16, fill=255)
        text = " ".join(pytesseract.image_to_string(i, config=c) for i, c in
                        ((im, "--psm 6"), (im.resize((im.width * 2, im.height * 2)), "--psm 11")))
        return {t for t in re.split(r"[^A-Z0-9]+", text.upper()) if len(t) >= 4}

    assert tokens(make(True)) & {"OLIVE", "DRINK", "CRISPS", "SALT", "FARM", "GREEN", "HILL", "CRUNCHY"}
    assert tokens(make(False)) == set()
    assert make(False).shape == make(True).shape


def test_empty_texts_raise_only_when_printed():
    with pytest.raises(ValueError, match="brand"):
        tp.product_label("", "Oil")
    assert tp.product_label("", "", size=(128, 64), words=False).shape == (64, 128, 3)
    with pytest.raises(ValueError, match="item"):
        tp.price_tag(1.0, "")
    assert tp.price_tag(1.0, "", size=(128, 64), words=False).shape == (64, 128, 3)
