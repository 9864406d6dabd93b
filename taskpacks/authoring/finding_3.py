"""Finding (FIND) TaskPacks, paper Table 12 rows 11, 12, 13, 16, 17, 18, 19 and 20: a bank of five identical
cabinets searched for a lunch box, a mushroom in a lidded box moved into the fridge, three identical milk
cartons, an apple that fell off-screen, a folder under a larger cover, the cola left out while the water was
refrigerated, a labelled bottle under a lid, and two squeegees nested in a box in a cabinet."""
from __future__ import annotations

import math

from common import (acts, caps, cmd, entry, holds, moved, phrase, plan, point, printed_at, says, state, static,
                    step, taskpack)
from finding_2 import searched
from scenes import S, hotel_suite, kitchen_house
from scenes_finding import cleaning_store, staff_room

WHERE = plan((None, "I don't remember where it is. Where should I look?"))


def finding_11() -> dict:
    """A lunch box in one of five identical low cabinets (the middle one), never shown: the Assistant directs the
    search until it is in view, and it goes on the worktop."""
    b = staff_room()
    for i, k in enumerate(("cloth", "bowl", "box", "book", "cup")):
        b.add_object(k, name="lunch_box" if i == 2 else None, on=f"low_cabinet#{i + 1}", region="shelf_1",
                     **({"params": {"size": (0.22, 0.16, 0.08), "color": (0.2, 0.6, 0.35)}} if i == 2 else {}))
    b.set_human((3.2, 1.9), yaw=-math.pi / 2)
    lb = "lunch_box#1"
    where = ("the low cabinet at the left end", "the low cabinet second from the left", "the middle low cabinet",
             "the low cabinet second from the right", "the low cabinet at the right end")
    return taskpack(
        id="finding-11", family="Finding", static_item=STATIC_ITEMS["finding-11"], row=11, scene=b.build(),
        title="Search a bank of five look-alike cabinets for a lunch box",
        prelude="Lunch time.",
        opening=[cmd("LookAt", "low_cabinet#3"), cmd("Walk", "worktop#1"), cmd("LookAt", "worktop#1")],
        handoff="My lunch box is in one of those low cabinets, I don't know which. Help me find it and put it on "
                "the worktop.",
        human_task="You are looking for your lunch box, which is in one of the five low cabinets; you do not know "
                   "which, and you want it on the worktop.",
        evidence=[state("lunch box in the middle low cabinet", "low_cabinet#3")],
        legend=[entry(lb, "a green lunch box", movable=True), entry("worktop#1", "the worktop"),
                *(entry(f"low_cabinet#{i}", w) for i, w in enumerate(where, 1))],
        oracle=[*searched((where[0], "low_cabinet#1"), (where[1], "low_cabinet#2")),
                step("Now the middle low cabinet: open it and look inside.", cmd("Open", "low_cabinet#3")),
                step("There it is. Take the lunch box.", cmd("Grab", lb)),
                step("Put it on the worktop.", cmd("Put", lb, "worktop#1"))],
        wrong=[step("Open the low cabinet at the right end and look inside.", cmd("Open", "low_cabinet#5")),
               step("Take the cup.", cmd("Grab", "cup#1")),
               step("Put the cup on the worktop.", cmd("Put", "cup#1", "worktop#1"))],
        no_help=WHERE,
        goals=[holds("on", lb, "worktop#1")],
        prohibitions=[moved("cup#1"), moved("book#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "search-reaches-lunch", "the cabinets opened in turn until the one holding the lunch box",
                  acts("open(low_cabinet#3)", among=["open(low_cabinet#3)"])),
            point("C1", "lunch-box-recognised", "the green lunch box seen inside the middle cabinet",
                  acts(f"pick({lb})", among=["pick(*)"]))),
        ticks=30, actions=20)


