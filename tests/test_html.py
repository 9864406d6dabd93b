"""The static episode page: structure, escaping, and a headless-Chromium screenshot showing frames and
dialogue."""
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).parent))
from iw_fake_env import FakeEnv, command_colour  # noqa: E402
from iw_policies import ListAssistant, ListHuman  # noqa: E402
from iw_taskpacks import decision_pack  # noqa: E402

from interactiveworld.agents.controls import ScriptedHuman, make_control_assistant  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.html import render_episode_html  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402


@pytest.fixture
def oracle_cell(tmp_path):
    tp = parse_taskpack(decision_pack())
    run_episode(tp, FakeEnv(), make_control_assistant("oracle", tp), ScriptedHuman(tp), tmp_path / "cell",
                EpisodeConfig())
    return tp, tmp_path / "cell"


def test_page_lists_frames_dialogue_and_actions(oracle_cell):
    tp, cell = oracle_cell
    page = render_episode_html(cell).read_text()
    assert page.count("<img ") == 4 * (len(tp.opening.commands) + 2)
    for path in (cell / "frames").glob("*.png"):
        assert f'src="frames/{path.name}"' in page
    assert "Pick up the invoice card printed $41." in page and "<b>Human:</b> OK." in page
    assert "[Grab] &lt;invoice_card&gt; (2)" in page and "PASS" in page
    assert "+(on, invoice_card#2, approval_desk#1)" in page


def test_text_is_escaped(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt <script>alert(1)</script> grab it", "done"])
    run_episode(tp, FakeEnv(), a, ListHuman([("", "a < b & c")]), tmp_path / "cell", EpisodeConfig())
    page = render_episode_html(tmp_path / "cell").read_text()
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "a &lt; b &amp; c" in page


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def test_page_renders_in_headless_chromium(oracle_cell, tmp_path):
    browser = _chromium()
    if browser is None:
        pytest.skip("no chromium binary on PATH (Debian package 'chromium'); the page itself is tested above")
    tp, cell = oracle_cell
    page = render_episode_html(cell)
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
             f"--user-data-dir={tmp_path / 'profile'}"]
    shot = tmp_path / "shot.png"
    subprocess.run([browser, *flags, "--window-size=1280,2600", f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, check=True)
    img = np.asarray(Image.open(shot).convert("RGB"))
    assert img.shape[:2] == (2600, 1280)

    def count(rgb):
        return int(np.all(img == np.array(rgb, np.uint8), axis=-1).sum())

    # frames: the solid colours the fake renderer painted for the opening and the oracle's commands
    for cmd in (tp.opening.commands[0], "[Grab] <invoice_card> (2)", "[Put] <invoice_card> (2) <approval_desk> (1)"):
        assert count(command_colour(cmd)) > 4 * 100 * 80, cmd  # four thumbnails of 160 x 120 px
    # dialogue bubbles: Assistant (light blue) and Human (light amber) backgrounds
    assert count((0xDB, 0xEA, 0xFE)) > 2000 and count((0xFE, 0xF3, 0xC7)) > 2000
    dom = subprocess.run([browser, *flags, "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert "Pick up the invoice card printed $41." in dom and "Put it on the approval desk." in dom
    assert "decision-05" in dom
