"""Accessibility (NARRATE) TaskPacks, rows 2, 3, 5, 6 and 8 of paper Table 9: a blind wearer who receives no
images; the Assistant supplies body-anchored, goal-relevant visual facts. Scored by CFSS-StateScore with the
row's state-transition gates (STG)."""
from __future__ import annotations

from common import (acts, caps, cmd, count, counted, entry, ever, holds, moved, negate, num, phrase, plan, point,
                    says, state, static, step, taskpack)
from accessibility import ASK_SEE, gate_still
from scenes import S, kitchen_house


def accessibility_02() -> dict:
    """Three bottles fill the gap between a pot and a bowl in front of the kitchen scale: clear them one at a time
    to the holding counter, reassessing the gap, and take the scale to the clearing counter only once it is
    clear (gate: the scale stays at its source until all three bottles are cleared); pot and bowl stay."""
    b = kitchen_house()
    b.add_fixture("counter", name="clearing_counter", at=(1.4, 0.35), yaw=S,
                  params={"width": 1.0})
    b.add_object("pot", on="counter#1", spot=(-0.75, 0.45))
    for u in (-0.3, 0.0, 0.3):
        b.add_object("bottle", on="counter#1", spot=(u, 0.3), params={"color": (0.45, 0.6, 0.3)})
    b.add_object("bowl", on="counter#1", spot=(0.72, 0.45))
    b.add_object("kitchen_scale", name="scale", on="counter#1", spot=(0.0, 0.8),
                 labels=[{"text": "0 g", "face": "front"}])
    b.set_human((1.75, 3.8), yaw=S)
    b1, b2, b3, sc, hold, clear = "bottle#1", "bottle#2", "bottle#3", "scale#1", "counter#2", "clearing_counter#1"
    oracle = [step("Three bottles stand in the gap between the pot and the bowl, right in front of the scale. Pick "
                   "up the left bottle, just right of the pot.", cmd("Grab", b1)),
              step("Put it on the holding counter, the one right of the oven.", cmd("Put", b1, hold)),
              step("The gap is wider now but two bottles still block the scale. Pick up the middle bottle.",
                   cmd("Grab", b2)),
              step("Put it on the holding counter as well.", cmd("Put", b2, hold)),
              step("One bottle is still in the way, just left of the bowl. Pick up the right bottle.",
                   cmd("Grab", b3)),
              step("Put it on the holding counter too.", cmd("Put", b3, hold)),
              step("Now the gap is clear and the scale fits through. Pick up the scale at the back of the counter.",
                   cmd("Grab", sc)),
              step("Carry the scale to the clearing counter behind you and put it down there.",
                   cmd("Put", sc, clear))]
    wrong = [step("The scale is at the back of the counter. Reach over and pick up the scale.", cmd("Grab", sc)),
             step("Put the scale on the clearing counter behind you.", cmd("Put", sc, clear))]
    legend = [entry(b1, "a bottle, at the front of the counter in front of you, left of centre", movable=True,
                    aliases=["left bottle"]),
              entry(b2, "a bottle, at the front of the counter in front of you, in the centre", movable=True,
                    aliases=["middle bottle"]),
              entry(b3, "a bottle, at the front of the counter in front of you, right of centre", movable=True,
                    aliases=["right bottle"]),
              entry(sc, "your kitchen scale, at the back of the counter in front of you", movable=True),
              entry(hold, "the holding counter, right of the oven", aliases=["holding counter"]),
              entry(clear, "the clearing counter behind you, by the wall", aliases=["clearing counter"]),
              entry("counter#1", "the counter in front of you")]
    return taskpack(
        id="accessibility-02", family="Accessibility", row=2,
        static_item=STATIC_ITEMS["accessibility-02"], scene=b.build(),
        title="Clear the gap in front of the kitchen scale before moving it",
        prelude="I'm at the kitchen counter left of the stove.",
        opening=[cmd("LookAt", "counter#1"), cmd("LookAt", b2), cmd("LookAt", sc)],
        handoff="My kitchen scale is somewhere at the back of this counter and things are in the way. Help me get "
                "it to the clearing counter without knocking anything over.",
        human_task="You want your kitchen scale moved to the clearing counter; it stands at the back of the "
                   "counter in front of you, behind things you cannot see. Anything in the way goes to the "
                   "holding counter; the pot and the bowl stay where they are.",
        evidence=[counted(3, "bottle", "counter#1", cmd("LookAt", "counter#1")),
                  state("bottles block the gap between pot and bowl", b2, cmd("LookAt", b2))],
        legend=legend, oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[count("on", ["*", hold], eq=3), holds("on", sc, clear)],
        prohibitions=[moved("pot#1"), moved("bowl#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [
            negate(ever({"all": [moved(sc), count("on", ["*", hold], le=2)]})), *gate_still("pot#1", "bowl#1")]},
        capabilities=caps(
            point("C1", "counts-blockers", "three bottles stand in the gap in front of the scale",
                  says(num(3), before=f"pick({sc})")),
            point("C2", "gap-reassessed", "the scale is reached only once the bottles are cleared",
                  acts(f"pick({b1})", f"pick({b2})", f"pick({b3})", among=["pick(*)"]))),
        ticks=28)