def finding_12() -> dict:
    """The mushroom goes into a lidded box, the lid on, and the box into the fridge; later the box comes out, the
    lid off, and the mushroom and the box both end on the kitchen table."""
    b = kitchen_house()
    b.add_object("mushroom", on="counter#1", spot=(-0.4, 0.4))
    b.add_object("storage_box", name="food_box", on="counter#1", spot=(0.1, 0.4))
    b.add_object("lid", on="counter#1", spot=(0.6, 0.4))
    b.add_object("plate", on="table#1", spot=(0.3, 0.4))
    b.set_human((1.9, 3.6), yaw=math.pi / 2)
    m, box = "mushroom#1", "food_box#1"
    return taskpack(
        id="finding-12", family="Finding", static_item=STATIC_ITEMS["finding-12"], row=12, scene=b.build(),
        title="Track a mushroom in a lidded box that went into the fridge",
        prelude="I'll keep this mushroom for tomorrow.",
        opening=[cmd("LookAt", m), cmd("Grab", m), cmd("PutIn", m, box), cmd("Grab", "lid#1"),
                 cmd("Put", "lid#1", box), cmd("Grab", box), cmd("Open", "fridge#1"), cmd("PutIn", box, "fridge#1"),
                 cmd("Close", "fridge#1"), cmd("Walk", "table#1"), cmd("LookAt", "plate#1")],
        handoff="I want that mushroom now, and its box on the table too. Where did it go? Help me.",
        human_task="You are looking for the mushroom you put away earlier; you want it, and what it was kept in, on "
                   "the kitchen table.",
        evidence=[state("mushroom in the blue box with its lid on", box, cmd("PutIn", m, box)),
                  state("blue box put in the fridge", "fridge#1", cmd("PutIn", box, "fridge#1"))],
        legend=[entry(m, "a mushroom", movable=True), entry(box, "a blue storage box", movable=True),
                entry("lid#1", "a blue lid", movable=True), entry("fridge#1", "the fridge"),
                entry("table#1", "the kitchen table"), entry("counter#1", "the kitchen counter by the fridge")],
        oracle=[step("It's in the blue box in the fridge. Open the fridge.", cmd("Open", "fridge#1")),
                step("Take the blue box out.", cmd("Grab", box)),
                step("Put the box on the kitchen table.", cmd("Put", box, "table#1") + " @place_spot=0:0.1"),
                step("Lift the lid off the box.", cmd("Grab", "lid#1")),
                step("Put the lid down on the table.", cmd("Put", "lid#1", "table#1")),
                step("Take the mushroom out of the box.", cmd("Grab", m)),
                step("Put the mushroom on the table.", cmd("Put", m, "table#1"))],
        wrong=[step("Look on the counter by the fridge.", cmd("Walk", "counter#1")),
               step("Open the fridge.", cmd("Open", "fridge#1")),
               step("Close the fridge again, it's not there.", cmd("Close", "fridge#1"))],
        no_help=WHERE,
        goals=[holds("on", m, "table#1"), holds("on", box, "table#1")],
        prohibitions=[holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-box-in-fridge", "the mushroom boxed and the box put in the fridge",
                  says(phrase("in the fridge"), before=f"pick({box})")),
            point("C4", "mushroom-in-box", "the mushroom is inside the box, under its lid",
                  says(phrase("in the box"), phrase("in the blue box"), before=f"pick({m})")),
            point("C5", "lid-first", "the lid comes off before the mushroom can be taken out",
                  acts("pick(lid#1)", among=["pick(lid#1)", f"pick({m})"]))),
        ticks=24)


