"""Parameter tables of the generator families (:mod:`.families`): one row per object category, with its real
size [m], the family that draws it, surface kinds, colour palette, printed texts and affordances.

Sizes are everyday measurements (a 75 cl wine bottle is 0.3 m tall and 7.5 cm across; a tea towel folded is about
0.25 x 0.18 m). Colours are linear RGB in [0, 1]. Categories come from domestic, office, retail, school,
hospitality and leisure life; a row's ``variants`` is how many visual variants it has (palette colour, print seed,
proportions).
"""
from __future__ import annotations

__all__ = ["PALETTES", "FAMILY_ROWS", "rows_of"]

PALETTES: dict[str, list[tuple[float, float, float]]] = {
    "bright": [(0.8, 0.1, 0.08), (0.05, 0.25, 0.7), (0.95, 0.6, 0.05), (0.1, 0.5, 0.15), (0.5, 0.1, 0.55),
               (0.9, 0.9, 0.88)],
    "ceramic": [(0.92, 0.91, 0.88), (0.1, 0.25, 0.55), (0.7, 0.3, 0.15), (0.25, 0.45, 0.35), (0.85, 0.75, 0.55),
                (0.15, 0.15, 0.16)],
    "glass": [(0.75, 0.88, 0.9), (0.55, 0.75, 0.6), (0.6, 0.45, 0.25), (0.85, 0.85, 0.9), (0.4, 0.55, 0.8)],
    "metal": [(0.62, 0.64, 0.66), (0.72, 0.56, 0.3), (0.5, 0.5, 0.52), (0.8, 0.8, 0.82), (0.55, 0.35, 0.25)],
    "wood": [(0.55, 0.38, 0.22), (0.76, 0.6, 0.4), (0.35, 0.22, 0.12), (0.65, 0.48, 0.3), (0.8, 0.7, 0.55)],
    "caps": [(0.85, 0.1, 0.1), (0.1, 0.3, 0.8), (0.95, 0.95, 0.95), (0.1, 0.1, 0.1), (0.9, 0.7, 0.1),
             (0.1, 0.55, 0.2)],
    "fabric": [(0.1, 0.2, 0.5), (0.7, 0.1, 0.12), (0.25, 0.5, 0.3), (0.85, 0.8, 0.7), (0.2, 0.2, 0.22),
               (0.9, 0.5, 0.6)],
    "pastel": [(0.9, 0.7, 0.75), (0.7, 0.85, 0.9), (0.85, 0.9, 0.7), (0.95, 0.88, 0.65), (0.8, 0.75, 0.9)],
    "dark": [(0.12, 0.12, 0.13), (0.35, 0.36, 0.38), (0.85, 0.85, 0.86), (0.1, 0.15, 0.3), (0.45, 0.1, 0.1)],
    "paper": [(0.95, 0.94, 0.9), (0.9, 0.85, 0.65), (0.75, 0.85, 0.95), (0.95, 0.8, 0.85), (0.85, 0.95, 0.8)],
    "leather": [(0.35, 0.2, 0.1), (0.12, 0.1, 0.1), (0.55, 0.35, 0.2), (0.45, 0.1, 0.1), (0.25, 0.2, 0.15)],
}
"""Named colour palettes (linear RGB) a row's ``variant`` cycles through."""


def _row(family: str, kind: str, category: str, size, **kw) -> dict:
    return {"family": family, "kind": kind, "category": category, "size": tuple(float(s) for s in size), **kw}


def V(kind, category, r, h, profile, surface="glossy", palette="ceramic", extras=(), container=False, **kw):
    """A vessel-family row: radius ``r`` and height ``h`` [m] of the widest part, a lathe ``profile``."""
    return _row("vessel", kind, category, (2 * r, 2 * r, h), profile=profile, surface=surface, palette=palette,
                extras=tuple(extras), container=container, **kw)


def B(kind, category, h, d, brand, product, detail=None, palette="glass", surface="glass", neck=0.35,
      shoulder=0.55, **kw):
    """A bottle-family row: height ``h`` and body diameter ``d`` [m]; neck diameter as a fraction of ``d``."""
    return _row("bottle", kind, category, (d, d, h), brand=brand, product=product, detail=detail, palette=palette,
                surface=surface, neck=neck, shoulder=shoulder, **kw)


def C(kind, category, d, h, brand, product, detail=None, **kw):
    """A can-family row: diameter ``d`` and height ``h`` [m]."""
    return _row("can", kind, category, (d, d, h), brand=brand, product=product, detail=detail, **kw)


def K(kind, category, size, brand, product, detail=None, **kw):
    """A printed-box row (cereal, tea, tissues): ``size`` (depth x, width y, height z) [m]."""
    return _row("box", kind, category, size, brand=brand, product=product, detail=detail, **kw)


def G(kind, category, size, brand, product, detail=None, **kw):
    """A gable-carton row."""
    return _row("carton", kind, category, size, brand=brand, product=product, detail=detail, **kw)


def P(kind, category, size, brand, product, **kw):
    """A pillow-bag row (crisps, coffee, frozen peas)."""
    return _row("bag", kind, category, size, brand=brand, product=product, **kw)


def F(kind, category, size, form, colours, **kw):
    """A produce row: ``form`` names a mesh-kit fruit or vegetable (or ``blob``/``long``), ``colours`` the
    variants' skin colours."""
    return _row("produce", kind, category, size, form=form, palette=list(colours), **kw)


def T(kind, category, length, width, thick, head, handle="plastic", palette="bright", **kw):
    """A tool row (long things lying along x): ``head`` style and ``handle`` style."""
    return _row("tool", kind, category, (length, width, thick), head=head, handle=handle, palette=palette, **kw)


def D(kind, category, size, face, palette="dark", surface="plastic", **kw):
    """A gadget row: a rounded body with a ``face`` (``screen``, ``lcd``, ``keys``, ``grille``, ``dial``,
    ``print``, ``plain``) on top or front."""
    return _row("gadget", kind, category, size, face=face, palette=palette, surface=surface, **kw)


def L(kind, category, size, art, title="", palette="paper", **kw):
    """A flat-things row (books, paper, cards): ``art`` is ``book``, ``page``, ``magazine``, ``card``,
    ``notebook``, ``envelope`` or ``board``."""
    return _row("flat", kind, category, size, art=art, title=title, palette=palette, **kw)


def X(kind, category, size, form, palette="fabric", **kw):
    """A textile row: ``form`` ``folded`` (stacked soft layers), ``flat`` (a crumpled cloth) or ``roll``."""
    return _row("textile", kind, category, size, form=form, palette=palette, **kw)


def S(kind, category, d, pattern, palette="bright", **kw):
    """A ball row: diameter ``d`` [m] and a panel ``pattern`` (``stripes``, ``seams``, ``panels``, ``plain``)."""
    return _row("ball", kind, category, (d, d, d), pattern=pattern, palette=palette, **kw)


def Y(kind, category, size, form, palette="bright", **kw):
    """A baked-goods or prepared-food row: ``form`` ``bagel``, ``cookie``, ``cake_slice``, ``loaf``, ``roll``,
    ``muffin``, ``sandwich``, ``croissant``, ``bar``."""
    return _row("bakery", kind, category, size, form=form, palette=palette, **kw)


