"""The asset catalog: a registry of every kind a scene may use, with its parameters (units, defaults), parts and
affordances.

The generator families (:mod:`interactiveworld.world.assets`: :mod:`.fixtures`, :mod:`.objects`,
:mod:`.household`, :mod:`.props`) register their kinds here with :func:`register` (or :func:`register_object` for a
movable object, whose mass and friction come from :data:`PHYSICAL`) when they are imported; importing
:mod:`interactiveworld.world.assets` imports every family, so the catalog is full. The catalog lists the kinds in
registration order. Frames, units and the affordance vocabulary are documented in :mod:`.model`.
``describe_catalog()`` prints the whole catalog.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .model import AssetModel

__all__ = ["AssetKind", "CATALOG", "PHYSICAL", "FIX_COMMON", "register", "register_object", "build_asset",
           "asset_kind", "resolved_params", "describe_catalog"]


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
"""Kind name -> :class:`AssetKind`, in registration order."""

FIX_COMMON = "width/depth/height [m]; color linear RGB"
"""The parameter documentation that fixture kinds share (their ``doc`` strings quote it)."""

_OBJ = "Movable object"


def register(kind: str, category: str, movable: bool, build: Callable[[dict[str, Any]], AssetModel],
             defaults: dict[str, Any], doc: str, **fixed) -> None:
    """Add ``kind`` to :data:`CATALOG`: ``build(params)`` makes its model from ``defaults`` overridden by a scene's
    parameters, plus the ``fixed`` internal ones (keyword arguments, names starting with ``_``) and ``_kind``.

    Raises:
        ValueError: ``kind`` is already registered.
    """
    if kind in CATALOG:
        raise ValueError(f"asset kind {kind!r} is registered twice")
    CATALOG[kind] = AssetKind(kind, category, movable, build, defaults, doc, dict(fixed))


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
    # household kinds (:mod:`.household`)
    "towel": (0.4, 0.9), "boot": (0.7, 0.8), "camera": (0.4, 0.6), "headset": (0.3, 0.6),
    "mouse_pad": (0.1, 0.8), "soap": (0.12, 0.5), "toilet_roll": (0.1, 0.7), "paper_bag": (0.05, 0.6),
    "jug": (1.2, 0.5),
    # props of the Decision catalog rows (:mod:`.props`)
    "projector": (2.5, 0.6), "backpack": (3.0, 0.7), "pineapple": (1.2, 0.8), "lemon": (0.1, 0.7),
    "steak": (0.35, 0.8), "reed_diffuser": (0.3, 0.5), "atomizer": (0.3, 0.5),
    # kinds of the Finding catalog
    "storage_box": (0.3, 0.6), "lid": (0.08, 0.6), "mushroom": (0.03, 0.7), "lettuce": (0.4, 0.8),
    "ice_cream": (0.5, 0.6), "yogurt": (0.15, 0.6), "cheese": (0.25, 0.7), "chicken": (0.6, 0.7),
    "lolly": (0.06, 0.5), "eraser": (0.02, 0.9), "folder": (0.2, 0.6), "squeegee": (0.25, 0.6),
    "thermometer": (0.03, 0.5),
    # kinds of the Accessibility catalog: a 1 kg kitchen scale, a 0.6 kg cactus in its pot, a 0.35 kg shoe with a
    # rubber sole
    "kitchen_scale": (1.0, 0.7), "cactus": (0.6, 0.7), "shoe": (0.35, 0.9),
    # broken glass and what contains it: a handful of glass (0.1 kg, slippery), a 0.25 kg broom, a 0.3 kg plastic
    # dustpan
    "glass_shards": (0.1, 0.4), "broom": (0.25, 0.6), "dustpan": (0.3, 0.6),
}
"""Default (mass [kg], sliding friction coefficient) of each movable kind: everyday values (a full 1 L carton
weighs about 1 kg; steel tools and glass are slippery, food and cloth grip). Each is an ordinary parameter
(``mass``, ``friction``) a scene may override; the physics uses both (paper B.1.2, "Object physics")."""


def register_object(kind: str, category: str, build: Callable[[dict[str, Any]], AssetModel],
                    defaults: dict[str, Any], doc: str, **fixed) -> None:
    """:func:`register` a movable object of ``category``: its defaults gain ``mass`` [kg] and ``friction`` from
    :data:`PHYSICAL` and its ``doc`` the common parameter text; ``_category`` is passed to the builder.

    Raises:
        KeyError: ``kind`` has no row in :data:`PHYSICAL`. ValueError: ``kind`` is already registered.
    """
    mass, friction = PHYSICAL[kind]
    register(kind, category, True, build, {**defaults, "mass": mass, "friction": friction},
             f"{_OBJ} ({category}): {doc} mass [kg], friction (sliding coefficient).", _category=category, **fixed)


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

