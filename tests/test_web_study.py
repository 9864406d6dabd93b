"""Study plans (interactiveworld.web.study): validation, the per-family draw of the paper's 36-task shape,
per-participant order, and a participant walked through a plan on the real Episode loop."""
from __future__ import annotations

import json
import sys
from collections import Counter

import pytest

pytest.importorskip("fastapi")

from iw_page import PageBot, ground_decision  # noqa: E402
from iw_taskpacks import write_packs  # noqa: E402

from interactiveworld.bench.logs import read_eval  # noqa: E402
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack  # noqa: E402
from interactiveworld.web.study import StudyController, draw_per_family, load_plan  # noqa: E402


def _plan(tmp_path, **fields):
    data = {"format": "interactiveworld.study/1", "name": "pilot", "partners": ["oracle"], "tasks": ["decision-05"]}
    data.update(fields)
    p = tmp_path / "plan.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


@pytest.mark.parametrize("fields, why", [
    ({"role": "robot"}, "role"), ({"partners": []}, "partners"), ({"partners": ["oracle", "oracle"]}, "distinct"),
    ({"name": "my study"}, "folder-safe"), ({"task": ["decision-05"]}, "task: Extra inputs"),
    ({"tasks": {"per_family": 0}}, "per_family"), ({"tasks": ["no-such-task"]}, "no-such-task"),
    ({"seed": -1}, "seed"), ({"format": "interactiveworld.study/9"}, "format"),
])
def test_a_bad_plan_names_the_field(tmp_path, fields, why):
    with pytest.raises(ValueError, match=why):
        load_plan(_plan(tmp_path, **fields))


def test_unreadable_plans_are_refused(tmp_path):
    with pytest.raises(ValueError, match="no such study plan"):
        load_plan(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not a JSON study plan"):
        load_plan(bad)


def test_per_family_draw_gives_each_family_the_same_number_of_tasks(tmp_path):
    families = Counter(load_taskpack(p).family.value for p in builtin_taskpacks().values())
    smallest = min(families.values())
    with pytest.raises(ValueError, match=f"{smallest + 1} requested but only"):
        draw_per_family(smallest + 1, None)
    first = draw_per_family(1, None)
    assert Counter(load_taskpack(p).family.value for p in first) == Counter({f: 1 for f in families})
    # without a seed: the first built-in TaskPack of each family in id order
    by_family = {}
    for tid, p in sorted(builtin_taskpacks().items()):
        by_family.setdefault(load_taskpack(p).family.value, tid)
    assert sorted(load_taskpack(p).id for p in first) == sorted(by_family.values())
    drawn = draw_per_family(smallest, 3)
    assert drawn == draw_per_family(smallest, 3) and len(drawn) == 6 * smallest


def test_the_draw_is_recorded_and_reused(tmp_path):
    plan = load_plan(_plan(tmp_path, tasks={"per_family": 1, "seed": 5}, partners=["oracle", "silent"]))
    assert len(plan.cells) == 12 and plan.out == str(tmp_path / "pilot")
    record = json.loads((tmp_path / "pilot" / "study.json").read_text())
    assert [f for f, _ in plan.cells[::2]] == record["tasks"]
    # a recorded draw wins over a new one (TaskPacks added later do not change a study under way)
    record["tasks"] = record["tasks"][:2]
    (tmp_path / "pilot" / "study.json").write_text(json.dumps(record))
    assert len(load_plan(_plan(tmp_path, tasks={"per_family": 1, "seed": 5}, partners=["oracle", "silent"])).cells) == 4


def test_each_participant_gets_a_fixed_order_of_their_own(tmp_path):
    plan = load_plan(_plan(tmp_path, tasks={"per_family": 1}, partners=["oracle", "silent", "wrong"]))
    a, b = plan.order_for("kestrel"), plan.order_for("heron")
    assert sorted(a) == sorted(plan.cells) == sorted(b)
    assert a == plan.order_for("kestrel") and a != b and a != plan.cells
    plan.shuffle = False
    assert plan.order_for("kestrel") == plan.cells


def test_a_participant_walks_through_the_plan_and_resumes_where_they_stopped(tmp_path, monkeypatch):
    monkeypatch.setenv("IW_ENVS", "iw_fake_env:FakeEnv")  # a plan names only factories on the allow-list
    packs = write_packs(tmp_path / "packs")
    plan = load_plan(_plan(tmp_path, tasks=[str(packs["decision-05"])], partners=["oracle", "wrong"], shuffle=False,
                           env="iw_fake_env:FakeEnv"))
    ctl = StudyController(plan)
    assert ctl.hello()["needs_pseudonym"] and ctl.hello()["study"]["total"] == 2
    with pytest.raises(ValueError, match="pseudonym"):
        ctl.next()
    with PageBot(ctl.channel, lambda turn: ground_decision(turn["obs"])):
        ctl.start("kestrel")
        assert ctl.session.done.wait(60)
        first = ctl.session
        assert ctl.progress() == {"name": "pilot", "total": 2, "done": 1, "remaining": 1, "position": 1}
        end = [e for e in ctl.channel.history() if e["type"] == "end"][0]
        assert "passed" not in end and end["status"] == "valid"  # results are not shown in a study by default
        session = [e for e in ctl.channel.history() if e["type"] == "session"][0]
        assert end["cell"] is None and session["cell"] is None and "oracle" not in json.dumps(session)
        ctl.next()
        assert ctl.session is not first and ctl.session.done.wait(60)
    assert read_eval(first.cell)["passed"] == 1
    wrong = read_eval(ctl.session.cell)
    assert (wrong["assistant"], wrong["human"], wrong["passed"]) == ("wrong", "person:kestrel", 0)
    ctl.next()
    assert ctl.channel.history()[-1] == {"type": "complete", "session": ctl.channel.session,
                                         "study": {"name": "pilot", "total": 2, "done": 2, "remaining": 0,
                                                   "position": 2}}
    ctl.close()
    # started again: both episodes are finished, nothing is asked
    again = StudyController(plan, pseudonym="kestrel")
    assert again.channel.history()[-1]["type"] == "complete" and again.session is None


def test_a_plan_never_chooses_code_to_run(tmp_path, monkeypatch, capsys):
    """A plan's env must be the built-in world or on replay's allow-list ($IW_ENVS); otherwise the study stops
    with exit 2 before the named module is imported."""
    from interactiveworld import cli

    (tmp_path / "iw_planted.py").write_text("import pathlib\npathlib.Path(__file__).with_name('RAN').write_text('x')\n"
                                            "def make(**kw):\n    return None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("IW_ENVS", raising=False)
    packs = write_packs(tmp_path / "packs")
    path = _plan(tmp_path, tasks=[str(packs["decision-05"])], partners=["oracle"], env="iw_planted:make")
    with pytest.raises(ValueError, match="env: .*'iw_planted:make' is not on the allow-list"):
        load_plan(path)
    assert cli.main(["study", str(path), "--port", "0"]) == 2
    assert "not on the allow-list" in capsys.readouterr().err
    assert not (tmp_path / "RAN").exists() and "iw_planted" not in sys.modules
    monkeypatch.setenv("IW_ENVS", "iw_fake_env:FakeEnv, iw_planted:make")
    assert load_plan(path).env == "iw_planted:make"  # allowed deliberately
