"""Episode videos: animated GIF through Pillow always, MP4 through imageio's ffmpeg backend when installed."""
from __future__ import annotations

import os

import numpy as np
from PIL import Image


def write_video(frames, path, *, fps: float = 4.0) -> str:
    """Write frames ((H, W, 3) uint8, equal sizes) as ``.gif`` or ``.mp4``; returns the path.

    The video is written under a temporary name beside ``path`` and renamed into place when complete, so an
    interrupted write (SIGTERM, a full disk) never leaves a truncated file under the final name.

    Raises:
        ValueError: no frames, unequal sizes, a bad fps or an unknown extension.
        RuntimeError: ``.mp4`` without an ffmpeg backend (install ``imageio-ffmpeg``).
    """
    frames = [np.asarray(f, np.uint8) for f in frames]
    if not frames:
        raise ValueError("write_video: no frames")
    if any(f.shape != frames[0].shape or f.ndim != 3 for f in frames):
        raise ValueError("write_video: frames must all be (H, W, 3) of one size")
    if not fps > 0:
        raise ValueError(f"write_video: fps must be positive, got {fps}")
    path = os.fspath(path)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".gif", ".mp4"):
        raise ValueError(f"write_video: unknown extension {ext!r}, expected .gif or .mp4")
    head, name = os.path.split(os.path.abspath(path))
    tmp = os.path.join(head, f".{name}.{os.getpid()}.tmp{ext}")  # same folder: the rename is atomic
    try:
        _write(frames, tmp, ext, fps)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _write(frames, path: str, ext: str, fps: float) -> None:
    """Write the checked frames to ``path`` in the format of ``ext``."""
    if ext == ".gif":
        ims = [Image.fromarray(f) for f in frames]
        ims[0].save(path, save_all=True, append_images=ims[1:], duration=int(round(1000.0 / fps)), loop=0,
                    format="GIF")
        return
    if ext == ".mp4":
        try:
            import imageio_ffmpeg  # noqa: F401  (the backend imageio needs for mp4)
            import imageio.v2 as imageio
        except ImportError as exc:
            raise RuntimeError("write_video: .mp4 needs the imageio-ffmpeg package; write a .gif instead") from exc
        # libx264 wants even sizes
        h, w = frames[0].shape[:2]
        frames = [f[: h - h % 2, : w - w % 2] for f in frames]
        with imageio.get_writer(path, fps=fps, codec="libx264", macro_block_size=1) as writer:
            for f in frames:
                writer.append_data(f)
