"""The information partition, checked on the wire (paper Table 1, appendix C.2.1-C.2.2).

1. The leak scanner: every built-in TaskPack runs with model agents in both roles, driven through litellm
   against a local OpenAI-compatible server started here. The server replays the oracle's words (the
   Assistant) and the scripted Human's grounded commands, so each episode progresses to its oracle pass,
   and records every request. The scan then requires:

   * no request to the Assistant contains an entity id (``name#k``, a handle ``<name> (k)``, a snake_case
     scene name), coordinates, a relation, Human-only context (restriction, legend descriptions, the
     Human's task context and contract, command syntax) or the oracle program;
   * no request to the Human contains the TaskPack's declared evidence (field ``evidence``) outside the
     Assistant's own words, and no NARRATE Human request contains an image.

   State-only runs cover all TaskPacks in the default suite; rendered runs (160 x 120 frames) cover the NARRATE
   TaskPacks there and all the others in the slow part.
2. Redaction of Human speech (:func:`interactiveworld.bench.families.redact_speech`): identifier and
   coordinate forms are caught, ordinary speech is left alone.

The scan is written independently of the code it checks: its own patterns, its own word matcher.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_catalog import params as catalog_params  # noqa: E402
from iw_chat_server import ChatServer  # noqa: E402
from iw_fake_env import FakeEnv  # noqa: E402
from iw_policies import ListAssistant, ListHuman  # noqa: E402
from iw_taskpacks import decision_pack  # noqa: E402

from interactiveworld.agents.base import HumanTurn  # noqa: E402
from interactiveworld.agents.controls import OracleAssistant, ScriptedHuman  # noqa: E402
from interactiveworld.agents.model import ModelAssistant, ModelHuman  # noqa: E402
from interactiveworld.agents.protocol import MAX_REPLY_CHARS, parse_human  # noqa: E402
from interactiveworld.bench.episode import EpisodeConfig, run_episode  # noqa: E402
from interactiveworld.bench.families import redact_speech  # noqa: E402
from interactiveworld.bench.logs import read_trace  # noqa: E402
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack, parse_taskpack  # noqa: E402
from interactiveworld.env import Environment  # noqa: E402
from interactiveworld.language import all_aliases  # noqa: E402

PACKS = builtin_taskpacks()
IDS = sorted(PACKS)
ASSISTANT_MODEL = "openai/leak-assistant"
HUMAN_MODEL = "openai/leak-human"
TALLY: dict[str, dict[str, int]] = {}


# ------------------------------------------------------------------------------------------ the replay server
class _Replay:
    """What the server answers: the current episode's control policies, fed the observation each model agent
    was given just before its request went out."""

    def __init__(self) -> None:
        self.oracle: OracleAssistant | None = None
        self.human: ScriptedHuman | None = None
        self.assistant_obs: Any = None
        self.human_obs: Any = None

    def start(self, tp: Any) -> None:
        self.oracle, self.human = OracleAssistant(tp), ScriptedHuman(tp)
        self.oracle.reset(tp.protocol_name)
        self.human.reset(tp.protocol_name)

    def answer(self, model: str) -> str:
        if model.endswith("leak-human"):
            return self.human.act(self.human_obs).reply.raw
        return self.oracle.act(self.assistant_obs).action.render()


class _Observed:
    """A model agent that hands each observation to the replay (attribute ``slot``) before its request goes out;
    everything else is the agent's own."""

    def __init__(self, agent: Any, replay: _Replay, slot: str) -> None:
        self.agent, self.replay, self.slot = agent, replay, slot

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def act(self, obs):
        setattr(self.replay, self.slot, obs)
        return self.agent.act(obs)


@pytest.fixture(scope="module")
def wire():
    replay = _Replay()
    server = ChatServer(lambda body: replay.answer(body["model"]))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OPENAI_API_KEY", "sk-leak-scanner-local")
        yield replay, server
    server.close()


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    if TALLY:
        lines = [f"{mode:>9}: {t['packs']} TaskPacks, {t['assistant']} Assistant requests, {t['human']} Human "
                 f"requests, {t['images']} images, {t['findings']} findings" for mode, t in TALLY.items()]
        capman = request.config.pluginmanager.getplugin("capturemanager")
        with capman.global_and_fixture_disabled():
            print("\nleak scanner: " + "\n              ".join(lines))


