"""The static variant (paper appendix D.3): every built-in TaskPack's static item, the cut of the reference run,
answering and judging through litellm against scripted models, rule checks, and the report."""
from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest
from iw_catalog import params as catalog_params
from iw_catalog import sample
from iw_analysis_server import WRONG, AnalysisServer

from interactiveworld.analysis.judging import CallSettings, parse_json_reply
from interactiveworld.analysis.static import (RESULTS_NAME, Verdict, answer_messages, build_item,
                                              load_static_results, run_static)
from interactiveworld.analysis.static_report import accuracy_table, comparison_rows, write_static_report
from interactiveworld.bench.conditions import CommandPattern
from interactiveworld.bench.logs import read_trace
from interactiveworld.bench.static_item import StaticItem, StaticRule, rule_problems
from interactiveworld.bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack, parse_taskpack
from interactiveworld.cli import main

PACKS = {tid: load_taskpack(p) for tid, p in builtin_taskpacks().items()}


def test_every_builtin_taskpack_has_a_static_item():
    assert len(PACKS) >= 30  # the catalog grows towards its 120 rows
    missing = [t for t, tp in PACKS.items() if tp.static_item is None]
    assert missing == []


def test_decision_05_asks_for_the_invoice_total_of_41_dollars():
    item = PACKS["decision-05"].static_item
    assert "total" in item.question.lower()
    assert "$41" in item.reference
    assert item.rule is not None and item.rule.kind == "number"
    assert rule_problems(item.rule, "The invoice should show forty-one dollars.") == []
    assert rule_problems(item.rule, "It comes to 41 dollars.") == []
    assert rule_problems(item.rule, "The total is $39.") != []
    # an answer listing every option on offer earns nothing
    assert rule_problems(item.rule, "It is $39, $41 or $45.") == ["names $39, another option",
                                                                 "names $45, another option"]


def test_rule_requires_every_group_and_accepts_any_value_of_a_group():
    rule = StaticRule.model_validate({"kind": "location",
                                      "require": [[{"phrase": "fridge"}, {"phrase": "refrigerator"}],
                                                  [{"phrase": "garden"}]]})
    assert rule_problems(rule, "One is in the refrigerator, the other in the garden.") == []
    assert rule_problems(rule, "One is in the fridge.") == ["does not state 'garden'"]


def _with_item(tid: str, item: dict) -> dict:
    data = json.loads(builtin_taskpacks()[tid].read_text(encoding="utf-8"))
    data["static_item"] = item
    return data


def test_static_item_is_checked_at_load():
    with pytest.raises(TaskPackError, match="before_oracle_step is 9 but the oracle has only 2"):
        parse_taskpack(_with_item("decision-05", {"cut": {"before_oracle_step": 9}, "question": "Q?",
                                                  "reference": "R."}), verify_hash=False)
    rule = {"kind": "number", "require": [[{"number": 41, "unit": "$"}]]}
    with pytest.raises(TaskPackError, match="states the answer it asks for"):
        parse_taskpack(_with_item("decision-05", {"cut": {"before_oracle_step": 0}, "question": "Is it $41?",
                                                  "reference": "Yes.", "rule": rule}), verify_hash=False)
    with pytest.raises(TaskPackError, match="static_item.question"):
        parse_taskpack(_with_item("decision-05", {"cut": {"before_oracle_step": 0}, "question": "",
                                                  "reference": "R."}), verify_hash=False)


def test_every_schema_property_of_the_static_item_is_documented():
    for model in (StaticItem, StaticRule):
        props = model.model_json_schema()["properties"]
        assert all(p.get("description") for p in props.values()), model.__name__


@pytest.fixture(scope="module")
def state_items(tmp_path_factory):
    """One folder of state-only items (no frames), built by the cut tests and reused by the scoring test."""
    return tmp_path_factory.mktemp("state_items")


