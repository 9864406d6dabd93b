"""Pinhole camera of the human's head: eye, viewing direction, and the primary rays of a frame.

Conventions: world frame z-up, metres; image row 0 is the top of the view, column 0 the left.
A pixel's ray passes through the pixel centre. ``fov_y_deg`` is the full vertical field of view.

The default vertical field of view is 70 degrees (about 87 degrees horizontally at 4:3). Head-worn
egocentric cameras are wide (paper section 2.1 renders "what the human sees"); 70 degrees keeps the
wearer's hands and a held object in the lower part of the frame while leaving a 10 cm label at the
0.45 m inspection distance about 75 pixels tall at 640 x 480, enough for its text to stay legible.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

DEFAULT_FOV_Y_DEG = 70.0
INSPECTION_DISTANCE_M = 0.45


def _unit(v, name: str) -> np.ndarray:
    a = np.asarray(v, dtype=np.float64).reshape(-1)
    if a.shape != (3,):
        raise ValueError(f"{name}: expected shape (3,), got {np.shape(v)}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name}: must be finite, got {a}")
    n = float(np.linalg.norm(a))
    if n < 1e-12:
        raise ValueError(f"{name}: must be non-zero")
    return a / n


@lru_cache(maxsize=8)
def camera_grid(width: int, height: int, fov_y_deg: float) -> np.ndarray:
    """Unnormalised pixel-centre directions in camera axes (right, up, forward), shape (H*W, 3), float32."""
    t = np.tan(np.radians(fov_y_deg) / 2.0)
    aspect = width / height
    xs = ((np.arange(width) + 0.5) / width * 2.0 - 1.0) * t * aspect
    ys = (1.0 - (np.arange(height) + 0.5) / height * 2.0) * t
    gx, gy = np.meshgrid(xs, ys)
    grid = np.stack([gx.ravel(), gy.ravel(), np.ones(width * height)], axis=1)
    grid /= np.linalg.norm(grid, axis=1, keepdims=True)
    grid = grid.astype(np.float32)
    grid.setflags(write=False)
    return grid


@dataclass
class Camera:
    """A pinhole camera.

    Attributes:
        eye: camera centre [m], shape (3,).
        forward: viewing direction, shape (3,) (normalised on construction).
        up: approximate up direction, shape (3,); re-orthogonalised against ``forward``.
        fov_y_deg: full vertical field of view [deg], in (0, 180).
        width, height: image size [px].
        near: when set, primary rays start this far [m] ahead of the eye instead of the renderer's own
            near distance (an inspection view starts its rays just in front of the label it frames).

    Raises:
        ValueError: non-finite or zero vectors, ``up`` parallel to ``forward``, a bad fov, size or near.
    """

    eye: np.ndarray
    forward: np.ndarray
    up: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, 1.0]))
    fov_y_deg: float = DEFAULT_FOV_Y_DEG
    width: int = 640
    height: int = 480
    near: float | None = None

    def __post_init__(self) -> None:
        self.eye = np.asarray(self.eye, dtype=np.float64).reshape(-1)
        if self.eye.shape != (3,) or not np.all(np.isfinite(self.eye)):
            raise ValueError(f"Camera.eye: expected finite shape (3,), got {self.eye}")
        self.forward = _unit(self.forward, "Camera.forward")
        up = _unit(self.up, "Camera.up")
        up = up - np.dot(up, self.forward) * self.forward
        if np.linalg.norm(up) < 1e-6:
            raise ValueError("Camera.up: must not be parallel to forward")
        self.up = up / np.linalg.norm(up)
        if not (0.0 < float(self.fov_y_deg) < 180.0):
            raise ValueError(f"Camera.fov_y_deg: expected in (0, 180), got {self.fov_y_deg}")
        self.fov_y_deg = float(self.fov_y_deg)
        if int(self.width) < 1 or int(self.height) < 1:
            raise ValueError(f"Camera size: expected positive width and height, got {self.width}x{self.height}")
        self.width, self.height = int(self.width), int(self.height)
        if self.near is not None:
            if not (np.isfinite(self.near) and self.near >= 0.0):
                raise ValueError(f"Camera.near: expected a finite distance >= 0, got {self.near}")
            self.near = float(self.near)

    @property
    def right(self) -> np.ndarray:
        """Image-right direction in the world, shape (3,)."""
        return np.cross(self.forward, self.up)

    def rotation(self) -> np.ndarray:
        """World-from-camera rotation with columns (right, up, forward), shape (3, 3), float64."""
        return np.stack([self.right, self.up, self.forward], axis=1)

    def rays(self) -> tuple[np.ndarray, np.ndarray]:
        """Primary rays through the pixel centres, row-major from the top-left pixel.

        Returns:
            origins: shape (H*W, 3), float32 (all equal to ``eye``).
            dirs: unit directions, shape (H*W, 3), float32.
        """
        grid = camera_grid(self.width, self.height, self.fov_y_deg)
        dirs = grid @ self.rotation().T.astype(np.float32)
        origins = np.broadcast_to(self.eye.astype(np.float32), dirs.shape)
        return np.ascontiguousarray(origins), np.ascontiguousarray(dirs, dtype=np.float32)

    def project(self, points) -> np.ndarray:
        """Pixel coordinates (column, row) of world points, shape (N, 2), float64; NaN behind the camera."""
        p = np.asarray(points, dtype=np.float64).reshape(-1, 3) - self.eye
        c = p @ self.rotation()
        t = np.tan(np.radians(self.fov_y_deg) / 2.0)
        with np.errstate(divide="ignore", invalid="ignore"):
            x = c[:, 0] / (c[:, 2] * t * self.width / self.height)
            y = c[:, 1] / (c[:, 2] * t)
        out = np.stack([(x + 1.0) / 2.0 * self.width, (1.0 - y) / 2.0 * self.height], axis=1)
        out[c[:, 2] <= 0] = np.nan
        return out

    @classmethod
    def look_at(cls, eye, target, up=(0.0, 0.0, 1.0), *, fov_y_deg: float = DEFAULT_FOV_Y_DEG,
                width: int = 640, height: int = 480) -> "Camera":
        """A camera at ``eye`` [m] looking at ``target`` [m]; raises ValueError when they coincide."""
        eye = np.asarray(eye, dtype=np.float64)
        fwd = np.asarray(target, dtype=np.float64) - eye
        up = np.asarray(up, dtype=np.float64)
        fwd_u = _unit(fwd, "Camera.look_at target - eye")
        if abs(np.dot(fwd_u, _unit(up, "Camera.look_at up"))) > 0.999:
            # looking straight up or down: any horizontal up keeps the image upright enough
            up = np.array([0.0, 1.0, 0.0]) if abs(fwd_u[1]) < 0.9 else np.array([1.0, 0.0, 0.0])
        return cls(eye=eye, forward=fwd, up=up, fov_y_deg=fov_y_deg, width=width, height=height)


INSPECTION_FILL = 0.5
MIN_INSPECTION_DISTANCE_M = 0.15
INSPECTION_FIT = 0.9
"""A label never spans more than this fraction of the inspection view's width or height (a whiteboard is
framed whole, not cropped)."""
INSPECTION_CLEARANCE_M = 0.01
"""An inspection view's rays start this far [m] in front of the label plane: whatever stands between the eye
and the label (a nearer carton in the row, a keyboard's edge) is left out, as when a person leans in to read."""


def inspection_camera(label_center, label_normal, label_up, *, distance: float = INSPECTION_DISTANCE_M,
                      label_height_m: float | None = None, label_width_m: float | None = None,
                      fov_y_deg: float = DEFAULT_FOV_Y_DEG, width: int = 640, height: int = 480) -> Camera:
    """The LookAt inspection view of a label: facing it squarely at reading distance.

    Args:
        label_center: centre of the label [m], shape (3,).
        label_normal: outward normal of the label face, shape (3,) (the camera sits on this side).
        label_up: the label's text-up direction, shape (3,); becomes the image up.
        distance: eye-to-label distance [m] (default 0.45 m, arm's-length reading distance).
        label_height_m: when given, the camera comes closer (never nearer than 0.15 m, never farther
            than ``distance``) so that the label fills about half the image height, the way a person
            brings a small label up to read it.
        label_width_m: with ``label_height_m``, the label's width; together they set the least distance at
            which the whole label fits in :data:`INSPECTION_FIT` of the frame, so a large sheet or whiteboard
            is framed whole (the camera then stands farther than ``distance``).

    The camera's rays start :data:`INSPECTION_CLEARANCE_M` in front of the label plane (``Camera.near``), so
    the view shows the label itself, never a nearer object in the line of sight.

    Raises:
        ValueError: on a non-positive distance or label size, or degenerate vectors.
    """
    if not distance > 0:
        raise ValueError(f"inspection_camera: distance must be positive, got {distance}")
    if label_height_m is not None:
        if not label_height_m > 0:
            raise ValueError(f"inspection_camera: label_height_m must be positive, got {label_height_m}")
        ty = np.tan(np.radians(fov_y_deg) / 2.0)
        fill = label_height_m / (INSPECTION_FILL * 2.0 * ty)
        distance = float(np.clip(fill, min(MIN_INSPECTION_DISTANCE_M, distance), distance))
        fit = label_height_m / (INSPECTION_FIT * 2.0 * ty)
        if label_width_m is not None:
            if not label_width_m > 0:
                raise ValueError(f"inspection_camera: label_width_m must be positive, got {label_width_m}")
            fit = max(fit, label_width_m / (INSPECTION_FIT * 2.0 * ty * width / height))
        distance = max(distance, float(fit))
    c = np.asarray(label_center, dtype=np.float64).reshape(3)
    n = _unit(label_normal, "inspection_camera label_normal")
    return Camera(eye=c + distance * n, forward=-n, up=label_up, fov_y_deg=fov_y_deg, width=width, height=height,
                  near=max(0.0, distance - INSPECTION_CLEARANCE_M))