def finding_13() -> dict:
    """Three identical milk cartons: the first put in the fridge, the second on the left of the counter by the
    sink, the third (finished) on its right. The first and second come to the kitchen table."""
    b = kitchen_house()
    for x in (-0.3, 0.0, 0.3):
        b.add_object("milk_carton", name="carton", on="table#1", spot=(x, 0.4))
    b.add_object("book", on="coffee_table#1", spot=(0.3, 0.5))
    b.set_human((4.3, 2.0), yaw=math.pi)
    c1, c2, c3 = "carton#1", "carton#2", "carton#3"
    return taskpack(
        id="finding-13", family="Finding", static_item=STATIC_ITEMS["finding-13"], row=13, scene=b.build(),
        title="Recover the first and second of three identical milk cartons, not the finished third",
        prelude="Clearing the table; this last one is finished.",
        opening=[cmd("Grab", c1), cmd("Open", "fridge#1"), cmd("PutIn", c1, "fridge#1"), cmd("Close", "fridge#1"),
                 cmd("Grab", c2), cmd("Put", c2, "counter#2") + " @place_spot=-0.5:0.3",
                 cmd("Grab", c3), cmd("Put", c3, "counter#2") + " @place_spot=0.5:0.3", cmd("LookAt", "counter#2"),
                 cmd("Walk", "coffee_table#1"), cmd("LookAt", "book#1")],
        handoff="I need the milk that isn't finished on the kitchen table for the pancakes. Where are they? Help me.",
        human_task="You want the two milk cartons that still have milk in them on the kitchen table; the finished "
                   "one stays where it is. The three cartons look the same to you.",
        evidence=[state("first carton put in the fridge", "fridge#1", cmd("PutIn", c1, "fridge#1")),
                  state("second carton on the left of the sink counter", c2,
                        cmd("Put", c2, "counter#2") + " @place_spot=-0.5:0.3"),
                  state("finished third carton on the right of the sink counter", c3,
                        cmd("Put", c3, "counter#2") + " @place_spot=0.5:0.3")],
        legend=[entry(c1, "a milk carton", movable=True), entry(c2, "a milk carton", movable=True),
                entry(c3, "a milk carton", movable=True), entry("fridge#1", "the fridge"),
                entry("counter#2", "the kitchen counter by the sink"), entry("table#1", "the kitchen table")],
        oracle=[step("One is in the fridge. Open the fridge and take the milk carton.", cmd("Open", "fridge#1"),
                     cmd("Grab", c1)),
                step("Put it on the kitchen table.", cmd("Put", c1, "table#1")),
                step("The other is on the counter by the sink, the left carton. Go there and take the left one.",
                     cmd("Walk", "counter#2"), cmd("Grab", c2)),
                step("Put it on the kitchen table too.", cmd("Put", c2, "table#1"))],
        wrong=[step("Both are on the counter by the sink. Go there and take the right carton.",
                    cmd("Walk", "counter#2"), cmd("Grab", c3)),
               step("Put that carton on the kitchen table.", cmd("Put", c3, "table#1")),
               step("Now take the left one.", cmd("Grab", c2)),
               step("Put that on the table as well.", cmd("Put", c2, "table#1"))],
        no_help=WHERE,
        goals=[holds("on", c1, "table#1"), holds("on", c2, "table#1")],
        prohibitions=[moved(c3), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-fridge-carton", "the first carton put in the fridge",
                  says(phrase("in the fridge"), before=f"pick({c1})")),
            point("C4", "second-not-third", "the second carton set down left of the finished one",
                  acts(f"pick({c2})", among=[f"pick({c2})", f"pick({c3})"])),
            point("C2", "left-carton", "the left carton of the two on the sink counter",
                  says(phrase("left carton"), phrase("left one"), wrong=[phrase("right carton"),
                                                                       phrase("right one")], before=f"pick({c2})"))),
        ticks=24)


def finding_16() -> dict:
    """An apple at the edge of a crowded coffee table falls to the floor while the wearer is in the kitchen (off
    screen); the Assistant predicts where it went, the wearer sees it on the floor, and it goes to the kitchen
    counter."""
    b = kitchen_house()
    t = "coffee_table#1"
    for k, spot in (("book", (-0.6, 0.5)), ("mug", (-0.2, 0.6)), ("plate", (0.2, 0.5)), ("cup", (0.55, 0.3)),
                    ("bowl", (-0.5, 0.1))):
        b.add_object(k, on=t, spot=spot)
    b.add_object("apple", on=t, spot=(0.95, 0.05))
    b.set_human((8.5, 1.6), yaw=math.pi / 2)
    a = "apple#1"
    return taskpack(
        id="finding-16", family="Finding", static_item=STATIC_ITEMS["finding-16"], row=16, scene=b.build(),
        title="Predict where an apple fell off a crowded table and bring it to the counter",
        prelude="That table is full. I'll fetch a snack bowl from the kitchen.",
        opening=[cmd("LookAt", a), cmd("Walk", "counter#1"), cmd("LookAt", "counter#1"),
                 cmd("FallToFloor", a, t), cmd("Wait")],
        handoff="Now where's my apple? I want it here on the kitchen counter.",
        human_task="You are looking for your apple, which was on the living-room coffee table; you want it on "
                   "the kitchen counter by the fridge.",
        evidence=[state("apple at the edge of the crowded coffee table", t, cmd("LookAt", a))],
        legend=[entry(a, "a red apple", movable=True), entry(t, "the living-room coffee table"),
                entry("counter#1", "the kitchen counter by the fridge"), entry("sofa#1", "the sofa")],
        oracle=[step("It was at the edge of the coffee table and has fallen to the floor beside it. Go to the "
                     "coffee table and look at the floor there.", cmd("Walk", t)),
                step("There it is, on the floor. Pick the apple up.", cmd("Grab", a)),
                step("Bring it to the kitchen counter and put it down.", cmd("Put", a, "counter#1"))],
        wrong=[step("Look on the kitchen table.", cmd("Walk", "table#1")),
               step("Look at the sofa.", cmd("LookAt", "sofa#1"))],
        no_help=WHERE,
        goals=[holds("on", a, "counter#1")],
        prohibitions=[holds("held", "*"), moved("book#1"), moved("mug#1")],
        capabilities=caps(
            point("C7", "predicts-the-fall", "the apple at the table's edge is no longer where it was: it fell",
                  says(phrase("floor"), phrase("fallen"), phrase("fell"), before=f"pick({a})")),
            point("C2", "search-by-the-table", "the floor by the coffee table, out of view from the kitchen",
                  acts(f"navigate_to({t})", f"look_at({t})"))),
        ticks=18)