def accessibility_03() -> dict:
    """The blind wearer set the guest table (plate, blue bowl, wine glass, water glass), then while tidying moved
    the blue bowl to the counter by the sink and brought a coffee cup to the table: compare the remembered and
    the current setting and restore only the blue bowl (the white bowl, the coffee cup and the setting stay)."""
    b = kitchen_house()
    b.add_object("plate", on="table#1", spot=(0.0, 0.55))
    b.add_object("bowl", on="table#1", spot=(-0.45, 0.55), params={"color": (0.15, 0.3, 0.8)})
    b.add_object("glass", on="table#1", spot=(0.35, 0.75), params={"height": 0.16, "radius": 0.03})
    b.add_object("glass", on="table#1", spot=(0.6, 0.7))
    b.add_object("bowl", on="counter#2", spot=(0.5, 0.35))
    b.add_object("mug", on="counter#1", spot=(0.3, 0.35), params={"color": (0.45, 0.3, 0.2)})
    b.set_human((4.3, 1.3), yaw=S)
    blue, white, cup = "bowl#1", "bowl#2", "mug#1"
    return taskpack(
        id="accessibility-03", family="Accessibility", row=3,
        static_item=STATIC_ITEMS["accessibility-03"], scene=b.build(),
        title="Spot what left the guest table and put back only that",
        prelude="I've just set the guest table.",
        opening=[cmd("LookAt", "table#1"), cmd("Grab", blue), cmd("Put", blue, "counter#2"), cmd("Grab", cup),
                 cmd("Put", cup, "table#1"), cmd("Walk", "table#1"), cmd("LookAt", "table#1"),
                 cmd("LookAt", "counter#2")],
        handoff="I tidied up and brought my coffee to the table, and now I think something from the guest setting "
                "went astray. Can you compare and put back only what belongs there?",
        human_task="You set the guest table, then tidied the kitchen and brought your coffee cup to the table, "
                   "where it stays. One thing from the setting may have been moved while you tidied; you cannot "
                   "see which or where it went.",
        evidence=[state("blue bowl gone from the guest table, now on the counter by the sink", blue,
                        cmd("LookAt", "counter#2"))],
        legend=[entry(blue, "a bowl, at the left of the counter between the oven and the sink", movable=True,
                      aliases=["left bowl"]),
                entry(white, "a bowl, at the right of the counter between the oven and the sink", movable=True,
                      aliases=["right bowl"]),
                entry(cup, "your coffee cup, on the guest table", movable=True),
                entry("table#1", "the guest table", aliases=["guest table"]),
                entry("counter#2", "the counter between the oven and the sink")],
        oracle=[step("The blue bowl from the setting is now on the counter between the oven and the sink, on its "
                     "left. Pick up the left bowl.", cmd("Grab", blue)),
                step("Put it back on the guest table, at the left of the plate where it was.",
                     cmd("Put", blue, "table#1"))],
        wrong=[step("A bowl is missing from the table; pick up the right bowl on the counter by the sink.",
                    cmd("Grab", white)),
               step("Put it on the guest table.", cmd("Put", white, "table#1"))],
        no_help=ASK_SEE,
        reduction="The bowl is moved and the coffee cup brought by the wearer's own tidying in the opening (the "
                  "world has no second person to move it out of view); the frames before and after still have to "
                  "be compared, since the wearer does not know what moved.",
        goals=[holds("on", blue, "table#1")],
        prohibitions=[moved(white), moved(cup), moved("plate#1"), moved("glass#1"), moved("glass#2"),
                      holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gate_still(cup, "plate#1", "glass#1", "glass#2")},
        capabilities=caps(
            point("C4", "remembers-setting", "the blue bowl was on the guest table in the first frames",
                  says(phrase("blue bowl"), before=f"pick({blue})")),
            point("C1", "finds-moved-bowl", "the blue bowl, not the white one, left the setting",
                  acts(f"pick({blue})", among=["pick(*)"]))))


