"""Room programmes as data: which rooms an environment type holds, how large they are, what stands along their
walls and in their middle, and which objects clutter which supports.

Everything here is a table read by :mod:`.generator` (floorplan, walls, doors, windows, furniture) and
:mod:`.clutter` (small objects); no geometry is computed here. Sizes are metres. A furniture entry names catalog
kinds in order of preference (``("bed", "sofa")``: a bed where the catalog has one, else a sofa), so the
programmes keep working as the catalog grows.

Sources of the numbers: room sizes follow common residential and commercial practice (a bedroom 3-4 m wide,
a classroom about 7 x 7 m, a corridor 1.5-2 m); walkways of 0.8-0.9 m between furniture and 1.0-1.2 m aisles
in shops follow accessible-route guidance (ADA 403.5: 36 in = 0.91 m clear width; 44 in aisles in shops).
"""
from __future__ import annotations

__all__ = ["ENVIRONMENTS", "ROOMS", "CLUTTER", "LOOKALIKES", "GROUPS", "LAYOUT_PLAN", "FLOOR_CLUTTER"]

# ---------------------------------------------------------------------------------------------------------------
# Rooms: size ranges [m] (width along x, depth along y), wall furniture, centre groups, whether it gets windows.
# A wall item is (kinds by preference, (min count, max count)); centre items name a group of GROUPS.
# ---------------------------------------------------------------------------------------------------------------
ROOMS: dict[str, dict] = {
    "hall": {"w": (2.0, 3.0), "d": (1.6, 2.0), "wall": [(("shelf",), (0, 1)), (("bench",), (0, 1)),
                                                      (("cabinet",), (0, 1))], "centre": [], "windows": False},
    "corridor": {"w": (6.0, 9.0), "d": (1.8, 2.2), "wall": [(("bench",), (1, 2)), (("locker",), (0, 3)),
                                                          (("bin",), (0, 1))], "centre": [], "windows": False},
    "kitchen": {"w": (3.2, 4.2), "d": (3.2, 4.0),
                "wall": [(("fridge",), (1, 1)), (("sink",), (1, 1)), (("cooktop",), (1, 1)), (("oven",), (0, 1)),
                         (("counter",), (2, 3)), (("dishwasher",), (0, 1)), (("cabinet",), (1, 2)),
                         (("shelf",), (0, 1)), (("bin",), (1, 1))],
                "centre": [("dining_small", (0, 1))], "windows": True},
    "living": {"w": (3.8, 5.0), "d": (3.6, 4.4),
               "wall": [(("shelf",), (2, 3)), (("cabinet",), (1, 2)), (("drawer",), (0, 1))],
               "centre": [("lounge", (1, 1))], "windows": True},
    "dining": {"w": (3.2, 4.0), "d": (3.2, 3.8), "wall": [(("cabinet",), (1, 2)), (("shelf",), (1, 1))],
               "centre": [("dining", (1, 1))], "windows": True},
    "bedroom": {"w": (3.2, 4.0), "d": (3.2, 3.8),
                "wall": [(("bed", "sofa"), (1, 1)), (("wardrobe", "locker"), (1, 2)), (("desk",), (0, 1)),
                         (("shelf",), (1, 1)), (("cabinet",), (1, 1))], "centre": [], "windows": True},
    "bathroom": {"w": (2.2, 2.8), "d": (2.2, 2.8),
                 "wall": [(("toilet", "stool"), (1, 1)), (("sink",), (1, 1)), (("bathtub", "shelf"), (1, 1)),
                          (("cabinet",), (0, 1))], "centre": [], "windows": False},
    "utility": {"w": (2.2, 3.0), "d": (2.4, 3.0),
                "wall": [(("washer",), (1, 1)), (("dryer",), (1, 1)), (("rack",), (1, 2)), (("bin",), (0, 1))],
                "centre": [], "windows": False},
    "studio": {"w": (5.5, 6.5), "d": (4.4, 5.0),
               "wall": [(("fridge",), (1, 1)), (("sink",), (1, 1)), (("cooktop",), (1, 1)), (("counter",), (2, 2)),
                        (("bed", "sofa"), (1, 1)), (("shelf",), (2, 3)), (("cabinet",), (1, 2))],
               "centre": [("dining_small", (1, 1))], "windows": True},
    "open_office": {"w": (6.0, 8.0), "d": (5.0, 6.0),
                    "wall": [(("shelf",), (2, 3)), (("cabinet",), (1, 3)), (("whiteboard",), (0, 1))],
                    "centre": [("desk_pod", (3, 6))], "windows": True},
    "office": {"w": (3.0, 3.6), "d": (3.0, 3.6),
               "wall": [(("desk",), (1, 1)), (("shelf",), (1, 2)), (("cabinet",), (1, 1))],
               "centre": [], "windows": True},
    "meeting": {"w": (3.6, 4.4), "d": (3.4, 4.0), "wall": [(("cabinet",), (0, 1)), (("whiteboard",), (1, 1))],
                "centre": [("dining", (1, 1))], "windows": True},
    "kitchenette": {"w": (2.6, 3.2), "d": (2.4, 3.0),
                    "wall": [(("fridge",), (1, 1)), (("sink",), (1, 1)), (("counter",), (1, 2)),
                             (("cabinet",), (0, 1)), (("bin",), (1, 1))], "centre": [], "windows": False},
    "copy_room": {"w": (2.4, 3.0), "d": (2.4, 3.0), "wall": [(("rack",), (1, 2)), (("counter",), (1, 1)),
                                                           (("cabinet",), (1, 2))], "centre": [], "windows": False},
    "sales_floor": {"w": (7.0, 9.0), "d": (5.4, 6.4),
                    "wall": [(("shelf",), (3, 5)), (("fridge_shelf",), (0, 2)), (("counter",), (1, 1)),
                             (("sign",), (0, 1))],
                    "centre": [("gondola", (2, 3))], "windows": True},
    "stockroom": {"w": (3.0, 4.0), "d": (2.6, 3.2), "wall": [(("rack",), (2, 3)), (("shelf",), (1, 2))],
                  "centre": [], "windows": False},
    "dispensary": {"w": (3.0, 3.6), "d": (2.6, 3.2), "wall": [(("shelf",), (2, 3)), (("counter",), (1, 1)),
                                                            (("cabinet",), (1, 1))], "centre": [], "windows": False},
    "classroom": {"w": (6.5, 7.5), "d": (5.6, 6.4),
                  "wall": [(("whiteboard",), (1, 1)), (("shelf",), (2, 3)), (("cabinet",), (1, 2)),
                           (("desk",), (1, 1))],
                  "centre": [("school_desk", (6, 10))], "windows": True},
    "lab": {"w": (6.0, 7.0), "d": (5.0, 6.0),
            "wall": [(("counter",), (2, 4)), (("sink",), (1, 1)), (("shelf",), (1, 2)), (("cabinet",), (1, 2)),
                     (("whiteboard",), (0, 1))],
            "centre": [("lab_bench", (2, 3))], "windows": True},
    "prep_room": {"w": (2.6, 3.2), "d": (2.6, 3.2), "wall": [(("counter",), (1, 2)), (("shelf",), (1, 2)),
                                                           (("fridge",), (0, 1))], "centre": [], "windows": False},
    "restaurant_dining": {"w": (7.0, 8.5), "d": (5.0, 6.0),
                          "wall": [(("counter",), (1, 2)), (("shelf",), (1, 2)), (("cabinet",), (0, 1))],
                          "centre": [("dining_small", (4, 6))], "windows": True},
    "pro_kitchen": {"w": (3.6, 4.4), "d": (3.2, 4.0),
                    "wall": [(("fridge",), (1, 2)), (("cooktop",), (1, 2)), (("oven",), (1, 1)), (("sink",), (1, 1)),
                             (("counter",), (2, 3)), (("rack",), (1, 1)), (("bin",), (1, 1))],
                    "centre": [("island", (0, 1))], "windows": False},
    "cafe": {"w": (6.0, 7.0), "d": (4.6, 5.4),
             "wall": [(("counter",), (2, 3)), (("fridge_shelf",), (1, 1)), (("shelf",), (1, 2)),
                      (("wall_board",), (1, 1))],
             "centre": [("cafe_table", (3, 5))], "windows": True},
    "hotel_room": {"w": (3.6, 4.4), "d": (4.0, 4.6),
                   "wall": [(("bed", "sofa"), (1, 2)), (("wardrobe", "cabinet"), (1, 1)), (("desk",), (1, 1)),
                            (("drawer",), (0, 1)), (("shelf",), (0, 1))],
                   "centre": [("lounge_small", (0, 1))], "windows": True},
    "gym_floor": {"w": (7.0, 9.0), "d": (5.6, 6.6),
                  "wall": [(("rack",), (2, 3)), (("bench",), (2, 3)), (("shelf",), (1, 2)), (("bin",), (1, 1))],
                  "centre": [("gym_station", (2, 3))], "windows": True},
    "locker_room": {"w": (3.0, 4.0), "d": (3.0, 3.6),
                    "wall": [(("locker",), (3, 5)), (("bench",), (1, 1)), (("sink",), (0, 1))],
                    "centre": [], "windows": False},
    "reception": {"w": (4.0, 5.0), "d": (3.4, 4.0),
                  "wall": [(("counter",), (1, 2)), (("shelf",), (1, 2)), (("sofa",), (0, 1))],
                  "centre": [("lounge_small", (0, 1))], "windows": True},
    "treatment": {"w": (3.0, 3.4), "d": (3.0, 3.4),
                  "wall": [(("massage_table", "bench"), (1, 1)), (("cabinet",), (1, 1)), (("shelf",), (1, 1)),
                           (("sink",), (0, 1))], "centre": [], "windows": False},
}