@pytest.mark.parametrize("tid", catalog_params(PACKS))
def test_cut_is_reached_before_the_decision(tid, state_items):
    """State-only run of the reference program to the cut: the cut tick is reached, nothing of the oracle step at
    the cut was executed, and for Prevention the error is live (the window opened) but not yet done (deadline)."""
    tp = PACKS[tid]
    item = build_item(tp, state_items, render=False)
    k = tp.static_item.cut.before_oracle_step
    trace = read_trace(item.folder / "run" / "trace.jsonl")
    said = [r["text"] for r in trace if r["type"] == "speech" and r["speaker"] == "assistant"]
    assert said == [s.say for s in tp.oracle.steps[:k]]
    assert item.cut_tick >= 1
    done = [(r["outcome"].get("primitive"), tuple(r["targets"])) for r in trace
            if r["type"] == "command" and r["outcome"]["ok"]]
    assert [d for d in item.dialogue if d["speaker"] == "wearer"][:1] == [{"speaker": "wearer",
                                                                         "text": tp.opening.prelude_say}] \
        or not tp.opening.prelude_say
    # the first intervention's window is open (a later one, as the second error of a two-error row, may open
    # after it) and no hazard has happened
    opened = [w.id for w in tp.intervention_windows if w.opens is None or any(w.opens.matches(p, t) for p, t in done)]
    assert opened or not tp.intervention_windows, f"{tid}: no window has opened at the cut"
    for w in tp.intervention_windows:
        assert not any(w.deadline.matches(p, t) for p, t in done), f"{tid}: the hazard happened before the cut"


def test_prevention_cut_comes_after_the_wearer_started_the_plan():
    for tid, tp in PACKS.items():
        if tp.family.value == "Prevention":
            assert tp.static_item.cut.before_oracle_step == 0
            assert tp.oracle.steps[0].after_segments >= 1, tid


def test_parse_json_reply_refuses_with_a_reason():
    assert parse_json_reply('noise ```json\n{"correct": true, "reason": "ok"}\n```', Verdict).correct is True
    with pytest.raises(ValueError, match="no JSON object"):
        parse_json_reply("yes", Verdict)
    with pytest.raises(ValueError, match="correct"):
        parse_json_reply('{"reason": "x"}', Verdict)


TASKS = ["decision-05", "prevention-05"]


@pytest.fixture(scope="module")
def server():
    srv = AnalysisServer()
    yield srv
    srv.close()


@pytest.fixture(scope="module")
def static_out(tmp_path_factory, server):
    """One output folder with the frames of two items built once (rendered), shared by the end-to-end tests."""
    out = tmp_path_factory.mktemp("static")
    for tid in TASKS:
        build_item(PACKS[tid], out)
    return out


def test_items_carry_frames_and_the_words_said_before_the_cut(static_out):
    item = build_item(PACKS["decision-05"], static_out)  # reused from the cache
    assert 1 <= len(item.frames) <= 32
    assert all((item.folder / f).is_file() for f in item.frames)
    msgs = answer_messages(item)
    parts = msgs[1]["content"]
    assert sum(p["type"] == "image_url" for p in parts) == len(item.frames)
    text = " ".join(p.get("text", "") for p in parts)
    assert PACKS["decision-05"].opening.handoff_say in text and item.question in text
    assert item.reference not in text and "41" not in text
    # prevention-05: the wearer's plan started (oven opened) and the dough is not yet in it
    prev = build_item(PACKS["prevention-05"], static_out)
    assert prev.cut_tick == 2


def _run(static_out, server, assistants, judge):
    calls = CallSettings(api_base=server.base, max_concurrency=2)
    summary = run_static([PACKS[t] for t in TASKS], static_out, assistants=assistants, judge=judge, calls=calls)
    return summary, [r for r in load_static_results(static_out) if r["judge"] == judge]