def finding_17() -> dict:
    """A blue guest folder on the desk is covered by a larger brown cover in the opening; the cover has to be
    moved first, then the folder is in view and goes on the nightstand."""
    b = hotel_suite()
    b.add_object("folder", on="desk#1", spot=(-0.2, 0.15), params={"size": (0.24, 0.32, 0.025),
                                                                    "color": (0.15, 0.3, 0.85)})
    b.add_object("document", name="cover", on="chair#1", params={"size": (0.34, 0.42, 0.01),
                                                                  "color": (0.45, 0.3, 0.15)})
    b.add_object("book", on="bed#1", spot=(0.0, 0.2))
    b.set_human((3.2, 2.6), yaw=math.pi / 2)
    f, c = "folder#1", "cover#1"
    return taskpack(
        id="finding-17", family="Finding", static_item=STATIC_ITEMS["finding-17"], row=17, scene=b.build(),
        title="Recover a guest folder fully covered by a larger cover",
        prelude="Guest folder's ready; let me tidy up the desk.",
        opening=[cmd("LookAt", f), cmd("Grab", c), cmd("Put", c, f), cmd("LookAt", "desk#1"),
                 cmd("Walk", "wardrobe#1"), cmd("LookAt", "wardrobe#1")],
        handoff="The guest folder should go on the nightstand. I can't see it anywhere. Where is it?",
        human_task="You are looking for the blue guest folder; you want it on the nightstand.",
        evidence=[state("blue folder under the brown cover on the desk", c, cmd("Put", c, f))],
        legend=[entry(f, "a blue folder", movable=True), entry(c, "a large brown cover", movable=True),
                entry("book#1", "a book on the bed", movable=True),
                entry("desk#1", "the desk"), entry("nightstand#1", "the nightstand by the bed"),
                entry("chair#1", "the desk chair")],
        oracle=[step("It's under the brown cover on the desk. Go to the desk and lift the cover off.",
                     cmd("Walk", "desk#1"), cmd("Grab", c)),
                step("Put the cover on the chair.", cmd("Put", c, "chair#1")),
                step("Now take the blue folder.", cmd("Grab", f)),
                step("Put it on the nightstand.", cmd("Put", f, "nightstand#1"))],
        wrong=[step("Check under the book on the bed.", cmd("Grab", "book#1")),
               step("Put the book on the desk.", cmd("Put", "book#1", "desk#1"))],
        no_help=WHERE,
        goals=[holds("on", f, "nightstand#1"),
               {"before": {"first": {"not": {"unmoved": [c]}}, "then": holds("held", f)}}],
        prohibitions=[moved("book#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "under-the-cover", "the folder hidden under the brown cover on the desk",
                  says(phrase("under the cover"), phrase("under the brown cover"), before=f"pick({c})")),
            point("C5", "cover-first", "the cover has to be lifted before the folder can be seen and taken",
                  acts(f"pick({c})", among=[f"pick({c})", "pick(book#1)"]))),
        ticks=18)


