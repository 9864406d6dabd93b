"""A person as an agent of the closed loop: the observations a page is shown, the answers it may give,
the cell it leaves behind, and resuming an interrupted cell (interactiveworld.web.person / .session).

Everything runs on the real Episode loop with the symbolic test environment; a thread stands in for the
page (tests/iw_page.py)."""
from __future__ import annotations

import copy
import json
import re
import threading

import pytest
from iw_page import PageBot, ground_decision
from iw_taskpacks import _hashed, decision_pack, write_packs

from interactiveworld.agents.base import AgentTransportError
from interactiveworld.agents.prompts import assistant_system_prompt
from interactiveworld.bench.identity import key_hash
from interactiveworld.bench.logs import read_eval, read_trace
from interactiveworld.web.person import Channel, _check_assistant_answer, check_pseudonym, recorded_turns
from interactiveworld.web.session import CellPlan, PlaySession

FAKE_ENV = "iw_fake_env:FakeEnv"


@pytest.mark.parametrize("name", ["kestrel", "p07", "blue-heron", "abc"])
def test_pseudonym_accepts_made_up_names(name):
    assert check_pseudonym(f"  {name} ") == name


@pytest.mark.parametrize("name, why", [
    ("Jane Doe", "no spaces"), ("Jane", "capitals"), ("jane@example.org", "'@'"), ("ab", "3-24"),
    ("x" * 25, "3-24"), ("7up", "starting with a letter"), ("oracle", "reserved"), ("", "choose a pseudonym"),
    (None, "must be text")])
def test_pseudonym_refuses_names_and_malformed_text(name, why):
    with pytest.raises(ValueError, match=why):
        check_pseudonym(name)


def test_an_open_turn_stays_open_until_a_valid_answer():
    ch = Channel()
    got = {}

    def episode_thread():
        got["answer"] = ch.ask({"type": "turn", "role": "assistant", "tick": 1}, _check_assistant_answer)

    t = threading.Thread(target=episode_thread)
    t.start()
    while ch.pending is None:
        pass
    turn = ch.pending["turn"]
    with pytest.raises(ValueError, match="needs words"):
        ch.answer(turn, {"kind": "interrupt", "speech": "   "})
    with pytest.raises(ValueError, match="choose one of"):
        ch.answer(turn, {"kind": "shout", "speech": "hey"})
    with pytest.raises(ValueError, match="says nothing"):
        ch.answer(turn, {"kind": "done", "speech": "all good"})
    with pytest.raises(ValueError, match="earlier turn"):
        ch.answer(turn - 1, {"kind": "silent"})
    assert ch.pending is not None  # refused answers did not consume the turn
    ch.answer(turn, {"kind": "interrupt", "speech": " Pick up   the card. "})
    t.join(5)
    assert got["answer"] == {"kind": "interrupt", "speech": "Pick up the card."}
    with pytest.raises(ValueError, match="not your turn"):
        ch.answer(turn, {"kind": "silent"})
    answered = [e for e in ch.history() if e["type"] == "answered"]
    assert answered == [{"type": "answered", "turn": turn, "role": "assistant", "tick": 1,
                         "answer": {"kind": "interrupt", "speech": "Pick up the card."}, "session": 0}]


def test_closing_the_channel_ends_a_waiting_turn_as_a_transport_fault():
    ch = Channel()
    errors = []

    def episode_thread():
        try:
            ch.ask({"type": "turn"}, _check_assistant_answer)
        except AgentTransportError as exc:
            errors.append(str(exc))

    t = threading.Thread(target=episode_thread)
    t.start()
    while ch.pending is None:
        pass
    ch.close("the server stopped")
    t.join(5)
    assert errors == ["the person's session ended: the server stopped"]
    with pytest.raises(AgentTransportError):
        ch.ask({"type": "turn"}, _check_assistant_answer)


def _session(tmp_path, role, partner, *, pack="decision-05", channel=None):
    packs = write_packs(tmp_path / "packs")
    plan = CellPlan(taskpack=str(packs[pack]), role=role, partner=partner, out=str(tmp_path / "out"), env=FAKE_ENV)
    return PlaySession(plan, "kestrel", channel or Channel())


def _run(session, answer, timeout=60):
    with PageBot(session.channel, answer) as bot:
        session.start()
        assert session.done.wait(timeout), "the episode did not finish"
    return bot