def test_correct_and_wrong_answerers_score_100_and_0_percent(static_out, server, tmp_path):
    summary, results = _run(static_out, server, ["openai/correct", "openai/wrong"], "openai/judge")
    assert summary["void"] == 0 and summary["errors"] == []
    by = {(r["assistant"], r["task_id"]): r for r in results}
    assert all(by[("openai/correct", t)]["correct"] for t in TASKS)
    assert not any(by[("openai/wrong", t)]["correct"] for t in TASKS)
    assert by[("openai/wrong", "decision-05")]["reply"] == WRONG
    # the request carried the frames and never the reference
    asked = [b for b in server.requests if b["model"] == "correct"]
    assert asked and all(PACKS["decision-05"].static_item.reference not in json.dumps(b) for b in asked)
    rep = write_static_report(results, tmp_path / "report", plots=True)
    text = rep["markdown"]
    # over the tasks present: 100 % and 0 %; over the catalog's 20 per family: 1/20 = 5 %
    assert re.search(r"openai/correct \| openai/judge \| Decision \| 1/20 \| 5\.0 \| 1 \| 100\.0", text)
    assert re.search(r"openai/wrong \| openai/judge \| Decision \| 0/20 \| 0\.0 \| 1 \| 0\.0", text)
    assert (tmp_path / "report" / "static_accuracy.png").stat().st_size > 1000
    # a later report into the same folder leaves none of this one's files it does not write itself
    (tmp_path / "report" / "static_vs_interactive.csv").write_text("from an earlier report\n")
    again = write_static_report(results, tmp_path / "report", plots=False)
    assert sorted(p.name for p in (tmp_path / "report").iterdir()) == ["static.md", "static_accuracy.csv"]
    assert sorted(Path(f).name for f in again["files"]) == ["static.md", "static_accuracy.csv"]
    # a second run asks nothing again
    summary2, _ = _run(static_out, server, ["openai/correct", "openai/wrong"], "openai/judge")
    assert summary2["asked"] == 0 and summary2["skipped"] == 4


@pytest.mark.parametrize("scope", ["sample", pytest.param("every", marks=pytest.mark.slow)])
def test_every_builtin_item_scores_its_reference_and_no_wrong_answer(scope, state_items, server, tmp_path):
    """Built-in items through the served chain (state-only items: the scripted answerers need no frames): the
    catalog sample of tests/iw_catalog.py by default (the items the cut tests build), all of them in the slow
    stage. The reference answerer is right on every item under the strict judge and the lenient one, so every
    reference passes its own rule; the wrong answerer is right nowhere under the strict judge, and under the
    lenient judge only where no rule backs the judge; the hedge fails exactly the items whose rule forbids other
    options."""
    chosen = {t: PACKS[t] for t in (sample(PACKS) if scope == "sample" else sorted(PACKS))}
    calls = CallSettings(api_base=server.base, max_concurrency=2)
    packs = [chosen[t] for t in sorted(chosen)]
    runs = {}
    for judge, models in (("openai/judge", ["openai/correct", "openai/wrong"]),
                          ("openai/lenient", ["openai/correct", "openai/wrong", "openai/hedge"])):
        summary = run_static(packs, state_items, assistants=models, judge=judge, calls=calls, render=False)
        assert summary["built"] == len(chosen) and summary["errors"] == [] and summary["void"] == 0
        runs[judge] = [r for r in load_static_results(state_items) if r["judge"] == judge and r["task_id"] in chosen]
    got = {(r["judge"], r["assistant"], r["task_id"]): r["correct"] for rs in runs.values() for r in rs}
    assert len(got) == 5 * len(chosen)
    for t, tp in chosen.items():
        rule = tp.static_item.rule
        assert got[("openai/judge", "openai/correct", t)] and got[("openai/lenient", "openai/correct", t)], t
        assert not got[("openai/judge", "openai/wrong", t)], t
        assert got[("openai/lenient", "openai/wrong", t)] == (rule is None), t
        assert got[("openai/lenient", "openai/hedge", t)] == (rule is None or not rule.forbid), t
    # over the catalog's fixed denominator: n of 20 per family, All the mean over families; over the items
    # scored 100 %
    per_family = collections.Counter(tp.family.value for tp in chosen.values())
    want = {**{f: 100.0 * n / 20 for f, n in per_family.items()}, "All": 100.0 * sum(per_family.values()) / 120}
    rows = {(r["assistant"], r["family"]): r for r in accuracy_table(runs["openai/judge"])}
    for fam in ("Finding", "Guidance", "Decision", "Prevention", "Accessibility", "Planning", "All"):
        right, wrong = rows[("openai/correct", fam)], rows[("openai/wrong", fam)]
        assert right["acc_catalog"] == pytest.approx(want[fam]) and right["acc_scored"] == pytest.approx(100.0), fam
        assert wrong["acc_catalog"] == 0.0 and wrong["acc_scored"] == 0.0, fam
    rep = write_static_report(runs["openai/judge"], tmp_path / "report", plots=True)
    assert f"| openai/correct | openai/judge | All | {len(chosen)}/120 | {want['All']:.1f}" in rep["markdown"]
    assert (tmp_path / "report" / "static_accuracy.png").stat().st_size > 1000


