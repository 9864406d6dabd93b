"""Decision TaskPacks (paper appendix C.4.4, Table 10), rows 11-20: functional knowledge (a tenderizing fruit,
an apparatus and a safe place for a bag, a passive fragrance), constrained choices and remembered rules, tallies
kept across an interruption.

Same conventions as ``decision.py``: the deciding evidence is shown in the opening (pinned frames) and out of
view at handoff; handles and legend descriptions are neutral (category, position, colour).
"""
from __future__ import annotations

import math

from common import (acts, caps, cmd, entry, holds, moved, num, phrase, plan, point, printed_at, says, state, step,
                    taskpack)
from scenes import N, S, board, kitchen_house, office

from scenes_decision import gym

HELD_NOTHING = holds("held", "*")


def decision_11() -> dict:
    """Choose the fruit that tenderizes a steak by its enzyme: pineapple (bromelain), not the lemon, whose acid
    only sours the surface; it goes on the steak counter, where the steak and the bowl stay."""
    b = kitchen_house()
    b.add_object("card", name="recipe_card", on="table#1", spot=(0.0, 0.3), yaw=math.pi,
                 params={"size": (0.2, 0.26, 0.003)},
                 labels=[{"text": "STEAK MARINADE\nadd the fruit\nwhose ENZYME\ntenderizes", "face": "top"}])
    b.add_object("lemon", name="fruit", on="table#1", spot=(-0.5, 0.4))
    b.add_object("pineapple", name="fruit", on="table#1", spot=(0.5, 0.4))
    b.add_object("steak", on="counter#2", spot=(-0.3, 0.4))
    b.add_object("bowl", on="counter#2", spot=(0.4, 0.4), params={"radius": 0.1})
    b.set_human((3.0, 0.6), yaw=N)
    fruit = "fruit#2"
    return taskpack(
        id="decision-11", family="Decision", row=11, scene=b.build(),
        title="Pick the fruit whose enzyme tenderizes the steak",
        prelude="Steak tonight; the marinade recipe card is on the kitchen table with the fruit.",
        opening=[cmd("Walk", "table#1"), cmd("LookAt", "recipe_card#1"), cmd("LookAt", "fruit#1"),
                 cmd("LookAt", "fruit#2"), cmd("Walk", "counter#2"), cmd("LookAt", "steak#1")],
        handoff="Which of the two fruits on the table is the one for the marinade? Bring it over here to the steak.",
        human_task="Your steak marinade needs one of the two fruits on the kitchen table, the one that makes the "
                   "meat tender. Which one? You want it on the counter with the steak.",
        evidence=[*printed_at("recipe_card#1", "ENZYME"),
                  state("pineapple with its crown of leaves on the right of the table", fruit, cmd("LookAt", fruit))],
        legend=[entry("fruit#1", "a fruit on the left of the kitchen table", movable=True),
                entry("fruit#2", "a fruit on the right of the kitchen table", movable=True),
                entry("counter#2", "the counter right of the oven, with the steak"),
                entry("table#1", "the kitchen table")],
        oracle=[step("The recipe wants an enzyme: pineapple has bromelain, which breaks down the meat; lemon is only "
                     "acid. Pick up the pineapple, on the right of the table.", cmd("Grab", fruit),
                     match=["Pick up the pineapple."]),
                step("Put it on the counter next to the steak.", cmd("Put", fruit, "counter#2"))],
        wrong=[step("Lemon juice tenderizes meat. Pick up the lemon on the left of the table.", cmd("Grab", "fruit#1")),
               step("Put the lemon on the counter next to the steak.", cmd("Put", "fruit#1", "counter#2"))],
        no_help=plan((None, "Which fruit is it?")),
        goals=[holds("on", fruit, "counter#2")],
        prohibitions=[moved("fruit#1"), moved("steak#1"), moved("bowl#1"), HELD_NOTHING],
        capabilities=caps(
            point("C6", "enzyme-knowledge", "pineapple's bromelain tenderizes; lemon's acid does not",
                  says(phrase("pineapple"), phrase("bromelain"), wrong=[phrase("lemon")], before=f"pick({fruit})")),
            point("C1", "fruit-told-apart", "the pineapple is the right-hand fruit",
                  acts(f"pick({fruit})", among=["pick(*)"]))))


def decision_13() -> dict:
    """Recognise the apparatus today's plan names (parallel bars, not the balance beam) and the safe relation for a
    backpack: set down on the floor beside the bars, not on any apparatus."""
    b = gym(plan="TODAY\nPARALLEL BARS\ndips 3 x 10")
    b.add_object("backpack", on="bench#1", spot=(0.0, 0.5))
    b.add_object("ball", on="ball_shelf#1", surface="shelf_2")
    b.set_human((9.5, 2.0), yaw=N)
    bp, bars, beam = "backpack#1", "apparatus#1", "apparatus#2"
    return taskpack(
        id="decision-13", family="Decision", row=13, scene=b.build(),
        title="Leave the backpack safely by today's apparatus",
        prelude="Changing for training; today's plan is on the board in the changing room.",
        opening=[cmd("Walk", "plan_board#1"), cmd("LookAt", "plan_board#1"), cmd("Walk", bars),
                 cmd("LookAt", bars), cmd("LookAt", beam), cmd("Walk", "bench#1"), cmd("LookAt", bp)],
        handoff="I want my backpack by the apparatus I'm training on today, somewhere it can't get in the way or "
                "fall. Where exactly? Help me put it there.",
        human_task="You want your backpack next to the apparatus on today's training plan, placed where it is safe. "
                   "Which apparatus, and where exactly? You want it put there.",
        evidence=[*printed_at("plan_board#1", "PARALLEL BARS")],
        legend=[entry(bp, "your blue backpack on the bench by the hall's south wall", movable=True),
                entry(bars, "the gym apparatus on the left of the hall"),
                entry(beam, "the gym apparatus on the right of the hall"),
                entry("bench#1", "the bench by the hall's south wall")],
        oracle=[step("Today's plan is on the parallel bars, the apparatus on the left. Pick up your backpack.",
                     cmd("Grab", bp), match=["Pick up the backpack."]),
                step("Set it down on the floor beside the parallel bars, not on them.",
                     cmd("PutOnFloor", bp, bars))],
        wrong=[step("Pick up your backpack.", cmd("Grab", bp)),
               step("Set it down on the floor beside the balance beam.", cmd("PutOnFloor", bp, beam))],
        no_help=plan((None, "Where should it go?")),
        goals=[holds("near", bp, bars)],
        prohibitions=[holds("on", bp, beam), holds("near", bp, beam), holds("on", bp, "bench#1"), HELD_NOTHING],
        capabilities=caps(
            point("C6", "safe-relation", "a bag belongs on the floor beside an apparatus, never on it",
                  says(phrase("floor"), phrase("ground"), before=f"place_on_floor({bp}, *)")),
            point("C1", "apparatus-recognised", "today's PARALLEL BARS are the apparatus on the left, not the beam",
                  acts(f"place_on_floor({bp}, {bars})", among=["place_on_floor(*, *)", "place(*, *)"]))))