def accessibility_05() -> dict:
    """The spray the wearer wants on the counter in front of them is not in view there: say so, have the wearer
    open the cabinet beside them to scan it, find the spray on its shelf, and put it on the counter clear of the
    cactus; the cactus, the skin cream and the sponge never move."""
    b = kitchen_house()
    b.add_fixture("cabinet", name="corner_cabinet", at=(5.7, 3.4), yaw=3.141592653589793,
                  params={"width": 0.6, "height": 0.9, "shelves": 1})
    # neutral handle: the name "cactus" would tell the blind wearer what only the frames show
    b.add_object("cactus", name="item", on="counter#2", spot=(-0.55, 0.4))
    b.add_object("bottle", name="bottle", on="counter#2", spot=(0.05, 0.45),
                 params={"color": (0.95, 0.9, 0.8), "radius": 0.03, "height": 0.12},
                 labels=[{"text": "SKIN\nCREAM", "face": "front"}])
    b.add_object("sponge", on="counter#2", spot=(0.55, 0.4))
    b.add_object("bottle", name="bottle", on="corner_cabinet#1", region="shelf_1", spot=(-0.5, 0.4),
                 params={"color": (0.5, 0.8, 0.95), "height": 0.2}, labels=[{"text": "GLASS\nSPRAY", "face": "front"}])
    b.add_object("bottle", name="bottle", on="corner_cabinet#1", region="shelf_1", spot=(0.5, 0.4),
                 params={"color": (0.9, 0.8, 0.2), "height": 0.2}, labels=[{"text": "DISH\nSOAP", "face": "front"}])
    b.set_human((4.6, 3.5), yaw=S)
    cactus, cream, spray, soap, cab = "item#1", "bottle#1", "bottle#2", "bottle#3", "corner_cabinet#1"
    return taskpack(
        id="accessibility-05", family="Accessibility", row=5,
        static_item=STATIC_ITEMS["accessibility-05"], scene=b.build(),
        title="Admit the spray is not in view, scan for it and bring it back past a cactus",
        prelude="I'm at the kitchen counter.",
        opening=[cmd("LookAt", "counter#2"), cmd("LookAt", cactus), cmd("LookAt", cream)],
        handoff="My glass spray should be here on the counter in front of me. Can you see it? I need it on this "
                "counter.",
        human_task="You want your spray on the counter in front of you; you thought it was there, but you cannot "
                   "see where it is.",
        evidence=[state("spray absent from the counter in view", "counter#2", cmd("LookAt", "counter#2")),
                  state("cactus at the left end of the counter", cactus, cmd("LookAt", cactus))],
        legend=[entry(cactus, "a pot, at the left end of the counter in front of you", movable=True),
                entry(cream, "a small bottle, in the middle of the counter in front of you", movable=True),
                entry("sponge#1", "a soft block, at the right end of the counter in front of you", movable=True),
                entry(spray, "a bottle, at the left of the low cabinet's shelf", movable=True,
                      aliases=["bottle on the left"]),
                entry(soap, "a bottle, at the right of the low cabinet's shelf", movable=True,
                      aliases=["bottle on the right"]),
                entry(cab, "the low cabinet by the wall on your right", aliases=["low cabinet"]),
                entry("counter#2", "the counter in front of you", aliases=["counter"])],
        oracle=[step("I can't see the spray on the counter in front of you, it isn't there. Open the low cabinet by "
                     "the wall on your right so I can look inside.", cmd("Open", cab)),
                step("There it is: the spray is the bottle on the left of the cabinet shelf. Pick up the bottle on "
                     "the left.", cmd("Grab", spray)),
                step("Put it on the counter in front of you, in the middle; keep your hand off the left end, there "
                     "is a cactus there.", cmd("Put", spray, "counter#2"))],
        wrong=[step("Your spray is the small bottle in the middle of the counter in front of you. Pick it up.",
                    cmd("Grab", cream)),
               step("Put it back down on the counter in front of you.", cmd("Put", cream, "counter#2"))],
        no_help=ASK_SEE,
        goals=[holds("on", spray, "counter#2")],
        prohibitions=[moved(cactus), moved(cream), moved("sponge#1"), moved(soap), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gate_still(cactus, cream, "sponge#1")},
        capabilities=caps(
            point("C9", "admits-absent", "the spray is not among the things on the counter in view",
                  says(phrase("can't see the spray"), phrase("cannot see the spray"), phrase("don't see the spray"),
                       phrase("not on the counter"), before=f"pick({spray})")),
            point("C7", "cactus-flagged", "a cactus stands at the left end of the counter",
                  says(phrase("a cactus"), phrase("cactus there"), phrase("cactus at the left end"), before=f"place({spray}, counter#2)")),
            point("C2", "finds-spray", "the spray is at the left of the cabinet shelf",
                  acts(f"pick({spray})", among=["pick(*)"]))))