# ---------------------------------------------------------------------------------------------------------------
# Centre groups: pieces placed relative to the group centre, (kinds, (dx, dy), yaw [rad] as a quarter-turn count,
# params). The group's footprint is the union of its pieces' footprints.
# ---------------------------------------------------------------------------------------------------------------
GROUPS: dict[str, list] = {
    "dining": [(("table",), (0.0, 0.0), 0, {"width": 1.6, "depth": 0.9}),
               (("chair",), (-0.72, -0.4), 0, {}), (("chair",), (-0.72, 0.4), 0, {}),
               (("chair",), (0.72, -0.4), 2, {}), (("chair",), (0.72, 0.4), 2, {})],
    "dining_small": [(("table",), (0.0, 0.0), 0, {"width": 0.9, "depth": 0.8}),
                     (("chair",), (-0.67, 0.0), 0, {}), (("chair",), (0.67, 0.0), 2, {})],
    "cafe_table": [(("table",), (0.0, 0.0), 0, {"width": 0.7, "depth": 0.7}),
                   (("chair", "stool"), (-0.6, 0.0), 0, {}), (("chair", "stool"), (0.6, 0.0), 2, {})],
    "lounge": [(("sofa",), (-0.9, 0.0), 0, {}), (("coffee_table",), (0.1, 0.0), 0, {})],
    "lounge_small": [(("coffee_table",), (0.0, 0.0), 0, {"width": 0.8}), (("chair",), (0.55, 0.0), 2, {})],
    "desk_pod": [(("desk",), (0.0, 0.0), 0, {"width": 1.2, "depth": 0.7}), (("chair",), (-0.62, 0.0), 0, {})],
    "school_desk": [(("desk",), (0.0, 0.0), 0, {"width": 1.0, "depth": 0.55}), (("chair",), (-0.55, 0.0), 0, {})],
    "lab_bench": [(("table",), (0.0, 0.0), 0, {"width": 1.8, "depth": 0.9, "height": 0.9}),
                  (("stool",), (-0.7, -0.45), 0, {}), (("stool",), (-0.7, 0.45), 0, {})],
    "island": [(("counter",), (0.0, 0.0), 0, {}), (("counter",), (0.61, 0.0), 2, {})],
    "gondola": [(("shelf",), (0.0, -0.46), 2, {}), (("shelf",), (0.0, 0.46), 2, {}),
                (("shelf",), (0.37, -0.46), 0, {}), (("shelf",), (0.37, 0.46), 0, {})],
    "gym_station": [(("balance_beam", "bench"), (0.0, 0.0), 0, {}), (("pedestal",), (0.8, 0.0), 0, {})],
}

