"""The episode loop driven tick by tick (``start`` / ``step`` / ``finish``) gives the cell that ``run`` gives: the
same record, the same trace, the same observations to the agents, on the symbolic test environment."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_fake_env import FakeEnv  # noqa: E402
from iw_policies import ListAssistant, ListHuman  # noqa: E402
from iw_taskpacks import decision_pack, prevention_pack  # noqa: E402

from interactiveworld.agents.controls import ScriptedHuman, make_control_assistant  # noqa: E402
from interactiveworld.bench.episode import Episode, EpisodeConfig  # noqa: E402
from interactiveworld.bench.taskpack import parse_taskpack  # noqa: E402

PACKS = {"decision-05": decision_pack, "prevention-01": prevention_pack}
_CLOCK = {"wall_s", "timing", "t"}


def _trace(cell: Path) -> list[dict]:
    """The trace without wall-clock fields."""
    out = []
    for line in (cell / "trace.jsonl").read_text().splitlines():
        rec = {k: v for k, v in json.loads(line).items() if k not in _CLOCK}
        if "outcome" in rec:
            rec["outcome"] = {k: v for k, v in rec["outcome"].items() if k != "timing"}
        out.append(rec)
    return out


@pytest.mark.parametrize("task", sorted(PACKS))
@pytest.mark.parametrize("control", ["oracle", "silent", "nohelp", "wrong", "early"])
def test_stepping_reproduces_run(task, control, tmp_path):
    tp = parse_taskpack(PACKS[task]())
    cfg = EpisodeConfig(fsync=False)
    ran = Episode(tp, FakeEnv(), make_control_assistant(control, tp), ScriptedHuman(tp), tmp_path / "run", cfg).run()
    ep = Episode(tp, FakeEnv(), make_control_assistant(control, tp), ScriptedHuman(tp), tmp_path / "step", cfg)
    ep.start()
    completions = []
    while (stop := ep.step()) is None:
        completions.append(ep.score_now().completion)
    stepped = ep.finish(stop)
    for rec in (ran, stepped):
        for k in _CLOCK:
            rec.pop(k, None)
    assert stepped == ran
    assert _trace(tmp_path / "step") == _trace(tmp_path / "run")
    # the running score ends at the cell's completion
    assert (completions[-1] if completions else 0.0) == pytest.approx(ran["completion"])


def test_assistant_observation_is_what_the_assistant_gets(tmp_path):
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Grab the $41 card.", "silent", "done"])
    ep = Episode(tp, FakeEnv(), a, ListHuman([("[Grab] <invoice_card> (2)", "OK")]), tmp_path, EpisodeConfig())
    ep.start()
    previews = []
    while True:
        previews.append(ep.assistant_observation())
        if ep.step() is not None:
            break
    assert len(a.seen) == 3
    for preview, seen in zip(previews, a.seen):
        assert (preview.tick, preview.wearer_speech, preview.new_segments, preview.first_turn) == \
            (seen.tick, seen.wearer_speech, seen.new_segments, seen.first_turn)
        assert [f.index for f in preview.new_frames] == [f.index for f in seen.new_frames]
    assert ep.pending_stop() == "done"