def accessibility_06() -> dict:
    """The wearer is carving bread when the phone rings: the knife goes down on the prep counter before anything
    else, then the Assistant leads the wearer to the phone on the kitchen table (gates: the phone is not taken
    while the knife is in hand, the knife never leaves the kitchen)."""
    b = kitchen_house()
    b.add_object("cutting_board", on="counter#1", spot=(0.0, 0.4))
    b.add_object("bread", on="counter#1", spot=(-0.5, 0.4))
    b.add_object("knife", on="counter#1", spot=(0.5, 0.3), params={"length": 0.3})
    b.add_object("phone", on="table#1", spot=(-0.55, 0.4))
    b.add_object("book", on="table#1", spot=(0.5, 0.4))
    b.set_human((1.75, 3.9), yaw=S)
    k, ph = "knife#1", "phone#1"
    return taskpack(
        id="accessibility-06", family="Accessibility", row=6,
        static_item=STATIC_ITEMS["accessibility-06"], scene=b.build(),
        title="Put the carving knife down safely before finding the ringing phone",
        prelude="I'm slicing bread with the carving knife.",
        opening=[cmd("Grab", k), cmd("LookAt", ph), cmd("LookAt", "counter#1")],
        handoff="My phone is ringing somewhere! Where is it? I need to answer it.",
        human_task="You are slicing bread with the carving knife in your hand when your phone rings; you want to "
                   "pick it up, but you cannot see where it is.",
        evidence=[state("phone lying at the left end of the table", ph, cmd("LookAt", ph))],
        legend=[entry(k, "the carving knife in your hand", movable=True, aliases=["knife"]),
                entry(ph, "your phone", movable=True),
                entry("book#1", "a book", movable=True),
                entry("counter#1", "the prep counter in front of you", aliases=["prep counter"]),
                entry("table#1", "the kitchen table behind you", aliases=["kitchen table"])],
        oracle=[step("First, put the carving knife down flat on the prep counter in front of you.",
                     cmd("Put", k, "counter#1")),
                step("Now your phone is on the kitchen table behind you, at its left end. Pick up the phone.",
                     cmd("Grab", ph))],
        wrong=[step("Your phone is on the kitchen table behind you, at its left end. Quick, pick up the phone.",
                    cmd("Grab", ph))],
        no_help=plan((None, "It keeps ringing. Where is my phone?")),
        reduction="The phone's ringing is narrated, not heard; the gate against leaving with the knife is read as the "
                  "knife never carried to the kitchen table where the phone lies.",
        goals=[holds("on", k, "counter#1"), holds("held", ph)],
        prohibitions=[moved("book#1")],
        evaluator={"kind": "cfss", "gates": [
            {"forbidden_before": {"forbidden": holds("held", ph), "gate": holds("on", k, "counter#1")}},
            negate(ever({"all": [holds("held", k), holds("near", k, "table#1")]}))]},
        capabilities=caps(
            point("C7", "knife-first", "the wearer holds a carving knife while rushing to a phone",
                  acts(f"place({k}, counter#1)", among=[f"place({k}, *)", "pick(*)"])),
            point("C2", "phone-located", "the phone lies at the left end of the kitchen table",
                  says(phrase("left end"), wrong=[phrase("right end")], before=f"pick({ph})"))))


