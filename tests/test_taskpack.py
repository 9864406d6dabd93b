"""TaskPack schema and loader: hash verification, errors that name the field at fault, structured
commands, built-in discovery."""
import copy
import hashlib
import json
import os
import re
import shutil
import sys
import warnings
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_taskpacks import _hashed, decision_pack, prevention_pack, write_packs  # noqa: E402

from interactiveworld.bench.taskpack import (TaskPackError, TaskPackFolderWarning, builtin_taskpacks, canonical_json,  # noqa: E402
                                             compute_hash, load_taskpack, parse_taskpack, rehash_file,
                                             select_taskpacks)


def test_hash_is_sha256_of_canonical_json_without_the_hash_field():
    data = decision_pack()
    body = {k: v for k, v in data.items() if k != "hash"}
    expected = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"),
                                         ensure_ascii=False).encode()).hexdigest()
    assert data["hash"] == "sha256:" + expected
    assert compute_hash(data) == data["hash"]
    # key order and the hash field itself do not change the canonical form
    shuffled = dict(reversed(list(data.items())))
    shuffled["hash"] = "sha256:" + "0" * 64
    assert canonical_json(shuffled) == canonical_json(data)


def test_load_verifies_the_hash(tmp_path):
    paths = write_packs(tmp_path)
    tp = load_taskpack(paths["decision-05"])
    assert tp.id == "decision-05" and tp.protocol_name == "ASK" and tp.oracle_actions == 2
    data = json.loads(paths["decision-05"].read_text())
    data["oracle"]["steps"][0]["say"] = "Pick up the invoice card printed $45."
    paths["decision-05"].write_text(json.dumps(data))
    with pytest.raises(TaskPackError, match=r"field 'hash': the content hashes to sha256:[0-9a-f]{64}"):
        load_taskpack(paths["decision-05"])
    assert load_taskpack(paths["decision-05"], verify_hash=False).oracle.steps[0].say.endswith("$45.")


def test_rehash_rewrites_the_hash(tmp_path):
    p = write_packs(tmp_path)["prevention-01"]
    data = json.loads(p.read_text())
    data["title"] = "A new title"
    p.write_text(json.dumps(data))
    h = rehash_file(p)
    assert h == compute_hash(json.loads(p.read_text()))
    assert load_taskpack(p).title == "A new title"


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d.pop("budgets"), "budgets"),
    (lambda d: d["budgets"].update(ticks=0), "budgets.ticks"),
    (lambda d: d["oracle"]["steps"][1].update(commands=["Put it there"]), "oracle.steps.1.commands.0"),
    (lambda d: d["oracle"]["steps"][0].update(commands=["[Fly] <invoice_card> (2)"]), "oracle.steps.0.commands.0"),
    (lambda d: d["human_context"]["legend"][0].update(handle="Invoice Card 1"), "human_context.legend.0.handle"),
    (lambda d: d["capabilities"][0].update(capability="C10"), "capabilities.0.capability"),
    (lambda d: d["completion"]["goals"].append({"onn": ["a#1", "b#1"]}), "completion.goals"),
    (lambda d: d.update(extra_field=1), "extra_field"),
    (lambda d: d["no_help"]["steps"].append({}), "no_help.steps.1"),
])
def test_schema_errors_name_the_field(mutate, field):
    data = copy.deepcopy(decision_pack())
    mutate(data)
    with pytest.raises(TaskPackError) as err:
        parse_taskpack(_hashed(data), source="decision-05.json")
    msg = str(err.value)
    assert msg.startswith("decision-05.json: invalid TaskPack")
    assert f"field '{field}" in msg, msg


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d.update(id="decision-06"), "id 'decision-06' does not match catalog row 5 of the Decision table"),
    (lambda d: d.update(id="finding-05"), "a catalog task is named 'decision-05'"),
    (lambda d: d.update(protocol="WATCH"), "protocol 'WATCH' does not match family Decision"),
    (lambda d: d["catalog"].update(table=7), "catalog.table 7 is not the Decision table (10)"),
    (lambda d: d["controls"]["wrong"]["steps"][1].update(say="Put it on the approval desk."),
     "grounds to two different command lists"),
    (lambda d: d["oracle"].update(step_count=1), "step_count is 1 but the required steps alone hold 2 commands"),
])
def test_cross_field_checks(mutate, needle):
    data = copy.deepcopy(decision_pack())
    mutate(data)
    with pytest.raises(TaskPackError, match=re.escape(needle)):
        parse_taskpack(_hashed(data))


