"""Frame selection (paper appendix C.2.1), contact sheets, videos and the gallery episode."""
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from interactiveworld.render import (Renderer, contact_sheet, sample_interval, save_png, select_assistant_frames,
                                     write_video)
from interactiveworld.world.motion import LOOK_HOLD, RESULT, Interval, Keyframe


def _interval(n, tags=None, dt=1 / 12):
    tags = tags or {}
    return Interval("Walk", [Keyframe(time_s=i * dt, body_translation=np.zeros(3), body_pose=np.zeros(156),
                                      tags=frozenset(tags.get(i, ()))) for i in range(n)])


def test_sample_interval_uniform_with_last_as_result():
    # 13 frames at 12 fps, 4 samples: targets at 0, 1/3, 2/3, 1 s -> frames 0, 4, 8, 12
    assert sample_interval(_interval(13)) == [0, 4, 8, 12]


def test_sample_interval_keeps_tagged_result_and_look_hold():
    iv = _interval(25, {10: {RESULT}, 17: {LOOK_HOLD}})
    got = sample_interval(iv, 4)
    assert 10 in got and 17 in got and len(got) == 4
    # targets 0, 8, 16, 24 s*12: 17 takes 16, 10 takes 8, the rest take 0 and 24
    assert got == [0, 10, 17, 24]


def test_sample_interval_short_and_degenerate():
    assert sample_interval(_interval(3), 4) == [0, 1, 2]
    assert sample_interval(_interval(0), 4) == []
    assert sample_interval(_interval(9), 1) == [8]
    assert sample_interval(_interval(9, {2: {LOOK_HOLD}}), 1) == [2, 8]   # pinned frames always kept
    with pytest.raises(ValueError):
        sample_interval(_interval(5), 0)


def test_select_assistant_frames_keeps_recent_and_samples_older():
    refs = list(range(100))
    got = select_assistant_frames(refs)
    assert len(got) == 32
    assert got[-8:] == list(range(92, 100))
    older = got[:24]
    assert older[0] == 0 and older[-1] == 91 and older == sorted(set(older))
    assert set(np.diff(older)) <= {3, 4}   # uniform: spacing 91 / 23 rounded
    assert select_assistant_frames(refs[:20]) == refs[:20]
    assert select_assistant_frames(list("abcdefghij"), max_images=4, recent=2) == ["a", "h", "i", "j"]


def test_contact_sheet_layout_and_png(tmp_path):
    frames = [np.full((48, 64, 3), 40 * i, np.uint8) for i in range(5)]
    sheet = contact_sheet(frames, [f"f{i}" for i in range(5)], columns=3, thumb_width=64)
    pad = 6
    assert sheet.shape[1] == 3 * (64 + pad) + pad
    # thumbnail 4 (row 1, column 1) keeps its flat colour
    y = pad + (sheet.shape[0] - pad) // 2 + pad + 10
    assert tuple(sheet[y, pad + 64 + pad + 20]) == (160, 160, 160)
    path = save_png(sheet, tmp_path / "a" / "sheet.png")
    np.testing.assert_array_equal(np.asarray(Image.open(path)), sheet)
    with pytest.raises(ValueError):
        contact_sheet(frames, ["only one"])


def test_write_video_gif_round_trip(tmp_path):
    frames = [np.full((32, 48, 3), c, np.uint8) for c in (0, 120, 250)]
    path = write_video(frames, tmp_path / "ep.gif", fps=4)
    im = Image.open(path)
    assert im.n_frames == 3 and im.info["duration"] == 250
    with pytest.raises(ValueError, match="extension"):
        write_video(frames, tmp_path / "ep.avi")


def test_write_video_mp4_round_trip(tmp_path):
    """imageio-ffmpeg is a dependency: an MP4 is written and reads back with the same count, size and colours."""
    import imageio_ffmpeg

    frames = [np.full((32, 48, 3), v, np.uint8) for v in (40, 200)]
    path = write_video(frames, tmp_path / "ep.mp4", fps=4)
    reader = imageio_ffmpeg.read_frames(path)
    w, h = next(reader)["size"]
    back = [np.frombuffer(buf, np.uint8).reshape(h, w, 3) for buf in reader]
    assert len(back) == 2 and back[0].shape == (32, 48, 3)
    np.testing.assert_allclose([b.mean() for b in back], [40, 200], atol=6)  # lossy codec: a few levels


def test_gallery_episode_contact_sheet(tmp_path):
    from interactiveworld.render.gallery import episode, main

    frames = episode(Renderer(engine="embree", width=160, height=120))
    assert len(frames) == 8
    # successive frames of the episode differ (the view moves, the door opens, the carton moves)
    for (a, _), (b, _) in zip(frames, frames[1:]):
        assert np.any(a != b)
    # IW_GALLERY_DIR keeps the sheet for a person to look at (e.g. runs/gallery)
    out = Path(os.environ.get("IW_GALLERY_DIR", tmp_path)) / "render_episode.png"
    assert main([str(out), "--engine", "embree"]) == 0
    assert Image.open(out).size[0] > 1000


def test_render_interval_renders_only_sampled_keyframes():
    from interactiveworld.render import Camera, render_interval
    from interactiveworld.render import scenes

    r = Renderer(engine="embree", width=64, height=48)
    r.set_static(scenes.room())
    iv = _interval(30, {20: {LOOK_HOLD}, 29: {RESULT}})
    asked = []

    def view(kf):
        asked.append(kf.time_s)
        x = 1.0 + kf.time_s
        return Camera.look_at((x, 1.0, 1.6), (x, 3.0, 1.2), width=64, height=48), []

    frames = render_interval(r, iv, view)
    assert [i for i, _ in frames] == sample_interval(iv, 4) and {20, 29} <= {i for i, _ in frames}
    assert len(asked) == 4 and all(f.shape == (48, 64, 3) for _, f in frames)


def test_an_interrupted_video_write_leaves_no_file_under_the_final_name(tmp_path, monkeypatch):
    import numpy as np
    from PIL import Image

    from interactiveworld.render.video import write_video

    frames = [np.full((8, 10, 3), v, np.uint8) for v in (0, 128, 255)]
    out = write_video(frames, tmp_path / "ep.gif")
    assert Image.open(out).n_frames == 3 and sorted(p.name for p in tmp_path.iterdir()) == ["ep.gif"]

    def killed(self, fp, *a, **kw):  # a partial file, then the process is stopped
        with open(fp, "wb") as f:
            f.write(b"GIF89a")
        raise KeyboardInterrupt

    monkeypatch.setattr(Image.Image, "save", killed)
    with pytest.raises(KeyboardInterrupt):
        write_video(frames, tmp_path / "cut.gif")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ep.gif"]  # no truncated cut.gif, no temporary left
