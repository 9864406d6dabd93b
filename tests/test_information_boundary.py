"""The information partition on the built-in TaskPacks (paper appendix C.2.1 step 5, C.2.2; DESIGN.md
"Families", "Visibility"): the Human's own task context reaches the Human under its family's label and never the
Assistant; the Human's legend lists only places and what it sees, holds or (where the family allows) can reach;
a blind wearer's legend names only what the Assistant said; declared evidence appears in no text the Human
receives, and ``iw-eval validate`` names the field when it does."""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest
from iw_catalog import params as catalog_params

sys.path.insert(0, str(Path(__file__).parent))
from iw_policies import ListAssistant, ListHuman  # noqa: E402

from interactiveworld.agents.base import CallRecord  # noqa: E402
from interactiveworld.agents.model import ModelAssistant, ModelHuman  # noqa: E402
from interactiveworld.agents.prompts import HUMAN_TASK_LABELS  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.families import WITHIN_REACH_PROTOCOLS  # noqa: E402
from interactiveworld.bench.taskpack import (TaskPackError, builtin_taskpacks, compute_hash,  # noqa: E402
                                             load_taskpack, parse_taskpack)
from interactiveworld.bench.validate import (ValidationReport, evidence_exposures, evidence_in,  # noqa: E402
                                             static_checks, visual_words_for_the_blind)
from interactiveworld.cli import main  # noqa: E402
from interactiveworld.env import Environment  # noqa: E402

PACKS = builtin_taskpacks()
IDS = sorted(PACKS)
ONE_PER_FAMILY = ["decision-05", "finding-09", "guidance-03", "prevention-07", "accessibility-04", "planning-03"]


class Recorder:
    """A model client that records every request and answers with a fixed reply."""

    def __init__(self, reply: str):
        self.reply = reply
        self.requests: list[list[dict]] = []

    def complete(self, messages):
        self.requests.append(copy.deepcopy(messages))
        return self.reply, CallRecord(model="test/recorder", latency_s=0.0)


def _text(messages) -> str:
    parts = []
    for m in messages:
        c = m["content"]
        parts += [c] if isinstance(c, str) else [p.get("text", "") for p in c if p.get("type") == "text"]
    return "\n".join(parts)


def _model_agents():
    a = ModelAssistant("openai/test-assistant")
    a.client = Recorder("silent")
    h = ModelHuman("openai/test-human")
    h.client = Recorder("<reasoning>waiting</reasoning><action></action><speak></speak>")
    return a, h


@pytest.mark.parametrize("tid", ONE_PER_FAMILY)
def test_the_human_gets_its_task_and_the_assistant_never_does(tid, tmp_path):
    tp = load_taskpack(PACKS[tid])
    tp = tp.model_copy(update={"budgets": tp.budgets.model_copy(update={"ticks": 2})})
    a, h = _model_agents()
    rec = run_episode(tp, Environment(render=False), a, h, tmp_path / "cell", EpisodeConfig(write_frames=False))
    assert rec["status"] == "valid"
    first_user = _text(h.client.requests[0][1:])
    label = HUMAN_TASK_LABELS[tp.protocol_name]
    assert f"{label}: {tp.human_context.task}" in first_user and "(none)" not in first_user
    for req in a.client.requests:
        said = _text(req)
        assert tp.human_context.task not in said
        assert tp.human_context.restriction not in said


def test_every_taskpack_declares_a_task_and_evidence():
    for tid in IDS:
        tp = load_taskpack(PACKS[tid])
        assert tp.human_context.task.strip() and tp.evidence, tid
        assert tp.human_context.task not in (tp.opening.handoff_say, tp.public_context)