def test_structured_commands_render_to_the_grammar():
    data = copy.deepcopy(decision_pack())
    data["oracle"]["steps"][1]["commands"] = [
        {"verb": "Put", "args": ["invoice_card#2", "approval_desk"], "indices": [None, 1],
         "place_spot": [0.5, 0.25]}]
    tp = parse_taskpack(_hashed(data))
    assert tp.oracle.steps[1].commands == ["[Put] <invoice_card> (2) <approval_desk> (1) @place_spot=0.5:0.25"]


def test_unreadable_files(tmp_path):
    with pytest.raises(TaskPackError, match="no such TaskPack file"):
        load_taskpack(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": ")
    with pytest.raises(TaskPackError, match="not valid JSON"):
        load_taskpack(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(TaskPackError, match="a TaskPack is a JSON object"):
        load_taskpack(bad)
    bad.write_text(json.dumps({"format": "other/1"}))
    with pytest.raises(TaskPackError, match="field 'format'"):
        load_taskpack(bad)


def test_builtin_discovery_and_selection(tmp_path, monkeypatch):
    write_packs(tmp_path)
    (tmp_path / "scene-kitchen.json").write_text(json.dumps({"rooms": []}))  # not a TaskPack: ignored
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path))
    assert list(builtin_taskpacks()) == ["decision-05", "prevention-01"]
    assert [p.name for p in select_taskpacks(None)] == ["decision-05.json", "prevention-01.json"]
    assert [p.name for p in select_taskpacks(["all"], "WATCH")] == ["prevention-01.json"]
    assert [p.name for p in select_taskpacks(["prevention-01"])] == ["prevention-01.json"]
    # --family given twice selects the union; a family with no TaskPack among several is no error
    assert [p.name for p in select_taskpacks(None, ["ASK", "Prevention"])] == ["decision-05.json",
                                                                               "prevention-01.json"]
    assert [p.name for p in select_taskpacks(None, ["Planning", "WATCH"])] == ["prevention-01.json"]
    with pytest.raises(TaskPackError, match="unknown task id 'decision-99'"):
        select_taskpacks(["decision-99"])
    with pytest.raises(ValueError, match="unknown family 'Cooking'"):
        select_taskpacks(None, "Cooking")
    with pytest.raises(TaskPackError, match="no selected TaskPack belongs to family Planning"):
        select_taskpacks(None, "Planning")
    with pytest.raises(TaskPackError, match="no such TaskPack file"):
        select_taskpacks([str(tmp_path / "nope.json")])
    # a near miss gets the id it most likely meant, not the whole catalog
    with pytest.raises(TaskPackError, match=r"unknown task id 'decision-5'; did you mean 'decision-05'\? "
                                            r"\(2 built-in TaskPacks, decision-05 to prevention-01"):
        select_taskpacks(["decision-5"])
    with pytest.raises(TaskPackError, match="did you mean 'prevention-01'"):
        select_taskpacks(["prevntion-01"])


