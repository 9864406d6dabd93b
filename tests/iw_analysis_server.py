"""Scripted models for the analysis tests, served by :class:`iw_openai_server.ScriptedServer` (an OpenAI-compatible
chat server on 127.0.0.1). The reply depends on the model name of the request:

* ``openai/correct`` answers a static item with its reference answer (looked up by the question);
* ``openai/wrong`` answers every static item with the same wrong statement;
* ``openai/hedge`` names every option it can find in the reference and the rule's forbidden values;
* ``openai/judge`` is a scripted judge: correct when the candidate answer equals the reference (case and spaces
  ignored);
* ``openai/lenient`` is a judge that calls every answer correct (only the rule checks can then fail one);
* ``openai/broken`` is a judge whose replies are never JSON;
* ``openai/farlabeller`` always names tick 999 (outside any episode here);
* ``openai/labeller`` proposes a first-error label: the first Assistant turn's tick (or tick 1) as R6 when the
  Assistant never spoke, else R1.
"""
from __future__ import annotations

import json
import re

from iw_openai_server import ScriptedServer

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack

WRONG = "The answer is the wooden crate, nothing else matters."
"""States no place, number or step of any built-in item: only the judge can call it right."""


def static_references() -> list[tuple[str, str, str, list[str]]]:
    """(question, handoff speech, reference, forbidden option texts) of every built-in static item."""
    out = []
    for path in builtin_taskpacks().values():
        tp = load_taskpack(path)
        if tp.static_item is not None:
            forbid = [v.text() for v in tp.static_item.rule.forbid] if tp.static_item.rule else []
            out.append((tp.static_item.question, tp.opening.handoff_say, tp.static_item.reference, forbid))
    return out


def _text(content) -> str:
    if isinstance(content, str):
        return content
    return " ".join(p.get("text", "") for p in content if p.get("type") == "text")


class AnalysisServer(ScriptedServer):
    """See the module docstring."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.refs = static_references()

    def _reference(self, user: str) -> tuple[str, list[str]]:
        question = user.rsplit("Question: ", 1)[-1].strip()
        for q, handoff, ref, forbid in self.refs:  # items sharing a question differ in what the wearer said
            if q == question and handoff in user:
                return ref, forbid
        return "I do not know.", []

    def reply_text(self, body: dict) -> str:
        model = body["model"]
        msgs = body["messages"]
        user = _text(msgs[-1]["content"])
        if model == "correct":
            return self._reference(user)[0]
        if model == "wrong":
            return WRONG
        if model == "hedge":
            ref, forbid = self._reference(user)
            return f"It could be {ref}, or maybe {', or '.join(forbid) or 'something else'}."
        if model == "judge":
            ref = re.search(r"Reference answer: (.*)\nCandidate answer: (.*)", user, re.S)
            same = ref is not None and " ".join(ref.group(1).lower().split()) == " ".join(ref.group(2).lower().split())
            return json.dumps({"correct": same, "reason": "Same answer." if same else "Different answer."})
        if model == "lenient":
            return "```json\n" + json.dumps({"correct": True, "reason": "Looks fine."}) + "\n```"
        if model == "broken":
            return "I think it is probably right, more or less."
        if model == "farlabeller":  # a tick the episode never reached
            return json.dumps({"tick": 999, "category": "R2", "reason": "Lost track."})
        if model == "labeller":
            said = re.findall(r"^t(\d+) ASSISTANT \((?:interrupt|error)\)", user, re.M)
            if said:
                return json.dumps({"tick": int(said[0]), "category": "R1",
                                   "reason": "The first instruction named the wrong object."})
            return json.dumps({"tick": 1, "category": "R6", "reason": "The Assistant stayed silent when the wearer "
                                                                      "needed help."})
        return super().reply_text(body)
