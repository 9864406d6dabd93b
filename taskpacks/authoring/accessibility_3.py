"""Accessibility (NARRATE) TaskPacks, rows 13, 15, 18, 19 and 20 of paper Table 9: a blind wearer who receives no
images; the Assistant supplies body-anchored, goal-relevant visual facts (open storage, a note's items, a hazard
in the fridge, where a phone was left, what a checklist still needs). Scored by CFSS-StateScore with the row's
state-transition gates (STG)."""
from __future__ import annotations

import math

from common import (acts, any_of, caps, cmd, entry, ever, holds, moved, negate, order, phrase, plan, point,
                    printed_at, renamed, says, state, static, step, taskpack)
from accessibility import ASK_SEE, gate_still
from scenes import S, kitchen_house, office


def accessibility_13() -> dict:
    """Put away an apple, a water bottle and a blue mug in a cluttered kitchen: only the fridge and the clear
    counter right of the oven are genuinely open (the counter left of the stove and the table are full, the
    cooktop is on); the mug must go on the open counter, the fridge ends closed, six clutter objects stay."""
    b = kitchen_house()
    for kind, u in (("pot", -0.6), ("pan", -0.05), ("kettle", 0.5)):
        b.add_object(kind, on="counter#1", spot=(u, 0.45))
    for kind, u in (("box", -0.7), ("plate", -0.25), ("bowl", 0.2)):
        b.add_object(kind, on="table#1", spot=(u, 0.75))
    b.add_object("apple", on="table#1", spot=(-0.5, 0.2))
    b.add_object("water_bottle", on="table#1", spot=(0.1, 0.2))
    b.add_object("mug", on="table#1", spot=(0.75, 0.25), params={"color": (0.15, 0.3, 0.8)})
    b.set_human((4.3, 1.3), yaw=S)
    scene = b.build()
    for e in scene["entities"]:
        if e["name"] == "cooktop":
            e["state"] = {**e.get("state", {}), "running": True}
    clutter = ["pot#1", "pan#1", "kettle#1", "box#1", "plate#1", "bowl#1"]
    oracle = [step("The counter right of the oven is the only clear one; the one left of the stove is full and the "
                   "stove is on. Pick up your water bottle.", cmd("Grab", "water_bottle#1")),
              step("Put the water on the clear counter right of the oven.", cmd("Put", "water_bottle#1", "counter#2")),
              step("Now pick up your mug.", cmd("Grab", "mug#1")),
              step("Put the mug on the clear counter right of the oven too.", cmd("Put", "mug#1", "counter#2")),
              step("Last, pick up your apple.", cmd("Grab", "apple#1")),
              step("Put the apple on the clear counter right of the oven as well.", cmd("Put", "apple#1", "counter#2"))]
    wrong = [step("Pick up your mug.", cmd("Grab", "mug#1")),
             step("Put the mug on the counter left of the stove.", cmd("Put", "mug#1", "counter#1"))]
    return taskpack(
        id="accessibility-13", family="Accessibility", row=13,
        static_item=STATIC_ITEMS["accessibility-13"], scene=scene,
        title="Store three things only where there is genuinely room",
        prelude="I've just come in with an apple, a bottle of water and my mug.",
        opening=[cmd("LookAt", "counter#1"), cmd("LookAt", "cooktop#1"), cmd("LookAt", "counter#2"),
                 cmd("LookAt", "table#1")],
        handoff="I put my apple, water and mug on the table. Where can they safely go? The kitchen is a mess.",
        human_task="Your apple, your water bottle and your mug are on the kitchen table; you want them put away "
                   "somewhere safe with room for them, and the fridge shut, but you cannot see where there is room.",
        evidence=[state("counter left of the stove full", "counter#1", cmd("LookAt", "counter#1")),
                  state("stove switched on", "cooktop#1", cmd("LookAt", "cooktop#1")),
                  state("counter right of the oven clear", "counter#2", cmd("LookAt", "counter#2"))],
        legend=[entry("apple#1", "your apple, on the kitchen table", movable=True),
                entry("water_bottle#1", "your water bottle, on the kitchen table", movable=True,
                      aliases=["water"]),
                entry("mug#1", "your mug, on the kitchen table", movable=True),
                entry("counter#1", "the counter left of the stove"),
                entry("counter#2", "the counter right of the oven"),
                entry("fridge#1", "the fridge"),
                entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[any_of(holds("inside", "apple#1", "fridge#1"), holds("on", "apple#1", "counter#2")),
               any_of(holds("inside", "water_bottle#1", "fridge#1"), holds("on", "water_bottle#1", "counter#2")),
               holds("on", "mug#1", "counter#2")],
        prohibitions=[*(moved(k) for k in clutter), holds("open", "fridge#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gate_still(*clutter)},
        capabilities=caps(
            point("C2", "open-counter", "the counter right of the oven is the clear one",
                  acts("place(mug#1, counter#2)", "place(apple#1, counter#2)", "place(water_bottle#1, counter#2)",
                       "place_inside(apple#1, fridge#1)", "place_inside(water_bottle#1, fridge#1)",
                       among=["place(*, *)", "place_inside(*, *)"])),
            point("C7", "unsafe-spots", "the other counter is full and the stove is on",
                  says(phrase("stove is on"), phrase("full"), before="place(*, *)"))))


def accessibility_15() -> dict:
    """A handwritten note on the kitchen table lists three errands across two rooms (APPLE in the fridge, TEAPOT
    on the tea table, BLUE MUG on the side counter); the wearer walks away before asking, so the Assistant works
    from memory and leaves the white cup and the sponge alone."""
    b = kitchen_house()
    b.add_object("document", name="note", on="table#1", spot=(0.0, 0.35), yaw=math.pi,
                 params={"color": (1.0, 0.97, 0.75)},
                 labels=[{"text": "APPLE in\nFRIDGE\nTEAPOT on\nTEA TABLE\nBLUE MUG on\nSIDE COUNTER", "face": "top"}])
    b.add_object("apple", on="side_table#1", spot=(-0.55, 0.5))
    b.add_object("mug", on="side_table#1", spot=(0.0, 0.5), params={"color": (0.15, 0.3, 0.8)})
    b.add_object("cup", on="side_table#1", spot=(0.55, 0.5))
    b.add_object("kettle", name="teapot", on="counter#1", spot=(-0.3, 0.4), params={"color": (0.85, 0.85, 0.8)})
    b.add_object("sponge", on="counter#1", spot=(0.4, 0.4))
    b.set_human((4.3, 1.3), yaw=S)
    note = "note#1"
    oracle = [step("Open the fridge, it is at the far left of the kitchen.", cmd("Open", "fridge#1")),
              step("The note says the apple goes in the fridge. The apple is at the left of the small table in the "
                   "living room. Pick up the apple.", cmd("Grab", "apple#1")),
              step("Put the apple in the fridge.", cmd("PutIn", "apple#1", "fridge#1")),
              step("Close the fridge.", cmd("Close", "fridge#1")),
              step("Next, the teapot on the counter left of the stove. Pick up the teapot.", cmd("Grab", "teapot#1")),
              step("Put the teapot on the tea table, the low table in front of the sofa.", cmd("Put", "teapot#1", "coffee_table#1")),
              step("Last, the blue mug in the middle of the small table in the living room. Pick up the mug.",
                   cmd("Grab", "mug#1")),
              step("Put the mug on the side counter, between the oven and the sink.", cmd("Put", "mug#1", "counter#2"))]
    wrong = oracle[:4] + [step("Now the cup at the right of the small table in the living room. Pick up the cup.",
                               cmd("Grab", "cup#1")),
                          step("Put the cup on the side counter, between the oven and the sink.",
                               cmd("Put", "cup#1", "counter#2"))]
    return taskpack(
        id="accessibility-15", family="Accessibility", row=15,
        static_item=STATIC_ITEMS["accessibility-15"], scene=b.build(),
        title="Carry out a remembered three-item note across two rooms",
        prelude="My flatmate left me a note on the kitchen table.",
        opening=[cmd("Walk", note), cmd("LookAt", note), cmd("Walk", "side_table#1"), cmd("LookAt", "side_table#1"),
                 cmd("Walk", "counter#1"), cmd("LookAt", "counter#1")],
        handoff="I couldn't read the note on the kitchen table, and now I'm not even next to it. Can you remember "
                "what it said and help me do it?",
        human_task="Your flatmate left you a note on the kitchen table asking you to put a few things away; you "
                   "cannot read it, and you have already walked away from it.",
        evidence=[*printed_at(note, "TEA TABLE", "BLUE MUG", "SIDE COUNTER")],
        legend=[entry(note, "the note on the kitchen table"),
                entry("apple#1", "a round fruit, at the left of the small table in the living room", movable=True),
                entry("mug#1", "a mug, in the middle of the small table in the living room", movable=True),
                entry("cup#1", "a cup, at the right of the small table in the living room", movable=True),
                entry("teapot#1", "a pot with a spout, on the counter left of the stove", movable=True),
                entry("sponge#1", "a soft block, on the counter left of the stove", movable=True),
                entry("fridge#1", "the fridge"),
                entry("coffee_table#1", "the low table in front of the sofa", aliases=["low table"]),
                entry("counter#2", "the counter between the oven and the sink"),
                entry("side_table#1", "the small table in the living room")],
        oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[holds("inside", "apple#1", "fridge#1"), holds("on", "teapot#1", "coffee_table#1"),
               holds("on", "mug#1", "counter#2")],
        prohibitions=[moved("cup#1"), moved("sponge#1"), holds("open", "fridge#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(moved("cup#1"))), negate(ever(moved("sponge#1")))]},
        capabilities=caps(
            point("C3", "reads-note", "the note's last item, BLUE MUG on SIDE COUNTER",
                  says(phrase("side counter"), before="place(mug#1, counter#2)")),
            point("C4", "remembers-items", "the blue mug, not the white cup, is on the note",
                  acts("pick(mug#1)", among=["pick(mug#1)", "pick(cup#1)"]))),
        ticks=30)


def accessibility_18() -> dict:
    """The wearer comes to put the milk away; the open fridge holds a shoe. Stage the milk on the counter, take the
    shoe out to the floor first, then put the milk in and close the fridge last (gates: the milk is never in the
    fridge together with the shoe; the fridge ends closed)."""
    b = kitchen_house()
    b.add_object("shoe", on="fridge#1", region="shelf_2", spot=(0.0, 0.4))
    b.add_object("milk_carton", name="carton", on="counter#1", spot=(-0.6, 0.35),
                 labels=[{"text": "MILK", "face": "front"}])
    b.add_object("cup", on="counter#1", spot=(0.4, 0.35))
    b.set_human((1.4, 3.6), yaw=S)
    milk, shoe, fr = "carton#1", "shoe#1", "fridge#1"
    return taskpack(
        id="accessibility-18", family="Accessibility", row=18,
        static_item=STATIC_ITEMS["accessibility-18"], scene=b.build(),
        title="Find the shoe in the fridge before storing the milk",
        prelude="I'm putting the shopping away.",
        opening=[cmd("Grab", milk), cmd("Open", fr), cmd("LookAt", shoe)],
        handoff="I've opened the fridge. Can I put the milk in? Is everything fine in there?",
        human_task="You want the milk carton in your hand stored in the fridge, which you have just opened; you "
                   "cannot see what is inside.",
        evidence=[state("shoe on the fridge's middle shelf", shoe, cmd("LookAt", shoe))],
        legend=[entry(milk, "the carton in your hand", movable=True, aliases=["milk"]),
                entry(shoe, "a thing on the middle shelf of the fridge", movable=True,
                      aliases=["thing on the middle shelf"]),
                entry(fr, "the open fridge in front of you", aliases=["fridge"]),
                entry("counter#1", "the counter to the right of the fridge", aliases=["counter"]),
                entry("table#1", "the kitchen table behind you", aliases=["kitchen table"])],
        oracle=[step("Wait: there is a shoe on the middle shelf of the fridge. First put the milk down on the counter "
                     "to the right of the fridge.", cmd("Put", milk, "counter#1")),
                step("Now take the shoe off the middle shelf.", cmd("Grab", shoe)),
                step("Put the shoe on the floor by the kitchen table, out of the way.", cmd("PutOnFloor", shoe, "table#1")),
                step("Pick the milk back up from the counter.", cmd("Grab", milk)),
                step("Now put the milk in the fridge.", cmd("PutIn", milk, fr)),
                step("Close the fridge.", cmd("Close", fr))],
        wrong=[step("Yes, put the milk in the fridge.", cmd("PutIn", milk, fr)),
               step("Close the fridge.", cmd("Close", fr))],
        no_help=plan((None, "Can I put it in now?")),
        goals=[holds("inside", milk, fr), any_of(holds("on", shoe, "floor#1"), holds("on", shoe, "counter#1"))],
        prohibitions=[moved("cup#1"), holds("open", fr), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [
            negate(ever({"all": [holds("inside", milk, fr), holds("inside", shoe, fr)]}))]},
        capabilities=caps(
            point("C7", "shoe-detected", "a shoe lies on the fridge's middle shelf",
                  acts(f"place({milk}, counter#1)", f"pick({shoe})",
                       among=[f"place_inside({milk}, *)", f"place({milk}, *)", f"pick({shoe})"])),
            point("C5", "safe-order", "stage the milk, remove the shoe, store the milk, close last",
                  order(f"place({milk}, counter#1)", f"pick({shoe})", f"place_inside({milk}, {fr})",
                        f"close({fr})"))))


def accessibility_19() -> dict:
    """The wearer left the phone on the bookshelf in the living room, then spent a while making breakfast in the
    kitchen; the Assistant recalls where it was and has it put on the coffee table (the remote on the sofa
    stays)."""
    b = kitchen_house()
    b.add_object("phone", on="bookshelf#1", region="shelf_2", spot=(0.0, 0.4))
    b.add_object("phone", name="remote", on="sofa#1", spot=(0.5, 0.5), params={"size": (0.05, 0.17, 0.02)})
    b.add_object("milk_carton", on="fridge#1", region="shelf_2", spot=(0.0, 0.4))
    b.add_object("bowl", on="counter#1", spot=(0.0, 0.4))
    b.set_human((9.6, 1.6), yaw=0.0)
    ph = "phone#1"
    opening = [cmd("LookAt", ph), cmd("Open", "fridge#1"), cmd("Grab", "milk_carton#1"),
               cmd("Put", "milk_carton#1", "table#1"), cmd("Close", "fridge#1"), cmd("Grab", "bowl#1"),
               cmd("Put", "bowl#1", "table#1"), cmd("LookAt", "table#1")]
    return taskpack(
        id="accessibility-19", family="Accessibility", row=19,
        static_item=STATIC_ITEMS["accessibility-19"], scene=b.build(),
        title="Recall where the phone was left before breakfast",
        prelude="I'm just going to make some breakfast.",
        opening=opening,
        handoff="Breakfast is ready, but where did I leave my phone? I want it on the coffee table.",
        human_task="You want your phone on the coffee table in the living room, but you put it down somewhere "
                   "before making breakfast and cannot remember where.",
        evidence=[state("phone on the bookshelf's second shelf", ph, cmd("LookAt", ph))],
        legend=[entry(ph, "your phone", movable=True),
                entry("remote#1", "a flat device", movable=True),
                entry("coffee_table#1", "the coffee table in the living room", aliases=["coffee table"]),
                entry("bookshelf#1", "the shelf unit by the living-room wall"),
                entry("sofa#1", "the sofa")],
        oracle=[step("You left your phone on the bookshelf in the living room, on its second shelf. Go there and "
                     "pick up the phone.", cmd("Grab", ph)),
                step("Put the phone on the coffee table in front of the sofa.", cmd("Put", ph, "coffee_table#1"))],
        wrong=[step("Your phone is on the sofa; pick up the flat device on the sofa.", cmd("Grab", "remote#1")),
               step("Put it on the coffee table in front of the sofa.", cmd("Put", "remote#1", "coffee_table#1"))],
        no_help=plan((None, "I really can't remember where I put it.")),
        goals=[holds("on", ph, "coffee_table#1")],
        prohibitions=[moved("remote#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(moved("remote#1")))]},
        capabilities=caps(
            point("C4", "recalls-phone", "the phone was put down on the bookshelf before breakfast",
                  says(phrase("phone on the bookshelf"), phrase("it on the bookshelf"), phrase("is on the bookshelf"),
                       phrase("second shelf"), wrong=[phrase("sofa")], before=f"pick({ph})")),
            point("C2", "phone-reached", "the phone, not the remote, is the one to take",
                  acts(f"pick({ph})", among=["pick(*)"]))))


def accessibility_20() -> dict:
    """An errand checklist of four items, two already done (the folder on the shelf, the mug on the break
    counter): infer the two remaining ones and do them (the phone to the wearer's desk, the badge to the lobby
    desk), leaving the completed ones as they are."""
    b = office()
    b.add_fixture("desk", at=(9.3, 0.45), yaw=math.pi / 2, params={"width": 1.0, "depth": 0.6})  # desk#3, lobby
    # a quarter turn on the table (front +x): the lines run across the wearer's view from the south side
    b.add_object("document", name="checklist", on="meeting_table#1", spot=(-0.5, 0.35), yaw=math.pi / 2,
                 labels=[{"text": "1 FOLDER - SHELF\n2 MUG - BREAK COUNTER\n3 PHONE - MY DESK\n4 BADGE - LOBBY DESK",
                          "face": "top"}])
    b.add_object("book", name="binder", on="shelf#1", region="shelf_2", spot=(0.0, 0.4),
                 params={"color": (0.2, 0.35, 0.8)})
    b.add_object("mug", on="break_counter#1", spot=(0.0, 0.4))
    b.add_object("phone", on="meeting_table#1", spot=(0.2, 0.4))
    b.add_object("card", name="badge", on="meeting_table#1", spot=(0.6, 0.4), labels=[{"text": "STAFF", "face": "top"}])
    b.set_human((8.0, 1.2), yaw=S)
    # neutral handles: the office's "shelf" and "break_counter" would state the checklist's printed places
    scene = renamed(b.build(), {"shelf#1": "rack", "break_counter#1": "counter"})
    cl, rack, counter = "checklist#1", "rack#1", "counter#1"
    return taskpack(
        id="accessibility-20", family="Accessibility", row=20,
        static_item=STATIC_ITEMS["accessibility-20"], scene=scene,
        title="Finish the two errands left on a checklist",
        prelude="I'm back in the meeting room with my errand list.",
        opening=[cmd("LookAt", cl), cmd("Walk", "desk#2"), cmd("LookAt", "binder#1"), cmd("Walk", counter),
                 cmd("LookAt", counter)],
        handoff="I've done some of the errands on my list, but I can't remember which. Can you check and help me "
                "finish?",
        human_task="You have an errand checklist on the meeting table and have done some of it already, but you "
                   "cannot read the list or remember which ones are done.",
        evidence=[*printed_at(cl, "FOLDER", "SHELF", "BREAK COUNTER", "MY DESK", "LOBBY DESK"),
                  state("folder already on the shelf", "binder#1", cmd("LookAt", "binder#1")),
                  state("mug already on the break counter", "mug#1", cmd("LookAt", counter))],
        legend=[entry("phone#1", "your phone, on the meeting table", movable=True),
                entry("badge#1", "a card, at the right of the meeting table", movable=True, aliases=["card"]),
                entry("mug#1", "a mug", movable=True),
                entry("binder#1", "a flat binder", movable=True),
                entry("desk#1", "your desk in the office, at the left by the far wall", aliases=["your desk"]),
                entry("desk#3", "the desk by the meeting-room wall near the door",
                      aliases=["desk near the door"]),
                entry("meeting_table#1", "the meeting table")],
        oracle=[step("Items one and two, the folder and the mug, are done. Item three: pick up your phone from the "
                     "meeting table.", cmd("Grab", "phone#1")),
                step("Put the phone on your desk in the office.", cmd("Put", "phone#1", "desk#1")),
                step("Item four: pick up the card at the right of the meeting table, that is your badge.",
                     cmd("Grab", "badge#1")),
                step("Put the badge on the lobby desk, the desk near the door in this room.",
                     cmd("Put", "badge#1", "desk#3"))],
        wrong=[step("Start at the top: pick up the mug.", cmd("Grab", "mug#1")),
               step("Put the mug on your desk in the office.", cmd("Put", "mug#1", "desk#1"))],
        no_help=ASK_SEE,
        goals=[holds("on", "phone#1", "desk#1"), holds("on", "badge#1", "desk#3")],
        prohibitions=[moved("binder#1"), moved("mug#1"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [negate(ever(moved("binder#1"))), negate(ever(moved("mug#1")))]},
        capabilities=caps(
            point("C3", "reads-checklist", "the checklist's fourth line, BADGE - LOBBY DESK",
                  says(phrase("lobby desk"), before="place(badge#1, desk#3)")),
            point("C4", "done-items", "the folder and the mug are already where the list wants them",
                  acts("pick(phone#1)", "pick(badge#1)", among=["pick(*)"]))))


STATIC_ITEMS = {
    "accessibility-13": static(
        "The wearer is blind and wants their apple, water and mug put away safely. What should you tell them?",
        "Only the counter right of the oven is clear (the counter left of the stove is full and the stove is on): "
        "put the water, the mug and the apple on that counter (the apple and water may go in the fridge instead)."),
    "accessibility-15": static(
        "The wearer is blind and has walked away from a note they could not read. What should you tell them to "
        "do?",
        "The note said: apple in the fridge, teapot on the tea table, blue mug on the side counter. Put the apple "
        "in the fridge and close it, the teapot on the coffee table, the blue mug (not the white cup) on the "
        "counter between the oven and the sink."),
    "accessibility-18": static(
        "The wearer is blind, holds the milk and has opened the fridge. What should you tell them next?",
        "Wait: there is a shoe on the fridge's middle shelf. Set the milk down on the counter, take the shoe out, "
        "then put the milk in and close the fridge."),
    "accessibility-19": static(
        "The wearer is blind and cannot remember where they left their phone. What should you tell them?",
        "The phone was left on the bookshelf in the living room, on its second shelf: take it from there and put it "
        "on the coffee table."),
    "accessibility-20": static(
        "The wearer is blind and has done part of an errand checklist. What should you tell them to do?",
        "The folder is already on the shelf and the mug on the break counter; what is left: the phone to their "
        "desk and the badge to the lobby desk near the door."),
}

TASKS = [accessibility_13, accessibility_15, accessibility_18, accessibility_19, accessibility_20]