FAMILY_ROWS: list[dict] = [
    # ---- vessels: tableware, cookware, decor, leisure ----
    V("teacup", "kitchenware", 0.045, 0.065, "teacup", extras=("handle",), container=True),
    V("espresso_cup", "kitchenware", 0.032, 0.055, "mug", extras=("handle",), container=True),
    V("coffee_mug", "kitchenware", 0.042, 0.105, "mug", extras=("handle",), container=True),
    V("travel_mug", "kitchenware", 0.04, 0.17, "tumbler", surface="metal", palette="metal", container=True),
    V("tumbler", "kitchenware", 0.037, 0.1, "tumbler", surface="glass", palette="glass", container=True),
    V("wine_glass", "kitchenware", 0.045, 0.2, "goblet", surface="glass", palette="glass", container=True),
    V("champagne_flute", "kitchenware", 0.03, 0.22, "flute", surface="glass", palette="glass", container=True),
    V("pint_glass", "kitchenware", 0.043, 0.15, "pint", surface="glass", palette="glass", container=True),
    V("shot_glass", "kitchenware", 0.025, 0.06, "shot", surface="glass", palette="glass", container=True),
    V("cereal_bowl", "kitchenware", 0.08, 0.065, "bowl", container=True),
    V("soup_bowl", "kitchenware", 0.1, 0.06, "bowl", container=True),
    V("salad_bowl", "kitchenware", 0.14, 0.1, "deep_bowl", surface="wood", palette="wood", container=True),
    V("mixing_bowl", "kitchenware", 0.13, 0.11, "deep_bowl", surface="metal", palette="metal", container=True),
    V("serving_dish", "kitchenware", 0.14, 0.05, "dish", container=True),
    V("ramekin", "kitchenware", 0.045, 0.045, "ramekin", container=True),
    V("saucepan", "cookware", 0.09, 0.1, "pot", surface="metal", palette="metal", container=True),
    V("stockpot", "cookware", 0.13, 0.22, "pot", surface="metal", palette="metal", container=True),
    V("wok", "cookware", 0.17, 0.09, "wok", surface="metal", palette="dark", container=True),
    V("casserole_dish", "cookware", 0.12, 0.11, "pot", surface="painted", palette="bright", container=True),
    V("cake_tin", "cookware", 0.11, 0.07, "ramekin", surface="metal", palette="metal", container=True),
    V("colander", "cookware", 0.12, 0.1, "colander", surface="metal", palette="metal", container=True),
    V("bucket", "cleaning", 0.14, 0.26, "bucket", surface="plastic", palette="bright", container=True),
    V("flower_pot", "plant", 0.08, 0.14, "flowerpot", surface="matte", palette=[(0.6, 0.25, 0.12),
                                                                             (0.85, 0.85, 0.8),
                                                                             (0.2, 0.3, 0.25)], container=True),
    V("planter", "plant", 0.12, 0.2, "planter", surface="matte", palette="ceramic", container=True),
    V("vase", "decor", 0.07, 0.26, "vase", surface="glossy", palette="ceramic"),
    V("amphora_vase", "decor", 0.09, 0.3, "amphora", palette="ceramic"),
    V("bud_vase", "decor", 0.035, 0.16, "bud_vase", surface="glass", palette="glass"),
    V("mason_jar", "kitchenware", 0.045, 0.14, "jar", surface="glass", palette="glass", extras=("knob",),
      trim_surface="metal", trim=(0.7, 0.6, 0.3)),
    V("cookie_jar", "kitchenware", 0.09, 0.22, "cookie_jar", extras=("knob",)),
    V("sugar_bowl", "kitchenware", 0.055, 0.08, "sugar_bowl", extras=("knob",)),
    V("teapot", "kitchenware", 0.085, 0.16, "teapot", extras=("handle", "spout", "knob")),
    V("coffee_pot", "kitchenware", 0.07, 0.22, "jar", surface="metal", palette="metal", extras=("handle", "spout")),
    V("milk_jug", "kitchenware", 0.05, 0.12, "vase", extras=("handle",)),
    V("gravy_boat", "kitchenware", 0.06, 0.07, "dish", extras=("handle", "spout")),
    V("pillar_candle", "decor", 0.035, 0.12, "candle", surface="matte", palette="pastel", extras=("wick",)),
    V("tealight", "decor", 0.02, 0.016, "candle", surface="matte", palette="pastel", extras=("wick",)),
    V("candle_holder", "decor", 0.04, 0.1, "trophy", surface="metal", palette="metal"),
    V("piggy_bank", "toy", 0.06, 0.12, "piggy", palette="pastel"),
    V("table_lamp_shade", "decor", 0.12, 0.18, "lampshade", surface="fabric", palette="paper"),
    V("hourglass", "decor", 0.04, 0.14, "hourglass", surface="glass", palette="glass"),
    V("trophy", "leisure", 0.06, 0.22, "trophy", surface="metal", palette="metal"),
    V("chess_pawn", "toy", 0.016, 0.05, "chess", surface="glossy", palette="dark"),
    V("chess_king", "toy", 0.02, 0.095, "chess", surface="glossy", palette="dark"),
    V("hand_bell", "school", 0.04, 0.11, "bell", surface="metal", palette="metal"),
    V("spinning_top", "toy", 0.035, 0.07, "spinning_top", palette="bright"),
    V("traffic_cone", "leisure", 0.12, 0.3, "cone", surface="matte", palette=[(0.95, 0.35, 0.02)]),
    V("lipstick", "toiletry", 0.01, 0.075, "lipstick", palette=[(0.7, 0.05, 0.1), (0.9, 0.3, 0.4),
                                                               (0.5, 0.1, 0.2)]),
    V("salt_shaker", "kitchenware", 0.022, 0.08, "salt_shaker", surface="glass", palette="glass"),
    V("pepper_mill", "kitchenware", 0.028, 0.2, "pepper_mill", surface="wood", palette="wood"),
    V("rolling_pin", "kitchenware", 0.03, 0.42, "rolling_pin", surface="wood", palette="wood", lying=True),
    V("dumbbell", "sports", 0.045, 0.3, "dumbbell", surface="metal", palette="dark", lying=True),
    V("thread_spool", "office", 0.018, 0.05, "spool", surface="matte", palette="bright"),
    V("birthday_cake", "food", 0.11, 0.09, "cake", surface="matte", palette="pastel"),
    V("cheese_wheel", "food", 0.1, 0.08, "cheese_wheel", surface="matte",
      palette=[(0.95, 0.75, 0.25), (0.9, 0.88, 0.8), (0.85, 0.3, 0.1)]),
    V("hockey_puck", "sports", 0.038, 0.025, "puck", surface="matte", palette="dark"),
    V("frisbee", "sports", 0.135, 0.03, "frisbee", surface="plastic", palette="bright"),
    V("cake_dome", "kitchenware", 0.14, 0.16, "dome", surface="glass", palette="glass"),
    V("light_bulb", "household", 0.03, 0.11, "bulb", surface="glass", palette=[(0.95, 0.95, 0.9)]),
    V("acorn", "leisure", 0.012, 0.03, "acorn", surface="matte", palette="wood"),
    V("pie_dish", "cookware", 0.12, 0.04, "dish", surface="glossy", container=True),
    V("plant_saucer", "plant", 0.1, 0.025, "dish", surface="matte", palette=[(0.6, 0.25, 0.12)], container=True),
    V("dog_bowl", "pet", 0.1, 0.06, "ramekin", surface="metal", palette="metal", container=True),
    V("ice_bucket", "kitchenware", 0.1, 0.2, "bucket", surface="metal", palette="metal", container=True),
    V("pen_cup", "office", 0.04, 0.1, "tumbler", surface="plastic", palette="dark", container=True),
    V("waste_basket", "household", 0.13, 0.28, "bucket", surface="plastic", palette="dark", container=True),
    V("measuring_cup", "kitchenware", 0.05, 0.1, "tumbler", surface="glass", palette="glass", extras=("handle",),
      container=True),

    # ---- bottles ----
    B("wine_bottle", "drink", 0.3, 0.075, "Chateau Rouge", "Red Wine", "75 cl", neck=0.38, shoulder=0.62),
    B("white_wine_bottle", "drink", 0.31, 0.075, "Vallee", "White Wine", "75 cl", neck=0.38, shoulder=0.62,
      palette=[(0.75, 0.85, 0.55), (0.85, 0.9, 0.8)]),
    B("beer_bottle", "drink", 0.23, 0.062, "Hopfield", "Lager", "33 cl", neck=0.4, shoulder=0.55),
    B("soda_bottle", "drink", 0.3, 0.09, "Fizzo", "Orange Soda", "1.5 L", surface="plastic", neck=0.3),
    B("olive_oil_bottle", "food", 0.28, 0.065, "Green Hill", "Olive Oil", "500 ml", neck=0.35, shoulder=0.6),
    B("vinegar_bottle", "food", 0.24, 0.06, "Acetum", "Wine Vinegar", "500 ml"),
    B("ketchup_bottle", "food", 0.19, 0.065, "Redd", "Tomato Ketchup", "500 g", surface="plastic", neck=0.4,
      palette=[(0.7, 0.05, 0.03)]),
    B("soy_sauce_bottle", "food", 0.17, 0.05, "Umami", "Soy Sauce", "150 ml", palette=[(0.15, 0.08, 0.05)]),
    B("syrup_bottle", "food", 0.2, 0.06, "Maple Ridge", "Maple Syrup", "250 ml", palette=[(0.55, 0.3, 0.08)]),
    B("hot_sauce_bottle", "food", 0.14, 0.035, "Fuego", "Hot Sauce", "60 ml", palette=[(0.8, 0.15, 0.05)]),
    B("shampoo_bottle", "toiletry", 0.21, 0.065, "Silk", "Shampoo", "250 ml", surface="plastic", neck=0.5,
      shoulder=0.7, palette="pastel"),
    B("conditioner_bottle", "toiletry", 0.2, 0.06, "Silk", "Conditioner", "250 ml", surface="plastic", neck=0.5,
      shoulder=0.7, palette="pastel"),
    B("shower_gel_bottle", "toiletry", 0.2, 0.06, "Aqua", "Shower Gel", "250 ml", surface="plastic", neck=0.45,
      shoulder=0.7, palette="bright"),
    B("lotion_bottle", "toiletry", 0.18, 0.055, "Soft", "Body Lotion", "200 ml", surface="plastic", neck=0.45,
      shoulder=0.7, palette="paper"),
    B("dish_soap_bottle", "cleaning", 0.24, 0.06, "Sparkle", "Dish Soap", "500 ml", surface="plastic", neck=0.35,
      shoulder=0.7, palette=[(0.2, 0.6, 0.2), (0.9, 0.8, 0.1), (0.2, 0.4, 0.9)]),
    B("detergent_bottle", "cleaning", 0.28, 0.11, "Fresh", "Laundry Liquid", "2 L", surface="plastic", neck=0.3,
      palette="bright"),
    B("bleach_bottle", "cleaning", 0.27, 0.09, "Pure", "Bleach", "1 L", surface="plastic", neck=0.3,
      palette="paper"),
    B("milk_bottle", "drink", 0.2, 0.07, "Dairy Fresh", "Whole Milk", "1 pint", palette=[(0.95, 0.95, 0.93)]),
    B("juice_bottle", "drink", 0.22, 0.07, "Sunny Grove", "Apple Juice", "1 L", surface="plastic",
      palette=[(0.9, 0.65, 0.15), (0.95, 0.5, 0.05)]),
    B("sports_drink_bottle", "drink", 0.22, 0.068, "Boost", "Sports Drink", "500 ml", surface="plastic",
      palette="bright"),
    B("medicine_bottle", "medical", 0.09, 0.045, "Pharma", "Cough Syrup", "100 ml", palette=[(0.45, 0.25, 0.1)]),
    B("vitamin_jar", "medical", 0.1, 0.055, "Vita", "Vitamin C", "60 tabs", surface="plastic", neck=0.75,
      shoulder=0.75, palette="paper"),
    B("perfume_bottle", "toiletry", 0.1, 0.05, "Lumiere", "Eau de Parfum", "50 ml", neck=0.3, shoulder=0.75,
      palette="glass"),
    B("nail_polish", "toiletry", 0.07, 0.03, "Gloss", "Nail Polish", None, neck=0.35, shoulder=0.7,
      palette=[(0.8, 0.05, 0.15), (0.9, 0.4, 0.6), (0.1, 0.1, 0.4)]),
    B("hand_sanitizer", "toiletry", 0.16, 0.055, "Clean", "Hand Gel", "250 ml", surface="plastic", neck=0.45,
      shoulder=0.75, palette="glass"),
    B("spray_cleaner", "cleaning", 0.27, 0.08, "Shine", "Glass Cleaner", "750 ml", surface="plastic", neck=0.3,
      palette=[(0.3, 0.6, 0.95), (0.9, 0.9, 0.3)]),
    B("whisky_bottle", "drink", 0.29, 0.085, "Highland", "Single Malt", "70 cl", neck=0.3, shoulder=0.7,
      palette=[(0.6, 0.4, 0.15)]),
    B("sparkling_water_bottle", "drink", 0.26, 0.075, "Clear Spring", "Sparkling Water", "1 L", surface="plastic",
      palette="glass"),
    B("ink_bottle", "office", 0.07, 0.05, "Quill", "Blue Ink", "50 ml", neck=0.45, shoulder=0.7,
      palette=[(0.1, 0.15, 0.5)]),
    B("glue_bottle", "school", 0.13, 0.045, "Stik", "White Glue", "118 ml", surface="plastic", neck=0.35,
      shoulder=0.72, palette=[(0.95, 0.95, 0.92)]),

    # ---- cans ----
    C("soda_can", "drink", 0.066, 0.115, "Fizzo", "Cola", "330 ml"),
    C("beer_can", "drink", 0.066, 0.168, "Hopfield", "Pale Ale", "500 ml"),
    C("energy_drink_can", "drink", 0.053, 0.135, "Volt", "Energy", "250 ml"),
    C("tuna_can", "food", 0.085, 0.04, "Ocean", "Tuna Chunks", "160 g"),
    C("soup_can", "food", 0.075, 0.11, "Kettle", "Tomato Soup", "400 g"),
    C("bean_can", "food", 0.075, 0.11, "Harvest", "Baked Beans", "415 g"),
    C("tomato_can", "food", 0.075, 0.11, "Roma", "Chopped Tomatoes", "400 g"),
    C("coffee_tin", "food", 0.1, 0.13, "Roastery", "Ground Coffee", "500 g"),
    C("paint_can", "tool", 0.11, 0.12, "ColourPro", "Wall Paint", "1 L"),
    C("baby_formula_tin", "food", 0.1, 0.15, "Little", "Infant Formula", "800 g"),
    C("fruit_can", "food", 0.075, 0.11, "Orchard", "Peach Halves", "410 g"),
    C("corn_can", "food", 0.075, 0.11, "Harvest", "Sweet Corn", "340 g"),
    C("cat_food_can", "pet", 0.075, 0.045, "Whiskers", "Cat Food", "85 g"),
    C("spray_paint_can", "tool", 0.065, 0.2, "Spectra", "Spray Paint", "400 ml"),
    C("deodorant_can", "toiletry", 0.05, 0.15, "Breeze", "Deodorant", "150 ml"),
    C("shaving_foam_can", "toiletry", 0.055, 0.19, "Smooth", "Shaving Foam", "250 ml"),
    C("tennis_ball_tube", "sports", 0.075, 0.24, "Ace", "Tennis Balls", "x3"),
    C("cocoa_tin", "food", 0.09, 0.12, "Cocoa Co", "Hot Chocolate", "400 g"),

    # ---- printed boxes ----
    K("cereal_box", "food", (0.07, 0.19, 0.28), "Morning", "Corn Flakes", "500 g"),
    K("tea_box", "food", (0.07, 0.13, 0.08), "Leaf & Co", "English Breakfast", "40 bags"),
    K("cracker_box", "food", (0.05, 0.2, 0.12), "Crisp", "Crackers", "200 g"),
    K("pasta_box", "food", (0.06, 0.1, 0.24), "Pastaio", "Spaghetti", "500 g"),
    K("rice_box", "food", (0.06, 0.12, 0.18), "Paddy", "Long Grain Rice", "1 kg"),
    K("cake_mix_box", "food", (0.05, 0.15, 0.2), "Bake", "Chocolate Cake Mix", "400 g"),
    K("tissue_box", "toiletry", (0.12, 0.24, 0.09), "Soft", "Tissues", "100 sheets"),
    K("shoe_box", "clothing", (0.2, 0.33, 0.12), "Stride", "Running Shoes", "EU 42"),
    K("pizza_box", "food", (0.33, 0.33, 0.04), "Luigi", "Pizza", "12 in", lid_print=True),
    K("cookie_box", "food", (0.06, 0.2, 0.14), "Crumbs", "Butter Cookies", "300 g"),
    K("chocolate_box", "food", (0.03, 0.2, 0.15), "Cacao", "Pralines", "250 g"),
    K("toothpaste_box", "toiletry", (0.04, 0.2, 0.045), "Bright", "Toothpaste", "75 ml", lying=True),
    K("medicine_box", "medical", (0.03, 0.1, 0.06), "Pharma", "Pain Relief", "16 tablets"),
    K("matchbox", "household", (0.015, 0.05, 0.035), "Flame", "Safety Matches", None, lying=True),
    K("sugar_box", "food", (0.06, 0.1, 0.16), "Sweet", "Cane Sugar", "1 kg"),
    K("salt_box", "food", (0.05, 0.09, 0.14), "Sea", "Sea Salt", "750 g"),
    K("baking_soda_box", "food", (0.04, 0.09, 0.12), "Rise", "Baking Soda", "454 g"),
    K("detergent_box", "cleaning", (0.1, 0.25, 0.28), "Fresh", "Washing Powder", "2 kg"),
    K("dishwasher_tablets_box", "cleaning", (0.1, 0.2, 0.14), "Sparkle", "Dishwasher Tabs", "40 tabs"),
    K("gift_box", "leisure", (0.15, 0.15, 0.1), "Gift", "Happy Birthday", None),
    K("cigar_box", "leisure", (0.13, 0.22, 0.05), "Havana", "Cigars", None, lying=True),
    K("board_game_box", "toy", (0.3, 0.3, 0.07), "Funtime", "Treasure Hunt", "2-6 players", lying=True),
    K("puzzle_box", "toy", (0.26, 0.36, 0.06), "Piece", "Jigsaw Puzzle", "1000 pieces", lying=True),
    K("crayon_box", "school", (0.02, 0.1, 0.12), "Rainbow", "Crayons", "24 colours"),
    K("tea_light_box", "decor", (0.08, 0.16, 0.05), "Glow", "Tea Lights", "30 pack", lying=True),
    K("oatmeal_box", "food", (0.07, 0.14, 0.2), "Morning", "Rolled Oats", "1 kg"),
    K("pet_food_box", "pet", (0.09, 0.2, 0.3), "Happy Paws", "Dog Biscuits", "2 kg"),
    K("tissue_cube", "toiletry", (0.11, 0.11, 0.13), "Soft", "Tissues", "60 sheets"),
    K("envelope_box", "office", (0.12, 0.24, 0.16), "Mailer", "Envelopes", "100 DL"),
    K("printer_paper_ream", "office", (0.21, 0.3, 0.05), "Office", "Copy Paper A4", "500 sheets", lying=True),

    # ---- gable cartons ----
    G("orange_juice_carton", "drink", (0.07, 0.07, 0.22), "Sunny Grove", "Orange Juice", "1 L"),
    G("apple_juice_carton", "drink", (0.07, 0.07, 0.22), "Orchard", "Apple Juice", "1 L"),
    G("cream_carton", "drink", (0.055, 0.055, 0.12), "Dairy Fresh", "Double Cream", "300 ml"),
    G("soy_milk_carton", "drink", (0.07, 0.07, 0.22), "Bean", "Soy Drink", "1 L"),
    G("almond_milk_carton", "drink", (0.07, 0.07, 0.22), "Nutty", "Almond Drink", "1 L"),
    G("buttermilk_carton", "drink", (0.06, 0.06, 0.17), "Dairy Fresh", "Buttermilk", "500 ml"),
    G("stock_carton", "food", (0.07, 0.07, 0.2), "Kettle", "Vegetable Stock", "1 L"),
    G("egg_white_carton", "food", (0.06, 0.06, 0.16), "Farm Co", "Egg Whites", "500 ml"),
    G("chocolate_milk_carton", "drink", (0.06, 0.06, 0.17), "Dairy Fresh", "Chocolate Milk", "500 ml"),
    G("half_gallon_milk", "drink", (0.095, 0.095, 0.25), "Dairy Fresh", "Semi Skimmed", "2 L"),

    # ---- pillow bags ----
    P("paprika_crisps", "food", (0.07, 0.17, 0.24), "Crunchy", "Paprika Crisps"),
    P("cheese_puffs", "food", (0.07, 0.18, 0.26), "Puffy", "Cheese Puffs"),
    P("tortilla_chips", "food", (0.08, 0.2, 0.28), "Maiz", "Tortilla Chips"),
    P("pretzel_bag", "food", (0.07, 0.17, 0.24), "Knot", "Salted Pretzels"),
    P("coffee_bag", "food", (0.08, 0.12, 0.22), "Roastery", "Coffee Beans"),
    P("frozen_peas", "food", (0.05, 0.18, 0.25), "Frosty", "Garden Peas"),
    P("candy_bag", "food", (0.05, 0.14, 0.2), "Sugar Rush", "Fruit Gums"),
    P("nut_bag", "food", (0.05, 0.13, 0.18), "Nutty", "Salted Peanuts"),
    P("dried_fruit_bag", "food", (0.05, 0.13, 0.18), "Sun", "Dried Apricots"),
    P("popcorn_bag", "food", (0.08, 0.18, 0.26), "Pop", "Sweet Popcorn"),
    P("flour_bag", "food", (0.09, 0.13, 0.24), "Mill", "Plain Flour"),
    P("rice_bag", "food", (0.07, 0.14, 0.22), "Paddy", "Basmati Rice"),
    P("granola_bag", "food", (0.06, 0.15, 0.24), "Morning", "Honey Granola"),
    P("bird_seed_bag", "pet", (0.07, 0.16, 0.26), "Chirp", "Bird Seed"),
    P("potting_soil_bag", "plant", (0.1, 0.3, 0.4), "Green Thumb", "Potting Soil"),
    P("ice_bag", "food", (0.08, 0.22, 0.3), "Frosty", "Party Ice"),
    P("marshmallow_bag", "food", (0.06, 0.15, 0.22), "Fluff", "Marshmallows"),
    P("chocolate_bar", "food", (0.012, 0.08, 0.16), "Cacao", "Milk Chocolate", lying=True),
    P("granola_bar", "food", (0.02, 0.035, 0.12), "Morning", "Oat Bar", lying=True),

    # ---- produce ----
    F("pear", "food", (0.07, 0.07, 0.1), "pear", [(0.75, 0.75, 0.2), (0.55, 0.65, 0.15), (0.7, 0.45, 0.15)]),
    F("peach", "food", (0.07, 0.07, 0.065), "apple", [(0.95, 0.55, 0.3), (0.9, 0.4, 0.25)]),
    F("plum", "food", (0.045, 0.045, 0.05), "apple", [(0.35, 0.05, 0.25), (0.5, 0.1, 0.3)]),
    F("apricot", "food", (0.045, 0.045, 0.045), "apple", [(0.95, 0.6, 0.2)]),
    F("nectarine", "food", (0.065, 0.065, 0.06), "apple", [(0.85, 0.3, 0.15), (0.9, 0.5, 0.2)]),
    F("green_apple", "food", (0.075, 0.075, 0.07), "apple", [(0.45, 0.75, 0.2), (0.6, 0.8, 0.25)]),
    F("lime", "food", (0.055, 0.045, 0.045), "lemon", [(0.3, 0.6, 0.1)]),
    F("grapefruit", "food", (0.11, 0.11, 0.1), "orange", [(0.95, 0.65, 0.3), (0.95, 0.5, 0.35)]),
    F("mandarin", "food", (0.06, 0.06, 0.05), "orange", [(0.98, 0.5, 0.05)]),
    F("kiwi", "food", (0.065, 0.05, 0.05), "blob", [(0.45, 0.32, 0.15)]),
    F("mango", "food", (0.13, 0.09, 0.08), "blob", [(0.9, 0.6, 0.1), (0.6, 0.65, 0.15), (0.85, 0.3, 0.15)]),
    F("avocado", "food", (0.07, 0.07, 0.1), "pear", [(0.15, 0.25, 0.08), (0.25, 0.35, 0.1)]),
    F("banana", "food", (0.2, 0.08, 0.04), "banana", [(0.95, 0.8, 0.15), (0.7, 0.75, 0.2)]),
    F("carrot", "food", (0.18, 0.035, 0.035), "carrot", [(0.95, 0.45, 0.05)]),
    F("parsnip", "food", (0.2, 0.045, 0.045), "carrot", [(0.9, 0.85, 0.65)]),
    F("cucumber", "food", (0.25, 0.045, 0.045), "long", [(0.15, 0.4, 0.12)]),
    F("zucchini", "food", (0.22, 0.05, 0.05), "long", [(0.2, 0.45, 0.15), (0.8, 0.75, 0.2)]),
    F("eggplant", "food", (0.09, 0.09, 0.2), "pear", [(0.2, 0.05, 0.2)]),
    F("bell_pepper", "food", (0.08, 0.08, 0.09), "tomato", [(0.85, 0.08, 0.05), (0.2, 0.6, 0.1), (0.95, 0.75, 0.05)]),
    F("chili_pepper", "food", (0.1, 0.02, 0.02), "carrot", [(0.85, 0.08, 0.03), (0.2, 0.5, 0.1)]),
    F("garlic_bulb", "food", (0.055, 0.055, 0.05), "onion", [(0.95, 0.93, 0.88)]),
    F("red_onion", "food", (0.075, 0.075, 0.07), "onion", [(0.45, 0.1, 0.25)]),
    F("shallot", "food", (0.035, 0.035, 0.05), "onion", [(0.7, 0.45, 0.3)]),
    F("sweet_potato", "food", (0.16, 0.06, 0.055), "potato", [(0.6, 0.25, 0.15)]),
    F("beetroot", "food", (0.07, 0.07, 0.075), "onion", [(0.4, 0.05, 0.12)]),
    F("radish", "food", (0.03, 0.03, 0.035), "onion", [(0.85, 0.1, 0.2)]),
    F("turnip", "food", (0.08, 0.08, 0.08), "onion", [(0.9, 0.85, 0.9)]),
    F("coconut", "food", (0.12, 0.12, 0.12), "blob", [(0.35, 0.22, 0.1)]),
    F("cantaloupe", "food", (0.15, 0.15, 0.14), "orange", [(0.8, 0.7, 0.45)]),
    F("watermelon", "food", (0.3, 0.22, 0.22), "blob", [(0.15, 0.4, 0.1)]),
    F("pumpkin", "food", (0.25, 0.25, 0.18), "tomato", [(0.95, 0.45, 0.05), (0.9, 0.85, 0.75)]),
    F("cabbage", "food", (0.16, 0.16, 0.14), "blob", [(0.55, 0.75, 0.35), (0.45, 0.15, 0.4)]),
    F("cauliflower", "food", (0.15, 0.15, 0.13), "blob", [(0.95, 0.93, 0.85)]),
    F("broccoli", "food", (0.12, 0.12, 0.15), "blob", [(0.15, 0.4, 0.12)]),
    F("corn_cob", "food", (0.2, 0.05, 0.05), "long", [(0.95, 0.8, 0.2)]),
    F("cherry_tomato", "food", (0.028, 0.028, 0.026), "tomato", [(0.85, 0.1, 0.05), (0.95, 0.75, 0.05)]),
    F("strawberry", "food", (0.035, 0.035, 0.04), "berry", [(0.85, 0.05, 0.08)]),
    F("cherry", "food", (0.022, 0.022, 0.024), "apple", [(0.5, 0.02, 0.05)]),
    F("fig", "food", (0.045, 0.045, 0.055), "pear", [(0.3, 0.1, 0.25)]),
    F("pomegranate", "food", (0.09, 0.09, 0.085), "apple", [(0.65, 0.05, 0.1)]),
    F("ginger_root", "food", (0.1, 0.05, 0.03), "potato", [(0.8, 0.65, 0.4)]),
    F("leek", "food", (0.35, 0.04, 0.04), "long", [(0.8, 0.9, 0.7)]),
    F("walnut", "food", (0.035, 0.03, 0.03), "blob", [(0.6, 0.45, 0.25)]),
    F("peanut", "food", (0.03, 0.014, 0.013), "potato", [(0.8, 0.65, 0.4)]),
    F("quince", "food", (0.08, 0.08, 0.09), "pear", [(0.9, 0.8, 0.2)]),
    F("passion_fruit", "food", (0.06, 0.06, 0.065), "apple", [(0.35, 0.1, 0.25)]),
    F("papaya", "food", (0.22, 0.11, 0.1), "blob", [(0.95, 0.6, 0.15)]),
    F("artichoke", "food", (0.09, 0.09, 0.1), "berry", [(0.35, 0.45, 0.25)]),

    # ---- bakery and prepared food ----
    Y("bagel", "food", (0.1, 0.1, 0.035), "bagel", palette=[(0.75, 0.5, 0.2), (0.55, 0.35, 0.15)]),
    Y("cookie", "food", (0.07, 0.07, 0.012), "cookie", palette=[(0.8, 0.6, 0.3), (0.35, 0.2, 0.1)]),
    Y("cake_slice", "food", (0.12, 0.07, 0.08), "cake_slice", palette=[(0.95, 0.9, 0.8), (0.35, 0.2, 0.1)]),
    Y("baguette", "food", (0.6, 0.07, 0.06), "loaf", palette=[(0.8, 0.55, 0.25)]),
    Y("bread_roll", "food", (0.09, 0.09, 0.06), "roll", palette=[(0.8, 0.55, 0.25), (0.55, 0.35, 0.15)]),
    Y("cupcake", "food", (0.065, 0.065, 0.08), "muffin", palette="pastel"),
    Y("sandwich", "food", (0.11, 0.11, 0.045), "sandwich", palette=[(0.9, 0.8, 0.6)]),
    Y("croissant", "food", (0.14, 0.08, 0.05), "croissant", palette=[(0.85, 0.6, 0.25)]),
    Y("butter_block", "food", (0.1, 0.065, 0.035), "bar", palette=[(0.98, 0.9, 0.55)]),
    Y("tofu_block", "food", (0.1, 0.07, 0.04), "bar", palette=[(0.95, 0.93, 0.85)]),
    Y("waffle", "food", (0.11, 0.11, 0.02), "cookie", palette=[(0.85, 0.62, 0.3)]),
    Y("pancake", "food", (0.13, 0.13, 0.012), "cookie", palette=[(0.85, 0.65, 0.35)]),
    Y("sausage", "food", (0.14, 0.025, 0.025), "sausage", palette=[(0.6, 0.3, 0.2)]),
    Y("fish_fillet", "food", (0.18, 0.07, 0.02), "fillet", palette=[(0.95, 0.55, 0.45), (0.95, 0.95, 0.9)]),
    Y("sushi_roll", "food", (0.035, 0.035, 0.03), "sushi", palette=[(0.1, 0.15, 0.1)]),
    Y("hot_dog", "food", (0.17, 0.05, 0.045), "hot_dog", palette=[(0.85, 0.6, 0.3)]),
    Y("taco", "food", (0.14, 0.06, 0.07), "taco", palette=[(0.9, 0.75, 0.3)]),
    Y("candy_bar", "food", (0.12, 0.03, 0.015), "bar", palette=[(0.35, 0.2, 0.1)]),

    # ---- tools and utensils (lying along x) ----
    T("butter_knife", "kitchenware", 0.2, 0.02, 0.012, "round_blade", handle="steel", palette="metal"),
    T("steak_knife", "kitchenware", 0.23, 0.022, 0.014, "blade", handle="wood", palette="metal"),
    T("bread_knife", "kitchenware", 0.33, 0.035, 0.018, "blade", handle="plastic", palette="metal"),
    T("chef_knife", "kitchenware", 0.33, 0.05, 0.022, "blade", handle="plastic", palette="metal"),
    T("paring_knife", "kitchenware", 0.18, 0.02, 0.014, "blade", handle="plastic", palette="metal"),
    T("teaspoon", "kitchenware", 0.14, 0.028, 0.012, "spoon", handle="steel", palette="metal"),
    T("tablespoon", "kitchenware", 0.2, 0.04, 0.016, "spoon", handle="steel", palette="metal"),
    T("dessert_fork", "kitchenware", 0.17, 0.022, 0.012, "fork", handle="steel", palette="metal"),
    T("ladle", "kitchenware", 0.32, 0.09, 0.07, "ladle", handle="steel", palette="metal"),
    T("wooden_spoon", "kitchenware", 0.3, 0.055, 0.02, "spoon", handle="wood", palette="wood", head_surface="wood"),
    T("whisk", "kitchenware", 0.27, 0.06, 0.06, "whisk", handle="plastic", palette="dark"),
    T("tongs", "kitchenware", 0.24, 0.04, 0.025, "tongs", handle="steel", palette="metal"),
    T("peeler", "kitchenware", 0.17, 0.04, 0.015, "peeler", handle="plastic", palette="dark"),
    T("chopsticks", "kitchenware", 0.23, 0.02, 0.008, "chopsticks", handle="wood", palette="wood"),
    T("pizza_cutter", "kitchenware", 0.2, 0.07, 0.07, "wheel", handle="plastic", palette="dark"),
    T("potato_masher", "kitchenware", 0.26, 0.08, 0.03, "masher", handle="plastic", palette="dark"),
    T("basting_brush", "kitchenware", 0.22, 0.035, 0.015, "brush", handle="wood", palette="wood"),
    T("hammer", "tool", 0.3, 0.11, 0.03, "hammer", handle="wood", palette="metal"),
    T("wrench", "tool", 0.2, 0.05, 0.01, "wrench", handle="steel", palette="metal"),
    T("pliers", "tool", 0.18, 0.05, 0.015, "pliers", handle="plastic", palette="bright"),
    T("phillips_screwdriver", "tool", 0.22, 0.03, 0.03, "shaft", handle="fluted", palette="bright"),
    T("chisel", "tool", 0.24, 0.03, 0.028, "chisel", handle="wood", palette="wood"),
    T("hand_saw", "tool", 0.5, 0.12, 0.03, "saw", handle="plastic", palette="bright"),
    T("paintbrush", "tool", 0.24, 0.05, 0.018, "brush", handle="wood", palette="wood"),
    T("putty_knife", "tool", 0.22, 0.06, 0.02, "turner", handle="plastic", palette="bright"),
    T("tape_measure_blade", "tool", 0.12, 0.025, 0.01, "ruler", handle="plastic", palette="bright"),
    T("toothbrush", "toiletry", 0.19, 0.015, 0.02, "toothbrush", handle="plastic", palette="bright"),
    T("hairbrush", "toiletry", 0.23, 0.06, 0.035, "hairbrush", handle="plastic", palette="dark"),
    T("comb", "toiletry", 0.18, 0.03, 0.004, "comb", handle="plastic", palette="dark"),
    T("razor", "toiletry", 0.15, 0.04, 0.02, "razor", handle="plastic", palette="bright"),
    T("pencil", "school", 0.18, 0.008, 0.008, "pencil", handle="pencil", palette=[(0.95, 0.75, 0.1)]),
    T("crayon", "school", 0.09, 0.009, 0.009, "crayon", handle="crayon", palette="bright"),
    T("highlighter", "office", 0.12, 0.02, 0.018, "marker", handle="cap", palette=[(0.95, 0.95, 0.1),
                                                                                   (0.2, 0.9, 0.3),
                                                                                   (0.95, 0.4, 0.7)]),
    T("ballpoint_pen", "office", 0.14, 0.01, 0.01, "marker", handle="cap", palette="dark"),
    T("fountain_pen", "office", 0.14, 0.014, 0.014, "nib", handle="cap", palette="dark"),
    T("ruler", "school", 0.3, 0.035, 0.003, "ruler", handle="none", palette=[(0.95, 0.9, 0.6), (0.8, 0.9, 0.95)]),
    T("scissors", "office", 0.2, 0.08, 0.012, "scissors", handle="plastic", palette="bright"),
    T("letter_opener", "office", 0.22, 0.02, 0.006, "round_blade", handle="steel", palette="metal"),
    T("chalk_stick", "school", 0.08, 0.01, 0.01, "crayon", handle="crayon", palette=[(0.97, 0.97, 0.95)]),
    T("glue_stick", "school", 0.1, 0.025, 0.025, "marker", handle="cap", palette="bright"),
    T("flashlight", "household", 0.2, 0.045, 0.045, "torch", handle="plastic", palette="dark"),
    T("baton", "leisure", 0.3, 0.03, 0.03, "marker", handle="cap", palette="bright"),
    T("drumstick", "leisure", 0.4, 0.015, 0.015, "pencil", handle="wood", palette="wood"),
    T("fishing_float", "leisure", 0.1, 0.025, 0.025, "marker", handle="cap", palette="bright"),
    T("tooth_floss_pick", "toiletry", 0.08, 0.012, 0.004, "ruler", handle="plastic", palette="bright"),
    T("cake_server", "kitchenware", 0.25, 0.06, 0.015, "turner", handle="steel", palette="metal"),
    T("skewer", "kitchenware", 0.3, 0.004, 0.004, "probe", handle="none", palette="wood"),
    T("nail_file", "toiletry", 0.14, 0.018, 0.003, "ruler", handle="plastic", palette="pastel"),
    T("tweezers", "toiletry", 0.1, 0.012, 0.008, "tongs", handle="steel", palette="metal"),
    T("spirit_level", "tool", 0.4, 0.025, 0.055, "level", handle="none", palette=[(0.95, 0.75, 0.05)]),
    T("utility_knife", "tool", 0.16, 0.025, 0.02, "blade", handle="plastic", palette=[(0.95, 0.75, 0.05)]),
    T("garden_trowel", "tool", 0.3, 0.08, 0.04, "spoon", handle="wood", palette="metal"),
    T("spatula_flexible", "kitchenware", 0.28, 0.05, 0.015, "turner", handle="plastic", palette="bright"),

    # ---- gadgets, office and household devices ----
    D("tv_remote", "device", (0.05, 0.18, 0.02), "keys", lying=True),
    D("calculator", "office", (0.08, 0.15, 0.015), "calc", palette="dark", lying=True),
    D("tablet", "device", (0.17, 0.25, 0.008), "screen", lying=True),
    D("e_reader", "device", (0.115, 0.16, 0.009), "ink", lying=True),
    D("game_controller", "device", (0.1, 0.16, 0.045), "pad", lying=True),
    D("power_bank", "device", (0.07, 0.14, 0.015), "plain", lying=True),
    D("external_drive", "device", (0.08, 0.12, 0.015), "plain", lying=True),
    D("wifi_router", "device", (0.12, 0.2, 0.035), "leds"),
    D("bluetooth_speaker", "device", (0.07, 0.18, 0.07), "grille", palette="bright"),
    D("alarm_clock", "device", (0.06, 0.14, 0.08), "lcd"),
    D("radio", "device", (0.08, 0.24, 0.14), "grille", palette="leather"),
    D("stapler", "office", (0.16, 0.04, 0.05), "plain", palette="bright", lying=True),
    D("hole_punch", "office", (0.11, 0.13, 0.06), "plain", palette="dark"),
    D("tape_dispenser", "office", (0.14, 0.06, 0.07), "plain", palette="dark"),
    D("desk_phone", "office", (0.2, 0.2, 0.08), "keys", palette="dark"),
    D("computer_mouse", "device", (0.11, 0.06, 0.035), "mouse", palette="dark", lying=True),
    D("computer_keyboard", "device", (0.14, 0.44, 0.025), "keyboard", palette="dark", lying=True),
    D("webcam", "device", (0.03, 0.09, 0.03), "lens", palette="dark"),
    D("smartwatch", "device", (0.045, 0.04, 0.012), "screen", palette="dark", lying=True),
    D("digital_thermometer", "medical", (0.13, 0.02, 0.012), "lcd", palette="paper", lying=True),
    D("kitchen_timer", "kitchenware", (0.06, 0.07, 0.07), "lcd", palette="bright"),
    D("electric_toothbrush", "toiletry", (0.025, 0.025, 0.24), "plain", palette="paper"),
    D("hair_dryer", "toiletry", (0.22, 0.08, 0.24), "plain", palette="dark"),
    D("label_maker", "office", (0.2, 0.1, 0.05), "keys", palette="dark", lying=True),
    D("smoke_detector", "household", (0.12, 0.12, 0.04), "grille", palette="paper"),
    D("baby_monitor", "device", (0.06, 0.1, 0.13), "screen", palette="paper"),
    D("glasses_case", "personal", (0.16, 0.06, 0.04), "plain", palette="leather", surface="leather",
      lying=True),
    D("pencil_case", "school", (0.21, 0.08, 0.05), "plain", palette="fabric", surface="fabric", lying=True),
    D("lunch_box", "school", (0.18, 0.12, 0.07), "plain", palette="bright"),
    D("first_aid_kit", "medical", (0.22, 0.16, 0.08), "cross", palette=[(0.8, 0.1, 0.1), (0.1, 0.55, 0.25)]),
    D("toolbox", "tool", (0.4, 0.2, 0.18), "plain", palette=[(0.8, 0.1, 0.1), (0.1, 0.3, 0.7)]),
    D("jewelry_box", "personal", (0.15, 0.1, 0.07), "plain", palette="leather", surface="leather"),
    D("sewing_box", "household", (0.25, 0.15, 0.12), "plain", palette="wood", surface="wood"),
    D("cash_box", "office", (0.25, 0.18, 0.09), "keys", palette="dark", surface="painted"),
    D("bathroom_scale", "household", (0.3, 0.3, 0.025), "lcd", palette="paper", lying=True),
    D("laminator", "office", (0.38, 0.1, 0.07), "plain", palette="paper"),
    D("coaster", "kitchenware", (0.1, 0.1, 0.006), "plain", palette="wood", surface="wood", lying=True),
    D("trivet", "kitchenware", (0.18, 0.18, 0.01), "plain", palette="wood", surface="wood", lying=True),
    D("soap_dish", "toiletry", (0.13, 0.09, 0.02), "plain", palette="ceramic", surface="glossy", lying=True),
    D("dice", "toy", (0.016, 0.016, 0.016), "pips", palette=[(0.95, 0.95, 0.93), (0.8, 0.1, 0.1)]),
    D("rubiks_cube", "toy", (0.057, 0.057, 0.057), "cube", palette="dark"),
    D("toy_car", "toy", (0.12, 0.055, 0.045), "car", palette="bright"),
    D("building_brick", "toy", (0.032, 0.016, 0.019), "studs", palette="bright"),
    D("domino", "toy", (0.05, 0.025, 0.01), "domino", palette=[(0.95, 0.95, 0.93), (0.1, 0.1, 0.1)], lying=True),
    D("harmonica", "leisure", (0.1, 0.026, 0.02), "plain", palette="metal", surface="metal", lying=True),
    D("wallet_card_holder", "personal", (0.1, 0.07, 0.008), "plain", palette="leather", surface="leather",
      lying=True),
    D("passport", "personal", (0.125, 0.088, 0.005), "plain", palette=[(0.45, 0.05, 0.1), (0.05, 0.1, 0.3)],
      surface="leather", lying=True),
    D("usb_stick", "device", (0.05, 0.018, 0.008), "plain", palette="dark", lying=True),
    D("sd_card", "device", (0.032, 0.024, 0.002), "plain", palette="dark", lying=True),
    D("battery_aa", "household", (0.05, 0.014, 0.014), "battery", palette=[(0.9, 0.6, 0.1), (0.1, 0.1, 0.1)],
      lying=True),
    D("light_switch_plate", "household", (0.01, 0.08, 0.08), "plain", palette="paper"),
    D("door_stop", "household", (0.14, 0.04, 0.03), "plain", palette="dark", surface="matte", lying=True),
    D("whiteboard_eraser", "school", (0.15, 0.06, 0.04), "plain", palette="bright"),
    D("hockey_puck_case", "sports", (0.1, 0.1, 0.03), "plain", palette="dark"),

    # ---- flat things: books, paper, cards ----
    L("paperback", "document", (0.11, 0.178, 0.025), "book", "Summer Tides"),
    L("textbook", "school", (0.21, 0.28, 0.04), "book", "Biology"),
    L("cookbook", "document", (0.2, 0.26, 0.03), "book", "Family Recipes"),
    L("dictionary", "school", (0.15, 0.23, 0.06), "book", "Dictionary"),
    L("photo_album", "leisure", (0.3, 0.3, 0.05), "book", "Memories"),
    L("notebook", "school", (0.15, 0.21, 0.012), "notebook", "Notes"),
    L("spiral_notebook", "school", (0.17, 0.22, 0.01), "notebook", "Maths"),
    L("notepad", "office", (0.1, 0.15, 0.008), "page", "To do"),
    L("sticky_notes", "office", (0.076, 0.076, 0.012), "board", "", palette=[(0.98, 0.9, 0.3), (0.95, 0.5, 0.7),
                                                                             (0.5, 0.85, 0.95)]),
    L("envelope", "office", (0.11, 0.22, 0.003), "envelope", "Ms A. Reader"),
    L("postcard", "leisure", (0.105, 0.148, 0.002), "card", "Greetings"),
    L("greeting_card", "leisure", (0.12, 0.17, 0.004), "card", "Happy Birthday"),
    L("magazine", "document", (0.21, 0.28, 0.006), "magazine", "HOME"),
    L("newspaper", "document", (0.3, 0.38, 0.01), "page", "THE DAILY NEWS"),
    L("comic_book", "leisure", (0.17, 0.26, 0.004), "magazine", "HEROES"),
    L("menu_card", "hospitality", (0.21, 0.3, 0.004), "page", "MENU"),
    L("receipt", "retail", (0.08, 0.2, 0.001), "page", "RECEIPT"),
    L("boarding_pass", "personal", (0.08, 0.2, 0.001), "page", "BOARDING PASS"),
    L("ticket", "leisure", (0.055, 0.14, 0.001), "card", "ADMIT ONE"),
    L("business_card", "office", (0.055, 0.085, 0.001), "card", "J. Smith"),
    L("playing_cards", "toy", (0.063, 0.088, 0.018), "card", "Playing Cards"),
    L("calendar", "office", (0.21, 0.3, 0.008), "page", "JANUARY"),
    L("clipboard", "office", (0.23, 0.32, 0.012), "page", "CHECKLIST", board=True),
    L("map", "leisure", (0.12, 0.25, 0.01), "page", "CITY MAP"),
    L("sketchbook", "school", (0.21, 0.3, 0.015), "notebook", "Sketches"),
    L("certificate", "office", (0.21, 0.297, 0.001), "page", "CERTIFICATE"),
    L("placemat", "hospitality", (0.3, 0.45, 0.003), "board", "", palette="fabric"),
    L("cork_board_tile", "office", (0.3, 0.3, 0.01), "board", "", palette=[(0.7, 0.5, 0.3)]),
    L("picture_frame", "decor", (0.18, 0.24, 0.02), "frame", "Photo"),
    L("mirror_compact", "toiletry", (0.07, 0.07, 0.012), "frame", ""),
    L("chopping_mat", "kitchenware", (0.3, 0.38, 0.003), "board", "", palette="bright"),
    L("baking_sheet", "cookware", (0.3, 0.4, 0.02), "tray", "", palette="metal"),
    L("serving_tray", "hospitality", (0.35, 0.45, 0.03), "tray", "", palette="wood"),

    # ---- textiles ----
    X("t_shirt", "clothing", (0.25, 0.3, 0.04), "folded"),
    X("jeans", "clothing", (0.3, 0.38, 0.06), "folded", palette=[(0.1, 0.2, 0.45), (0.2, 0.2, 0.22)]),
    X("sweater", "clothing", (0.3, 0.35, 0.07), "folded"),
    X("scarf", "clothing", (0.35, 0.15, 0.03), "folded"),
    X("blanket", "textile", (0.4, 0.5, 0.12), "folded"),
    X("napkin", "hospitality", (0.2, 0.2, 0.006), "flat", palette="paper"),
    X("tea_towel", "kitchenware", (0.25, 0.18, 0.02), "folded", pattern="check"),
    X("apron", "kitchenware", (0.3, 0.25, 0.03), "folded"),
    X("pillowcase", "textile", (0.35, 0.25, 0.03), "folded", palette="paper"),
    X("bath_mat", "textile", (0.5, 0.8, 0.015), "flat"),
    X("handkerchief", "personal", (0.15, 0.15, 0.005), "flat", palette="paper"),
    X("face_cloth", "textile", (0.15, 0.15, 0.02), "folded", pattern="terry"),
    X("oven_mitt", "kitchenware", (0.3, 0.16, 0.03), "mitt"),
    X("glove", "clothing", (0.24, 0.11, 0.02), "mitt", palette="leather"),
    X("beanie", "clothing", (0.2, 0.2, 0.1), "hat"),
    X("baseball_cap", "clothing", (0.28, 0.2, 0.12), "cap"),
    X("cushion", "textile", (0.45, 0.45, 0.14), "cushion"),
    X("yoga_mat", "sports", (0.6, 0.15, 0.15), "roll", palette="bright"),
    X("sleeping_bag", "leisure", (0.45, 0.25, 0.25), "roll", palette="bright"),
    X("tablecloth", "hospitality", (0.3, 0.3, 0.05), "folded", pattern="check"),
    X("dish_cloth", "cleaning", (0.2, 0.2, 0.008), "flat", palette="pastel"),
    X("microfiber_cloth", "cleaning", (0.3, 0.3, 0.006), "flat", palette="bright"),
    X("shorts", "clothing", (0.25, 0.25, 0.04), "folded"),
    X("pajamas", "clothing", (0.28, 0.3, 0.06), "folded", palette="pastel"),

    # ---- balls ----
    S("football", "sports", 0.22, "panels", palette=[(0.95, 0.95, 0.95)]),
    S("basketball", "sports", 0.24, "seams", palette=[(0.85, 0.35, 0.08)]),
    S("tennis_ball", "sports", 0.067, "seam", palette=[(0.8, 0.9, 0.1)]),
    S("baseball", "sports", 0.074, "seam", palette=[(0.95, 0.94, 0.9)]),
    S("golf_ball", "sports", 0.043, "dimples", palette=[(0.97, 0.97, 0.97)]),
    S("volleyball", "sports", 0.21, "stripes", palette=[(0.95, 0.95, 0.9)]),
    S("beach_ball", "leisure", 0.3, "segments", palette="bright"),
    S("bowling_ball", "sports", 0.22, "holes", palette=[(0.1, 0.1, 0.4), (0.4, 0.05, 0.1)]),
    S("ping_pong_ball", "sports", 0.04, "plain", palette=[(0.97, 0.97, 0.95), (0.98, 0.6, 0.1)]),
    S("marble_toy", "toy", 0.016, "swirl", palette="glass"),
    S("bouncy_ball", "toy", 0.045, "swirl", palette="bright"),
    S("stress_ball", "office", 0.065, "plain", palette="bright"),
    S("christmas_bauble", "decor", 0.08, "stripes", palette=[(0.8, 0.05, 0.05), (0.9, 0.75, 0.2)]),
    S("snow_globe", "decor", 0.1, "globe", palette=[(0.8, 0.9, 0.95)]),
    S("globe", "school", 0.3, "globe", palette=[(0.3, 0.5, 0.85)]),
    S("yarn_ball", "household", 0.08, "yarn", palette="fabric"),
]
"""Every family row (see the row helpers above for the fields)."""


def rows_of(family: str) -> list[dict]:
    """The rows of one family."""
    return [r for r in FAMILY_ROWS if r["family"] == family]
