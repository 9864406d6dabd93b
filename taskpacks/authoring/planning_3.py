"""Planning (ORCHESTRATE) TaskPacks with nine-dish menus (paper Table 8, rows 13 and 15): the Assistant selects
the largest feasible set of dishes under a time limit, one oven and one stove (and, in row 15, the guests'
allergies), then schedules, cooks and plates them."""
from __future__ import annotations

from common import (acts, any_of, caps, cmd, count, entry, holds, moved, num, point, printed_at, static, step,
                    taskpack)
from planning import ASK_PLAN
from planning_2 import OVEN_SHUT, OVEN_SPOTS
from scenes import N, S, W, board, kitchen_house

DISHES = (  # name, kind, params, support, spot
    ("baguette", "bread", {"size": (0.16, 0.06, 0.06), "color": (0.85, 0.65, 0.35)}, "counter#1", (-0.7, 0.4)),
    ("pear", "apple", {"radii": (0.035, 0.035, 0.05), "color": (0.75, 0.8, 0.25)}, "counter#1", (0.0, 0.4)),
    ("chicken", "potato", {"radii": (0.06, 0.05, 0.04), "color": (0.95, 0.85, 0.65)}, "counter#1", (0.7, 0.4)),
    ("lasagne", "bread", {"size": (0.1, 0.09, 0.05), "color": (0.9, 0.45, 0.2)}, "table#1", (-0.75, 0.3)),
    ("potato", "potato", {}, "table#1", (-0.35, 0.3)),
    ("zucchini", "potato", {"radii": (0.07, 0.022, 0.022), "color": (0.25, 0.5, 0.2)}, "counter#2", (-0.6, 0.4)),
    ("steak", "bread", {"size": (0.12, 0.09, 0.025), "color": (0.55, 0.2, 0.15)}, "counter#2", (0.3, 0.4)),
    ("omelette", "bread", {"size": (0.11, 0.08, 0.02), "color": (0.95, 0.85, 0.3)}, "table#1", (0.35, 0.3)),
    ("dumplings", "egg", {"radii": (0.03, 0.03, 0.025), "color": (0.95, 0.93, 0.85)}, "table#1", (0.75, 0.3)))
"""The nine dishes: the four that either task may choose on the counters, the five it never does on the
kitchen table (lasagne, potato, omelette, dumplings) and the left counter (chicken or baguette)."""
WHERE = {"counter#1": "the counter left of the stove", "counter#2": "the counter right of the oven",
         "table#1": "the kitchen table"}