def accessibility_08() -> dict:
    """A leaking deicer bottle stands on the coffee table among an apple, a sponge and a salad: pick out the food
    (apple and salad, not the sponge), compare each one's distance to the leak, and bin only the apple right next
    to it in the living-room waste bin; the deicer, the sponge and the salad stay."""
    b = kitchen_house()
    b.add_fixture("bin", name="waste_bin", at=(10.65, 0.4), yaw=3.141592653589793)
    b.add_object("sponge", name="item", on="coffee_table#1", spot=(-0.8, 0.5))
    b.add_object("bottle", name="deicer", on="coffee_table#1", spot=(-0.5, 0.5), params={"color": (0.2, 0.4, 0.9)},
                 labels=[{"text": "DEICER", "face": "front"}])
    b.add_object("apple", name="item", on="coffee_table#1", spot=(-0.2, 0.5))
    b.add_object("bowl", name="item", on="coffee_table#1", spot=(0.7, 0.5), params={"color": (0.35, 0.7, 0.3)})
    b.set_human((8.5, 2.3), yaw=S)
    sponge, apple, salad = "item#1", "item#2", "item#3"
    return taskpack(
        id="accessibility-08", family="Accessibility", row=8,
        static_item=STATIC_ITEMS["accessibility-08"], scene=b.build(),
        title="Bin only the food sitting next to a leaking deicer",
        prelude="I'm in the living room; it smells of chemicals.",
        opening=[cmd("LookAt", "coffee_table#1"), cmd("LookAt", "deicer#1"), cmd("LookAt", salad)],
        handoff="I think the deicer bottle on the coffee table is leaking. Any food right next to it should go in "
                "the waste bin here. Which is it?",
        human_task="The deicer bottle on the coffee table in front of you is leaking; any food right next to it "
                   "must go in the living-room waste bin, but you cannot see what is on the table.",
        evidence=[state("apple right next to the deicer", apple, cmd("LookAt", "deicer#1")),
                  state("salad at the far end of the coffee table", salad, cmd("LookAt", salad))],
        legend=[entry(sponge, "a thing at the far left of the coffee table", movable=True, aliases=["far left"]),
                entry(apple, "a thing left of centre on the coffee table", movable=True,
                      aliases=["left of centre"]),
                entry(salad, "a thing at the right end of the coffee table", movable=True, aliases=["right end"]),
                entry("waste_bin#1", "the living-room waste bin, in the corner by the far wall",
                      aliases=["waste bin"]),
                entry("coffee_table#1", "the coffee table in front of you")],
        oracle=[step("The food right next to the leaking deicer is an apple, just right of it, left of centre on the "
                     "table; the salad at the right end is well away from it and the sponge is not food. Pick up "
                     "the apple left of centre.", cmd("Grab", apple)),
                step("Put the apple in the waste bin in the corner by the far wall.",
                     cmd("PutIn", apple, "waste_bin#1"))],
        wrong=[step("The food is the salad at the right end of the table. Pick up the thing at the right end.",
                    cmd("Grab", salad)),
               step("Put it in the waste bin in the corner.", cmd("PutIn", salad, "waste_bin#1"))],
        no_help=ASK_SEE,
        reduction="The leak is stated by the wearer, not rendered (no spill asset); a green bowl stands in for the "
                  "salad and a labelled bottle for the deicer.",
        goals=[holds("inside", apple, "waste_bin#1")],
        prohibitions=[moved("deicer#1"), moved(sponge), moved(salad), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gate_still("deicer#1")},
        capabilities=caps(
            point("C1", "food-filtered", "the apple, next to the deicer, among a sponge and a salad",
                  acts(f"pick({apple})", among=["pick(*)"])),
            point("C6", "distance-compared", "the salad is the other food but far from the leak",
                  says(phrase("salad"), before=f"place_inside({apple}, waste_bin#1)"))))


STATIC_ITEMS = {
    "accessibility-02": static(
        "The wearer is blind and wants the kitchen scale on the clearing counter. What should you tell them next?",
        "Three bottles stand in the gap between the pot and the bowl in front of the scale: move them one at a time "
        "to the holding counter, starting with the left one, and take the scale only once the gap is clear."),
    "accessibility-03": static(
        "The wearer is blind and thinks something left the guest table. What should you tell them to do?",
        "The blue bowl of the setting is now at the left of the counter between the oven and the sink: put that "
        "bowl (not the white one) back on the guest table and leave the coffee cup and the rest as they are."),
    "accessibility-05": static(
        "The wearer is blind and wants their glass spray on the counter in front of them. What should you tell "
        "them?",
        "The spray is not on the counter in view (a cactus, a skin cream and a sponge are): have them open the low "
        "cabinet on their right to look, and keep their hand away from the cactus at the left end."),
    "accessibility-06": static(
        "The wearer is blind, holds a carving knife and hears their phone ring. What should you tell them first?",
        "Put the carving knife down on the prep counter in front of them first; then the phone is at the left end "
        "of the kitchen table behind them."),
    "accessibility-08": static(
        "The wearer is blind; the deicer on the coffee table is leaking. What should you tell them to do?",
        "The only food right next to the deicer is the apple just right of it: put the apple in the living-room "
        "waste bin; the salad at the right end is far from the leak and the sponge is not food."),
}

TASKS = [accessibility_02, accessibility_03, accessibility_05, accessibility_06, accessibility_08]