# ---------------------------------------------------------------------------------------------------------------
# Environment types: a hub room (the corridor every other room opens onto), the rooms north and south of it.
# A room name may carry a count range: ("bedroom", (1, 3)).
# ---------------------------------------------------------------------------------------------------------------
ENVIRONMENTS: dict[str, dict] = {
    "flat": {"category": "domestic", "hub": "hall_long",
             "north": [("kitchen", (1, 1)), ("living", (1, 1))], "south": [("bedroom", (1, 2)), ("bathroom", (1, 1))]},
    "house": {"category": "domestic", "hub": "hall_long",
              "north": [("kitchen", (1, 1)), ("dining", (1, 1)), ("living", (1, 1))],
              "south": [("bedroom", (2, 3)), ("bathroom", (1, 1)), ("utility", (0, 1))]},
    "studio_flat": {"category": "domestic", "hub": "studio", "north": [("bathroom", (1, 1)), ("hall", (1, 1))],
                    "south": []},
    "office": {"category": "office", "hub": "corridor",
               "north": [("open_office", (1, 1)), ("meeting", (1, 1))],
               "south": [("office", (1, 2)), ("kitchenette", (1, 1)), ("copy_room", (0, 1))]},
    "grocery": {"category": "retail", "hub": "sales_floor", "north": [("stockroom", (1, 1)), ("office", (1, 1))],
                "south": []},
    "shop": {"category": "retail", "hub": "sales_floor", "north": [("stockroom", (1, 1))], "south": []},
    "pharmacy": {"category": "retail", "hub": "sales_floor", "north": [("dispensary", (1, 1)), ("stockroom", (1, 1))],
                 "south": []},
    "school": {"category": "school", "hub": "corridor", "north": [("classroom", (1, 2))],
               "south": [("office", (0, 1)), ("stockroom", (1, 1))]},
    "science_lab": {"category": "school", "hub": "corridor", "north": [("lab", (1, 1)), ("prep_room", (1, 1))],
                    "south": [("classroom", (1, 1))]},
    "restaurant": {"category": "hospitality", "hub": "restaurant_dining",
                   "north": [("pro_kitchen", (1, 1)), ("stockroom", (1, 1)), ("bathroom", (1, 1))], "south": []},
    "cafe": {"category": "hospitality", "hub": "cafe", "north": [("kitchenette", (1, 1)), ("bathroom", (1, 1))],
             "south": []},
    "hotel": {"category": "hospitality", "hub": "corridor", "north": [("hotel_room", (2, 2))],
              "south": [("bathroom", (1, 2)), ("utility", (1, 1))]},
    "gym": {"category": "leisure", "hub": "gym_floor", "north": [("locker_room", (1, 2)), ("office", (1, 1))],
            "south": []},
    "spa": {"category": "leisure", "hub": "corridor", "north": [("treatment", (2, 3))],
            "south": [("reception", (1, 1)), ("locker_room", (1, 1))]},
}
ROOMS["hall_long"] = {"w": (5.0, 7.0), "d": (1.6, 2.0), "wall": [(("shelf",), (1, 1)), (("bench",), (0, 1)),
                                                               (("cabinet",), (1, 1))], "centre": [],
                      "windows": False}

