"""The egocentric renderer: first hits from a pluggable engine, shared shading, owner maps.

Scene input is a list of :class:`~interactiveworld.world.geometry.VisualMesh` in world coordinates
(z-up, metres). Static meshes go into an acceleration structure built once (:meth:`Renderer.set_static`);
dynamic meshes (the body, held or moving objects, opened doors) are passed to every
:meth:`Renderer.render` call; while their faces, colours and textures stay those of the previous frame, their
shading table and Warp mesh are refitted to the new vertices rather than rebuilt. On the host (Embree) path
their first hits come from a kernel that tests each dynamic triangle against the rays of its own screen
rectangle (:func:`interactiveworld.kernels.raycast.rect_first_hit_rows`). Shading follows :mod:`.shading`; the
passes of a frame are described in :mod:`.engines.frame`. On the CPU a frame runs as row bands on ``threads``
threads; every pixel is computed by the same arithmetic whatever the banding.
"""
from __future__ import annotations

import dataclasses
import os

import numpy as np

from ..world.geometry import AreaLight, VisualMesh
from .camera import Camera
from .lightbake import Occluder
from .engines import make_engine

DEFAULT_LIGHT_DIR = (0.35, 0.25, 1.0)   # toward the light: high and slightly oblique, like ceiling lamps
DEFAULT_AMBIENT = 0.35
DEFAULT_BACKGROUND = (0.55, 0.60, 0.65)  # linear RGB of rays that leave the scene
SHADOW_RANGE_M = 1.5
SHADOW_EPS_M = 2e-3
HEADLIGHT = 0.4
NEAR_M = 0.08   # rays start 8 cm ahead of the eye: clears the inside of the head mesh around the camera
MAX_THREADS = 8