def test_an_unreadable_file_in_a_taskpack_folder_is_named_once(tmp_path, monkeypatch):
    write_packs(tmp_path)
    (tmp_path / "half-written.json").write_text('{"format": "interactiveworld.taskpack/1", "id": ')
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path))
    with pytest.warns(TaskPackFolderWarning, match=r"half-written\.json: left out of the TaskPacks: .*JSON"):
        assert list(builtin_taskpacks()) == ["decision-05", "prevention-01"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the same file version is not named again on every listing
        assert list(builtin_taskpacks()) == ["decision-05", "prevention-01"]
    # asking for it by name says why it is missing rather than suggesting another id
    with pytest.raises(TaskPackError, match=r"task id 'half-written': half-written\.json was left out: not valid JSON"):
        select_taskpacks(["half-written"])


def test_a_copied_taskpack_with_the_same_id_is_named_not_hidden(tmp_path, monkeypatch):
    """Two files of one folder with one id: the first by file name is used and the other named; across the folders
    of IW_TASKPACK_DIR the first folder wins quietly, as documented."""
    write_packs(tmp_path / "a")
    shutil.copy(tmp_path / "a" / "decision-05.json", tmp_path / "a" / "decision-05b.json")
    write_packs(tmp_path / "b")
    monkeypatch.setenv("IW_TASKPACK_DIR", os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")]))
    with pytest.warns(TaskPackFolderWarning) as seen:
        found = builtin_taskpacks()
    assert found["decision-05"] == tmp_path / "a" / "decision-05.json"
    assert [str(w.message) for w in seen] == [
        f"{tmp_path / 'a' / 'decision-05b.json'}: left out of the TaskPacks: its id 'decision-05' is also the "
        f"id of decision-05.json in the same folder (the first by file name is used)"]


def test_no_taskpacks_installed_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("IW_TASKPACK_DIR", str(tmp_path))
    with pytest.raises(TaskPackError, match="no TaskPacks are installed"):
        select_taskpacks(None)


def test_reset_scene_folds_in_initial_state():
    data = copy.deepcopy(prevention_pack())
    tp = parse_taskpack(data)
    assert tp.reset_scene() is tp.scene
    data["initial_state"] = {"fridge#1": {"open": True}}
    tp2 = parse_taskpack(_hashed(data))
    assert tp2.reset_scene()["initial_state"] == {"fridge#1": {"open": True}}
    assert tp2.reset_scene()["entities"] == tp2.scene["entities"]


def test_scene_limits_are_checked_at_load(tmp_path):
    """A small file describing a huge or crowded scene is refused at load with the field named, before the world
    (and its navigation grid) is built."""
    import copy
    import json as _json

    from interactiveworld.bench.taskpack import (SCENE_LIMITS, TaskPackError, load_taskpack, scene_limit_problem,
                                                 select_taskpacks)

    path = select_taskpacks(["decision-05"])[0]
    data = _json.loads(Path(path).read_text(encoding="utf-8"))
    assert scene_limit_problem(data["scene"]) is None

    def refused(mutate, needle):
        d = copy.deepcopy(data)
        mutate(d["scene"])
        assert needle in (scene_limit_problem(d["scene"]) or ""), needle
        f = tmp_path / "tp.json"
        f.write_text(_json.dumps(d), encoding="utf-8")
        with pytest.raises(TaskPackError, match=needle.replace("[", r"\[").replace("]", r"\]")):
            load_taskpack(f, verify_hash=False)

    refused(lambda s: s["rooms"][0].update(rect=[0.0, 0.0, 1000.0, 1000.0]), "span 1000 m, over the 60 m extent")
    refused(lambda s: s["human"].update(xy=[-500.0, 2.0]), "extent limit")
    refused(lambda s: s["entities"][0]["at"].update(xy=[1e9, 1.0]), "extent limit")
    refused(lambda s: s["walls"][0].update(height=250.0), "scene.walls[0].height: 250 m, over the 20 m limit")
    refused(lambda s: s["entities"][0]["params"].update(width=1e5), "scene.entities[0].params.width")
    refused(lambda s: s["entities"].extend([s["entities"][0]] * SCENE_LIMITS["entities"]), "scene.entities: ")
    refused(lambda s: s["human"].update(xy=[1.0]), "scene.human.xy: expected [x, y]")
    assert "not a finite number" in scene_limit_problem({"rooms": [{"rect": [0, 0, float("nan"), 1]}]})