def test_rule_failure_overrides_a_lenient_judge(static_out, server):
    _, results = _run(static_out, server, ["openai/hedge", "openai/wrong"], "openai/lenient")
    by = {(r["assistant"], r["task_id"]): r for r in results}
    # decision-05 has a numeric rule: the hedge names $39 and $45, the wrong answer no total at all
    assert by[("openai/hedge", "decision-05")]["verdict"]["correct"] is True
    assert by[("openai/hedge", "decision-05")]["correct"] is False
    assert by[("openai/wrong", "decision-05")]["correct"] is False
    assert by[("openai/wrong", "decision-05")]["rule_problems"] == ["does not state $41"]
    # prevention-05 declares no rule: the lenient judge's word stands
    assert by[("openai/wrong", "prevention-05")]["correct"] is True


def test_a_judge_without_valid_json_leaves_the_item_void(static_out, server):
    summary, results = _run(static_out, server, ["openai/correct"], "openai/broken")
    assert summary["void"] == 2
    assert all(r["status"] == "void" and "no valid verdict" in r["void_reason"] for r in results)
    # one repair turn: the judge was told why its reply was refused
    repairs = [b for b in server.requests if b["model"] == "broken" and len(b["messages"]) == 4]
    assert repairs and "could not be used" in repairs[0]["messages"][-1]["content"]


def test_static_versus_interactive_groups():
    results = [{"assistant": "m", "judge": "j", "family": "Decision", "task_id": t, "status": "scored", "correct": c}
               for t, c in (("a", True), ("b", True), ("c", False), ("d", False), ("e", True))]
    sweep = [{"assistant": "m", "task_id": t, "status": "valid", "passed": p} for t, p in
             (("a", 1), ("b", 0), ("c", 1), ("d", 0), ("d", 1), ("d", 0))]
    groups = {r["task_id"]: r["group"] for r in comparison_rows(results, sweep)}
    # d passes 1 of 3 seeds (mean 1/3 < 0.5): an interactive failure; e was never run
    assert groups == {"a": "both", "b": "static_only", "c": "interactive_only", "d": "neither", "e": "not run"}