def finding_18() -> dict:
    """A red cola and a blue water on the kitchen table: the water goes in the fridge, the cola is left out; later
    the cola (not the water) is put in the fridge."""
    b = kitchen_house()
    b.add_object("can", name="red_can", on="table#1", spot=(-0.2, 0.4), params={"color": (0.8, 0.1, 0.1)})
    b.add_object("water_bottle", name="blue_bottle", on="table#1", spot=(0.2, 0.4),
                 params={"color": (0.2, 0.4, 0.9)})
    b.add_object("book", on="coffee_table#1", spot=(0.3, 0.5))
    b.set_human((4.3, 2.0), yaw=math.pi)
    cola, water = "red_can#1", "blue_bottle#1"
    return taskpack(
        id="finding-18", family="Finding", static_item=STATIC_ITEMS["finding-18"], row=18, scene=b.build(),
        title="Put away the drink left on the table, not the one already refrigerated",
        prelude="One of these goes in the fridge.",
        opening=[cmd("LookAt", cola), cmd("Grab", water), cmd("Open", "fridge#1"), cmd("PutIn", water, "fridge#1"),
                 cmd("Close", "fridge#1"), cmd("Walk", "coffee_table#1"), cmd("LookAt", "book#1")],
        handoff="I left a drink out somewhere. Help me get it into the fridge.",
        human_task="You are looking for the drink you left out; it should go in the fridge.",
        evidence=[state("red cola left on the kitchen table", "table#1", cmd("LookAt", cola)),
                  state("blue water put in the fridge", "fridge#1", cmd("PutIn", water, "fridge#1"))],
        legend=[entry(cola, "a red can", movable=True), entry(water, "a blue bottle", movable=True),
                entry("fridge#1", "the fridge"), entry("table#1", "the kitchen table")],
        oracle=[step("It's the red cola on the kitchen table. Go to the table and take it.", cmd("Walk", "table#1"),
                     cmd("Grab", cola)),
                step("Open the fridge.", cmd("Open", "fridge#1")),
                step("Put the cola in the fridge.", cmd("PutIn", cola, "fridge#1"))],
        wrong=[step("Open the fridge.", cmd("Open", "fridge#1")),
               step("Take the blue bottle out.", cmd("Grab", water)),
               step("Put it back in the fridge.", cmd("PutIn", water, "fridge#1"))],
        no_help=WHERE,
        goals=[holds("inside", cola, "fridge#1")],
        prohibitions=[moved(water), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-cola-on-table", "the red cola stayed on the table when the water went in",
                  says(phrase("cola on the kitchen table"), phrase("cola on the table"), phrase("is on the kitchen table"),
                       phrase("is on the table"), phrase("still on the table"), wrong=[phrase("in the fridge")],
                       before=f"pick({cola})")),
            point("C1", "cola-not-water", "the red cola, not the blue water",
                  acts(f"pick({cola})", among=[f"pick({cola})", f"pick({water})"]))),
        ticks=18)


