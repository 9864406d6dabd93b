"""World content: the parametric assets, every fixture and movable object kind a scene can hold.

The package, from the bottom up (no module imports one above it):

* :mod:`.materials` — named colours (linear RGB) and the sRGB decoding they share;
  :mod:`.provenance` — where files taken from packages (textures, meshes) came from;
* :mod:`.model` — the built asset (:class:`AssetModel`, its parts, joints, surfaces, regions, connectors,
  label faces) and the conventions every asset follows (frames, units, affordance vocabulary);
* :mod:`.parts` — the parts the families share (boxes, cylinders, carcasses, doors, label faces);
  :mod:`.printing` — label text as textures on quads;
* :mod:`.catalog` — the registry: kinds, their parameters and :func:`build_asset`;
* the generator families, each registering its kinds into the catalog when imported: :mod:`.fixtures`,
  :mod:`.objects`, :mod:`.household`, :mod:`.props`.

Importing this package imports every family, so :data:`CATALOG` is full. The catalog lists the kinds in the order
the families register them, the order of the imports below: fixtures, objects, household, props (importing any
module of the package runs this one first, so the order never changes).
"""
from .catalog import CATALOG, AssetKind, asset_kind, build_asset, describe_catalog, resolved_params
from .model import AssetModel, Connector, Joint, LabelFace, Part, Region, Surface, joint_transform

from . import fixtures  # noqa: E402,F401  (registers the fixture kinds first)
from . import objects  # noqa: E402,F401
from . import household  # noqa: E402,F401
from . import props  # noqa: E402,F401
from . import families  # noqa: E402,F401  (the table-driven families, last)

__all__ = [
    "Part", "Joint", "Surface", "Region", "Connector", "LabelFace", "AssetModel", "AssetKind",
    "CATALOG", "build_asset", "asset_kind", "describe_catalog", "joint_transform", "resolved_params",
]
