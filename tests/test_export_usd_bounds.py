"""``iw-eval export-usd`` under failure and hostile input: a stage is written under a temporary name and renamed,
so a failure midway leaves nothing under the final name; ``--import`` refuses files over its reading limits
(nesting depth, composition arcs and cycles, JSON depth) with one line and exit 1, before usd-core can crash."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pxr")
from pxr import Sdf  # noqa: E402

from interactiveworld.cli import main as iw_main  # noqa: E402
from interactiveworld.env import Environment  # noqa: E402
from interactiveworld.interop import usd  # noqa: E402
from interactiveworld.world.serialize import SCENE_FORMAT  # noqa: E402

SCENE = {"format": SCENE_FORMAT, "name": "tiny", "rooms": [{"name": "kitchen", "rect": [0, 0, 4, 4]}],
         "walls": [], "doors": [],
         "entities": [{"name": "table", "index": 1, "kind": "table", "at": {"xy": [2.0, 2.0]}},
                      {"name": "box", "index": 1, "kind": "cereal_box", "labels": [{"text": "OATS"}],
                       "at": {"xy": [1.0, 1.0]}}],
         "human": {"xy": [3.0, 3.0]}}


@pytest.fixture(scope="module")
def env():
    e = Environment(render=False)
    e.reset(SCENE)
    return e


@pytest.fixture(scope="module")
def good_usda(env, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("good") / "tiny.usda"
    usd.export_scene(env.scene, out)
    return out


def _one_line_exit_1(argv, capfd) -> str:
    assert iw_main(argv) == 1
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and err.startswith("iw-eval export-usd: error: "), err
    assert "Traceback" not in err and "RecursionError" not in err and "Warning" not in err
    return err


# ------------------------------------------------------------------ writing through a temporary name

@pytest.mark.parametrize("suffix", [".usda", ".usdc"])
def test_a_failure_midway_leaves_no_file_under_the_final_name(env, tmp_path, monkeypatch, suffix):
    calls = []

    def failing(self, *args, **kwargs):  # the label's PNG is written, then the disk fills midway through the stage
        calls.append(real(self, *args, **kwargs))
        assert self.written and self.written[0].is_file()
        raise OSError(28, "No space left on device")

    real = usd.Looks.label_mesh
    folder = tmp_path / "out"
    out = folder / f"tiny{suffix}"
    monkeypatch.setattr(usd.Looks, "label_mesh", failing)
    with pytest.raises(OSError, match="No space left"):
        usd.export_scene(env.scene, out)
    assert len(calls) == 1
    assert not out.exists()
    assert sorted(p.name for p in folder.iterdir()) == []  # no temporary stage, no half texture folder


def test_a_failed_export_keeps_the_previous_stage_whole(env, tmp_path, monkeypatch, capsys):
    out = tmp_path / "tiny.usda"
    usd.export_scene(env.scene, out)
    before = out.read_bytes()
    textures = sorted(p.name for p in (tmp_path / "tiny_textures").iterdir())
    assert textures  # the label was written as a PNG

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(usd, "_write_architecture", disk_full)
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(SCENE))
    assert iw_main(["export-usd", str(scene), str(out)]) == 1
    err = capsys.readouterr().err
    assert err == f"iw-eval export-usd: error: {out}: cannot be written ([Errno 28] No space left on device)\n"
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scene.json", "tiny.usda", "tiny_textures"]
    assert sorted(p.name for p in (tmp_path / "tiny_textures").iterdir()) == textures


def test_a_usdz_package_that_fails_leaves_nothing(env, tmp_path, monkeypatch):
    def half_written(asset, target):  # usd-core started the zip and gave up
        Path(target).write_bytes(b"PK\x03\x04 half")
        return False

    monkeypatch.setattr(usd.UsdUtils, "CreateNewUsdzPackage", half_written)
    out = tmp_path / "tiny.usdz"
    with pytest.raises(OSError, match="could not write the USDZ package"):
        usd.export_scene(env.scene, out)
    assert list(tmp_path.iterdir()) == []


def test_a_whole_export_has_no_temporary_names_left(env, tmp_path):
    out = tmp_path / "tiny.usda"
    result = usd.export_scene(env.scene, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.usda", "tiny_textures"]
    assert all(t.parent == tmp_path / "tiny_textures" and t.is_file() for t in result.textures)
    # the stage refers to its textures by the final folder name
    assert "./tiny_textures/" in out.read_text()
    assert usd.import_scene(out) == env.scene.to_dict()


# ------------------------------------------------------------------ hostile files given to --import

def _nested_usda(path: Path, levels: int) -> Path:
    lines = ['#usda 1.0', '(', '    defaultPrim = "World"', ')', 'def Xform "World"', '{']
    lines += [f'def Xform "P{i}"\n{{' for i in range(levels)] + ["}"] * levels + ["}"]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_prims_nested_10000_deep_are_one_line(tmp_path, capfd):
    src = _nested_usda(tmp_path / "deep.usda", 10_000)
    err = _one_line_exit_1(["export-usd", "--import", str(src), str(tmp_path / "s.json")], capfd)
    assert err == (f"iw-eval export-usd: error: {src}: nested 10001 levels deep, over the limit of "
                   f"{usd.MAX_USD_DEPTH} levels (MAX_USD_DEPTH; InteractiveWorld's export nests 7)\n")
    assert not (tmp_path / "s.json").exists()


def test_prims_nested_100000_deep_do_not_crash_the_interpreter(tmp_path):
    # usd-core's parser ends the process with SIGSEGV at this depth: the check must come first
    src = _nested_usda(tmp_path / "deeper.usda", 100_000)
    proc = subprocess.run([sys.executable, "-m", "interactiveworld.cli", "export-usd", "--import", str(src), "-"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr[-500:]
    assert proc.stderr.count("\n") == 1 and "nested 100001 levels deep" in proc.stderr and str(src) in proc.stderr
    assert proc.stdout == ""


def test_a_reference_cycle_is_one_line(tmp_path, capfd):
    for me, other in (("a", "b"), ("b", "a")):
        (tmp_path / f"{me}.usda").write_text(
            f'#usda 1.0\n(\n    defaultPrim = "World"\n)\ndef Xform "World" (\n'
            f'    prepend references = @./{other}.usda@\n)'
            f'\n{{\n    custom string interactiveworld:format = "{usd.USD_FORMAT}"\n}}\n')
    src = tmp_path / "a.usda"
    err = _one_line_exit_1(["export-usd", "--import", str(src), "-"], capfd)
    assert err == (f"iw-eval export-usd: error: {src}: prim /World has a composition arc (references); "
                   "InteractiveWorld's export writes none, so it is not read (it could pull in other files or "
                   "form a cycle)\n")


def test_a_binary_stage_with_deep_prims_or_an_arc_is_refused(tmp_path, capfd):
    deep = tmp_path / "deep.usdc"
    layer = Sdf.Layer.CreateNew(str(deep))
    spec = Sdf.PrimSpec(layer, "World", Sdf.SpecifierDef, "Xform")
    for i in range(40):
        spec = Sdf.PrimSpec(spec, f"P{i}", Sdf.SpecifierDef, "Xform")
    layer.Save()
    err = _one_line_exit_1(["export-usd", "--import", str(deep), "-"], capfd)
    assert f"{deep}: prims nested over {usd.MAX_USD_DEPTH} levels deep at /World/P0/" in err
    payload = tmp_path / "payload.usdc"
    layer = Sdf.Layer.CreateNew(str(payload))
    spec = Sdf.PrimSpec(layer, "World", Sdf.SpecifierDef, "Xform")
    spec.payloadList.Prepend(Sdf.Payload(str(deep)))
    layer.Save()
    err = _one_line_exit_1(["export-usd", "--import", str(payload), "-"], capfd)
    assert f"{payload}: prim /World has a composition arc (payload)" in err


def test_a_json_attribute_nested_10000_deep_is_one_line(good_usda, tmp_path, capfd):
    text = good_usda.read_text()
    old = next(line for line in text.splitlines() if "interactiveworld:params = " in line)
    deep = "[" * 10_000 + "]" * 10_000
    src = tmp_path / "deepjson.usda"
    src.write_text(text.replace(old, old.split("=")[0] + f"= '{deep}'", 1))
    err = _one_line_exit_1(["export-usd", "--import", str(src), "-"], capfd)
    assert f"{src}: " in err and "interactiveworld:params: JSON nested deeper than 64 levels" in err


def test_nesting_depth_skips_strings_comments_and_asset_paths():
    text = (b'#usda 1.0 {{{\n( doc = """ {{{ """ )\ndef "A" { string s = "{{{" \n string t = \'{{\'\n'
            b' asset p = @./{{.png@\n def "B" { int[] x = [1] } }\n')
    assert usd.usda_nesting_depth(text) == 3  # A { B { [ } }
    assert usd.usda_nesting_depth(b"") == 0


def test_parentheses_nested_100000_deep_are_refused_at_once(tmp_path, capfd):
    # usd-core's parser keeps working on this for minutes: the text is refused before it sees it
    src = tmp_path / "parens.usda"
    src.write_text('#usda 1.0\ndef Xform "World" (\n    customData = {\n        int x = ' + "(" * 100_000 + "1"
                   + ")" * 100_000 + "\n    }\n)\n{\n}\n")
    err = _one_line_exit_1(["export-usd", "--import", str(src), "-"], capfd)
    assert f"{src}: nested 100002 levels deep, over the limit of {usd.MAX_USD_DEPTH} levels" in err


def test_a_scene_file_too_deep_is_one_line(tmp_path, capfd):
    src = tmp_path / "deep.json"
    src.write_text('{"format": "interactiveworld.scene/1", "x": ' + "[" * 10_000 + "]" * 10_000 + "}")
    err = _one_line_exit_1(["export-usd", str(src), str(tmp_path / "out.usda")], capfd)
    assert err == f"iw-eval export-usd: error: {src}: JSON nested deeper than 64 levels\n"
    assert list(tmp_path.iterdir()) == [src]


def test_import_writes_its_scene_json_through_a_temporary_name(good_usda, tmp_path, monkeypatch, capsys):
    out = tmp_path / "scene.json"
    out.write_text("previous\n")

    def fail_replace(src, dst):  # the disk fills as the finished file is moved into place
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("interactiveworld.interop.commands.os.replace", fail_replace)
    assert iw_main(["export-usd", "--import", str(good_usda), str(out)]) == 1
    assert capsys.readouterr().err == (f"iw-eval export-usd: error: {out}: cannot be written ([Errno 28] No space "
                                       f"left on device)\n")
    assert out.read_text() == "previous\n" and sorted(p.name for p in tmp_path.iterdir()) == ["scene.json"]
    monkeypatch.undo()
    assert iw_main(["export-usd", "--import", str(good_usda), str(out)]) == 0
    assert json.loads(out.read_text())["format"] == SCENE_FORMAT