def test_the_schema_requires_the_task_and_checks_where_evidence_is_shown():
    data = json.loads(PACKS["decision-09"].read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    del broken["human_context"]["task"]
    with pytest.raises(TaskPackError, match=r"field 'human_context.task': Field required"):
        parse_taskpack(broken, verify_hash=False)
    broken = copy.deepcopy(data)
    broken["evidence"][0]["shown_by"] = "[LookAt] <fridge> (1)"
    with pytest.raises(TaskPackError, match=r"evidence\[0\].shown_by .* is not one of opening.commands"):
        parse_taskpack(broken, verify_hash=False)
    broken = copy.deepcopy(data)
    broken["evidence"] = []
    with pytest.raises(TaskPackError, match="field 'evidence'"):
        parse_taskpack(broken, verify_hash=False)


# ------------------------------------------------------------------------------------------ legends
def _first_human_observation(tid: str, tmp_path, speech: list[str] = ()):
    tp = load_taskpack(PACKS[tid])
    tp = tp.model_copy(update={"budgets": tp.budgets.model_copy(update={"ticks": 1})})
    env = Environment(render=False)
    a = ListAssistant([f"interrupt {s}" for s in speech] or ["silent"])
    h = ListHuman([])
    run_episode(tp, env, a, h, tmp_path / "cell", EpisodeConfig(write_frames=False))
    return tp, env, h.seen


@pytest.mark.parametrize("tid", catalog_params(IDS))
def test_the_first_legend_lists_only_places_and_what_the_human_sees_or_reaches(tid, tmp_path):
    tp = load_taskpack(PACKS[tid])
    env = Environment(render=False)
    env.reset(tp.reset_scene())
    for c in tp.opening.commands:
        assert env.execute(c).ok
    hs = {h.key: h for h in env.handles()}
    a = ListAssistant(["silent", "done"])
    h = ListHuman([])
    run_episode(tp, Environment(render=False), a, h, tmp_path / "cell", EpisodeConfig(write_frames=False))
    shown = {arg for arg, _ in h.seen[0].handles}
    legend = {e.handle: e for e in tp.human_context.legend}
    for key, e in legend.items():
        arg = f"<{key.split('#')[0]}> ({key.split('#')[1]})"
        if tp.protocol_name == "NARRATE":
            expect = key == env.held()                           # nothing named yet; a held object is felt
        elif not e.movable:
            expect = True
        else:
            expect = hs[key].visible or (tp.protocol_name in WITHIN_REACH_PROTOCOLS and hs[key].reachable)
        assert (arg in shown) == expect, f"{tid}: {key}"


def test_a_phone_in_another_room_is_not_listed(tmp_path):
    _, _, seen = _first_human_observation("prevention-07", tmp_path)
    args = [a for a, _ in seen[0].handles]
    assert "<phone> (1)" not in args and "<fridge> (1)" in args and "<side_table> (1)" in args


def test_narrate_exposure_is_by_reference(tmp_path):
    _, _, seen = _first_human_observation("accessibility-01", tmp_path, ["Can you turn around slowly?"])
    assert seen[0].handles == []
    _, _, seen = _first_human_observation("accessibility-04", tmp_path,
                                          ["The toilet is on your right; turn to face the shelf."])
    # the bottle the wearer already holds is listed; "toilet" exposes nothing by substring
    assert [a for a, _ in seen[0].handles] == ["<bottle> (1)", "<towel_shelf> (1)"]
    _, _, seen = _first_human_observation("accessibility-04", tmp_path, ["The bottles are on the top shelf."])
    assert [a for a, _ in seen[0].handles] == ["<bottle> (1)", "<bottle> (2)", "<bottle> (3)", "<towel_shelf> (1)"]


def test_the_word_bottle_does_not_tell_a_blind_wearer_the_counts(tmp_path):
    _, env, seen = _first_human_observation("accessibility-11", tmp_path, ["Find the bottles on the desks."])
    per_desk = {}
    for arg, desc in seen[0].handles:
        if arg.startswith("<water_bottle>"):
            per_desk[desc] = per_desk.get(desc, 0) + 1
    world = {d: sum(1 for r in env.baseline_relations if r[:1] == ("on",) and r[2] == f"pupil_desk#{d}"
                    and r[1].startswith("water_bottle")) for d in (1, 2, 3)}
    assert world == {1: 4, 2: 4, 1 + 2: 1}
    assert sorted(per_desk.values()) != sorted(world.values())
    assert sum(per_desk.values()) < sum(world.values())


@pytest.mark.parametrize("tid", [t for t in IDS if t.startswith("accessibility")])
def test_a_blind_wearers_legend_states_no_looks_or_print(tid):
    assert visual_words_for_the_blind(load_taskpack(PACKS[tid])) == []


# ------------------------------------------------------------------------------------------ evidence
@pytest.mark.parametrize("tid", IDS)
def test_no_taskpack_exposes_its_evidence(tid):
    assert evidence_exposures(load_taskpack(PACKS[tid])) == []


def _planted(tid: str, edit) -> dict:
    data = json.loads(PACKS[tid].read_text(encoding="utf-8"))
    edit(data)
    data["hash"] = compute_hash(data)
    return data


@pytest.mark.parametrize("tid, edit, field", [
    ("decision-09", lambda d: d["human_context"]["legend"][0].update(description="a pack printed RAW TROUT"),
     "human_context.legend[0].description"),
    ("finding-09", lambda d: d["human_context"]["legend"][1].update(aliases=["jam"]),
     "human_context.legend[1].aliases[0]"),
    ("finding-15", lambda d: d["human_context"].update(task="Find the EQUIPMENT STORAGE form."), "human_context.task"),
    ("accessibility-11", lambda d: d["human_context"]["legend"][0].update(description="one of 4 water bottles"),
     "human_context.legend[0].description"),
    ("decision-05", lambda d: d["human_context"].update(restriction="The card says $41."),
     "human_context.restriction"),
])
def test_validate_rejects_planted_evidence_naming_the_field(tid, edit, field, tmp_path, capsys):
    data = _planted(tid, edit)
    tp = parse_taskpack(data)
    rep = ValidationReport(tid)
    static_checks(tp, Environment(render=False), rep)
    check = next(c for c in rep.checks if c.name == "evidence not in Human text")
    assert not check.ok and field in check.detail
    path = tmp_path / f"{tid}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(path), "--static-only"]) == 1
    assert field in capsys.readouterr().out


def test_validate_rejects_looks_in_a_blind_wearers_legend():
    data = _planted("accessibility-04", lambda d: d["human_context"]["legend"][0].update(
        description="a red bottle, at the left of the top shelf"))
    assert visual_words_for_the_blind(parse_taskpack(data)) == [
        "human_context.legend[0].description says red: 'a red bottle, at the left of the top shelf'"]


@pytest.mark.parametrize("kind, text, count, said, found", [
    ("label", "RAW TROUT", None, "a pack printed raw trout", True),
    ("label", "RAW TROUT", None, "the trout is raw", False),
    ("label", "$41", None, "the card for $41.", True),
    ("count", "water bottle", 4, "there are four water bottles here", True),
    ("count", "water bottle", 4, "4 of the bottles", True),
    ("count", "water bottle", 4, "three waters on every desk, 4 desks", False),
    ("state", "wallet in the tall kitchen cabinet", None, "your wallet, in the tall cabinet of the kitchen", True),
    ("state", "wallet in the tall kitchen cabinet", None, "the tall kitchen cabinet", False),
])
def test_evidence_matching(kind, text, count, said, found):
    from interactiveworld.bench.taskpack import Evidence

    ev = Evidence(kind=kind, text=text, count=count, entity="x#1")
    assert evidence_in(ev, said) is found