def test_person_human_following_the_oracle_passes_and_sees_what_a_model_human_sees(tmp_path):
    s = _session(tmp_path, "human", "oracle")
    bot = _run(s, lambda turn: ground_decision(turn["obs"]))
    rec = s.record
    assert (rec["status"], rec["passed"], rec["stop_reason"]) == ("valid", 1, "done")
    assert (rec["assistant"], rec["human"]) == ("oracle", "person:kestrel")
    # the sweep's folder scheme: agents (with the hash of their configuration), task, seed
    assert re.fullmatch(r"oracle__person-kestrel-[0-9a-f]{8}/decision-05/seed0",
                        s.cell.relative_to(tmp_path / "out").as_posix())
    assert read_eval(s.cell)["cell_key"]["human"] == "person:kestrel"
    assert read_eval(s.cell)["passed"] == 1
    trace = read_trace(s.cell / "trace.jsonl")
    humans = [r for r in trace if r["type"] == "human"]
    # each turn the page was asked is a Human record of the trace, and the page was shown the very
    # handles, held object, result and speech the episode logged as the Human's observation
    asked = {t["tick"]: t["obs"] for t in bot.asked}
    logged = {r["tick"]: r["observation"] for r in humans if r["prompt"]["via"] == "browser"}
    assert asked.keys() == logged.keys() and len(asked) == 2
    for tick, obs in asked.items():
        seen = logged[tick]
        assert [a for a, _ in obs["handles"]] == seen["handles"]
        for k in ("held", "last_result", "assistant_speech", "active_instruction", "queued", "private_next"):
            assert obs[k] == seen[k], k
    assert [r["parsed"]["action"] for r in humans if r["prompt"]["via"] == "browser"] == [
        "[Grab] <invoice_card> (2)", "[Put] <invoice_card> (2) <approval_desk> (1)"]
    assert set(asked[1]["frames"][0]) == {"index", "tick", "tags", "url"}
    # the person gets the Human's own task context, under the label its family gives it in the model prompt
    assert all(obs["task_context"] == s.tp.human_context.task for obs in asked.values())
    session = next(e for e in s.channel.history() if e["type"] == "session")
    assert session["task_label"] == "Your question"  # ASK


def test_a_malformed_command_is_refused_by_the_environment_and_shown_in_the_next_turn(tmp_path):
    s = _session(tmp_path, "human", "oracle")
    first = []

    def answer(turn):
        if not first:
            first.append(turn)
            return {"action": "Grab the card please", "speak": ""}
        obs = turn["obs"]
        if obs["assistant_speech"].startswith("Put") and not obs["held"]:
            # the refusal flushed the step; the person grabs first, then puts
            return {"action": "[Grab] <invoice_card> (2)\n[Put] <invoice_card> (2) <approval_desk> (1)", "speak": ""}
        return ground_decision(obs)

    bot = _run(s, answer)
    second = bot.asked[1]["obs"]
    assert second["last_ok"] is False
    assert second["last_result"].startswith("Your commands could not be read:")
    assert "'Grab the card please' is not a command" in second["last_result"]
    assert s.record["refused_actions"] == 1 and s.record["passed"] == 1
    assert [r["type"] for r in read_trace(s.cell / "trace.jsonl")].count("parse_error") == 1


def test_person_assistant_guides_the_scripted_human_and_sees_no_simulator_ids(tmp_path):
    s = _session(tmp_path, "assistant", "scripted")
    lines = iter([{"kind": "interrupt", "speech": "Pick up the invoice card printed $41."},
                  {"kind": "interrupt", "speech": "Put it on the approval desk."}, {"kind": "done"}])
    bot = _run(s, lambda turn: next(lines))
    assert (s.record["status"], s.record["passed"], s.record["assistant"]) == ("valid", 1, "person:kestrel")
    first = bot.asked[0]["obs"]
    assert first["wearer_speech"] == ["I'm closing the stockroom and need to approve today's milk invoice.",
                                      "Which invoice matches the stock? Help me put it on the approval desk."]
    assert len(first["frames"]) == 24 and first["first_turn"] is True  # 6 opening commands x 4 frames
    assert bot.asked[1]["obs"]["wearer_speech"] == ["OK."]
    # nothing Human-only or symbolic reached the page: no handle, id, relation or command text; the
    # standing instructions are the model Assistant's system prompt, which holds nothing of the task
    events = s.channel.history()
    session = next(e for e in events if e["type"] == "session")
    assert session.pop("instructions") == assistant_system_prompt("ASK") and session["verbs"] == []
    everything = json.dumps(events)
    for needle in ("invoice_card", "approval_desk", "#1", "#2", "[Grab]", "> (", "restriction", "handles", "held",
                   "$39", "$45"):
        assert needle not in everything, needle