LAYOUT_PLAN: list[tuple[str, int]] = [
    ("flat", 5), ("house", 5), ("studio_flat", 3), ("office", 5), ("grocery", 3), ("shop", 4), ("pharmacy", 3),
    ("school", 4), ("science_lab", 3), ("restaurant", 3), ("cafe", 3), ("hotel", 3), ("gym", 4), ("spa", 4)]
"""(environment type, how many layouts): 52 layouts, named ``<type>-<nn>``, seeded by their number."""

# ---------------------------------------------------------------------------------------------------------------
# Clutter: per room type, per support kind, the object kinds that belong there (weights by repetition). A room
# type not listed uses "default"; a support kind not listed uses the room's "*".
# ---------------------------------------------------------------------------------------------------------------
_PANTRY = ["can", "can", "carton", "milk_carton", "juice_carton", "chips_bag", "bottle", "water_bottle", "yogurt",
           "jug", "bread", "cheese"]
_KITCHEN_TOP = ["kettle", "bowl", "plate", "cutting_board", "mug", "cup", "glass", "jug", "knife", "spoon", "fork",
                "sponge", "soap", "tomato", "onion", "lemon", "apple", "orange", "bread", "kitchen_scale", "pot",
                "pan", "dish_rack"]
_DESK_TOP = ["document", "folder", "book", "pen", "pen", "mug", "phone", "laptop", "eraser", "keys", "mouse_pad",
             "headset", "cup", "card"]