def _episode(tid: str, wire, tmp_path: Path, *, render: bool) -> tuple[Any, dict[str, Any], list[dict[str, Any]],
                                                                    set[str]]:
    replay, server = wire
    tp = load_taskpack(PACKS[tid])
    replay.start(tp)
    first = len(server.requests)
    kw = dict(api_base=server.base, timeout_s=30, max_retries=0)
    env = Environment(render=render, width=160, height=120) if render else Environment(render=False)
    assistant = _Observed(ModelAssistant(ASSISTANT_MODEL, **kw), replay, "assistant_obs")
    human = _Observed(ModelHuman(HUMAN_MODEL, **kw), replay, "human_obs")
    rec = run_episode(tp, env, assistant, human, tmp_path / tid, EpisodeConfig(write_frames=render, fsync=False))
    return tp, rec, [r["body"] for r in server.requests[first:]], {h.name for h in env.handles()}


# ------------------------------------------------------------------------------------------------ the scan
def _text_parts(body: dict[str, Any], *, skip_roles: tuple[str, ...] = ()) -> list[str]:
    out = []
    for m in body["messages"]:
        if m["role"] in skip_roles:
            continue
        content = m["content"]
        if isinstance(content, str):
            out.append(content)
        else:
            out += [p["text"] for p in content if p.get("type") == "text"]
    return out


def _images(body: dict[str, Any]) -> int:
    return sum(1 for m in body["messages"] if isinstance(m["content"], list)
               for p in m["content"] if p.get("type") == "image_url")


def _words(text: str) -> list[str]:
    """Lower-case words (letters/digits, ``$``/``%`` kept), a final plural ``s`` dropped."""
    t = unicodedata.normalize("NFKC", text).lower().replace("_", " ").replace("-", " ")
    return [w[:-1] if len(w) > 3 and w.endswith("s") and w[-2] != "s" else w
            for w in re.findall(r"\$?[a-z0-9]+(?:[.:][0-9]+)*%?", t)]


def _contains_phrase(text_words: list[str], phrase: list[str]) -> bool:
    n = len(phrase)
    return n > 0 and any(text_words[i:i + n] == phrase for i in range(len(text_words) - n + 1))


_NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                 "twenty"]


def _evidence(tp: Any) -> list[tuple[str, str, int | None]]:
    """(kind, text, count) of each declared evidence item; an empty list while the TaskPack declares none."""
    out = []
    for item in getattr(tp, "evidence", None) or []:
        get = item.get if isinstance(item, dict) else (lambda k, _i=item: getattr(_i, k, None))
        text = item if isinstance(item, str) else get("text")
        if text:
            out.append((str(get("kind") or "label") if not isinstance(item, str) else "label", str(text),
                        get("count") if not isinstance(item, str) else None))
    return out


def _states_evidence(text_words: list[str], kind: str, text: str, count: int | None) -> bool:
    if kind != "count" or count is None:
        return _contains_phrase(text_words, _words(text))
    numbers = {str(count)} | ({_NUMBER_WORDS[count]} if 0 <= count <= 20 else set())
    what = set(_words(text))
    return any(w in numbers and what & set(text_words[i + 1:i + 4]) for i, w in enumerate(text_words))


_ID = re.compile(r"\b[A-Za-z][A-Za-z0-9_]*#\d+")
_HANDLE = re.compile(r"<\s*[A-Za-z][\w ]*>\s*\(\s*\d+\s*\)")
_COORDS = (re.compile(r"-?\d+\.\d+\s*[,;]?\s+-?\d+\.\d+"), re.compile(r"-?\d+\.\d+,-?\d+\.\d+"),
           re.compile(r"[(\[]\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*[)\]]"), re.compile(r"\b[xyz]\s*[=:]\s*-?\d"))
_PREDICATES = ("on", "inside", "near", "unmoved", "open", "closed", "held", "attached", "raised", "cooked", "cut",
               "running", "off", "sitting", "received")  # the 14 predicates and the received record
_RELATION = re.compile(rf"\b(?:{'|'.join(_PREDICATES)})\s*\(\s*[A-Za-z_]+|\[\s*\"(?:{'|'.join(_PREDICATES)})\"\s*,")
_COMMAND = re.compile(r"\[\s*(?:" + "|".join(sorted({re.escape(a) for a in all_aliases()}, key=len, reverse=True))
                      + r")\s*\]", re.I)