def recorded_trace(session):
    """The finished cell's trace records (to plant as an earlier attempt elsewhere)."""
    return [r for r in read_trace(session.cell / "trace.jsonl") if r["type"] != "header"]


def _narrate_pack(folder):
    data = copy.deepcopy(decision_pack())
    data.update(id="narrate-sample", family="Accessibility", protocol="NARRATE")
    data.pop("catalog", None)  # a task of its own, not a catalog row
    data.pop("hash")
    # a blind wearer cannot find a card by its print: the Assistant names its place too
    data["oracle"]["steps"][0]["say"] = "Pick up the middle invoice card, the one printed $41."
    path = folder / "narrate-sample.json"
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_hashed(data)), encoding="utf-8")
    return path


def test_a_narrate_human_is_sent_no_frame(tmp_path):
    plan = CellPlan(taskpack=str(_narrate_pack(tmp_path / "packs")), role="human", partner="oracle",
                    out=str(tmp_path / "out"), env=FAKE_ENV)
    s = PlaySession(plan, "kestrel", Channel())
    bot = _run(s, lambda turn: ground_decision(turn["obs"]))
    assert s.record["passed"] == 1 and s.record["frames"] > 0  # frames were rendered for the Assistant
    assert all(t["obs"]["frames"] == [] for t in bot.asked)
    assert not any(e["type"] == "frames" for e in s.channel.history())
    assert all(s.channel.frame(s.channel.session, i) is None for i in range(s.record["frames"]))
    # NARRATE: a handle appears only once the Assistant's words refer to the object ("invoice card" names all
    # three cards; the desk and the shelf are not named yet), and the blind person grabbed the card named by place
    assert [a for a, _ in bot.asked[0]["obs"]["handles"]] == [f"<invoice_card> ({i})" for i in (1, 2, 3)]
    assert bot.asked[0]["obs"]["assistant_speech"].startswith("Pick up the middle invoice card")


def test_an_interrupted_cell_resumes_by_replaying_the_persons_answers(tmp_path):
    s1 = _session(tmp_path, "human", "oracle")
    stopper = {}

    def answer_once_then_leave(turn):
        if turn["tick"] == 1:
            return ground_decision(turn["obs"])
        stopper["tick"] = turn["tick"]
        s1.channel.close("the server stopped")
        return None

    _run(s1, answer_once_then_leave)
    assert s1.record["status"] == "void" and "session ended" in s1.record["void_reason"]

    s2 = _session(tmp_path, "human", "oracle")
    bot = _run(s2, lambda turn: ground_decision(turn["obs"]))
    assert (s2.record["status"], s2.record["passed"], s2.record["replayed_turns"]) == ("valid", 1, 1)
    assert [t["tick"] for t in bot.asked] == [stopper["tick"]]  # tick 1 was not asked again
    vias = [(r["tick"], r["prompt"]["via"]) for r in read_trace(s2.cell / "trace.jsonl") if r["type"] == "human"]
    assert vias == [(1, "replay"), (2, "browser")]
    archived = s2.cell / "attempts" / "0"
    assert read_eval(archived)["status"] == "void" and (archived / "trace.jsonl").is_file()
    # the same answers played without interruption end in the same world
    s3 = _session(tmp_path / "again", "human", "oracle")
    _run(s3, lambda turn: ground_decision(turn["obs"]))
    assert s3.record["final_digest"] == s2.record["final_digest"]
    # a finished cell is not played again
    s4 = _session(tmp_path, "human", "oracle")
    _run(s4, lambda turn: pytest.fail("a finished cell asked for a turn"))
    assert [e for e in s4.channel.history() if e["type"] == "end"][0]["already"] is True