def decision_14() -> dict:
    """Choose the largest snack that fits the remembered lunch-box limit: 700 g in all, the coffee already staged
    weighs 450 g, so 250 g are left; the 250 g cookies fit exactly, the 351 g crackers do not."""
    b = office()
    board(b, "wall_board", name="limit_board", at=(1.2, 0.06), yaw=S, width=0.8, height=0.6,
          text="LUNCH BOX\nlimit 700 g\nin total")
    for i, (text, color) in enumerate((("NUTS\n180 g", (0.7, 0.5, 0.3)), ("CRACKERS\n351 g", (0.9, 0.8, 0.5)),
                                       ("COOKIES\n250 g", (0.5, 0.3, 0.2)), ("RAISINS\n90 g", (0.5, 0.2, 0.4)))):
        b.add_object("carton", name="snack", on="break_counter#1", spot=(-0.72 + 0.48 * i, 0.4),
                     params={"size": (0.1, 0.14, 0.16), "color": color}, labels=[{"text": text, "face": "front"}])
    b.add_object("carton", name="tin", on="meeting_table#1", spot=(-0.4, 0.4),
                 params={"size": (0.1, 0.1, 0.14), "color": (0.35, 0.2, 0.1)},
                 labels=[{"text": "COFFEE\n450 g", "face": "front"}])
    b.set_human((3.0, 2.0), yaw=S)
    cookie = "snack#3"
    return taskpack(
        id="decision-14", family="Decision", row=14, scene=b.build(),
        title="Add the largest snack that still fits the lunch-box limit",
        prelude="Packing lunch for the site visit; the lunch-box rule is on the office wall.",
        opening=[cmd("Walk", "limit_board#1"), cmd("LookAt", "limit_board#1"), cmd("Walk", "meeting_table#1"),
                 cmd("LookAt", "tin#1"), cmd("Walk", "break_counter#1"), *(cmd("LookAt", f"snack#{i + 1}")
                                                                            for i in range(4)),
                 cmd("Walk", "desk#1"), cmd("LookAt", "desk#1")],
        handoff="The coffee is already staged on the meeting table. Which snack is the biggest one I can still add "
                "without going over the limit? Help me stage it with the coffee.",
        human_task="Your lunch box has a total weight limit, and the coffee tin is already staged on the meeting "
                   "table. Which of the four snacks on the break counter is the biggest that still fits? You want "
                   "it on the meeting table with the coffee.",
        evidence=[*printed_at("limit_board#1", "700 g"), *printed_at("tin#1", "450 g"),
                  *printed_at("snack#1", "180 g"), *printed_at("snack#2", "351 g"), *printed_at(cookie, "250 g"),
                  *printed_at("snack#4", "90 g")],
        legend=[*(entry(f"snack#{i + 1}", f"a snack box, {n} from the left on the break counter", movable=True)
                  for i, n in enumerate(("first", "second", "third", "fourth"))),
                entry("tin#1", "the coffee tin on the meeting table", movable=True),
                entry("meeting_table#1", "the meeting table"), entry("break_counter#1", "the break counter")],
        oracle=[step("700 g less the 450 g coffee leaves 250 g, so the 250 g cookies fit and the 351 g crackers do "
                     "not. Pick up the cookies, third from the left on the break counter.", cmd("Grab", cookie),
                     match=["Pick up the cookies."]),
                step("Put them on the meeting table with the coffee.", cmd("Put", cookie, "meeting_table#1"))],
        wrong=[step("The crackers are the biggest. Pick up the second box from the left.", cmd("Grab", "snack#2")),
               step("Put the crackers on the meeting table with the coffee.", cmd("Put", "snack#2",
                                                                                  "meeting_table#1"))],
        no_help=plan((None, "Which snack fits?")),
        goals=[holds("on", cookie, "meeting_table#1")],
        prohibitions=[moved("snack#1"), moved("snack#2"), moved("snack#4"), moved("tin#1"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "constrained-argmax", "700 - 450 = 250 g left: 250 g cookies fit, 351 g crackers do not",
                  says(phrase("cookie"), num(250, "g"), wrong=[phrase("cracker"), num(351, "g")],
                       before=f"pick({cookie})")),
            point("C4", "limit-recalled", "the 700 g limit on the office wall, seen before the snacks",
                  says(num(700, "g"), before=f"pick({cookie})"))))


TASKS = [decision_11, decision_13, decision_14]