_HUMAN_PROMPT_LINES = ("You play a person wearing an AI assistant", "Objects you can act on",
                       "Result of your last command", "Your commands still waiting to run",
                       "Next step of your private plan")
_SPEECH_LINES = re.compile(r"^(?:The assistant says|Instruction you are carrying out): .*$", re.M)


def _sentences(text: str, min_words: int) -> list[list[str]]:
    return [w for w in (_words(s) for s in re.split(r"[.!?;\n]+", text or "")) if len(w) >= min_words]


def assistant_findings(tp: Any, body: dict[str, Any], scene_names: set[str] = frozenset()) -> list[str]:
    """Everything in one Assistant request (its own earlier replies excluded) that only the Human or the
    harness may know; ``scene_names`` are the scene's entity names."""
    text = "\n".join(_text_parts(body, skip_roles=("assistant",)))
    found = [f"entity id {m.group(0)!r}" for m in _ID.finditer(text)]
    found += [f"handle {m.group(0)!r}" for m in _HANDLE.finditer(text)]
    found += [f"coordinates {m.group(0)!r}" for pat in _COORDS for m in pat.finditer(text)]
    found += [f"relation {m.group(0)!r}" for m in _RELATION.finditer(text)]
    found += [f"command syntax {m.group(0)!r}" for m in _COMMAND.finditer(text)]
    names = {n for n in scene_names if "_" in n} | {e.handle.split("#")[0] for e in tp.human_context.legend
                                                     if "_" in e.handle}
    found += [f"scene name {n!r}" for n in sorted(names) if re.search(rf"\b{re.escape(n)}\b", text, re.I)]
    said = _words(text)
    hc = tp.human_context
    # Text the Assistant may hear anyway (public context, opening speech, the Human's own spoken plan) is not
    # private even when the Human's context repeats it.
    public = _words(" ".join([tp.public_context, tp.opening.prelude_say, tp.opening.handoff_say,
                              *[s.say for s in tp.no_help.steps if s.say]]))
    private = [("restriction", s) for s in _sentences(hc.restriction, 4)]
    private += [("task context", s) for s in _sentences(getattr(hc, "task", "") or "", 4)]
    private += [("legend description", _words(e.description)) for e in hc.legend if len(_words(e.description)) >= 2]
    private += [("Human prompt", _words(h)) for h in _HUMAN_PROMPT_LINES]
    found += [f"{what}: {' '.join(s)!r}" for what, s in private
              if _contains_phrase(said, s) and not _contains_phrase(public, s)]
    for step in tp.oracle.steps:
        found += [f"oracle command {c!r}" for c in step.commands if c.lower() in text.lower()]
    return found


def human_findings(tp: Any, body: dict[str, Any]) -> list[str]:
    """Declared evidence in one Human request (apart from the Assistant's quoted words), and any image sent to
    a NARRATE Human."""
    text = _SPEECH_LINES.sub("", "\n".join(_text_parts(body)))
    # a handle's instance index is not a count ("<water_bottle> (2): a water bottle ...")
    text = _HANDLE.sub(lambda m: m.group(0).split(">")[0] + "> (index)", text)
    said = _words(text)
    found = [f"evidence {kind} {txt!r}" + (f" x{count}" if count is not None else "")
             for kind, txt, count in _evidence(tp) if _states_evidence(said, kind, txt, count)]
    if tp.protocol_name == "NARRATE" and _images(body):
        found.append(f"{_images(body)} image(s) sent to the blind Human")
    return found


def _scan(tp: Any, requests: list[dict[str, Any]], mode: str, scene_names: set[str]) -> list[str]:
    t = TALLY.setdefault(mode, {"packs": 0, "assistant": 0, "human": 0, "images": 0, "findings": 0})
    findings = []
    for i, body in enumerate(requests):
        human = body["model"] == HUMAN_MODEL.split("/", 1)[1] or body["model"] == HUMAN_MODEL
        found = human_findings(tp, body) if human else assistant_findings(tp, body, scene_names)
        findings += [f"{tp.id} request {i} to the {'Human' if human else 'Assistant'}: {f}" for f in found]
        t["human" if human else "assistant"] += 1
        t["images"] += _images(body)
    t["packs"] += 1
    t["findings"] += len(findings)
    return findings