def _nine_dishes(*, tid: str, row: int, title: str, oven_card: str, stove_card: str, chosen: tuple[str, ...],
                 allergies: str | None, human_task: str, evidence_lines: dict[str, tuple[str, ...]],
                 wrong_swap: tuple[str, str], points: list, reduction: str, static_item: dict) -> dict:
    """One nine-dish task: ``chosen`` = (two oven dishes, two stove dishes), the pear among them to be cut;
    the other five stay unmoved; each chosen dish cooked alone on its own plate at the serving table; oven
    off and closed, stove off. ``wrong_swap`` = (a chosen dish, the plausible dish cooked instead)."""
    b = kitchen_house()
    board(b, "wall_board", name="oven_card", at=(1.75, 4.94), yaw=N, width=1.0, height=0.8, text=oven_card,
          mount_z=1.3)
    board(b, "wall_board", name="stove_card", at=(4.4, 4.94), yaw=N, width=1.0, height=0.8, text=stove_card,
          mount_z=1.3)
    if allergies:
        board(b, "wall_board", name="allergy_card", at=(0.06, 2.6), yaw=W, text=allergies)
    b.add_fixture("table", name="service_table", at=(5.0, 2.2), params={"width": 1.2, "depth": 0.8})
    for name, kind, params, support, spot in DISHES:
        b.add_object(kind, name=name, on=support, spot=spot, params=params or None)
    for u in (-0.75, -0.25, 0.25, 0.75):
        b.add_object("plate", on="service_table#1", spot=(u, 0.5), params={"radius": 0.12})
    b.add_object("knife", on="table#1", spot=(0.0, 0.8))
    b.set_human((3.0, 3.4), yaw=S)
    keys = [f"{d}#1" for d in chosen]
    plates = [f"plate#{i}" for i in (1, 2, 3, 4)]

    def program(picked: list[str]) -> list[dict]:
        oven, stove = picked[:2], picked[2:]
        return [step("Cut the pear with the knife from the kitchen table and leave the knife there.",
                     cmd("Grab", "knife#1"), cmd("Cut", "pear#1", "knife#1"), cmd("Put", "knife#1", "table#1")),
                step(f"Bake the {' and the '.join(k.split('#')[0] for k in oven)}: open the oven and put them in.",
                     cmd("Open", "oven#1"),
                     *[c for k, (u, v) in zip(oven, OVEN_SPOTS)
                       for c in (cmd("Grab", k), cmd("PutIn", k, "oven#1") + f" @place_spot={u}:{v}")],
                     ),
                dict(step("Close the oven door.", cmd("Close", "oven#1")), optional=OVEN_SHUT),
                step("Switch the oven on.", cmd("TurnOn", "oven#1")),
                step(f"Put the {' and the '.join(k.split('#')[0] for k in stove)} on the stove and switch it on.",
                     *[c for k in stove for c in (cmd("Grab", k), cmd("Put", k, "cooktop#1"))],
                     cmd("TurnOn", "cooktop#1")),
                step("Cook all four, then switch the stove and the oven off and open the oven.",
                     *[cmd("Cook", k) for k in picked], cmd("TurnOff", "cooktop#1"), cmd("TurnOff", "oven#1"),
                     cmd("Open", "oven#1")),
                step("Serve each on its own plate on the serving table, then close the oven.",
                     *[c for k, p in zip(picked, plates) for c in (cmd("Grab", k), cmd("Put", k, p))],
                     cmd("Close", "oven#1"))]

    oracle = program(keys)
    swapped = [f"{wrong_swap[1]}#1" if k == f"{wrong_swap[0]}#1" else k for k in keys]
    wrong = [dict(s, say="So: " + s["say"]) for s in program(swapped)]  # own wording: a say grounds one way
    others = [f"{d[0]}#1" for d in DISHES if d[0] not in chosen]
    return taskpack(
        id=tid, family="Planning", static_item=static_item, row=row, scene=b.build(), title=title,
        prelude="Lunch service in thirty minutes; the cards are on the wall.",
        opening=[cmd("Walk", "oven_card#1"), cmd("LookAt", "oven_card#1"), cmd("LookAt", "counter#1"),
                 cmd("Walk", "stove_card#1"), cmd("LookAt", "stove_card#1"), cmd("LookAt", "counter#2"),
                 cmd("LookAt", "table#1")] +
                ([cmd("Walk", "allergy_card#1"), cmd("LookAt", "allergy_card#1")] if allergies else []),
        handoff="Which dishes can we make, and how? Plan it for me, one job at a time.",
        human_task=human_task,
        evidence=[ev for card, lines in evidence_lines.items() for ev in printed_at(card, *lines)],
        legend=[entry(f"{name}#1", f"the {name} on {WHERE[sup]}", movable=True) for name, _, _, sup, _ in DISHES] +
               [entry(p, f"plate {i} from the left on the serving table", movable=True)
                for i, p in enumerate(plates, start=1)] +
               [entry("knife#1", "the knife on the kitchen table", movable=True), entry("oven#1", "the oven"),
                entry("cooktop#1", "the stove"), entry("table#1", "the kitchen table"),
                entry("service_table#1", "the serving table by the door")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("cooked", k) for k in keys] + [holds("cut", "pear#1")] +
              [any_of(*[holds("on", k, p) for p in plates]) for k in keys] +
              [count("on", ["*", p], eq=1) for p in plates],
        prohibitions=[moved(k) for k in others] + [holds("running", "oven#1"), holds("open", "oven#1"),
                                                  holds("running", "cooktop#1"), holds("held", "*")],
        reduction=reduction, capabilities=caps(*points), ticks=56)


REDUCTION = ("Cooking time is not simulated: the thirty-minute, one-dish-at-a-time limit on each appliance decides "
             "which four dishes are feasible, but the world does not time the cooking, so the oracle loads both "
             "dishes of an appliance at once.")