class Renderer:
    """Ray-cast renderer of the egocentric view (paper section 2.1; DESIGN.md "Backends and scale").

    First hits come from the engine (Embree on the CPU, Warp on CUDA or Warp's CPU device); shading
    is shared: the Warp kernels of :mod:`interactiveworld.kernels.shading`, run on the engine's
    device (Warp's CPU device for Embree), so every engine shades identically.

    Args:
        engine: ``"auto"`` (Warp on CUDA when available, else Embree), ``"embree"``, ``"warp"``,
            ``"warp-cpu"`` or ``"warp-cuda"``.
        width, height: frame size [px]; a camera's own size is overridden by these.
        shading: ``"lit"`` (the default: materials (albedo textures by UV, roughness, metallic, emissive,
            opacity), smooth normals, static light from the scene's area lights baked once per scene with soft
            shadows and ambient occlusion (:mod:`interactiveworld.render.lightbake`), contact shadows of the moving meshes, the ACES
            filmic tone curve and silhouette anti-aliasing; see :mod:`interactiveworld.kernels.shading`),
            ``"lambert"`` (directional light + ambient, face colours and label textures) or ``"flat"`` (albedo
            only, no light).
        shadows: contact shadows (range ``shadow_range`` [m]): one shadow ray per ``shadow_block`` x
            ``shadow_block`` pixel tile of a face, plus one for every lit pixel whose face differs from
            its tile's first pixel or near which the traced tile corners disagree (shadow edges stay at
            full resolution). ``shadow_block=1`` traces one shadow ray per lit pixel.
        light_dir: direction toward the light, shape (3,) (normalised).
        ambient: ambient fraction in [0, 1]; the directional light contributes ``1 - ambient``.
        background: linear RGB of rays that leave the scene.
        near: rays start this far [m] in front of the eye (default 8 cm), so the inside of the wearer's
            head mesh around the camera is not seen; held objects come no closer than ~15 cm.
        threads: CPU threads a frame is split over (default: the machine's cores, at most
            :data:`MAX_THREADS`); ignored on CUDA.

    Raises:
        ValueError: an unknown engine or shading mode, a bad light direction, ambient or thread count.
    """

    def __init__(self, *, engine: str = "auto", width: int = 640, height: int = 480, shading: str = "lit",
                 shadows: bool = True, light_dir=DEFAULT_LIGHT_DIR, ambient: float = DEFAULT_AMBIENT,
                 background=DEFAULT_BACKGROUND, shadow_range: float = SHADOW_RANGE_M, near: float = NEAR_M,
                 shadow_block: int = 2, threads: int | None = None) -> None:
        if shading not in ("lit", "lambert", "flat"):
            raise ValueError(f"Renderer: unknown shading {shading!r}, expected 'lit', 'lambert' or 'flat'")
        if not 0.0 <= ambient <= 1.0:
            raise ValueError(f"Renderer: ambient must be in [0, 1], got {ambient}")
        light = np.asarray(light_dir, np.float64).reshape(-1)
        if light.shape != (3,) or not np.isfinite(light).all() or np.linalg.norm(light) < 1e-9:
            raise ValueError(f"Renderer: light_dir must be a finite non-zero (3,) vector, got {light_dir}")
        if width < 1 or height < 1:
            raise ValueError(f"Renderer: expected positive width and height, got {width}x{height}")
        if int(shadow_block) < 1:
            raise ValueError(f"Renderer: shadow_block must be >= 1, got {shadow_block}")
        self.shadow_block = int(shadow_block)
        if not (near >= 0 and np.isfinite(near)) or not (shadow_range > 0 and np.isfinite(shadow_range)):
            raise ValueError(f"Renderer: need near >= 0 and shadow_range > 0, got {near}, {shadow_range}")
        threads = min(os.cpu_count() or 1, MAX_THREADS) if threads is None else threads
        if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
            raise ValueError(f"Renderer: threads must be a whole number >= 1, got {threads!r}")
        self.engine = make_engine(engine)
        frame = self.engine.frame   # the frame passes, loaded with the engine (--no-render never loads Warp)
        self._frame_mod = frame
        self._device = getattr(self.engine, "device", "cpu")   # where shading runs
        self.width, self.height = int(width), int(height)
        self.shading = shading
        self.shadows = bool(shadows) and shading != "flat"
        self.light_dir = (light / np.linalg.norm(light)).astype(np.float32)
        lambert = shading in ("lambert", "lit")
        self.ambient = float(ambient) if lambert else 1.0
        self.diffuse = 1.0 - self.ambient if lambert else 0.0
        self.headlight = HEADLIGHT if lambert else 0.0
        self.background = np.asarray(background, np.float32).reshape(3)
        self.shadow_range = float(shadow_range)
        self.near = float(near)
        self.owners: list[str] = []
        self._owner_ids: dict[str, int] = {}
        self._frames = frame.Frames(self.engine, self.width, self.height, self._device, int(threads))
        self._lit = frame.LitSetup(lights=[]) if shading == "lit" else None
        self.lights: list[AreaLight] = []
        self._dynamic = frame.DynamicSet(self.owner_index, self.light_dir, self._device, lit=self._lit)
        self._static = None
        self.set_static([])

    @property
    def threads(self) -> int:
        """Threads a frame runs on (1 on CUDA)."""
        return self._frames.threads

    # -- scene -------------------------------------------------------------------------------------------
    def owner_index(self, owner: str) -> int:
        """Index of an owner key in :attr:`owners` (added on first use); -1 for the anonymous ``""``."""
        if not owner:
            return -1
        idx = self._owner_ids.get(owner)
        if idx is None:
            idx = self._owner_ids[owner] = len(self.owners)
            self.owners.append(owner)
        return idx

    def set_static(self, meshes: list[VisualMesh], lights: list[AreaLight] | None = None) -> None:
        """Build the acceleration structure of the geometry that does not move (once per scene); with the lit
        model, also bake its light (cached by layout: the same scene is baked once per process).

        Args:
            meshes: the static meshes.
            lights: the scene's area lights (``Scene.lights()``: ceiling lamps, window daylight); None gives
                :func:`default_lights` (one broad lamp above the meshes), for scenes without lights of their own.

        Raises:
            ValueError: a mesh with inconsistent shapes or out-of-range face indices; lights that are not
                :class:`~interactiveworld.world.geometry.AreaLight`.
        """
        meshes = list(meshes)
        if self._lit is not None:
            lights = default_lights(meshes) if lights is None else list(lights)
            bad = [type(x).__name__ for x in lights if not isinstance(x, AreaLight)]
            if bad:
                raise ValueError(f"Renderer.set_static: lights must be AreaLight, got {bad[:3]}")
            self.lights = lights
            self._lit.lights = lights
            self._lit.occluder = None
            self._lit.cache.clear()   # moving meshes' light depends on the scene around them
            bg = self.background
        else:
            # the background row has a zero normal, so shading gives albedo * ambient * (1 - headlight):
            # store the background colour divided by that factor
            bg = self.background / max(self.ambient * (1.0 - self.headlight), 1e-6)
        self._static = self._frame_mod.build_face_set(meshes, self.owner_index, self.light_dir, self._device,
                                                      background=bg, lit=self._lit)
        self.engine.build_static(self._static.vertices, self._static.faces)
        if self._lit is not None:
            self._lit.occluder = Occluder(self._static.vertices, self._static.faces)
            self._dynamic.faces = self._frame_mod.build_face_set([], self.owner_index, self.light_dir, self._device,
                                                                 lit=self._lit)
            self._dynamic._parts = []   # relight the moving meshes against the new scene

    def _camera(self, camera: Camera) -> Camera:
        if camera.width == self.width and camera.height == self.height:
            return camera
        return dataclasses.replace(camera, width=self.width, height=self.height)

    def _near(self, cam: Camera) -> float:
        """Where primary rays start [m]: the camera's own near distance when it sets one."""
        return self.near if cam.near is None else cam.near

    # -- frames ------------------------------------------------------------------------------------------
    def _frame(self, camera: Camera, dynamic, rgb: bool):
        """(rgb (H, W, 3) uint8 or None, face ids (H*W,) int32 view, dynamic FaceSet) of one frame."""
        cam = self._camera(camera)
        dyn = self._dynamic.update(dynamic)
        if hasattr(self.engine, "trace_camera"):   # Warp traces the dynamic set in its own (refitted) mesh
            self.engine.build_dynamic(dyn.vertices, dyn.faces)
        lit = self._lit is not None
        opt = self._frame_mod.Shading(ambient=self.ambient, diffuse=self.diffuse, headlight=self.headlight,
                                      shadows=self.shadows, block=self.shadow_block, light=self.light_dir,
                                      shadow_range=self.shadow_range, eps=SHADOW_EPS_M, static_shadows=not lit,
                                      antialias=lit)
        out, face = self._frames.frame(cam, self._near(cam), self._static, dyn, opt, rgb=rgb)
        # a copy: the buffer is reused by the next frame
        img = out.numpy().reshape(self.height, self.width, 3).copy() if rgb else None
        return img, face, dyn

    def _owner_map(self, face: np.ndarray, dyn) -> np.ndarray:
        fs = self._static.face_count
        out = self._static.owner[np.minimum(face, fs)]
        m = face > fs
        if m.any():
            out[m] = dyn.owner[face[m] - (fs + 1)]
        return out.reshape(self.height, self.width)

    def render(self, camera: Camera, dynamic=()) -> np.ndarray:
        """The frame seen by ``camera``: (H, W, 3) uint8 sRGB, row 0 at the top.

        Args:
            camera: the head camera (its size is replaced by the renderer's).
            dynamic: meshes that move between frames (list of VisualMesh).

        Raises:
            ValueError: a dynamic mesh with inconsistent shapes, out-of-range faces or non-finite vertices.
        """
        return self._frame(camera, dynamic, True)[0]

    def render_ids(self, camera: Camera, dynamic=()) -> np.ndarray:
        """Per-pixel owner index into :attr:`owners`, (H, W) int32; -1 for a miss or an anonymous mesh."""
        _, face, dyn = self._frame(camera, dynamic, False)
        return self._owner_map(face, dyn)

    def render_with_ids(self, camera: Camera, dynamic=()) -> tuple[np.ndarray, np.ndarray]:
        """Both :meth:`render` and :meth:`render_ids` from one trace."""
        img, face, dyn = self._frame(camera, dynamic, True)
        return img, self._owner_map(face, dyn)