def _check_pack(tid: str, wire, tmp_path: Path, *, render: bool) -> None:
    tp, rec, requests, names = _episode(tid, wire, tmp_path, render=render)
    # the replayed oracle carried the episode to its pass, so every phase of the task was on the wire
    assert rec["status"] == "valid" and rec["passed"] == 1 and rec["stop_reason"] == "done", rec
    assert rec["invalid_assistant_turns"] == 0 and rec["invalid_human_turns"] == 0
    models = [b["model"] for b in requests]
    assert any("assistant" in m for m in models) and any("human" in m for m in models)
    findings = _scan(tp, requests, "rendered" if render else "state", names)
    assert findings == []
    if render:  # frames existed: the Assistant saw them, and every sighted Human did too
        assert sum(_images(b) for b in requests if "assistant" in b["model"]) > 0
        if tp.protocol_name != "NARRATE":
            assert sum(_images(b) for b in requests if "human" in b["model"]) > 0


@pytest.mark.parametrize("tid", catalog_params(IDS))
def test_no_leaks_state_only(tid, wire, tmp_path):
    _check_pack(tid, wire, tmp_path, render=False)


@pytest.mark.parametrize("tid", catalog_params(IDS, lambda t: [] if t.startswith("accessibility") else [pytest.mark.slow]))
def test_no_leaks_rendered(tid, wire, tmp_path):
    """Rendered with small frames; the NARRATE TaskPacks (where images must not reach the Human) run in the
    default suite, the others are slow."""
    _check_pack(tid, wire, tmp_path, render=True)


# --------------------------------------------------------------------------------- the scanner can fail
def test_scanner_finds_planted_leaks():
    """Each rule of the scan fires on a request that breaks it (so a clean scan means something)."""
    tp = load_taskpack(PACKS["decision-05"])
    legend = tp.human_context.legend[0]
    cmd = tp.oracle.steps[0].commands[0]
    planted = {
        "entity id": "It is milk_carton#1.",
        "handle": "Take <price_board> (1).",
        "coordinates": "It stands at 0.30 3.30.",
        "relation": 'state: ["on", "milk_carton#1", "shelf#1"]',
        "command syntax": "[Grab] the card",
        "legend description": legend.description,
        "Human prompt": "Next step of your private plan: take the milk.",
        "oracle command": cmd,
    }
    for what, text in planted.items():
        body = {"model": "leak-assistant", "messages": [{"role": "system", "content": "x"},
                                                         {"role": "user", "content": [{"type": "text", "text": text}]}]}
        assert any(f.startswith(what) for f in assistant_findings(tp, body)), (what, assistant_findings(tp, body))
    own = {"model": "leak-assistant", "messages": [{"role": "assistant", "content": cmd}]}
    assert assistant_findings(tp, own) == []  # the Assistant's own words are not a leak
    narrate = load_taskpack(PACKS[next(t for t in IDS if t.startswith("accessibility"))])
    img = {"model": "leak-human", "messages": [{"role": "user", "content": [
        {"type": "text", "text": "hi"}, {"type": "image_url", "image_url": {"url": "data:image/png;base64,AA=="}}]}]}
    assert human_findings(narrate, img) == ["1 image(s) sent to the blind Human"]


def test_evidence_rule_reads_the_declared_field():
    """The evidence scan follows the TaskPack field when it is declared (labels as whole words, counts as a number
    followed by what is counted), and never flags the Assistant's own quoted words."""

    class _Tp:
        protocol_name = "ASK"
        evidence = [{"kind": "label", "text": "RAW TROUT"}, {"kind": "count", "text": "water bottles", "count": 4}]

    def body(text):
        return {"model": "leak-human", "messages": [{"role": "user", "content": [{"type": "text", "text": text}]}]}

    assert human_findings(_Tp, body("- <pack> (1): a pack printed raw trout")) == ["evidence label 'RAW TROUT'"]
    assert human_findings(_Tp, body("four bottles of water? no: 4 water bottles")) == [
        "evidence count 'water bottles' x4"]
    assert human_findings(_Tp, body('The assistant says: "Take the RAW TROUT pack and the 4 water bottles."')) == []
    assert human_findings(_Tp, body("a pack of trout, rawhide, 3 water bottles")) == []