_BOOKSHELF = ["book", "book", "book", "folder", "storage_box", "box", "cactus", "reed_diffuser", "camera", "mug"]
_HOME_SHELF = ["book", "book", "storage_box", "cactus", "reed_diffuser", "toy_block", "camera", "glass", "bowl",
               "towel", "toilet_roll", "soap"]
_FRIDGE = ["milk_carton", "juice_carton", "yogurt", "cheese", "cold_cuts", "egg", "lettuce", "tomato", "bottle",
           "water_bottle", "chicken", "steak", "berry_punnet", "ice_cream", "lemon"]
_TABLE = ["plate", "bowl", "cup", "mug", "glass", "fork", "spoon", "knife", "book", "phone", "keys", "wallet",
          "apple", "orange", "donut", "pastry", "document"]
CLUTTER: dict[str, dict[str, list[str]]] = {
    "default": {"*": _HOME_SHELF, "table": _TABLE, "desk": _DESK_TOP, "fridge": _FRIDGE},
    "kitchen": {"*": _KITCHEN_TOP, "shelf": _PANTRY, "cabinet": _PANTRY, "fridge": _FRIDGE, "table": _TABLE,
                "wall_cabinet": ["plate", "bowl", "cup", "glass", "mug", "can", "carton"]},
    "pro_kitchen": {"*": _KITCHEN_TOP, "rack": _PANTRY, "fridge": _FRIDGE},
    "kitchenette": {"*": _KITCHEN_TOP, "cabinet": _PANTRY, "fridge": _FRIDGE},
    "studio": {"*": _HOME_SHELF, "counter": _KITCHEN_TOP, "fridge": _FRIDGE, "table": _TABLE, "cabinet": _PANTRY},
    "living": {"*": _HOME_SHELF, "shelf": _BOOKSHELF, "coffee_table": ["book", "mug", "cup", "phone", "keys",
                                                                        "wallet", "glass", "cactus", "camera"]},
    "dining": {"*": _HOME_SHELF, "table": _TABLE, "cabinet": ["plate", "bowl", "glass", "cup", "mug", "jug"]},
    "bedroom": {"*": _HOME_SHELF, "shelf": _BOOKSHELF, "desk": _DESK_TOP,
                "locker": ["towel", "sock", "shoe", "backpack", "storage_box"]},
    "hotel_room": {"*": _HOME_SHELF, "desk": _DESK_TOP, "locker": ["towel", "sock", "shoe", "backpack"]},
    "bathroom": {"*": ["towel", "toilet_roll", "soap", "sponge", "atomizer", "reed_diffuser", "cup", "glass"]},
    "utility": {"*": ["towel", "sponge", "soap", "cloth", "storage_box", "box", "toilet_roll", "bottle", "sock"]},
    "open_office": {"*": _BOOKSHELF, "desk": _DESK_TOP, "cabinet": ["folder", "document", "box", "storage_box",
                                                                    "book"]},
    "office": {"*": _BOOKSHELF, "desk": _DESK_TOP},
    "meeting": {"*": _BOOKSHELF, "table": ["document", "folder", "pen", "laptop", "cup", "glass", "water_bottle",
                                          "phone", "projector"]},
    "copy_room": {"*": ["document", "folder", "box", "storage_box", "pen", "book", "eraser"]},
    "sales_floor": {"*": _PANTRY, "fridge_shelf": _FRIDGE, "counter": ["paper_bag", "card", "invoice_card", "pen",
                                                                       "phone", "chips_bag", "lolly"]},
    "stockroom": {"*": ["box", "box", "storage_box", "can", "carton", "chips_bag", "bottle", "paper_bag"]},
    "dispensary": {"*": ["box", "storage_box", "bottle", "atomizer", "soap", "thermometer", "card", "document"]},
    "classroom": {"*": _BOOKSHELF, "desk": ["book", "pen", "eraser", "folder", "document", "backpack", "water_bottle"]},
    "lab": {"*": ["glass", "jug", "bottle", "thermometer", "kitchen_scale", "box", "document", "pen", "storage_box"]},
    "prep_room": {"*": ["glass", "jug", "bottle", "thermometer", "box", "storage_box", "bowl"]},
    "restaurant_dining": {"*": ["plate", "glass", "cup", "bowl", "jug", "water_bottle", "bottle"], "table": _TABLE},
    "cafe": {"*": ["cup", "mug", "glass", "plate", "pastry", "donut", "brownie", "pie", "jug", "milk_carton"],
             "fridge_shelf": ["water_bottle", "juice_carton", "milk_carton", "yogurt", "bottle", "can"],
             "table": ["cup", "mug", "plate", "glass", "pastry", "phone", "book"]},
    "gym_floor": {"*": ["ball", "towel", "water_bottle", "toy_block", "backpack", "storage_box"]},
    "locker_room": {"*": ["towel", "shoe", "sock", "backpack", "water_bottle", "soap", "boot"]},
    "reception": {"*": ["reed_diffuser", "towel", "soap", "atomizer", "book", "cactus", "document", "pen"]},
    "treatment": {"*": ["towel", "towel", "soap", "atomizer", "reed_diffuser", "cloth", "bowl"]},
}

