"""The acting-side Gymnasium environment (``InteractiveWorld-v0``) keeps the benchmark's information boundary:
its handles are the entities the wearer sees or holds under the one visibility definition (identical with and
without frames: nothing behind a wall or inside a closed container), legend entities are described by the
TaskPack legend, no handle line states the TaskPack's declared evidence, and the task text starts with the
wearer's own task context."""
from __future__ import annotations

import json
import re

import pytest
from iw_catalog import params as catalog_params

pytest.importorskip("gymnasium")
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack, parse_taskpack  # noqa: E402
from interactiveworld.bench.validate import evidence_in  # noqa: E402
from interactiveworld.gym import InteractiveWorldEnv  # noqa: E402

TASKS = sorted(builtin_taskpacks())
_LINE = re.compile(r"^<([^<>]+)> \((\d+)\)(?:: (.*))?$")


def _pack(task_id):
    return load_taskpack(builtin_taskpacks()[task_id])


def _listed(handles: str) -> dict[str, str | None]:
    """key -> description (None without one) of each handle line."""
    out = {}
    for line in handles.splitlines():
        m = _LINE.match(line)
        assert m, f"not a handle line: {line!r}"
        out[f"{m.group(1)}#{m.group(2)}"] = m.group(3)
    return out


def _without_indices(handles: str) -> str:
    """A handle's instance index is no count: "<water_bottle> (4)" does not say four water bottles."""
    return re.sub(r"<([^<>]+)> \(\d+\)", r"<\1>", handles)


@pytest.mark.parametrize("task_id", catalog_params(TASKS))
def test_handles_are_seen_or_held_and_state_no_evidence(task_id):
    tp = _pack(task_id)
    legend = {e.handle: e for e in tp.human_context.legend}
    env = InteractiveWorldEnv(tp, state_only=True)
    obs, _ = env.reset(seed=0)
    commands = [s.command for s in tp.no_help.steps if s.command] + [c for s in tp.oracle.steps for c in s.commands]
    # the wearer's own task context first (checked for evidence by validate), then its own request
    assert obs["task"].startswith(tp.human_context.task.strip())
    for cmd in [None, *commands]:
        if cmd is not None:
            obs, *_ = env.step(cmd)
        listed = _listed(obs["handles"])
        seen = env.world.visible_keys() | ({env.world.held()} - {None})
        assert set(listed) <= seen, (cmd, set(listed) - seen)
        for key, desc in listed.items():
            if key in legend and key == env.world.held():  # held: what it is, in the hand (not where it was)
                assert desc is not None and desc.endswith("(in your hand)"), (key, desc)
                assert legend[key].description.startswith(desc[:-len(" (in your hand)")]), (key, desc)
            elif key in legend:
                assert desc is not None and desc.startswith(legend[key].description), (key, desc)
            else:
                assert desc is None, (key, desc)  # the scene's free text is not checked for evidence: not shown
        # line by line: a listing that shows both a place and what lies there, because both are in view, states
        # nothing the frames do not; a description that said it would
        for line in _without_indices(obs["handles"]).splitlines():
            for ev in tp.evidence:
                assert not evidence_in(ev, line), (cmd, ev, line)


def _walk_through(task_id: str, commands: list[str], **kw) -> list[tuple[str, str]]:
    env = InteractiveWorldEnv(task_id, **kw)
    obs, _ = env.reset(seed=0)
    out = [("reset", obs["handles"])]
    for cmd in commands:
        obs, *_ = env.step(cmd)
        out.append((obs["last_outcome"], obs["handles"]))
    return out


# hand-worked: the second gift box lies on the living-room side table, behind the wall from the kitchen table
# where the opening leaves the wearer; the thermometer lies inside the closed left bedside cabinet.
HIDDEN = [
    ("finding-08", "gift_box#2", ["[LookAt] <side_table> (1)", "[Walk] <side_table> (1)"], [False, False, True]),
    ("finding-10", "thermometer#1", ["[Walk] <bedside_cabinet> (1)", "[Open] <bedside_cabinet> (1)",
                                     "[Close] <bedside_cabinet> (1)"], [False, False, True, False]),
]


@pytest.mark.parametrize("task_id,key,commands,expected", HIDDEN)
def test_walls_and_closed_containers_hide_handles_with_and_without_frames(task_id, key, commands, expected):
    state = _walk_through(task_id, commands, state_only=True)
    rendered = _walk_through(task_id, commands, width=64, height=48)
    assert rendered == state  # one visibility definition: the same handles, step by step
    assert [key in _listed(h) for _, h in state] == expected, state
    assert all(out == "reset" or out.endswith(": done.") for out, _ in state), state


def test_scene_free_text_never_reaches_the_handles():
    """A scene entity's own ``description`` is not checked for evidence by validate, so the environment shows the
    legend's instead (and nothing for an entity outside the legend): a planted label text stays out."""
    data = json.loads(builtin_taskpacks()["finding-09"].read_text(encoding="utf-8"))
    for ent in data["scene"]["entities"]:
        if (ent["name"], ent["index"]) in (("jar", 1), ("cutting_board", 1)):
            ent["description"] = "a jar labelled MAYO"
    tp = parse_taskpack(data, verify_hash=False)
    env = InteractiveWorldEnv(tp, state_only=True)
    env.reset(seed=0)
    obs, *_ = env.step("[Walk] <counter> (2)")
    listed = _listed(obs["handles"])
    assert "jar#1" in listed and "cutting_board#1" in listed  # both in view by the sink
    assert "mayo" not in obs["handles"].lower()
    assert listed["jar#1"] == "a cream-coloured jar, the left one of a pair" and listed["cutting_board#1"] is None