# ---------------------------------------------------------------------------------------------- redaction
NAMES = ["invoice_card", "approval_desk", "fridge", "milk_carton", "red_mug"]


@pytest.mark.parametrize("speech,expected", [
    ("I'll take invoice card #2 now.", "I'll take [redacted] now."),
    ("It is at 0.30 3.30.", "It is at [redacted]."),
    ("xy: 0.3,3.3", "[redacted]"),
    ("The card is at (0.3, 3.3).", "The card is at [redacted]."),
    ("Got invoice_card#2.", "Got [redacted]."),
    ("Is it <invoice_card> (2)?", "Is it [redacted]?"),
    ("Is it <Invoice Card #2>?", "Is it [redacted]?"),
    ("The card (2) is here.", "The [redacted] is here."),
    ("fridge number 1 is open", "[redacted] is open"),
    ("Put it on approval_desk.", "Put it on [redacted]."),
    ("[Grab] <red_mug> (1)", "[redacted] [redacted]"),
    ("x=1.5, y=2.25", "[redacted], [redacted]"),
    ("at -1.25, 3.5", "at [redacted]"),
    ("It is at [0.3; 3.3; 0.9].", "It is at [redacted]."),
    ("invoice\uff3fcard\uff032", "[redacted]"),              # full-width underscore and number sign
    ("invoice\u200b_card#2", "[redacted]"),                  # a zero-width space inside the key
])
def test_redaction_catches_identifier_and_coordinate_forms(speech, expected):
    text, leaks = redact_speech(speech, entity_names=NAMES)
    assert text == expected
    assert len(leaks) == expected.count("[redacted]")


@pytest.mark.parametrize("speech", [
    "I have 2 cards.", "Take the $41 card.", "It is two metres away.", "It costs $3.30.", "Walk 1.5 metres forward.",
    "The second card from the left.", "Turn 90 degrees.", "I see 3 bottles and 2 cans, 2.5 m away.",
    "That is the #1 priority.", "The approval desk is by the door.", "Which invoice card?", "Room 2, then the fridge.",
    "It was 3.30 pm.", "Prices: $3.30 and $4.50.",
])
def test_redaction_leaves_ordinary_speech_alone(speech):
    assert redact_speech(speech, entity_names=NAMES) == (speech, [])


def test_redaction_through_the_loop(tmp_path):
    """What the Assistant hears of a Human that says an id and coordinates is the redacted text, and the leak is
    counted and logged."""
    tp = parse_taskpack(decision_pack())
    a = ListAssistant(["interrupt Which card do you see?", "silent", "done"])
    h = ListHuman([("", "I see invoice card #2 at 0.30 3.30.")])
    rec = run_episode(tp, FakeEnv(), a, h, tmp_path / "cell", EpisodeConfig(write_frames=False))
    assert a.seen[1].wearer_speech == ["I see [redacted] at [redacted]."]
    assert rec["leaks"] == 2
    leak = next(r for r in read_trace(tmp_path / "cell" / "trace.jsonl") if r["type"] == "leak")
    assert [x["text"] for x in leak["leaks"]] == ["invoice card #2", "0.30 3.30"]


def test_over_long_human_reply_is_refused_and_the_human_is_told(tmp_path):
    """A reply over the limit runs nothing, counts as an invalid Human turn, and the next observation says why."""

    class _Raw:
        name = "raw-human"

        def __init__(self, replies):
            self.replies, self.seen = list(replies), []

        def reset(self, protocol):
            pass

        def act(self, obs):
            self.seen.append(obs)
            return HumanTurn(parse_human(self.replies.pop(0) if self.replies else "<action></action>"))

    tp = parse_taskpack(decision_pack())
    block = "<action>" + "[Walk] <shelf> (1)\n" * 4000 + "</action>"  # 76 KB
    assert len(block) > MAX_REPLY_CHARS
    h = _Raw([block])
    env = FakeEnv()
    rec = run_episode(tp, env, ListAssistant(["interrupt Walk to the shelf.", "silent", "done"]), h,
                      tmp_path / "cell", EpisodeConfig(write_frames=False))
    assert rec["invalid_human_turns"] == 1 and rec["actions"] == 0
    assert env.executed[len(tp.opening.commands):] == []
    assert h.seen[1].last_result.startswith(f"Your last reply was not used: reply too long: {len(block)} characters")
