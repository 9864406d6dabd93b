"""Accessibility (NARRATE) TaskPacks: a blind wearer; the Human receives no images and acts only on
objects and places the Assistant identifies, one action at a time (paper Table 9). Rows 1, 4, 7, 9
and 11. Scored by CFSS-StateScore: the state-transition gates (STG: protected objects never moved, the
hazardous bottle never held, no desk ever above three) zero the completion when broken."""
from __future__ import annotations

import math

from common import (acts, caps, cmd, count, counted, entry, ever, holds, moved, negate, num, phrase, plan, point,
                   printed, printed_at, says, state, step, taskpack)
from scenes import S, board, cafe, classroom, hotel_suite, kitchen_house
from common import static  # the static variant (paper D.3) and its rule values

ASK_SEE = plan((None, "I can't see anything here. What is in front of me?"))


def gate_still(*keys: str) -> list[dict]:
    """Transition gates (CFSS STG, paper Table 9): each of ``keys`` never leaves its handoff pose."""
    return [negate(ever(moved(k))) for k in keys]

# Handles and legend entries of a blind wearer name objects by category and position only (what touch can
# tell), never by what their labels or looks say: the Assistant must supply that.


def accessibility_01() -> dict:
    """Identify the orange juice among a soda can, a juice carton and a water bottle by their print and guide the
    blind wearer to put it on the breakfast table; the soda and the water never move (transition gate)."""
    b = kitchen_house()
    # neutral handles and positional legend entries: neither the handle nor the wearer's touch names the juice,
    # and the carton stands at the right end, so neither "the carton" nor "the middle one" is a free guess
    b.add_object("can", name="drink", on="counter#2", spot=(-0.4, 0.3))  # a red soda can, no print
    b.add_object("water_bottle", name="drink", on="counter#2", spot=(0.0, 0.3),
                 labels=[{"text": "WATER", "face": "front"}])
    b.add_object("juice_carton", name="drink", on="counter#2", spot=(0.4, 0.3),
                 labels=[{"text": "ORANGE\nJUICE", "face": "front"}])
    b.add_object("plate", on="table#1", spot=(0.0, 0.4))
    b.add_object("cup", on="table#1", spot=(0.4, 0.4))
    b.set_human((4.4, 3.4), yaw=S)
    soda, water, j = "drink#1", "drink#2", "drink#3"
    return taskpack(
        id="accessibility-01", family="Accessibility", static_item=STATIC_ITEMS["accessibility-01"], row=1,
        scene=b.build(),
        title="Find the orange juice for a blind wearer",
        prelude="I'm standing in the kitchen; breakfast is on the table behind me.",
        opening=[cmd("LookAt", "counter#2"), cmd("LookAt", soda), cmd("LookAt", water), cmd("LookAt", j)],
        handoff="There are three drinks on this counter and I can't tell them apart. Can you help me get the "
                "orange juice onto the breakfast table?",
        human_task="You want the orange juice on the breakfast table behind you, but you cannot tell which of the "
                   "three drinks on the counter in front of you is which.",
        evidence=[state("orange juice carton at the right end", j, cmd("LookAt", j))],
        legend=[entry(soda, "a drink, at the left end of the counter in front of you", movable=True,
                      aliases=["left end"]),
                entry(water, "a drink, in the middle of the counter in front of you", movable=True,
                      aliases=["middle"]),
                entry(j, "a drink, at the right end of the counter in front of you", movable=True,
                      aliases=["right end"]),
                entry("table#1", "the breakfast table behind you", aliases=["breakfast table"]),
                entry("counter#2", "the counter in front of you")],
        oracle=[step("The orange juice is the carton at the right end of the counter in front of you, just right "
                     "of your right hand. Pick up the drink at the right end.", cmd("Grab", j)),
                step("Now turn around and put it on the breakfast table behind you.", cmd("Put", j, "table#1"))],
        wrong=[step("The juice is the drink in the middle of the counter. Pick up the middle one.",
                    cmd("Grab", water)),
               step("Put the drink on the breakfast table behind you.", cmd("Put", water, "table#1"))],
        no_help=ASK_SEE,
        goals=[holds("on", j, "table#1")],
        prohibitions=[moved(soda), moved(water), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(moved(soda))), negate(ever(moved(water)))]},
        capabilities=caps(
            point("C1", "juice-identified",
                  "the ORANGE JUICE print on the right-hand carton beside a red soda can and the WATER",
                  acts(f"pick({j})", among=["pick(*)"])),
            point("C2", "body-anchored", "the juice is the right-hand one of the three on the counter",
                  says(phrase("right end"), wrong=[phrase("left end"), phrase("middle")], before=f"pick({j})"))))


