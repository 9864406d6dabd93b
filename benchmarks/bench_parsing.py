"""Reply and action-block parsing is linear in the input length (agents/protocol.py, language/grammar.py).

Ours against a simple peer on the same input, at 10 KB, 100 KB and 1 MB (the length limits lifted so the
parser itself is timed):

* ``split_commands`` vs ``re.split`` on newlines and ``", "`` before a command start (the same separators without
  bracket awareness): a realistic block and the adversarial ``", " * N`` that took 15.7 s at 1 MB before; on the
  latter also the earlier, quadratic splitting loop (tests/iw_grammar_reference.py) at 10 and 100 KB;
* ``parse_action_block`` (split and parse every command) vs the same ``re.split`` plus one ``re.match`` per line;
* ``parse_human`` vs ``str.find`` of each tag pair (no private-block handling; a non-greedy ``re.search`` peer
  is itself quadratic on the second input): a reply with a long reasoning that mentions tags, and the
  adversarial ``"<speak>" * N`` (quadratic before);
* ``parse_assistant`` vs one ``re.match`` on the keyword.

The printed table gives each peer's time divided by ours, and for ours the time per MB at each size: constant
time per MB is linear scaling (a quadratic parser's time per MB grows tenfold per tenfold size).

Run: ``.venv/bin/python -m pytest benchmarks/bench_parsing.py --benchmark-enable -q -s``
"""
from __future__ import annotations

import re

import pytest

from iw_grammar_reference import reference_split  # tests/ is put on sys.path by benchmarks/conftest.py

from interactiveworld.agents.protocol import parse_assistant, parse_human
from interactiveworld.language import parse_action_block, split_commands

SIZES = (10_000, 100_000, 1_000_000)
PER_MB: dict[str, dict[int, float]] = {}

_PEER_SEP = re.compile(r"\n|, (?=\s*[\[A-Za-z])")
_PEER_CMD = re.compile(r"\s*\[([A-Za-z ]+)\]\s*(.*)")
_PEER_TAGS = ("reasoning", "action", "speak")
_PEER_KEYWORD = re.compile(r"\s*(silent|interrupt|error|done)\b(.*)", re.S | re.I)


def _peer_human(text: str) -> dict[str, str | None]:
    """First ``<tag>`` to the next ``</tag>`` for each field, by ``str.find`` (linear; no private-block handling,
    no case variants, no repairs)."""
    out: dict[str, str | None] = {}
    for tag in _PEER_TAGS:
        i = text.find(f"<{tag}>")
        j = text.find(f"</{tag}>", i + 1) if i >= 0 else -1
        out[tag] = text[i + len(tag) + 2: j] if 0 <= i < j else None
    return out


def _fill(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit))


def _human_reply(size: int) -> str:
    reasoning = _fill("The assistant said <speak> earlier; I think the red mug is on the left. ", size - 120)
    return f"<reasoning>{reasoning}</reasoning><action>[Grab] <red_mug> (2)</action><speak>Got it.</speak>"


CASES = {
    "split block": (lambda s: split_commands(s, max_commands=None), lambda s: _PEER_SEP.split(s),
                    lambda n: _fill("[Walk] <red_mug> (2), [Grab] <red_mug> (2)\n", n)),
    "split ', '*N": (lambda s: split_commands(s, max_commands=None), lambda s: _PEER_SEP.split(s),
                     lambda n: _fill(", ", n)),
    "parse block": (lambda s: parse_action_block(s, max_commands=None),
                    lambda s: [_PEER_CMD.match(p) for p in _PEER_SEP.split(s)],
                    lambda n: _fill("[Walk] <red_mug> (2), [PutIn] <red_mug> (2) <drawer> (1)\n", n)),
    "parse_human reply": (lambda s: parse_human(s, max_chars=None), _peer_human,
                          _human_reply),
    "parse_human '<speak>'*N": (lambda s: parse_human(s, max_chars=None),
                                _peer_human, lambda n: _fill("<speak>", n)),
    "parse_assistant": (lambda s: parse_assistant(s, max_chars=None), lambda s: _PEER_KEYWORD.match(s),
                        lambda n: "interrupt " + _fill("go to the shelf and look at the price board. ", n)),
}


@pytest.fixture(scope="module", autouse=True)
def scaling(request):
    yield
    lines = ["ours, time per MB of input:"]
    for name, per in PER_MB.items():
        cells = "  ".join(f"{size // 1000:>5} KB {per[size] * 1e3:8.1f} ms/MB" for size in sorted(per))
        lines.append(f"  {name:<26} {cells}")
    capman = request.config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled():
        print("\n" + "\n".join(lines))


@pytest.mark.parametrize("size", SIZES, ids=[f"{s // 1000}KB" for s in SIZES])
@pytest.mark.parametrize("case", sorted(CASES))
def test_ours(benchmark, ratios, case, size):
    ours, _, make = CASES[case]
    text = make(size)
    tmin, _ = ratios.time(benchmark, f"{case} {size // 1000} KB", "ours", ours, text)
    PER_MB.setdefault(case, {})[size] = tmin / (len(text) / 1e6)


@pytest.mark.parametrize("size", SIZES, ids=[f"{s // 1000}KB" for s in SIZES])
@pytest.mark.parametrize("case", sorted(CASES))
def test_peer(benchmark, ratios, case, size):
    _, peer, make = CASES[case]
    ratios.time(benchmark, f"{case} {size // 1000} KB", "re peer", peer, make(size))


@pytest.mark.parametrize("size", SIZES[:2], ids=[f"{s // 1000}KB" for s in SIZES[:2]])
def test_quadratic_reference(benchmark, ratios, size):
    text = _fill(", ", size)
    ratios.time(benchmark, f"split ', '*N {size // 1000} KB", "quadratic reference", reference_split, text)
    assert reference_split(text) == split_commands(text, max_commands=None)


def test_split_agrees_with_peer_where_brackets_do_not_matter():
    """On a block without ", " inside brackets, ours and the peer split identically (same work, same result)."""
    text = _fill("[Walk] <red_mug> (2), [Grab] <red_mug> (2)\n", 10_000)
    assert split_commands(text, max_commands=None) == [p.strip() for p in _PEER_SEP.split(text) if p.strip()]