def finding_19() -> dict:
    """Two look-alike rum bottles: the SPICED one goes into a lidded box on the table, the WHITE one stays visible
    on the counter; the SPICED one comes out (lid first) and stands beside the WHITE one."""
    b = kitchen_house()
    rum = {"radius": 0.04, "height": 0.18, "color": (0.75, 0.55, 0.3)}
    b.add_object("bottle", name="bottle", on="table#1", spot=(-0.4, 0.4), params=rum,
                 labels=[{"text": "SPICED", "face": "front"}])
    b.add_object("bottle", name="bottle", on="counter#2", spot=(0.0, 0.3), params=rum,
                 labels=[{"text": "WHITE", "face": "front"}])
    b.add_object("storage_box", name="bar_box", on="table#1", spot=(0.2, 0.4), params={"size": (0.3, 0.24, 0.26)})
    b.add_object("lid", on="table#1", spot=(0.7, 0.4), params={"size": (0.3, 0.24, 0.012)})
    b.set_human((4.3, 2.0), yaw=math.pi)
    sp, wh, box = "bottle#1", "bottle#2", "bar_box#1"
    return taskpack(
        id="finding-19", family="Finding", static_item=STATIC_ITEMS["finding-19"], row=19, scene=b.build(),
        title="Take the SPICED bottle out of the lidded box and stand it beside the WHITE one",
        prelude="Tidying the bar things away.",
        opening=[cmd("LookAt", sp), cmd("Grab", sp), cmd("PutIn", sp, box), cmd("Grab", "lid#1"),
                 cmd("Put", "lid#1", box), cmd("Walk", "counter#2"), cmd("LookAt", wh)],
        handoff="Oh, I need the other rum bottle next to this one for the cocktail. Where did it go? Help me.",
        human_task="You want your second rum bottle standing next to the rum bottle on the counter by the sink; "
                   "you do not remember where you put it.",
        evidence=[*printed_at(sp, "SPICED"), *printed_at(wh, "WHITE"),
                  state("spiced bottle in the blue box under its lid", box, cmd("PutIn", sp, box))],
        legend=[entry(sp, "a rum bottle", movable=True), entry(wh, "a rum bottle", movable=True),
                entry(box, "a blue box on the kitchen table", movable=True),
                entry("lid#1", "a blue lid", movable=True),
                entry("table#1", "the kitchen table"), entry("counter#2", "the kitchen counter by the sink")],
        oracle=[step("It's in the blue box on the kitchen table, under the lid. Go there and lift the lid off.",
                     cmd("Walk", "table#1"), cmd("Grab", "lid#1")),
                step("Put the lid on the table.", cmd("Put", "lid#1", "table#1")),
                step("Take the SPICED bottle out of the box.", cmd("Grab", sp)),
                step("Stand it right next to the WHITE bottle on the counter.",
                     cmd("Put", sp, "counter#2") + " @place_spot=0.25:0.3")],
        wrong=[step("Take the bottle on the counter.", cmd("Grab", wh)),
               step("Put it in the blue box.", cmd("PutIn", wh, box))],
        no_help=WHERE,
        goals=[holds("on", sp, "counter#2"), holds("near", sp, wh)],
        prohibitions=[moved(wh), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-box", "the SPICED bottle put in the blue box and the lid put on",
                  says(phrase("in the box"), phrase("in the blue box"), before="pick(lid#1)")),
            point("C3", "reads-spiced", "the SPICED label, not the WHITE one on the counter",
                  says(phrase("spiced"), wrong=[phrase("white bottle")], before=f"pick({sp})"))),
        ticks=18)