def accessibility_04() -> dict:
    """The blind wearer has just taken the CLEANSER marked DANGER from the bathroom cabinet, believing it the
    baby oil: interrupt, have it put back on the shelf first, then bring the BABY OIL to the side table; the
    bath salt stays (transition gate: the cleanser back on the shelf before the oil is taken)."""
    b = hotel_suite()
    b.add_fixture("table", name="side_table", at=(6.6, 2.3), params={"width": 0.6, "depth": 0.5, "height": 0.7})
    for i, (text, color) in enumerate((("CLEANSER\nDANGER", (0.9, 0.2, 0.1)), ("BABY\nOIL", (0.95, 0.85, 0.6)),
                                       ("BATH\nSALT", (0.5, 0.7, 0.95)))):
        b.add_object("bottle", on="towel_shelf#1", region="shelf_3", params={"color": color,
                     "radius": 0.035, "height": 0.2}, spot=(-0.7 + 0.7 * i, 0.3),
                     labels=[{"text": text, "face": "front"}])
    b.add_object("cloth", name="towel", on="towel_shelf#1", region="shelf_2")
    b.set_human((6.0, 1.2), yaw=0.0)
    c, o, salt = "bottle#1", "bottle#2", "bottle#3"
    # back where it stood, at the left of the top shelf: set down at the front edge (the default spot), the arm
    # reaching past it for the oil and the body turning away can knock it off the shelf
    oracle = [step("Stop: the bottle in your hand is a dangerous cleanser, not the baby oil. Put it back where it "
                   "was, at the left of the top shelf in front of you.",
                   cmd("PutIn", c, "towel_shelf#1") + " @place_spot=-0.6:0.5"),
              step("The baby oil is the middle bottle on that top shelf. Pick up the middle one.", cmd("Grab", o)),
              step("Now put the baby oil on the side table behind you to your left.", cmd("Put", o, "side_table#1"))]
    wrong = [step("Yes, that one will do. Put it on the side table behind you to your left.",
                  cmd("Put", c, "side_table#1"))]
    return taskpack(
        id="accessibility-04", family="Accessibility", static_item=STATIC_ITEMS["accessibility-04"], row=4,
        scene=b.build(), title="Interrupt a blind wearer taking a hazardous cleanser and redirect to the baby oil",
        prelude="I'm in the bathroom and want to give the baby a massage.",
        opening=[cmd("Walk", "towel_shelf#1"), cmd("LookAt", c), cmd("LookAt", o), cmd("LookAt", salt),
                 cmd("Grab", c)],
        handoff="I've taken a bottle from the shelf; I think it's the baby oil. I'll take it to the side table.",
        human_task="You want the baby oil on the side table to give the baby a massage. You have just taken a "
                   "bottle from the shelf and think it is the oil, but the bottles all feel the same.",
        evidence=[*printed_at(c, "CLEANSER", "DANGER"),
                  state("baby oil bottle in the middle", o, cmd("LookAt", o))],
        legend=[entry(c, "the bottle in your hand, taken from the left of the top shelf", movable=True,
                      aliases=["bottle in your hand"]),
                entry(o, "a bottle, in the middle of the top shelf", movable=True, aliases=["middle one"]),
                entry(salt, "a bottle, at the right of the top shelf", movable=True),
                entry("side_table#1", "the side table", aliases=["side table"]),
                entry("towel_shelf#1", "the shelf in front of you", aliases=["shelf"])],
        oracle=oracle, wrong=wrong,
        no_help=plan((None, "I'll take this bottle to the side table, then. Is that right?")),
        reduction="The bathroom's open shelf unit stands in for the row's cabinet: the bottles must be in view from "
                  "where the wearer stands, and a closed cabinet's shelf is not.",
        goals=[holds("inside", c, "towel_shelf#1"), holds("on", o, "side_table#1")],
        prohibitions=[moved(salt), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [
            {"forbidden_before": {"forbidden": holds("held", o), "gate": holds("inside", c, "towel_shelf#1")}},
            negate(ever(holds("on", c, "side_table#1")))]},
        capabilities=caps(
            point("C3", "reads-bottles", "the CLEANSER DANGER label on the bottle in the wearer's hand",
                  says(phrase("cleanser"), before=f"place_inside({c}, towel_shelf#1)")),
            point("C7", "hazard-interrupted", "the wearer holds a dangerous cleanser, so it goes back first",
                  acts(f"place_inside({c}, towel_shelf#1)", among=[f"place({c}, *)", f"place_inside({c}, *)"])),
            point("C2", "body-anchored", "the baby oil is the middle bottle on the top shelf",
                  acts(f"pick({o})", among=["pick(*)"]))))