def test_cli_static_end_to_end(static_out, server, tmp_path, capsys, monkeypatch):
    """``iw-eval static`` with the controls' interactive sweep: the comparison table and plot."""
    sweep = tmp_path / "sweep"
    assert main(["run", "--assistant", "oracle", "--tasks", *TASKS, "--no-render", "--out", str(sweep),
                 "--no-progress"]) == 0
    capsys.readouterr()
    rc = main(["static", "--assistant", "openai/correct", "--judge", "openai/judge", "--tasks", *TASKS,
               "--out", str(static_out), "--api-base", server.base, "--interactive", str(sweep),
               "--interactive-as", "oracle"])
    assert main(["static", "--assistant", "openai/correct", "openai/wrong", "--interactive-as", "oracle"]) == 2
    out = capsys.readouterr().out
    assert rc == 0
    assert re.search(r"\| openai/correct \| All \| 2 \| 0 \| 0 \| 0 \| 0 \|", out)
    assert (static_out / "report" / "static_vs_interactive.png").is_file()
    assert (static_out / RESULTS_NAME).is_file()
    assert main(["static", "--assistant", "not a model"]) == 2


@pytest.mark.parametrize("flag,value,named", [("--max-tokens", "1", "--max-tokens 1 (0 spent)")])
def test_a_spending_limit_leaves_items_unasked_and_is_named(static_out, server, tmp_path, capsys, flag, value,
                                                            named):
    """A call is made only when its estimate (prompt plus the reply's token cap) fits the limit: one token fits no
    call. Both items stay unasked, no request reaches the server, and the summary names the option that stopped
    them."""
    import shutil

    out = tmp_path / "limited"
    shutil.copytree(static_out, out, ignore=shutil.ignore_patterns(RESULTS_NAME, "report"))
    before = len(server.requests)
    rc = main(["static", "--assistant", "openai/correct", "--judge", "openai/judge", "--tasks", *TASKS,
               "--out", str(out), "--api-base", server.base, flag, value, "--no-plots"])
    err = capsys.readouterr().err
    assert rc == 1 and len(server.requests) == before
    assert f"0 asked, 0 already scored, 0 VOID, 2 left unasked by {named}; model calls: 0 made" in err, err


def test_a_cost_limit_on_unpriced_models_is_refused_up_front(tmp_path, server, capsys):
    """As ``iw-eval run`` does: no price, no bound on spending; exit 2 before any item is built."""
    out = tmp_path / "s"
    assert main(["static", "--assistant", "openai/correct", "--judge", "openai/judge", "--tasks", *TASKS,
                 "--out", str(out), "--api-base", server.base, "--max-cost", "0.01"]) == 2
    assert ("--max-cost: litellm has no price for openai/correct, openai/judge, so spending cannot be bounded"
            in capsys.readouterr().err)
    assert not out.exists()


def test_the_cost_of_unpriced_models_is_unknown_not_zero(static_out, server, tmp_path, capsys):
    """The served models have no litellm price: the summary says their cost is unknown, as the run summary does."""
    import shutil

    out = tmp_path / "fresh"
    shutil.copytree(static_out, out, ignore=shutil.ignore_patterns(RESULTS_NAME, "report"))
    before = len(server.requests)
    assert main(["static", "--assistant", "openai/correct", "--judge", "openai/judge", "--tasks", *TASKS,
                 "--out", str(out), "--api-base", server.base, "--no-plots"]) == 0
    made = len(server.requests) - before
    assert made == 4  # an answer and a verdict per item
    assert (f"model calls: {made} made, 0 from the cache; spent $? ({made} call(s) of unpriced models)"
            in capsys.readouterr().err)


def test_static_without_provider_key_or_server_stops_before_any_work(tmp_path, capsys, monkeypatch):
    """As ``iw-eval run`` does: a missing key or an unreachable ``--api-base`` is a usage error (exit 2) naming
    the remedy, found before any item is built."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    out = tmp_path / "s"
    assert main(["static", "--assistant", "openai/gpt-4o", "--tasks", "decision-05", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "openai/gpt-4o (provider openai): no credentials: set OPENAI_API_KEY" in err
    assert main(["static", "--assistant", "openai/gpt-4o", "--tasks", "decision-05", "--out", str(out),
                 "--api-base", "http://127.0.0.1:9/v1"]) == 2
    assert "--api-base" in capsys.readouterr().err
    assert not out.exists()