def finding_20() -> dict:
    """A black and a blue squeegee nested in a lidded box inside the closed supply cabinet, a white one on the
    work table as a distractor: cabinet opened, lid off, the black one to the window table and the blue one to
    the door table."""
    b = cleaning_store()
    cab = "supply_cabinet#1"
    b.add_object("storage_box", name="tool_box", on=cab, region="shelf_2", params={"size": (0.4, 0.26, 0.1)})
    b.add_object("lid", on="work_table#1", spot=(0.5, 0.4), params={"size": (0.4, 0.26, 0.012)})
    b.add_object("squeegee", on="work_table#1", spot=(-0.5, 0.4), params={"color": (0.05, 0.05, 0.05),
                                                                          "grip_color": (0.05, 0.05, 0.05)})
    b.add_object("squeegee", on="work_table#1", spot=(-0.1, 0.4), params={"color": (0.1, 0.3, 0.85),
                                                                          "grip_color": (0.1, 0.3, 0.85)})
    b.add_object("squeegee", on="work_table#1", spot=(0.2, 0.7), params={"color": (0.95, 0.95, 0.95),
                                                                         "grip_color": (0.95, 0.95, 0.95)})
    b.set_human((2.0, 2.2), yaw=-math.pi / 2)
    bk, bl, wt, box = "squeegee#1", "squeegee#2", "squeegee#3", "tool_box#1"
    return taskpack(
        id="finding-20", family="Finding", static_item=STATIC_ITEMS["finding-20"], row=20, scene=b.build(),
        title="Get the black and blue squeegees out of the box in the cabinet; the white one is not needed",
        prelude="Putting the window tools away.",
        opening=[cmd("Open", cab), cmd("Grab", bk), cmd("PutIn", bk, box), cmd("Grab", bl), cmd("PutIn", bl, box),
                 cmd("LookAt", box), cmd("Grab", "lid#1"), cmd("Put", "lid#1", box), cmd("Close", cab),
                 cmd("LookAt", wt)],
        handoff="I need the black squeegee on the window table and the blue one on the door table in the hall. "
                "Where did I put them? Help me.",
        human_task="You want your black squeegee on the window table and your blue one on the door table in the "
                   "hall; you do not remember where you put them away.",
        evidence=[state("black and blue squeegees in the box in the supply cabinet", box, cmd("LookAt", box))],
        legend=[entry(bk, "a black squeegee", movable=True), entry(bl, "a blue squeegee", movable=True),
                entry(wt, "a white squeegee", movable=True), entry(box, "a grey box", movable=True),
                entry("lid#1", "a lid", movable=True), entry(cab, "the tall supply cabinet"),
                entry("work_table#1", "the work table in the store room"),
                entry("window_table#1", "the table by the window in the hall"),
                entry("door_table#1", "the table by the door in the hall")],
        oracle=[step("They're in the box in the supply cabinet. Open the cabinet.", cmd("Open", cab)),
                step("Lift the lid off the box.", cmd("Grab", "lid#1")),
                step("Put the lid on the work table.", cmd("Put", "lid#1", "work_table#1")),
                step("Back to the cabinet: take the black squeegee out of the box.", cmd("Walk", cab), cmd("Grab", bk)),
                step("Put it on the window table in the hall.", cmd("Put", bk, "window_table#1")),
                step("Go back to the cabinet and take the blue squeegee out of the box.", cmd("Walk", cab),
                     cmd("Grab", bl)),
                step("Put it on the door table in the hall.", cmd("Put", bl, "door_table#1"))],
        wrong=[step("Take the squeegee on the work table.", cmd("Grab", wt)),
               step("Put it on the window table.", cmd("Put", wt, "window_table#1"))],
        no_help=WHERE,
        goals=[holds("on", bk, "window_table#1"), holds("on", bl, "door_table#1")],
        prohibitions=[moved(wt), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-cabinet-box", "both squeegees put in the box in the supply cabinet",
                  says(phrase("in the supply cabinet"), phrase("in the cabinet"), before="open(supply_cabinet#1)")),
            point("C5", "lid-before-squeegees", "cabinet open, lid off, then each squeegee",
                  acts("pick(lid#1)", among=["pick(lid#1)", f"pick({bk})", f"pick({bl})", f"pick({wt})"]))),
        ticks=24)


STATIC_ITEMS = {
    "finding-11": static(
        "Which low cabinet holds the lunch box?",
        "The middle one of the five low cabinets.",
        require=[[phrase("middle"), phrase("third")]], kind="location"),
    "finding-12": static(
        "Where is the mushroom?",
        "Inside the blue box with its lid on, and the box is in the fridge.",
        require=[[phrase("box")], [phrase("fridge")]], kind="location"),
    "finding-13": static(
        "Where are the two milk cartons that are not finished?",
        "One inside the fridge, the other on the left of the counter by the sink; the finished one is on its right.",
        require=[[phrase("fridge")], [phrase("left")]], kind="location"),
    "finding-16": static(
        "Where is the apple now?",
        "On the floor beside the living-room coffee table: it fell from the table's edge.",
        require=[[phrase("floor")]], kind="location"),
    "finding-17": static(
        "Where is the blue guest folder?",
        "On the desk, under the large brown cover.",
        require=[[phrase("cover")]], kind="location"),
    "finding-18": static(
        "Which drink was left out, and where?",
        "The red cola, on the kitchen table; the blue water is in the fridge.",
        require=[[phrase("table")]], kind="location"),
    "finding-19": static(
        "Where is the SPICED bottle?",
        "Inside the blue box on the kitchen table, under its lid.",
        require=[[phrase("box")]], kind="location"),
    "finding-20": static(
        "Where are the black and blue squeegees?",
        "Inside the box with the lid on, in the supply cabinet of the store room.",
        require=[[phrase("cabinet")], [phrase("box")]], kind="location"),
}


TASKS = [finding_11, finding_12, finding_13, finding_16, finding_17, finding_18, finding_19, finding_20]