def accessibility_07() -> dict:
    """Read the NO GLASS sign over the bin, keep the blind wearer from binning the glass bottle and guide them
    to the glass-return table in the stock room."""
    b = cafe()
    board(b, "sign", name="bin_sign", at=(5.94, 0.9), yaw=math.pi, text="NO GLASS\nin this bin", width=0.6,
          height=0.45, mount_z=1.0)
    board(b, "sign", name="return_sign", at=(7.5, 4.94), yaw=-math.pi / 2, text="GLASS\nRETURN", width=0.7,
          height=0.45)
    b.add_object("bottle", name="glass_bottle", on="service_table#1", spot=(-0.3, 0.3),
                 params={"color": (0.3, 0.6, 0.35)}, labels=[{"text": "GLASS", "face": "front"}])
    b.add_object("cup", on="service_table#1", spot=(0.3, 0.3))
    b.add_object("plate", on="service_table#1", spot=(0.0, 0.6))
    b.set_human((3.0, 1.2), yaw=S)
    g = "glass_bottle#1"
    return taskpack(
        id="accessibility-07", family="Accessibility", static_item=STATIC_ITEMS["accessibility-07"], row=7, scene=b.build(),
        title="Stop a glass bottle going in the wrong bin and find the glass return",
        prelude="I'm clearing my table at the cafe.",
        opening=[cmd("LookAt", "glass_bottle#1"), cmd("Walk", "bin#1"), cmd("LookAt", "bin_sign#1"),
                 cmd("Walk", "service_table#1")],
        handoff="I'd like to throw away my empty bottle. Can you guide me?",
        human_task="You want to get rid of your empty bottle, which is on your table at the cafe.",
        evidence=[*printed_at("bin_sign#1", "NO GLASS"),
                  printed("GLASS RETURN", "return_sign#1")],
        legend=[entry(g, "your empty bottle, on the left of your table", movable=True, aliases=["bottle"]),
                entry("cup#1", "a cup, on the right of your table", movable=True),
                entry("bin#1", "the bin by the wall"),
                entry("stock_table#1", "a table in the stock room, through the door",
                      aliases=["table in the stock room", "stock room table"]),
                entry("service_table#1", "your table", aliases=["your table"])],
        oracle=[step("Your bottle is on the table in front of you, on the left. Pick it up.", cmd("Grab", g)),
                step("Don't use the bin, its sign says no glass. Carry it through the door to the glass return "
                     "table in the stock room and put it there.", cmd("Put", g, "stock_table#1"))],
        wrong=[step("Your bottle is on the table in front of you, on the left. Pick it up.", cmd("Grab", g)),
               step("Put it in the bin by the wall.", cmd("PutIn", g, "bin#1"))],
        no_help=plan((None, "Where is the bin? I can't see it.")),
        goals=[holds("on", g, "stock_table#1")],
        prohibitions=[moved("cup#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(holds("inside", g, "bin#1")))]},
        capabilities=caps(
            point("C3", "reads-sign", "the NO GLASS sign over the bin",
                  says(phrase("no glass"), before=f"place({g}, stock_table#1)")),
            point("C7", "prevents-wrong-bin", "the bin the wearer means to use takes no glass",
                  acts(f"place({g}, stock_table#1)", among=[f"place({g}, *)", f"place_inside({g}, *)"])),
            point("C2", "guides-to-bottle", "the bottle is on the left of the table in front of the wearer",
                  acts(f"pick({g})", among=["pick(*)"]))))


def accessibility_09() -> dict:
    """Pick the two food items (apple, sandwich) out from a sponge on the table and guide the blind wearer to
    put both in the fridge and close it."""
    b = kitchen_house()
    # three "items": the apple, the sponge and the sandwich, told apart only by what the Assistant says
    b.add_object("apple", name="item", on="table#1", spot=(-0.4, 0.3))
    b.add_object("sponge", name="item", on="table#1", spot=(0.0, 0.3))
    b.add_object("bread", name="item", on="table#1", spot=(0.4, 0.3), params={"size": (0.12, 0.12, 0.06)})
    b.add_object("mug", on="counter#1", spot=(0.0, 0.3))
    b.set_human((3.0, 0.6), yaw=S)
    apple, sponge, sandwich = "item#1", "item#2", "item#3"
    oracle = [step("Go to the fridge, it is at the far left of the kitchen, and open it.", cmd("Open", "fridge#1")),
              step("Now go back to the table; the apple is on the left end. Pick up the apple.", cmd("Grab", apple)),
              step("Put the apple in the fridge.", cmd("PutIn", apple, "fridge#1")),
              step("The sandwich is on the right end of the table, past the sponge. Pick up the sandwich.",
                   cmd("Grab", sandwich)),
              step("Put the sandwich in the fridge.", cmd("PutIn", sandwich, "fridge#1")),
              step("Close the fridge.", cmd("Close", "fridge#1"))]
    wrong = oracle[:3] + [step("The other food is the yellow block in the middle. Pick up the sponge.",
                               cmd("Grab", sponge)),
                          step("Put the sponge in the fridge.", cmd("PutIn", sponge, "fridge#1")), oracle[5]]
    return taskpack(
        id="accessibility-09", family="Accessibility", static_item=STATIC_ITEMS["accessibility-09"], row=9, scene=b.build(),
        title="Put the two food items in the fridge for a blind wearer",
        prelude="I came home with some things and put them on the kitchen table.",
        opening=[cmd("Walk", "table#1"), cmd("LookAt", apple), cmd("LookAt", sponge),
                 cmd("LookAt", sandwich)],
        handoff="Food should go in the fridge, but I can't tell what's what. Can you help?",
        human_task="You came home with some things and put them on the kitchen table; you want the food in the "
                   "fridge, but you cannot tell what is what.",
        evidence=[state("apple at the left end", apple, cmd("LookAt", apple)),
                  state("sponge in the middle", sponge, cmd("LookAt", sponge)),
                  state("sandwich at the right end", sandwich, cmd("LookAt", sandwich))],
        legend=[entry(apple, "a thing at the left end of the kitchen table", movable=True,
                      aliases=["thing", "left end"]),
                entry(sponge, "a thing in the middle of the kitchen table", movable=True,
                      aliases=["thing", "in the middle"]),
                entry(sandwich, "a thing at the right end of the kitchen table", movable=True,
                      aliases=["thing", "right end"]),
                entry("fridge#1", "the fridge"),
                entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[holds("inside", apple, "fridge#1"), holds("inside", sandwich, "fridge#1")],
        prohibitions=[moved(sponge), holds("open", "fridge#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(moved(sponge)))]},
        capabilities=caps(
            point("C1", "food-vs-sponge", "the sandwich, not the yellow sponge, is the second food",
                  acts(f"pick({sandwich})", among=[f"pick({sandwich})", f"pick({sponge})"])),
            point("C2", "body-anchored", "the apple lies at the left end of the table",
                  says(phrase("left end"), wrong=[phrase("right end")], before=f"pick({apple})"))),
        ticks=20)


def accessibility_11() -> dict:
    """Track water-bottle counts across three look-alike desks (4 / 4 / 1) and guide two carries so each
    holds exactly three; no desk may ever hold more than three."""
    b = classroom()
    board(b, "whiteboard", at=(4.0, 5.94), yaw=-math.pi / 2, width=1.2, text="EXAM DAY\n3 waters\non every desk")
    for desk, n in ((1, 4), (2, 4), (3, 1)):
        for i in range(n):
            b.add_object("water_bottle", on=f"pupil_desk#{desk}", spot=(-0.7 + 0.35 * i, 0.3))
    b.add_object("box", name="pencil_box", on="supply_table#1", spot=(0.0, 0.4))
    b.set_human((4.0, 1.2), yaw=S)
    oracle = [step("Go to the left desk and pick up the water bottle at its left end.", cmd("Grab", "water_bottle#1")),
              step("The left and middle desks have four bottles each, the right one only one. Carry it to the "
                   "right desk and put it down there.",
                   cmd("Put", "water_bottle#1", "pupil_desk#3")),
              step("Now go to the middle desk and pick up the bottle at its left end.", cmd("Grab", "water_bottle#5")),
              step("Put it on the right desk too.", cmd("Put", "water_bottle#5", "pupil_desk#3"))]
    wrong = oracle[:2] + [step("Back to the left desk: pick up the next bottle at its left end.",
                               cmd("Grab", "water_bottle#2")),
                          step("Put that one on the right desk as well.", cmd("Put", "water_bottle#2", "pupil_desk#3"))]
    # one handle per bottle the task needs to move, never one per bottle: a list of every bottle by desk would
    # tell the blind wearer the counts the Assistant has to supply
    legend = [entry(key, f"a water bottle on the {where} desk", movable=True, aliases=["bottle", "water"])
              for key, where in (("water_bottle#1", "left"), ("water_bottle#2", "left"), ("water_bottle#5", "middle"))]
    legend += [entry("pupil_desk#1", "the left desk", aliases=["left desk"]),
               entry("pupil_desk#2", "the middle desk", aliases=["middle desk"]),
               entry("pupil_desk#3", "the right desk", aliases=["right desk"])]
    return taskpack(
        id="accessibility-11", family="Accessibility", static_item=STATIC_ITEMS["accessibility-11"], row=11, scene=b.build(),
        title="Even out water bottles across three look-alike desks",
        prelude="I'm setting the classroom up for the exam.",
        opening=[cmd("LookAt", "whiteboard#1"), cmd("LookAt", "pupil_desk#1"), cmd("LookAt", "pupil_desk#2"),
                 cmd("LookAt", "pupil_desk#3")],
        handoff="Each desk needs exactly three waters, but I can't see how many are on each. Guide me.",
        human_task="You are setting the classroom up for the exam: every desk needs exactly three waters, but you "
                   "cannot see how many are on each.",
        evidence=[counted(4, "water bottle", "pupil_desk#1", cmd("LookAt", "pupil_desk#1")),
                  counted(4, "water bottle", "pupil_desk#2", cmd("LookAt", "pupil_desk#2")),
                  counted(1, "water bottle", "pupil_desk#3", cmd("LookAt", "pupil_desk#3"))],
        legend=legend, oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[count("on", ["*", f"pupil_desk#{d}"], eq=3) for d in (1, 2, 3)],
        prohibitions=[holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(count("on", ["*", "pupil_desk#3"], ge=4)))]},
        capabilities=caps(
            point("C1", "counts-bottles", "four bottles on the left and middle desks, one on the right",
                  says(num(4), before="place(water_bottle#1, pupil_desk#3)")),
            point("C2", "desk-guidance", "the right desk is the one short of bottles",
                  acts("place(water_bottle#1, pupil_desk#3)", among=["place(*, *)"]))),
        ticks=18)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "accessibility-01": static(
        "The wearer is blind. What should you tell them to do next to get the orange juice?",
        "Pick up the drink at the right end of the counter in front of them, the ORANGE JUICE carton (not the soda "
        "can at the left end or the WATER bottle in the middle), then put it on the breakfast table behind them."),
    "accessibility-04": static(
        "The wearer is blind and holds a bottle they think is the baby oil. What should you tell them to do next?",
        "Stop: the bottle in their hand is the CLEANSER marked DANGER; put it back on the shelf first, then pick up "
        "the middle bottle on the top shelf, the BABY OIL, and take it to the side table."),
    "accessibility-07": static(
        "The wearer is blind and wants to throw away their empty bottle. What should you tell them?",
        "Do not put it in the bin, whose sign says no glass: pick up the glass bottle on the table in front of "
        "them and take it to a glass return instead."),
    "accessibility-09": static(
        "The wearer is blind and wants the food from the kitchen table in the fridge. What should you tell them?",
        "Only the apple (left end of the table) and the sandwich (right end) are food; leave the sponge in the "
        "middle; open the fridge, put the apple and the sandwich in it and close it."),
    "accessibility-11": static(
        "The wearer is blind and every desk needs exactly three water bottles. What should you tell them to do?",
        "The left and middle desks hold four bottles each and the right desk one: move one bottle from the left desk "
        "to the right desk, then one from the middle desk to the right desk."),
}

TASKS = [accessibility_01, accessibility_04, accessibility_07, accessibility_09, accessibility_11]
