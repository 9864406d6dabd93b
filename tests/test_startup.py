"""What a sweep process and each of its workers import: the oracle, the controls and the scripted agents call no
model provider, so neither litellm (about 4 s to import) nor inflect (about 2 s: typeguard instruments it at import)
may be loaded before they are needed. Every CLI start and every worker process would pay it."""
from __future__ import annotations

import subprocess
import sys

import numpy as np

from interactiveworld.render.labels import make_label_texture


def _loaded_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(' '.join(m for m in ('litellm', 'inflect') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=True)
    return set(out.stdout.split())


def test_the_sweep_modules_load_no_model_client_and_no_inflection_library():
    assert _loaded_after("import interactiveworld.bench.sweep, interactiveworld.bench.validate") == set()


def test_preflight_without_model_agents_does_not_import_litellm():
    code = "from interactiveworld.bench.preflight import check_credentials\ncheck_credentials([])"
    assert _loaded_after(code) == set()


def test_plural_matching_loads_inflect_when_first_used():
    code = "from interactiveworld.language.reference import words\nassert words('two mugs') == ['two', 'mug']"
    assert _loaded_after(code) == {"inflect"}



def test_the_command_line_parser_loads_neither_the_world_nor_the_web_server():
    """``iw-eval --help`` and an argument error build the whole parser; the sweep, the world (trimesh, MuJoCo) and
    FastAPI load only when a command runs (they took about 3 s before the first line of help)."""
    probe = ("from interactiveworld.cli import build_parser\nbuild_parser()\nimport sys\n"
             "heavy = ('trimesh', 'mujoco', 'fastapi', 'scipy.stats', 'interactiveworld.world', "
             "'interactiveworld.bench.sweep', 'interactiveworld.bench.episode', 'interactiveworld.web.session')\n"
             "print(' '.join(m for m in heavy if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.split() == []


def test_names_moved_out_of_heavy_modules_are_still_found_there():
    from interactiveworld.analysis import labels
    from interactiveworld.analysis.categories import CATEGORIES
    from interactiveworld.bench import sweep
    from interactiveworld.bench.identity import DEFAULT_ENV
    from interactiveworld.web import CellPlan, PlaySession
    from interactiveworld.web.session import CellPlan as SessionCellPlan

    assert sweep.DEFAULT_ENV == DEFAULT_ENV == "interactiveworld.env:Environment"
    assert labels.CATEGORIES is CATEGORIES and sorted(CATEGORIES) == [f"R{i}" for i in range(1, 7)]  # paper D.1
    assert CellPlan is SessionCellPlan and PlaySession.__module__ == "interactiveworld.web.session"

def test_label_textures_are_cached_but_each_caller_gets_its_own_copy():
    a = make_label_texture("PRICE\n$41", size_px=(128, 64))
    b = make_label_texture("PRICE\n$41", size_px=(128, 64))
    assert a.shape == (64, 128, 3) and a.dtype == np.uint8
    np.testing.assert_array_equal(a, b)
    assert a.flags.writeable and not np.shares_memory(a, b)
    a[:] = 0  # a caller that paints over its copy changes nothing for the next one
    c = make_label_texture("PRICE\n$41", size_px=(128, 64))
    np.testing.assert_array_equal(c, b)
    assert (c < 128).any() and (c == 255).any()  # dark text on a white ground
    assert not np.array_equal(make_label_texture("PRICE\n$39", size_px=(128, 64)), b)