def default_lights(meshes) -> list[AreaLight]:
    """One broad downward lamp (2 x 2 m, radiance giving an irradiance of about 1 at 2.5 m) 1 m above the top of
    ``meshes``' bounds, centred over them: the light of a scene handed over without lights (tests, galleries).
    Empty for no vertices."""
    pts = [np.asarray(m.vertices, np.float64).reshape(-1, 3) for m in meshes if len(m.vertices)]
    if not pts:
        return []
    v = np.concatenate(pts)
    lo, hi = v.min(axis=0), v.max(axis=0)
    return [AreaLight(((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, hi[2] + 1.0), (0.0, 0.0, -1.0), (1.0, 0, 0),
                      (0, 1.0, 0), (1.0, 0.97, 0.92), kind="ceiling")]


def visible_owners(renderer: Renderer, camera: Camera, dynamic=(), *, min_pixels: int = 20,
                   ids: np.ndarray | None = None) -> dict[str, int]:
    """Entities in view: owner key -> pixel count, for owners covering at least ``min_pixels`` pixels.

    Counts first hits only (occluded parts do not count). Includes ``"body"`` when the wearer's own
    body is in view; anonymous meshes (owner ``""``) are left out. Ordered by decreasing count.
    ``ids`` may pass the owner map of a frame already traced (from :meth:`Renderer.render_with_ids`)
    to skip tracing again.
    """
    if ids is None:
        ids = renderer.render_ids(camera, dynamic)
    ids = np.asarray(ids).ravel()
    counts = np.bincount(ids[ids >= 0], minlength=len(renderer.owners))
    order = np.argsort(-counts, kind="stable")
    return {renderer.owners[i]: int(counts[i]) for i in order if counts[i] >= min_pixels}
