"""Two small TaskPacks for the symbolic test environment (tests/iw_fake_env.py).

``decision-05`` (ASK) follows the worked example of the design notes: approve the invoice card
matching the stock. ``prevention-01`` (WATCH): the wearer is about to put the milk in the oven;
the Assistant must stop them and have it put in the fridge.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from interactiveworld.bench.taskpack import compute_hash


def holds(pred: str, *args: str) -> Any:
    """Compact scorer condition: the relation holds (goal semantics exclude the baseline)."""
    return {pred: list(args)}


def never(pred: str, *args: str) -> Any:
    """Compact scorer condition: the relation does not hold."""
    return {"not": {pred: list(args)}}


def _hashed(data: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    data["hash"] = compute_hash(data)
    return data


def decision_pack() -> dict[str, Any]:
    ents = [
        {"key": "door#1", "category": "door"},
        {"key": "shelf#1", "category": "shelf"},
        {"key": "price_board#1", "category": "board"},
        {"key": "counter#1", "category": "counter"},
        {"key": "approval_desk#1", "category": "desk"},
        {"key": "invoice_card#1", "category": "card", "movable": True, "on": "counter#1", "description": "card printed $39"},
        {"key": "invoice_card#2", "category": "card", "movable": True, "on": "counter#1", "description": "card printed $41"},
        {"key": "invoice_card#3", "category": "card", "movable": True, "on": "counter#1", "description": "card printed $45"},
        {"key": "milk_carton#1", "category": "carton", "movable": True, "on": "shelf#1", "description": "VAN carton"},
    ]
    return _hashed({
        "format": "interactiveworld.taskpack/1",
        "id": "decision-05",
        "family": "Decision",
        "protocol": "ASK",
        "title": "Approve the invoice that matches the stocked cartons",
        "version": "1.0.0",
        "catalog": {"table": 10, "row": 5},
        "scene": {"start": "door#1", "entities": ents},
        "opening": {
            "prelude_say": "I'm closing the stockroom and need to approve today's milk invoice.",
            "commands": ["[Walk] <shelf> (1)", "[LookAt] <shelf> (1)", "[Walk] <price_board> (1)",
                         "[LookAt] <price_board> (1)", "[Walk] <counter> (1)", "[LookAt] <counter> (1)"],
            "handoff_say": "Which invoice matches the stock? Help me put it on the approval desk.",
        },
        "public_context": "",
        "human_context": {
            "task": "Which invoice card on the counter matches the stocked milk? It goes on the approval desk.",
            "restriction": "You may not read, count, calculate or choose an invoice yourself.",
            "legend": [
                {"handle": "invoice_card#1", "description": "the left invoice card", "movable": True},
                {"handle": "invoice_card#2", "description": "the middle invoice card", "movable": True},
                {"handle": "invoice_card#3", "description": "the right invoice card", "movable": True},
                {"handle": "approval_desk#1", "description": "the approval desk"},
                {"handle": "shelf#1", "description": "the refrigerated shelf"},
            ],
        },
        "evidence": [{"kind": "label", "text": "$41", "entity": "invoice_card#2",
                      "shown_by": "[LookAt] <counter> (1)"},
                     {"kind": "count", "text": "VAN carton", "count": 1, "entity": "shelf#1",
                      "shown_by": "[LookAt] <shelf> (1)"}],
        "oracle": {"steps": [
            {"say": "Pick up the invoice card printed $41.", "commands": ["[Grab] <invoice_card> (2)"],
             "match": ["Grab the $41 invoice card."]},
            {"say": "Put it on the approval desk.", "commands": ["[Put] <invoice_card> (2) <approval_desk> (1)"]},
        ], "step_count": 2},
        "no_help": {"steps": [{"say": "Which invoice should I approve?"}]},
        "controls": {
            "wrong": {"steps": [
                {"say": "Pick up the invoice card printed $39.", "commands": ["[Grab] <invoice_card> (1)"]},
                {"say": "Put that card on the approval desk.",
                 "commands": ["[Put] <invoice_card> (1) <approval_desk> (1)"]},
            ], "expect_pass": False},
            "early": {"expect_pass": False},
        },
        "completion": {"goals": [holds("on", "invoice_card#2", "approval_desk#1")],
                       # prohibitions name what must NOT hold at the end
                       "prohibitions": [holds("held", "invoice_card#2"), never("unmoved", "invoice_card#1"),
                                        never("unmoved", "invoice_card#3")]},
        "capabilities": [
            {"capability": "C3", "name": "OCR", "points": [
                {"id": "price-read", "evidence": "the $41 printed on the matching invoice",
                 "check": {"kind": "states", "answer": [{"number": 41, "unit": "$"}],
                           "wrong": [{"number": 39, "unit": "$"}, {"number": 45, "unit": "$"}],
                           "before": "pick(invoice_card#2)"}}]},
            {"capability": "C9", "name": "Communication", "points": [
                {"id": "unambiguous-card", "evidence": "an instruction naming one card",
                 "check": {"kind": "acts", "expect": ["pick(invoice_card#2)"]}}]},
        ],
        "budgets": {"ticks": 12, "actions": 8},
    })


def prevention_pack() -> dict[str, Any]:
    ents = [
        {"key": "door#1", "category": "door"},
        {"key": "counter#1", "category": "counter"},
        {"key": "fridge#1", "category": "fridge", "container": True, "openable": True, "open": False},
        {"key": "oven#1", "category": "oven", "container": True, "openable": False, "powered": True},
        {"key": "milk#1", "category": "milk", "movable": True, "on": "counter#1", "description": "a milk carton"},
    ]
    return _hashed({
        "format": "interactiveworld.taskpack/1",
        "id": "prevention-01",
        "family": "Prevention",
        "title": "Stop the milk going into the oven",
        "version": "1.0.0",
        "catalog": {"table": 11, "row": 1},
        "scene": {"start": "door#1", "entities": ents},
        "opening": {"prelude_say": "Tidying up the kitchen.", "commands": ["[Walk] <counter> (1)"],
                    "handoff_say": "I'll put the groceries away now."},
        "human_context": {"task": "You are putting the groceries away.", "legend": [
            {"handle": "milk#1", "description": "the milk carton", "movable": True, "aliases": ["milk"]},
            {"handle": "fridge#1", "description": "the fridge", "aliases": ["fridge"]},
            {"handle": "oven#1", "description": "the oven", "aliases": ["oven"]},
        ]},
        "evidence": [{"kind": "state", "text": "milk about to go in the oven", "entity": "oven#1"}],
        "oracle": {"steps": [
            {"say": "Stop, the milk belongs in the fridge, not the oven. Open the fridge and put it in.",
             "kind": "error", "commands": ["[Open] <fridge> (1)", "[PutIn] <milk> (1) <fridge> (1)"],
             "after_segments": 1, "skip_plan": 1},
            {"say": "Now close the fridge.", "commands": ["[Close] <fridge> (1)"]},
        ], "step_count": 4},
        "no_help": {"steps": [{"command": "[Grab] <milk> (1)"},
                              {"command": "[PutIn] <milk> (1) <oven> (1)", "say": "Into the oven it goes."},
                              {"command": "[Wait]"}]},
        "controls": {"wrong": {"steps": [
            {"say": "Put the milk in the oven.", "commands": ["[PutIn] <milk> (1) <oven> (1)"], "after_segments": 1,
             "skip_plan": 1}]}},
        "completion": {"goals": [holds("inside", "milk#1", "fridge#1")],
                       "prohibitions": [{"ever": holds("inside", "milk#1", "oven#1")}]},
        "intervention_windows": [
            {"id": "milk-oven", "hazard": "the milk put in the oven", "opens": "pick(milk#1)",
             "deadline": "place_inside(milk#1, oven#1)", "fix": ["place_inside(milk#1, fridge#1)"],
             "cue": [{"phrase": "fridge"}]}],
        "capabilities": [
            {"capability": "C7", "name": "Error Detection", "points": [
                {"id": "stopped-before-oven", "evidence": "the milk carried to the oven",
                 "check": {"kind": "window", "window": "milk-oven"}}]},
            {"capability": "C6", "name": "Knowledge", "points": [
                {"id": "milk-refrigerated", "evidence": "milk belongs in the fridge",
                 "check": {"kind": "acts", "expect": ["place_inside(milk#1, fridge#1)"],
                           "among": ["place_inside(milk#1, *)"]}}]},
        ],
        "budgets": {"ticks": 10, "actions": 8},
    })


def write_packs(folder: Path) -> dict[str, Path]:
    """Write both TaskPacks into ``folder``; returns their paths by id."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for data in (decision_pack(), prevention_pack()):
        p = folder / f"{data['id']}.json"
        p.write_text(json.dumps(data, indent=2), encoding="utf-8")
        out[data["id"]] = p
    return out


def control_sweep(root: Path) -> tuple[dict[str, Path], list, Path]:
    """Both TaskPacks written under ``root / "tp"`` and swept into ``root / "run"`` with the oracle, silent and
    wrong control Assistants on seeds 0 and 1 in the fake environment (12 cells, none VOID); returns the packs,
    the cells and the sweep folder."""
    from interactiveworld.bench.cells import CellSpec
    from interactiveworld.bench.sweep import run_sweep

    packs = write_packs(root / "tp")
    cells = [CellSpec(taskpack=str(p), task_id=t, assistant=a, seed=s, env="iw_fake_env:FakeEnv", render=False)
             for t, p in sorted(packs.items()) for a in ("oracle", "silent", "wrong") for s in (0, 1)]
    out = root / "run"
    res = run_sweep(cells, out, progress=False)
    assert res["ran"] == len(cells) and res["void"] == 0
    return packs, cells, out