def planning_13() -> dict:
    """Select the maximum feasible four of nine dishes within thirty minutes, one oven and one stove (one dish
    at a time each): the oven fits only baguette 20 + pear 10, the stove only zucchini 15 + steak 15."""
    return _nine_dishes(
        tid="planning-13", row=13, title="Select and cook the most dishes that fit in thirty minutes",
        oven_card="OVEN (min)\nbaguette 20\npear, cut 10\nchicken 25\nlasagne 30\npotato 35",
        stove_card="STOVE (min)\nzucchini 15\nsteak 15\nomelette 20\ndumplings 25",
        chosen=("baguette", "pear", "zucchini", "steak"), allergies=None,
        human_task="As many dishes as possible from the two cooking cards cooked within thirty minutes, one dish "
                   "at a time on each of the oven and the stove, each on its own plate at the serving table, and "
                   "the kitchen left safe.",
        evidence_lines={"oven_card#1": ("baguette 20", "pear, cut 10", "chicken 25"),
                        "stove_card#1": ("zucchini 15", "steak 15", "omelette 20")},
        wrong_swap=("baguette", "chicken"),
        points=[point("C5", "max-feasible", "oven: only pear 10 + baguette 20 fit in 30 minutes, not chicken 25",
                      acts("place_inside(baguette#1, oven#1)",
                           among=["place_inside(baguette#1, oven#1)", "place_inside(chicken#1, oven#1)",
                                  "place_inside(lasagne#1, oven#1)", "place_inside(potato#1, oven#1)"])),
                point("C5", "stove-pair", "stove: zucchini 15 + steak 15 fill 30 minutes, omelette 20 does not fit",
                      acts("place(zucchini#1, cooktop#1)", "place(steak#1, cooktop#1)",
                           among=["place(*, cooktop#1)"]))],
        reduction=REDUCTION,
        static_item=static("Which dishes can we make in the thirty minutes, and how?",
                           "Four, the most that fit one dish at a time: the oven takes the pear (10 min, cut first) "
                           "and the baguette (20 min); the stove takes the zucchini and the steak (15 min each).",
                           require=[[num(10)], [num(20)], [num(15)]]))


def planning_15() -> dict:
    """Filter nine dishes by four allergies (gluten, egg, shellfish, dairy), then cook the most safe dishes
    within thirty minutes, one oven and one stove: chicken 20 + pear 10 in the oven, zucchini 15 + steak 15 on
    the stove; the baguette ties with the chicken on time but has gluten."""
    return _nine_dishes(
        tid="planning-15", row=15, title="Filter nine dishes by four allergies and cook the most safe ones",
        oven_card="OVEN (min)\nbaguette 20\npear, cut 10\nchicken 20\nlasagne 30\npotato 35",
        stove_card="STOVE (min)\nzucchini 15\nsteak 15\nomelette 10\ndumplings 15",
        chosen=("chicken", "pear", "zucchini", "steak"),
        allergies="ALLERGIES\ngluten, egg,\nshellfish, dairy",
        human_task="As many dishes as the guests can safely eat, from the two cooking cards, cooked within thirty "
                   "minutes, one dish at a time on each of the oven and the stove, each on its own plate at the "
                   "serving table, and the kitchen left safe.",
        evidence_lines={"oven_card#1": ("baguette 20", "chicken 20"), "stove_card#1": ("omelette 10",),
                        "allergy_card#1": ("gluten, egg, shellfish, dairy",)},
        wrong_swap=("chicken", "baguette"),
        points=[point("C8", "allergy-filter", "the baguette has gluten: the chicken takes the oven's 20 minutes",
                      acts("place_inside(chicken#1, oven#1)",
                           among=["place_inside(chicken#1, oven#1)", "place_inside(baguette#1, oven#1)",
                                  "place_inside(lasagne#1, oven#1)", "place_inside(potato#1, oven#1)"])),
                point("C5", "stove-pair", "stove: zucchini 15 + steak 15; the omelette has egg, the dumplings "
                      "shellfish",
                      acts("place(zucchini#1, cooktop#1)", "place(steak#1, cooktop#1)",
                           among=["place(*, cooktop#1)"]))],
        reduction=REDUCTION,
        static_item=static("Which dishes can the guests safely have within the thirty minutes, and how?",
                           "Without gluten, egg, shellfish and dairy: the oven takes the pear (10 min, cut first) "
                           "and the chicken (20 min), not the baguette; the stove takes the zucchini and the steak "
                           "(15 min each), not the omelette or the dumplings."))


TASKS = [planning_13, planning_15]