FLOOR_CLUTTER: dict[str, list[str]] = {
    "default": ["storage_box", "box", "backpack", "shoe", "boot"],
    "stockroom": ["box", "box", "storage_box"], "gym_floor": ["ball", "backpack", "storage_box"],
    "locker_room": ["shoe", "boot", "backpack"], "kitchen": ["box", "paper_bag"], "bathroom": ["towel"],
}
"""Kinds set down on the floor along walls, per room type (``default`` otherwise)."""

LOOKALIKES: dict[str, list[str]] = {
    "milk_carton": ["milk_carton", "juice_carton", "carton"], "juice_carton": ["juice_carton", "milk_carton"],
    "carton": ["carton", "milk_carton"], "mug": ["mug", "cup"], "cup": ["cup", "mug", "glass"],
    "bottle": ["bottle", "water_bottle"], "water_bottle": ["water_bottle", "bottle"], "can": ["can"],
    "book": ["book", "folder"], "phone": ["phone", "card"], "knife": ["knife", "spatula", "fork"],
    "apple": ["apple", "tomato", "orange"], "orange": ["orange", "lemon", "apple"], "bowl": ["bowl", "pot"],
    "box": ["box", "storage_box"], "towel": ["towel", "cloth"], "keys": ["keys", "wallet"],
    "document": ["document", "invoice_card"], "glass": ["glass", "cup"], "plate": ["plate", "tray"],
}
"""Task-object kind -> kinds that look like it (same kind first): the distractors a perception test needs."""