def test_recorded_answers_that_no_longer_match_are_dropped_and_the_person_plays_live(tmp_path):
    s = _session(tmp_path, "human", "oracle")
    trace = [{"type": "human", "tick": 1, "parsed": {"action": "[Grab] <invoice_card> (1)", "speak": ""},
              "observation": {"assistant_speech": "Pick up the invoice card printed $39.", "last_result": "",
                              "held": None}}]
    turns = recorded_turns(trace, "human")
    assert turns[0].answer == {"action": "[Grab] <invoice_card> (1)", "speak": ""}
    s.cell.mkdir(parents=True)
    header = {"type": "header", "cell_key_hash": key_hash(s.key)}
    (s.cell / "trace.jsonl").write_text("\n".join(json.dumps(r) for r in [header, *trace]) + "\n", encoding="utf-8")
    bot = _run(s, lambda turn: ground_decision(turn["obs"]))
    assert s.record["passed"] == 1 and s.record["replayed_turns"] == 0
    assert [t["tick"] for t in bot.asked] == [1, 2]
    assert any("no longer match" in e.get("text", "") for e in s.channel.history() if e["type"] == "status")
    # an attempt recorded under another key (another TaskPack version, seed, environment) is not replayed
    other = _session(tmp_path / "other", "human", "oracle")
    other.cell.mkdir(parents=True)
    stale = [{**header, "cell_key_hash": "sha256:0"}, *recorded_trace(s)]
    (other.cell / "trace.jsonl").write_text("\n".join(json.dumps(r) for r in stale) + "\n", encoding="utf-8")
    bot = _run(other, lambda turn: ground_decision(turn["obs"]))
    assert other.record["replayed_turns"] == 0 and [t["tick"] for t in bot.asked] == [1, 2]
    assert json.loads((other.cell / "attempts" / "0" / "archived.json").read_text())["reason"] == "unfinished attempt"
    with pytest.raises(ValueError, match="role"):
        recorded_turns(trace, "narrator")


def test_a_person_assistant_with_a_model_human_gets_its_speech_redacted(tmp_path, monkeypatch):
    from test_model_agents import _Server

    monkeypatch.setenv("OPENAI_API_KEY", "sk-iwtest-not-a-real-key-0123")
    server = _Server()
    try:
        packs = write_packs(tmp_path / "packs")
        plan = CellPlan(taskpack=str(packs["decision-05"]), role="assistant", partner="openai/human-model",
                        out=str(tmp_path / "out"), env=FAKE_ENV, api_base=server.base, max_retries=0)
        s = PlaySession(plan, "kestrel", Channel())
        lines = iter([{"kind": "interrupt", "speech": "Pick up the invoice card printed $41."},
                      {"kind": "interrupt", "speech": "Put it on the approval desk."}])
        bot = _run(s, lambda turn: next(lines, {"kind": "done"}))
    finally:
        server.close()
    rec = s.record
    assert (rec["status"], rec["passed"], rec["human"], rec["leaks"]) == ("valid", 1, "openai/human-model", 1)
    # the model Human said "Got it, that's invoice_card#2."; the person Assistant heard it redacted
    assert bot.asked[1]["obs"]["wearer_speech"] == ["Got it, that's [redacted]."]
    assert "invoice_card" not in json.dumps(s.channel.history())
    assert rec["calls"] == len([r for r in server.requests if "You play a person" in
                                r["body"]["messages"][0]["content"]]) >= 2


def test_turns_answered_while_commands_run_are_not_asked_and_are_redone_on_resume(tmp_path):
    """With a silent Assistant, two commands in one answer: the Human's turn while the second waits is answered
    on the person's behalf (an empty reply lets it run), and a resume replays only what the person typed."""
    walks = {"action": "[Walk] <shelf> (1)\n[Walk] <counter> (1)", "speak": ""}
    s1 = _session(tmp_path, "human", "silent")

    def answer_then_leave(turn):
        if turn["tick"] == 1:
            return walks
        s1.channel.close("the server stopped")
        return None

    bot = _run(s1, answer_then_leave)
    assert [t["tick"] for t in bot.asked] == [1]
    observed = [e["tick"] for e in s1.channel.history() if e["type"] == "observed"]
    vias = [(r["tick"], r["prompt"]["via"]) for r in read_trace(s1.cell / "trace.jsonl") if r["type"] == "human"]
    assert observed == [2] and vias == [(1, "browser"), (2, "auto")]

    s2 = _session(tmp_path, "human", "silent")
    bot = _run(s2, lambda turn: {"action": "", "speak": ""})  # then wait out the tick budget
    statuses = [e["text"] for e in s2.channel.history() if e["type"] == "status"]
    assert "Resuming: replaying your 1 earlier answer(s)." in statuses
    assert not any("no longer match" in t for t in statuses)
    assert s2.record["stop_reason"] == "tick_budget" and s2.record["replayed_turns"] == 1
    assert [t["tick"] for t in bot.asked][0] == 3
