"""The asset catalog: every kind a scene may use, with its parameters (units, defaults), parts and affordances.

Kinds are registered here from the parametric builders of :mod:`interactiveworld.world.assets` (frames,
units and the affordance vocabulary are documented there). ``describe_catalog()`` prints the whole catalog.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .assets import (BEIGE, DARK, LIGHT_WOOD, STEEL, WHITE, WOOD, AssetModel, _board, _box_object,
                     _cabinet, _computer, _cooktop, _counter, _cyl_object, _dishwasher, _door, _drawer, _fridge,
                     _locker, _microwave, _oven, _rack, _round_object, _seat, _shelf, _sink, _stick_object, _table,
                     _torus_object, _washer, _window, _bin)
from . import assets_household as _hh

__all__ = ["AssetKind", "CATALOG", "PHYSICAL", "build_asset", "asset_kind", "resolved_params", "describe_catalog"]

# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AssetKind:
    """One catalog entry: ``build(params)`` makes the :class:`AssetModel`; ``defaults`` documents the
    parameters (units in ``doc``); ``fixed`` parameters are internal and cannot be overridden."""

    kind: str
    category: str
    movable: bool
    build: Callable[[dict[str, Any]], AssetModel]
    defaults: dict[str, Any]
    doc: str
    fixed: dict[str, Any] = field(default_factory=dict)


CATALOG: dict[str, AssetKind] = {}


def _reg(kind: str, category: str, movable: bool, build, defaults: dict[str, Any], doc: str, **fixed) -> None:
    CATALOG[kind] = AssetKind(kind, category, movable, build, defaults, doc, dict(fixed))


_FIX_COMMON = "width/depth/height [m]; color linear RGB"

# Fixtures
_reg("counter", "furniture", False, _counter,
     {"width": 1.2, "depth": 0.6, "height": 0.9, "color": BEIGE, "top_color": (0.35, 0.35, 0.38)},
     f"Kitchen counter: {_FIX_COMMON}; top_color. Parts base, top. Surface 'top'. Affordance support.")
for _k, _d in (("table", {"width": 1.2, "depth": 0.8, "height": 0.75}),
               ("desk", {"width": 1.4, "depth": 0.7, "height": 0.75}),
               ("coffee_table", {"width": 1.0, "depth": 0.5, "height": 0.45})):
    _reg(_k, "furniture", False, _table, {**_d, "color": LIGHT_WOOD},
         f"{_k.replace('_', ' ').title()}: {_FIX_COMMON}. Parts top, leg_0..3. Surface 'top'. Affordance support.")
_reg("shelf", "furniture", False, _shelf, {"width": 0.9, "depth": 0.35, "height": 1.6, "shelves": 4, "color": WOOD},
     f"Open bookshelf: {_FIX_COMMON}; shelves (count). Regions/surfaces 'shelf_1' (lowest)..'shelf_N', 'top'. "
     "Affordances support, container.")
_reg("fridge_shelf", "furniture", False, _shelf,
     {"width": 1.0, "depth": 0.5, "height": 1.8, "shelves": 3, "color": (0.8, 0.85, 0.9)},
     f"Open refrigerated display shelf (shop): {_FIX_COMMON}; shelves. Regions 'shelf_1'..'shelf_N'.")
_reg("rack", "furniture", False, _rack, {"width": 0.9, "depth": 0.45, "height": 1.5, "shelves": 3, "color": STEEL},
     f"Movable wheeled rack: {_FIX_COMMON}; shelves. Surfaces 'shelf_1'..'shelf_N'. Affordances support, "
     "movable_fixture (push/pull; what rests on it moves along).")
_reg("cabinet", "furniture", False, _cabinet,
     {"width": 0.6, "depth": 0.5, "height": 0.9, "shelves": 2, "color": BEIGE, "door_color": WOOD, "hinge": "left"},
     f"Cabinet with one hinged door (90 deg, joint 'door'): {_FIX_COMMON}; shelves; door_color; hinge 'left'|'right' "
     "(viewer side). Regions 'shelf_1'..'shelf_N'; surface 'top'. Affordances openable, container, support.")
_reg("wall_cabinet", "furniture", False, _cabinet,
     {"width": 0.6, "depth": 0.35, "height": 0.7, "shelves": 2, "color": BEIGE, "door_color": WOOD, "hinge": "left"},
     "Wall cabinet (same as cabinet; give it an elevation with the entity's 'z'). Regions 'shelf_1'..'shelf_N'; "
     "surface 'top'.")
_reg("locker", "furniture", False, _locker,
     {"width": 0.45, "depth": 0.5, "height": 1.8, "shelves": 2, "color": (0.35, 0.45, 0.6),
      "door_color": (0.35, 0.45, 0.6), "hinge": "right"},
     "Locker: a tall cabinet with a hinged door. Regions 'shelf_1'..'shelf_N'. Affordances openable, container.")
_reg("drawer", "furniture", False, _drawer,
     {"width": 0.6, "depth": 0.5, "height": 0.25, "color": BEIGE, "front_color": WOOD},
     f"One drawer in its carcass (slide joint 'drawer', 0.8 x depth): {_FIX_COMMON}; front_color. Stack drawers "
     "with the entity's 'z'. Region 'drawer' rides on the joint. Affordances openable, container.")
_reg("fridge", "appliance", False, _fridge,
     {"width": 0.7, "depth": 0.7, "height": 1.8, "shelves": 3, "color": WHITE, "hinge": "left"},
     f"Refrigerator with one hinged door (90 deg): {_FIX_COMMON}; shelves; hinge. Regions 'shelf_1' (lowest).."
     "'shelf_N'; surface 'top'. Affordances openable, container.")
_reg("oven", "appliance", False, _oven,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": STEEL, "door_color": DARK},
     f"Oven on a 0.12 m plinth with a drop-down door (60 deg) and a control knob: {_FIX_COMMON}; door_color. Region 'chamber' (floor: the rack at 40 % of the chamber height). Affordances "
     "openable, container, powered, heat_source (cooks what is inside while running).")
_reg("microwave", "appliance", False, _microwave,
     {"width": 0.5, "depth": 0.38, "height": 0.3, "color": STEEL, "door_color": DARK, "hinge": "left"},
     "Microwave (place it on a counter): side-hinged door, region 'chamber', control button. Affordances openable, "
     "container, powered, heat_source.")
_reg("cooktop", "appliance", False, _cooktop, {"width": 0.6, "depth": 0.6, "height": 0.9, "color": BEIGE},
     f"Cooktop with four burners on a base: {_FIX_COMMON}. Surface 'top'; control knob. Affordances support, "
     "powered, heat_source (cooks food on it or in a pan on it while running).")
_reg("sink", "fixture", False, _sink, {"width": 0.8, "depth": 0.6, "height": 0.9, "color": BEIGE},
     f"Sink unit: {_FIX_COMMON}. Region 'basin'; tap control (running = water on). Affordances container, powered, "
     "pour_target.")
_reg("dishwasher", "appliance", False, _dishwasher,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": WHITE},
     "Dishwasher: drop-down door, region 'rack', control. Affordances openable, container, powered.")
_reg("washer", "appliance", False, _washer,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": (0.7, 0.75, 0.8), "hinge": "left"},
     "Washing machine: side-hinged door, region 'drum', control. Affordances openable, container, powered.")
_reg("dryer", "appliance", False, _washer,
     {"width": 0.6, "depth": 0.6, "height": 0.85, "color": WHITE, "door_color": (0.6, 0.6, 0.6), "hinge": "left"},
     "Clothes dryer: side-hinged door, region 'drum', control. Affordances openable, container, powered.")
_reg("bin", "fixture", False, _bin, {"width": 0.4, "depth": 0.35, "height": 0.6, "color": (0.3, 0.5, 0.3)},
     f"Open-top bin: {_FIX_COMMON}. Region 'bin'. Affordance container.")
_reg("chair", "seat", False, _seat, {"width": 0.45, "depth": 0.45, "seat_height": 0.46, "color": WOOD, "back": True},
     "Chair: width/depth [m], seat_height [m], back (bool). Surface 'seat'. Affordances seat, support.")
_reg("stool", "seat", False, _seat, {"width": 0.38, "depth": 0.38, "seat_height": 0.62, "color": WOOD, "back": False},
     "Stool (no back). Surface 'seat'. Affordances seat, support.")
_reg("sofa", "seat", False, _seat,
     {"width": 1.8, "depth": 0.85, "seat_height": 0.43, "color": (0.35, 0.4, 0.55), "back": True},
     "Sofa. Surface 'seat'. Affordances seat, support.")
_reg("bench", "seat", False, _seat, {"width": 1.4, "depth": 0.4, "seat_height": 0.45, "color": WOOD, "back": False},
     "Bench. Surface 'seat'. Affordances seat, support.")
for _k in ("wall_board", "sign", "poster", "whiteboard"):
    _reg(_k, "sign", False, _board, {"width": 0.8, "height": 0.6, "mount_z": 1.2, "color": (0.95, 0.95, 0.92)},
         "Wall-mounted board with a label face 'front' at local +x (place it against a wall, facing the room): "
         "width/height of the board [m], mount_z lower edge height [m]. Affordance readable; label text via the "
         "entity's labels.")
_reg("computer", "device", False, _computer, {},
     "Desktop computer (monitor + keyboard; place it on a desk). Label face 'screen'; keyboard control. "
     "Affordances powered, computer (use_computer), readable.")
_reg("keyboard", "device", False, _computer, {}, "Alias geometry of 'computer' for a keyboard workstation.")
_reg("door", "door", False, _door,
     {"width": 0.9, "height": 2.05, "thickness": 0.04, "color": (0.65, 0.5, 0.35), "hinge": "left", "swing": "out"},
     "Room door leaf (created by SceneBuilder.add_door in a wall opening): width/height/thickness [m]; hinge "
     "'left'|'right' seen from the +x side; swing 'out' (towards +x) or 'in'. Joint 'door' 90 deg. Affordances "
     "openable, door.")

# Movable objects
_OBJ = "Movable object"


PHYSICAL: dict[str, tuple[float, float]] = {
    "milk_carton": (1.05, 0.6), "juice_carton": (1.05, 0.6), "carton": (0.5, 0.6), "box": (0.4, 0.6),
    "tray": (0.5, 0.5), "cutting_board": (0.6, 0.6), "book": (0.5, 0.6), "document": (0.005, 0.5),
    "card": (0.003, 0.5), "invoice_card": (0.003, 0.5), "phone": (0.18, 0.6), "keys": (0.05, 0.5),
    "wallet": (0.1, 0.7), "sponge": (0.015, 0.9), "cloth": (0.03, 0.9), "bread": (0.4, 0.8),
    "toy_block": (0.05, 0.6), "panel": (2.0, 0.6), "leg": (0.3, 0.6),
    "bottle": (0.75, 0.5), "water_bottle": (0.75, 0.5), "can": (0.35, 0.5), "mug": (0.3, 0.6), "cup": (0.2, 0.6),
    "glass": (0.25, 0.4), "bowl": (0.3, 0.6), "pot": (1.2, 0.5), "pan": (0.9, 0.5), "plate": (0.4, 0.5),
    "pizza": (0.5, 0.8), "kettle": (1.0, 0.5),
    "tomato": (0.12, 0.8), "apple": (0.18, 0.7), "orange": (0.2, 0.8), "onion": (0.15, 0.7), "potato": (0.2, 0.8),
    "egg": (0.06, 0.5), "ball": (0.3, 0.8),
    "knife": (0.12, 0.4), "spoon": (0.05, 0.4), "spatula": (0.08, 0.5), "fork": (0.05, 0.4),
    "screwdriver": (0.1, 0.6), "pen": (0.015, 0.5),
    "laptop": (1.4, 0.6), "sock": (0.04, 0.9), "cold_cuts": (0.2, 0.7), "chips_bag": (0.1, 0.6),
    "berry_punnet": (0.15, 0.6), "dish_rack": (1.0, 0.6), "burger": (0.25, 0.8), "pie": (0.7, 0.8),
    "pastry": (0.08, 0.8), "brownie": (0.07, 0.8), "donut": (0.07, 0.8),
}
"""Default (mass [kg], sliding friction coefficient) of each movable kind: everyday values (a full 1 L carton
weighs about 1 kg; steel tools and glass are slippery, food and cloth grip). Each is an ordinary parameter
(``mass``, ``friction``) a scene may override; the physics uses both (paper B.1.2, "Object physics")."""


def _obj(kind: str, category: str, build, defaults: dict[str, Any], doc: str, **fixed) -> None:
    mass, friction = PHYSICAL[kind]
    _reg(kind, category, True, build, {**defaults, "mass": mass, "friction": friction},
         f"{_OBJ} ({category}): {doc} mass [kg], friction (sliding coefficient).", _category=category, **fixed)


_obj("milk_carton", "drink", _box_object, {"size": (0.07, 0.07, 0.2), "color": (0.95, 0.95, 0.97)},
     "size (x,y,z) [m]; label face 'front' (e.g. the carton size or flavour). Affordances pour_source, readable.",
     _aff=("pour_source",))
_obj("juice_carton", "drink", _box_object, {"size": (0.07, 0.07, 0.2), "color": (0.95, 0.6, 0.1)},
     "like milk_carton.", _aff=("pour_source",))
_obj("carton", "package", _box_object, {"size": (0.07, 0.07, 0.2), "color": (0.9, 0.9, 0.85)},
     "generic carton; label 'front'.", _aff=("pour_source",))
_obj("box", "container", _box_object, {"size": (0.3, 0.25, 0.18), "color": (0.7, 0.55, 0.35)},
     "open-top box; region 'interior'; label 'front'.", _aff=("container",))
_obj("tray", "container", _box_object, {"size": (0.3, 0.4, 0.03), "color": (0.5, 0.5, 0.5)},
     "flat tray; surface 'top'.", _aff=("support",))
_obj("cutting_board", "kitchenware", _box_object, {"size": (0.25, 0.35, 0.02), "color": LIGHT_WOOD},
     "surface 'top'.", _aff=("support",))
_obj("book", "document", _box_object, {"size": (0.16, 0.24, 0.03), "color": (0.6, 0.15, 0.15)},
     "label face 'top' (cover text).", _label_face="top")
_obj("document", "document", _box_object, {"size": (0.21, 0.297, 0.003), "color": (0.97, 0.97, 0.95)},
     "A4 sheet; label face 'top' (printed text: recipe, checklist...).", _label_face="top")
_obj("card", "document", _box_object, {"size": (0.09, 0.13, 0.003), "color": (0.98, 0.98, 0.9)},
     "card (price card, invoice card); label face 'top'.", _label_face="top")
_obj("invoice_card", "document", _box_object, {"size": (0.1, 0.15, 0.003), "color": (0.98, 0.98, 0.9)},
     "invoice card; label face 'top'.", _label_face="top")
_obj("phone", "device", _box_object, {"size": (0.075, 0.15, 0.009), "color": DARK},
     "mobile phone; label face 'top' (screen). Affordance phone.", _aff=("phone",), _label_face="top")
_obj("keys", "personal", _box_object, {"size": (0.06, 0.03, 0.015), "color": (0.8, 0.7, 0.3)}, "key ring.")
_obj("wallet", "personal", _box_object, {"size": (0.1, 0.09, 0.02), "color": (0.3, 0.2, 0.12)}, "wallet.")
_obj("sponge", "tool", _box_object, {"size": (0.1, 0.07, 0.04), "color": (0.95, 0.85, 0.2)},
     "Affordance wiping_tool.", _aff=("wiping_tool",))
_obj("cloth", "tool", _box_object, {"size": (0.15, 0.15, 0.01), "color": (0.3, 0.5, 0.8)},
     "Affordance wiping_tool.", _aff=("wiping_tool",))
_obj("bread", "food", _box_object, {"size": (0.12, 0.25, 0.1), "color": (0.8, 0.6, 0.3)},
     "Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
_obj("toy_block", "toy", _box_object, {"size": (0.06, 0.06, 0.06), "color": (0.9, 0.2, 0.2)}, "toy cube.")
_obj("panel", "assembly", _box_object,
     {"size": (0.6, 0.4, 0.02), "color": LIGHT_WOOD, "connectors": [], "raisable": True, "upright_axis": (1, 0, 0)},
     "flat furniture panel; connectors [{name, position (3,) [m], normal (3,)}]; raisable (local upright_axis "
     "points up when raised).")
_obj("leg", "assembly", _box_object,
     {"size": (0.04, 0.04, 0.4), "color": LIGHT_WOOD, "connectors": [{"name": "top", "position": (0, 0, 0.4),
                                                                      "normal": (0, 0, 1)}]},
     "furniture leg with connector 'top'.")

_obj("bottle", "drink", _cyl_object, {"radius": 0.035, "height": 0.24, "color": (0.2, 0.5, 0.8)},
     "radius/height [m]; cap; label 'front'. Affordance pour_source.", _aff=("pour_source",), _cap=True)
_obj("water_bottle", "drink", _cyl_object, {"radius": 0.035, "height": 0.24, "color": (0.6, 0.8, 0.95)},
     "like bottle.", _aff=("pour_source",), _cap=True)
_obj("can", "drink", _cyl_object, {"radius": 0.033, "height": 0.12, "color": (0.8, 0.1, 0.1)},
     "soda can. Affordance pour_source.", _aff=("pour_source",))
_obj("mug", "kitchenware", _cyl_object, {"radius": 0.04, "height": 0.1, "color": (0.85, 0.2, 0.2)},
     "mug with handle; region 'interior'. Affordances container, pour_target.",
     _aff=("container", "pour_target"), _handle=True)
_obj("cup", "kitchenware", _cyl_object, {"radius": 0.038, "height": 0.09, "color": (0.95, 0.95, 0.95)},
     "cup; region 'interior'.", _aff=("container", "pour_target"))
_obj("glass", "kitchenware", _cyl_object, {"radius": 0.035, "height": 0.12, "color": (0.8, 0.9, 0.95)},
     "drinking glass; region 'interior'.", _aff=("container", "pour_target"))
_obj("bowl", "kitchenware", _cyl_object, {"radius": 0.08, "height": 0.07, "color": (0.9, 0.9, 0.85)},
     "bowl; region 'interior'. Affordances container, pour_target.", _aff=("container", "pour_target"))
_obj("pot", "cookware", _cyl_object, {"radius": 0.11, "height": 0.14, "color": STEEL},
     "cooking pot; region 'interior'. Affordances container, pour_target.", _aff=("container", "pour_target"))
_obj("pan", "cookware", _cyl_object, {"radius": 0.13, "height": 0.05, "color": DARK},
     "frying pan; region 'interior'.", _aff=("container",), _handle=True)
_obj("plate", "kitchenware", _cyl_object, {"radius": 0.12, "height": 0.02, "color": (0.97, 0.97, 0.97)},
     "plate; surface 'top'. Affordance support.", _aff=("support",))
_obj("pizza", "food", _cyl_object, {"radius": 0.14, "height": 0.02, "color": (0.9, 0.6, 0.3)},
     "Affordances cuttable, cookable; surface 'top'.", _aff=("cuttable", "cookable", "support"))
_obj("kettle", "kitchenware", _cyl_object, {"radius": 0.08, "height": 0.2, "color": STEEL},
     "Affordance pour_source.", _aff=("pour_source",), _handle=True)

for _k, _r, _c in (("tomato", (0.035, 0.035, 0.032), (0.85, 0.1, 0.05)), ("apple", (0.04, 0.04, 0.038),
                   (0.7, 0.1, 0.1)), ("orange", (0.04, 0.04, 0.04), (0.95, 0.55, 0.05)),
                   ("onion", (0.04, 0.04, 0.037), (0.8, 0.65, 0.4)), ("potato", (0.05, 0.035, 0.03),
                   (0.7, 0.55, 0.3)), ("egg", (0.022, 0.022, 0.03), (0.97, 0.93, 0.85))):
    _obj(_k, "food", _round_object, {"radii": _r, "color": _c}, "radii (x,y,z) [m]. Affordances cuttable, cookable.",
         _aff=("cuttable", "cookable"))
_obj("ball", "toy", _round_object, {"radii": (0.06, 0.06, 0.06), "color": (0.2, 0.4, 0.9)}, "toy ball.")

for _k, _aff, _c in (("knife", ("cutting_tool",), STEEL), ("spoon", ("stirring_tool",), STEEL),
                     ("spatula", ("stirring_tool",), DARK), ("fork", (), STEEL),
                     ("screwdriver", (), (0.9, 0.8, 0.1)), ("pen", (), (0.1, 0.2, 0.7))):
    _obj(_k, "tool", _stick_object, {"length": 0.22, "width": 0.025, "thickness": 0.02, "color": _c,
                                     "grip_color": DARK},
         f"length/width/thickness [m]. Affordances {', '.join(_aff) or '(none)'}.", _aff=_aff)

# Household kinds: laundry, cooling, IT equipment, hotel supplies (builders in assets_household).
_reg("fan", "appliance", False, _hh.fan,
     {"height": 0.35, "head_radius": 0.14, "color": (0.9, 0.9, 0.92), "guard_color": (0.55, 0.6, 0.65)},
     "Desk fan standing on a support (give it on=<counter>): height of the head centre [m], head_radius [m], "
     "guard_color. Switch on the front of the stem. Affordance powered (running = blowing).")
PHYSICAL.update({"towel": (0.4, 0.9), "boot": (0.7, 0.8), "camera": (0.4, 0.6), "headset": (0.3, 0.6),
                 "mouse_pad": (0.1, 0.8), "soap": (0.12, 0.5), "toilet_roll": (0.1, 0.7), "paper_bag": (0.05, 0.6),
                 "jug": (1.2, 0.5)})
_obj("towel", "textile", _box_object, {"size": (0.3, 0.22, 0.06), "color": (0.95, 0.95, 0.92)},
     "folded towel; size (x,y,z) [m]; label face 'top' (the care tag).", _label_face="top")
_obj("boot", "clothing", _hh.boot, {"length": 0.28, "shaft_height": 0.22, "color": (0.35, 0.22, 0.12),
                                   "sole_color": DARK},
     "boot: length, shaft_height [m], sole_color; label face 'side' (the care label).")
_obj("camera", "device", _hh.camera, {"size": (0.12, 0.07, 0.08), "color": DARK},
     "compact camera, lens towards +x; size of the body (x,y,z) [m]; label face 'top'.")
_obj("headset", "device", _hh.headset, {"span": 0.16, "color": DARK},
     "over-ear headset lying on its back; span between the ear cups [m].")
_obj("mouse_pad", "office", _box_object, {"size": (0.24, 0.2, 0.005), "color": (0.2, 0.25, 0.4)},
     "flat mouse pad; label face 'top'.", _label_face="top")
_obj("soap", "toiletry", _box_object, {"size": (0.09, 0.06, 0.035), "color": (0.9, 0.85, 0.95)},
     "wrapped bar of soap; label face 'front'.")
_obj("toilet_roll", "toiletry", _cyl_object, {"radius": 0.055, "height": 0.1, "color": (0.97, 0.97, 0.97)},
     "toilet roll; radius/height [m].")
_obj("paper_bag", "package", _box_object, {"size": (0.14, 0.22, 0.26), "color": (0.72, 0.56, 0.38)},
     "open-top paper bag; region 'interior'; label 'front'.", _aff=("container",))
_obj("jug", "kitchenware", _cyl_object, {"radius": 0.06, "height": 0.2, "color": (0.85, 0.9, 0.8)},
     "jug with a handle; radius/height [m]; label 'front'. Affordances pour_source, readable.",
     _aff=("pour_source", "readable"), _handle=True)


# Props of the Decision catalog rows (paper Table 10): gym apparatus and a backpack (row 13), a display pedestal
# and a projector (row 7), fruit and meat for a marinade (row 11), passive and sprayed room fragrance (row 18).
# Builders in :mod:`.assets_props`; (mass [kg], friction) as in PHYSICAL.
from .assets_props import (atomizer as _atomizer, backpack as _backpack, balance_beam as _balance_beam,  # noqa: E402
                           crowned_fruit as _crowned_fruit, parallel_bars as _parallel_bars, pedestal as _pedestal,
                           projector as _projector, reed_diffuser as _reed_diffuser, glass_shards as _glass_shards)

_reg("parallel_bars", "sports", False, _parallel_bars,
     {"length": 2.2, "spacing": 0.5, "height": 1.6, "color": (0.3, 0.3, 0.35), "rail_color": LIGHT_WOOD},
     "Gymnastics parallel bars: two rails length [m] along local y, spacing [m] apart, at height [m], on posts; "
     "color (frame), rail_color. No support surface.")
_reg("balance_beam", "sports", False, _balance_beam,
     {"length": 2.5, "beam_width": 0.1, "height": 1.0, "color": (0.75, 0.6, 0.45)},
     "Balance beam: length [m] along local y, beam_width [m], top at height [m], on two legs. Surface 'top'. "
     "Affordance support.")
_reg("pedestal", "furniture", False, _pedestal,
     {"width": 0.45, "depth": 0.45, "height": 1.0, "color": WHITE, "top_color": (0.9, 0.9, 0.88)},
     f"Display pedestal (square column with a top slab): {_FIX_COMMON}; top_color. Surface 'top'; label face "
     "'front' (number plate). Affordances support, readable.")
PHYSICAL.update({"projector": (2.5, 0.6), "backpack": (3.0, 0.7), "pineapple": (1.2, 0.8), "lemon": (0.1, 0.7),
                 "steak": (0.35, 0.8), "reed_diffuser": (0.3, 0.5), "atomizer": (0.3, 0.5)})
_obj("projector", "device", _projector, {"size": (0.26, 0.3, 0.1), "color": (0.85, 0.86, 0.88)},
     "portable projector: size (x,y,z) [m] of the body, lens on the front (+x); label face 'top' (asset tag).")
_obj("backpack", "personal", _backpack,
     {"size": (0.18, 0.3, 0.42), "color": (0.2, 0.35, 0.6), "pocket_color": (0.15, 0.25, 0.45)},
     "backpack standing upright: size (x,y,z) [m] of the bag, front pocket (pocket_color), carry loop.")
_obj("pineapple", "food", _crowned_fruit,
     {"radii": (0.065, 0.065, 0.1), "color": (0.75, 0.55, 0.15), "crown_color": (0.2, 0.5, 0.2),
      "crown_height": 0.14},
     "radii (x,y,z) [m] of the body, crown of leaves crown_height [m] (crown_color). Affordances cuttable, "
     "cookable.", _aff=("cuttable", "cookable"))
for _k, _r, _c in (("lemon", (0.04, 0.03, 0.03), (0.98, 0.88, 0.15)), ("steak", (0.1, 0.07, 0.016),
                                                                        (0.6, 0.15, 0.15))):
    _obj(_k, "food", _round_object, {"radii": _r, "color": _c}, "radii (x,y,z) [m]. Affordances cuttable, cookable.",
         _aff=("cuttable", "cookable"))
_obj("reed_diffuser", "household", _reed_diffuser,
     {"radius": 0.04, "height": 0.1, "reed_length": 0.26, "color": (0.75, 0.85, 0.9), "reed_color": (0.35, 0.25, 0.15)},
     "passive room fragrance: a squat bottle radius/height [m] with a fan of reed sticks reed_length [m] "
     "(reed_color; visual only).")
_obj("atomizer", "household", _atomizer,
     {"radius": 0.035, "height": 0.16, "color": (0.6, 0.8, 0.9), "head_color": (0.95, 0.95, 0.95)},
     "spray bottle (room spray): radius/height [m] of the bottle, pump head with trigger and nozzle (head_color).")

# Kinds of the Finding catalog (paper Table 12): a lidded storage box and its lid, the foods of the cold
# deliveries, the office and cleaning tools searched for. (mass [kg], friction) as in PHYSICAL.
PHYSICAL.update({
    "storage_box": (0.3, 0.6), "lid": (0.08, 0.6), "mushroom": (0.03, 0.7), "lettuce": (0.4, 0.8),
    "ice_cream": (0.5, 0.6), "yogurt": (0.15, 0.6), "cheese": (0.25, 0.7), "chicken": (0.6, 0.7),
    "lolly": (0.06, 0.5), "eraser": (0.02, 0.9), "folder": (0.2, 0.6), "squeegee": (0.25, 0.6),
    "thermometer": (0.03, 0.5),
})
_obj("storage_box", "container", _box_object, {"size": (0.26, 0.2, 0.12), "color": (0.2, 0.45, 0.75)},
     "lidded storage box (food box, crate): open-top box; region 'interior'; surface 'rim' (the wall tops) where "
     "a lid of the same footprint rests; label 'front'.", _aff=("container", "lidded"))
_obj("lid", "container", _box_object, {"size": (0.26, 0.2, 0.012), "color": (0.2, 0.45, 0.75)},
     "flat lid (give it its box's footprint); resting on a container it closes it: nothing is taken out or put "
     "in until it is lifted off. Affordance lid.", _aff=("lid",))
for _k, _s, _c, _cat in (("ice_cream", (0.12, 0.12, 0.09), (0.95, 0.9, 0.8), "food"),
                         ("yogurt", (0.07, 0.07, 0.09), (0.97, 0.97, 0.97), "food"),
                         ("cheese", (0.12, 0.08, 0.05), (0.95, 0.8, 0.3), "food"),
                         ("chicken", (0.2, 0.14, 0.06), (0.95, 0.75, 0.7), "food"),
                         ("folder", (0.24, 0.32, 0.012), (0.2, 0.35, 0.8), "document")):
    _obj(_k, _cat, _box_object, {"size": _s, "color": _c},
         "size (x,y,z) [m]; " + ("label face 'top' (cover text); surface 'top' (a larger sheet or cover may lie "
                                 "over it)." if _cat == "document" else "label face 'front' (packaging)."),
         **({"_label_face": "top", "_aff": ("support",)} if _cat == "document" else {}))
_obj("eraser", "tool", _box_object, {"size": (0.06, 0.025, 0.014), "color": (0.95, 0.95, 0.92)},
     "rubber eraser (rubbing over a sheet with [Wipe] erases). Affordance wiping_tool.", _aff=("wiping_tool",))
for _k, _r, _c in (("mushroom", (0.03, 0.03, 0.025), (0.85, 0.78, 0.65)),
                   ("lettuce", (0.07, 0.07, 0.06), (0.35, 0.65, 0.25))):
    _obj(_k, "food", _round_object, {"radii": _r, "color": _c}, "radii (x,y,z) [m]. Affordances cuttable, cookable.",
         _aff=("cuttable", "cookable"))
for _k, _cat, _d in (("lolly", "food", {"length": 0.14, "width": 0.045, "thickness": 0.02, "color": (0.9, 0.35, 0.5),
                                        "grip_color": (0.85, 0.75, 0.55)}),
                     ("squeegee", "tool", {"length": 0.32, "width": 0.06, "thickness": 0.03, "color": DARK,
                                           "grip_color": DARK}),
                     ("thermometer", "tool", {"length": 0.18, "width": 0.04, "thickness": 0.03,
                                              "color": (0.95, 0.95, 0.95), "grip_color": (0.85, 0.1, 0.1)})):
    _obj(_k, _cat, _stick_object, _d, "length/width/thickness [m]; grip_color (the stick or handle end).")

# Kinds of the household routines in the Prevention catalog rows (paper Table 11): a window that can be left
# open, the laptop and the loose sock a departure or a wash forgets, deli and bakery items, a dish rack.
_reg("window", "fixture", False, _window,
     {"width": 1.0, "height": 0.8, "sill_z": 1.0, "depth": 0.08, "color": WHITE, "glass_color": (0.78, 0.88, 0.94),
      "sky_color": (0.3, 0.5, 0.78)},
     "Sliding window set against a wall (front +x faces the room): width/height of the frame [m], sill_z its "
     "lower edge [m], depth [m]; color (frame), glass_color, sky_color (seen through the opening). Joint 'sash' "
     "slides the right pane over the left one (open = the sash pushed aside). Affordance openable.")
_obj("laptop", "device", _box_object, {"size": (0.24, 0.33, 0.025), "color": (0.55, 0.57, 0.6)},
     "closed laptop; label face 'top' (lid).", _label_face="top")
_obj("sock", "clothing", _box_object, {"size": (0.22, 0.08, 0.02), "color": (0.2, 0.25, 0.6)}, "a single sock.")
_obj("cold_cuts", "food", _box_object, {"size": (0.16, 0.11, 0.03), "color": (0.9, 0.55, 0.55)},
     "sealed pack of sliced meat; label 'front'.")
_obj("chips_bag", "food", _box_object, {"size": (0.07, 0.17, 0.22), "color": (0.95, 0.75, 0.1)},
     "bag of crisps; label 'front'.")
_obj("berry_punnet", "food", _box_object, {"size": (0.11, 0.11, 0.06), "color": (0.75, 0.1, 0.25)},
     "punnet of berries; label 'front'.")
_obj("dish_rack", "kitchenware", _box_object, {"size": (0.32, 0.44, 0.1), "color": STEEL},
     "open draining rack for washed dishes (stand it on a counter); region 'interior'. Affordance container.",
     _aff=("container",))
_obj("burger", "food", _cyl_object, {"radius": 0.055, "height": 0.07, "color": (0.72, 0.45, 0.2)},
     "wrapped burger. Affordance cookable.", _aff=("cookable",))
_obj("pie", "food", _cyl_object, {"radius": 0.11, "height": 0.045, "color": (0.85, 0.62, 0.3)},
     "unbaked pie in its tin. Affordances cuttable, cookable.", _aff=("cuttable", "cookable"))
_obj("pastry", "food", _round_object, {"radii": (0.045, 0.045, 0.03), "color": (0.86, 0.66, 0.38)},
     "radii (x,y,z) [m]: a scone, muffin or croissant by size and colour. Affordance cookable.", _aff=("cookable",))
_obj("brownie", "food", _box_object, {"size": (0.07, 0.07, 0.035), "color": (0.3, 0.17, 0.08)},
     "square of chocolate cake.")
_obj("donut", "food", _torus_object, {"major_radius": 0.04, "minor_radius": 0.017, "color": (0.85, 0.55, 0.6)},
     "ring doughnut lying flat: major_radius (to the tube centre) and minor_radius [m]. Affordance cookable.",
     _aff=("cookable",))
# Kinds of the Accessibility catalog (paper Table 9): a flat kitchen scale moved off a crowded counter, a potted
# cactus to steer a blind wearer around and a shoe found where it does not belong. (mass [kg], friction) as in
# PHYSICAL: a 1 kg kitchen scale, a 0.6 kg cactus in its pot, a 0.35 kg shoe with a rubber sole.
PHYSICAL.update({"kitchen_scale": (1.0, 0.7), "cactus": (0.6, 0.7), "shoe": (0.35, 0.9)})
_obj("kitchen_scale", "kitchenware", _box_object, {"size": (0.2, 0.18, 0.035), "color": (0.85, 0.85, 0.88)},
     "flat kitchen scale; size (x,y,z) [m]; label face 'front' (the display).")
_obj("cactus", "plant", _cyl_object, {"radius": 0.05, "height": 0.2, "color": (0.2, 0.55, 0.25)},
     "potted cactus (prickly: a hazard to steer a hand around); radius/height [m].")
_obj("shoe", "clothing", _box_object, {"size": (0.28, 0.1, 0.1), "color": (0.35, 0.25, 0.2)},
     "a single shoe; size (x,y,z) [m].")

# Broken glass on a table and what contains it (paper Table 9, row 12): shards that are swept, never picked up by
# hand, a hand broom that sweeps them ([Wipe] <broom> <surface>) into a dustpan standing on that surface.
# (mass [kg], friction): a handful of glass (0.1 kg, slippery), a 0.25 kg broom, a 0.3 kg plastic dustpan.
PHYSICAL.update({"glass_shards": (0.1, 0.4), "broom": (0.25, 0.6), "dustpan": (0.3, 0.6)})
_obj("glass_shards", "hazard", _glass_shards,
     {"size": (0.14, 0.1), "count": 7, "shard": 0.04, "thickness": 0.006, "color": (0.72, 0.86, 0.93)},
     "broken glass lying flat: count (<= 7) thin triangular shards up to shard [m] across, thickness [m], over a "
     "size (x, y) [m] footprint. Affordances debris (refused by [Grab]; a [Wipe] with a sweeping tool over the "
     "surface they lie on moves them into a dustpan there), sharp.")
_obj("broom", "tool", _stick_object,
     {"length": 0.38, "width": 0.07, "thickness": 0.05, "color": (0.2, 0.2, 0.22), "grip_color": (0.75, 0.55, 0.3)},
     "hand broom: length/width/thickness [m], grip_color (the handle), color (the bristle head). Affordances "
     "wiping_tool, sweeping_tool.", _aff=("wiping_tool", "sweeping_tool"))
_obj("dustpan", "tool", _box_object, {"size": (0.24, 0.28, 0.04), "color": (0.85, 0.2, 0.15)},
     "dustpan: a shallow open-top tray; region 'interior'. Affordances container, dustpan (what a sweep over the "
     "surface it stands on collects).", _aff=("container", "dustpan"))


def asset_kind(kind: str) -> AssetKind:
    """Catalog entry of ``kind``; raises ``KeyError`` naming the known kinds."""
    try:
        return CATALOG[kind]
    except KeyError:
        raise KeyError(f"unknown asset kind {kind!r}; known kinds: {', '.join(sorted(CATALOG))}") from None


def resolved_params(kind: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Defaults of ``kind`` overridden by ``params``; unknown parameter names raise ``ValueError``."""
    spec = asset_kind(kind)
    params = dict(params or {})
    unknown = set(params) - set(spec.defaults)
    if unknown:
        raise ValueError(f"asset {kind!r}: unknown parameter(s) {sorted(unknown)}; known: {sorted(spec.defaults)}")
    out = {**spec.defaults, **params}
    for key in ("color", "top_color", "door_color", "front_color", "grip_color"):
        if key in out:
            out[key] = tuple(float(c) for c in out[key])
    return out


_CACHE: dict[str, AssetModel] = {}


def build_asset(kind: str, params: dict[str, Any] | None = None) -> AssetModel:
    """Build (and cache) the :class:`AssetModel` of ``kind`` with ``params`` over the catalog defaults.

    Raises:
        KeyError: unknown kind. ValueError: unknown parameter name.
    """
    full = resolved_params(kind, params)
    key = kind + repr(sorted((k, repr(v)) for k, v in full.items()))
    model = _CACHE.get(key)
    if model is None:
        spec = CATALOG[kind]
        model = spec.build({**full, **spec.fixed, "_kind": kind})
        model.category = spec.category
        _CACHE[key] = model
    return model


def describe_catalog() -> str:
    """Human-readable catalog: one paragraph per kind with its defaults (for TaskPack authors)."""
    lines = []
    for kind in sorted(CATALOG):
        spec = CATALOG[kind]
        lines.append(f"{kind} [{spec.category}{', movable' if spec.movable else ''}]: {spec.doc}\n"
                     f"    defaults: {spec.defaults}")
    return "\n".join(lines)

