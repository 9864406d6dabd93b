"""Finding (FIND) TaskPacks, paper Table 12 rows 1, 2, 4, 5, 6 and 7: cold units told apart by their signs or
their contents, a search of six identical cabinets over three rooms, the eraser that touched the loose sheet, two
identical bottles left in two places, the sauce that stayed behind. Each opening shows what the Assistant must
remember (rows 4 and 11 show nothing: the search itself is the task) and leaves the view before the handoff."""
from __future__ import annotations

import math

from common import (acts, caps, cmd, count, entry, holds, moved, phrase, plan, point, printed_at, says, state,
                    static, step, taskpack)
from scenes import S, W, kitchen_house, office
from scenes_finding import apartment, cold_kitchen, garden_house

WHERE = plan((None, "I don't remember where it is. Where should I look?"))
WHICH = plan((None, "Which one is it? Tell me where to look."))
SEARCH = "the location is unknown to the Assistant too: a search that opens the right cabinet first passes"


def searched(*places: tuple[str, str]) -> list[dict]:
    """Optional oracle steps of a search (the Assistant does not know the place either): open each cabinet named
    (description, key), look inside, close it again. They run in the oracle control but are not part of the
    shortest legal oracle."""
    return [{**step(f"Open {what} and look inside.", cmd("Open", key), cmd("Close", key)), "optional": SEARCH}
            for what, key in places]


def finding_01() -> dict:
    """Two identical cold units, told apart only by the signs above them (FREEZER right, CHILLER left): the five
    items of a cold delivery go in by kind, the ice cream and the lolly frozen, the milk, yogurt and lettuce
    chilled, both units closed at the end."""
    b = cold_kitchen(signs=("CHILLER\n+4 C", "FREEZER\n-18 C"))
    on = "delivery_counter#1"
    b.add_object("ice_cream", on=on, spot=(-0.8, 0.4), labels=[{"text": "ICE", "face": "front"}])
    b.add_object("lolly", on=on, spot=(-0.4, 0.4))
    b.add_object("milk_carton", name="milk", on=on, spot=(0.0, 0.4))
    b.add_object("yogurt", on=on, spot=(0.4, 0.4))
    b.add_object("lettuce", on=on, spot=(0.8, 0.4))
    b.set_human((2.7, 3.2), yaw=math.pi / 2)
    chill, freeze = "cold_unit#1", "cold_unit#2"
    frozen, chilled = ("ice_cream#1", "lolly#1"), ("milk#1", "yogurt#1", "lettuce#1")
    items = (*frozen, *chilled)

    def put_away(unit: str, keys: tuple[str, ...], where: str) -> list[dict]:
        out = [step(f"Open the cold unit on the {where}.", cmd("Open", unit))]
        for k in keys:
            name = k.split("#")[0].replace("_", " ")
            # back to the counter each time: from the units the delivery is out of sight
            out.append(step(f"Go to the delivery counter and take the {name}.", cmd("Walk", on), cmd("Grab", k)))
            out.append(step(f"Put the {name} in the cold unit on the {where}.", cmd("PutIn", k, unit)))
        out.append(step(f"Close the cold unit on the {where}.", cmd("Close", unit)))
        return out

    return taskpack(
        id="finding-01", family="Finding", static_item=STATIC_ITEMS["finding-01"], row=1, scene=b.build(),
        title="Read the unit signs, then sort a cold delivery into freezer and chiller",
        prelude="The cold delivery is here; let me check the two units first.",
        opening=[cmd("LookAt", "unit_sign#1"), cmd("LookAt", "unit_sign#2"), cmd("Walk", on), cmd("LookAt", on)],
        handoff="Which unit is which? Help me put this delivery away.",
        human_task="You are putting away a cold delivery from the counter: what must stay frozen goes into the "
                   "unit that freezes, the rest into the one that only keeps things cool. The two units look the "
                   "same to you.",
        evidence=[*printed_at("unit_sign#1", "CHILLER"), *printed_at("unit_sign#2", "FREEZER")],
        legend=[entry("ice_cream#1", "a tub of ice cream", movable=True),
                entry("lolly#1", "an ice lolly", movable=True),
                entry("milk#1", "a milk carton", movable=True),
                entry("yogurt#1", "a yogurt pot", movable=True),
                entry("lettuce#1", "a lettuce", movable=True),
                entry(chill, "the left cold unit"), entry(freeze, "the right cold unit"),
                entry("unit_sign#1", "the sign above the left unit"),
                entry("unit_sign#2", "the sign above the right unit"),
                entry(on, "the delivery counter")],
        oracle=[*put_away(freeze, frozen, "right"), *put_away(chill, chilled, "left")],
        wrong=[*put_away(chill, frozen, "left"), *put_away(freeze, chilled, "right")],
        no_help=WHICH,
        goals=[*(holds("inside", k, freeze) for k in frozen), *(holds("inside", k, chill) for k in chilled),
               count("inside", ["*", freeze], eq=2), count("inside", ["*", chill], eq=3)],
        prohibitions=[holds("open", chill), holds("open", freeze), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-freezer-sign", "the FREEZER sign above the right unit, CHILLER above the left",
                  acts(f"open({freeze})", among=["open(*)"])),
            point("C2", "freezer-on-the-right", "the freezer is the right one of the two units",
                  says(phrase("on the right"), wrong=[phrase("on the left")], before=f"open({freeze})")),
            point("C6", "lolly-is-frozen", "an ice lolly must stay frozen",
                  acts(f"place_inside(lolly#1, {freeze})", among=["place_inside(lolly#1, *)"]))),
        ticks=50, actions=len(items) * 3 + 16)


def finding_02() -> dict:
    """Two cold units without signs: the opening looks into both (raw chicken in the left, milk in the right);
    the cheese goes into the dairy unit beside the milk, the meat unit stays closed."""
    b = cold_kitchen()
    b.add_object("chicken", on="cold_unit#1", region="shelf_2")
    b.add_object("milk_carton", name="milk", on="cold_unit#2", region="shelf_2")
    b.add_object("cheese", on="delivery_counter#1", spot=(0.0, 0.4))
    b.add_object("cutting_board", on="prep_table#1", spot=(0.3, 0.5))
    b.set_human((2.7, 3.3), yaw=math.pi / 2)
    dairy, meat = "cold_unit#2", "cold_unit#1"
    return taskpack(
        id="finding-02", family="Finding", static_item=STATIC_ITEMS["finding-02"], row=2, scene=b.build(),
        title="Infer the dairy unit from what is inside, and put the cheese there",
        prelude="Let me see what's in the two cold units.",
        opening=[cmd("Open", meat), cmd("LookAt", "chicken#1"), cmd("Close", meat),
                 cmd("Open", dairy), cmd("LookAt", "milk#1"), cmd("Close", dairy),
                 cmd("Walk", "delivery_counter#1"), cmd("LookAt", "cheese#1")],
        handoff="This cheese goes with the dairy. Which unit is the dairy one? Help me put it away.",
        human_task="You are putting a cheese into the dairy unit; the two cold units look the same and you do not "
                   "remember which one holds the dairy.",
        evidence=[state("milk in the right cold unit", dairy, cmd("LookAt", "milk#1")),
                  state("raw chicken in the left cold unit", meat, cmd("LookAt", "chicken#1"))],
        legend=[entry("cheese#1", "a block of cheese", movable=True),
                entry("milk#1", "a milk carton", movable=True),
                entry("chicken#1", "a pack of raw chicken", movable=True),
                entry(meat, "the left cold unit"), entry(dairy, "the right cold unit"),
                entry("delivery_counter#1", "the delivery counter"), entry("prep_table#1", "the prep table")],
        oracle=[step("Take the cheese.", cmd("Grab", "cheese#1")),
                step("The dairy is in the right unit, with the milk. Open the right unit.", cmd("Open", dairy)),
                step("Put the cheese in it.", cmd("PutIn", "cheese#1", dairy)),
                step("Close the right unit.", cmd("Close", dairy))],
        wrong=[step("Take the cheese.", cmd("Grab", "cheese#1")),
               step("Open the left unit.", cmd("Open", meat)),
               step("Put the cheese in the left unit.", cmd("PutIn", "cheese#1", meat)),
               step("Close the left unit.", cmd("Close", meat))],
        no_help=WHICH,
        goals=[holds("inside", "cheese#1", dairy)],
        prohibitions=[holds("open", dairy), {"ever": holds("open", meat)}, moved("milk#1"), moved("chicken#1"),
                      holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-dairy-unit", "the milk seen in the right unit before both were closed",
                  acts(f"open({dairy})", among=["open(*)"])),
            point("C6", "milk-means-dairy", "milk marks the dairy unit, raw chicken the meat one",
                  says(phrase("with the milk"), wrong=[phrase("with the chicken")], before=f"open({dairy})"))),
        ticks=20)


def finding_04() -> dict:
    """A sponge in one of six identical low cabinets over three rooms (the bathroom's right one), never shown:
    the Assistant directs a search, cabinet by cabinet, until the sponge is in view, and it goes to the kitchen
    counter. The search order is the Assistant's; the cabinets opened before the right one are optional."""
    b = apartment()
    for i, k in enumerate(("cloth", "bowl", "book", "sponge", "box", "cloth")):
        b.add_object(k, on=f"low_cabinet#{i + 1}", region="shelf_1")
    b.set_human((2.4, 2.3), yaw=math.pi / 2)
    sp = "sponge#1"
    oracle = searched(("the left kitchen cabinet", "low_cabinet#1"), ("the right kitchen cabinet", "low_cabinet#2"),
                      ("the left bathroom cabinet, by the sink", "low_cabinet#3"))
    return taskpack(
        id="finding-04", family="Finding", static_item=STATIC_ITEMS["finding-04"], row=4, scene=b.build(),
        title="Search six look-alike cabinets in three rooms for a sponge",
        prelude="I need a sponge for the kitchen.",
        opening=[cmd("LookAround"), cmd("Walk", "counter#1"), cmd("LookAt", "counter#1")],
        handoff="There's a sponge in one of the low cabinets somewhere in the flat. Help me find it and bring it "
                "to the kitchen counter.",
        human_task="You are looking for a sponge that is in one of the low cabinets of the flat; you do not know "
                   "which, and you want it on the kitchen counter.",
        # never shown in the opening: the frames of the search itself carry it
        evidence=[state("sponge in the right bathroom cabinet", "low_cabinet#4")],
        legend=[entry(sp, "a sponge", movable=True), entry("counter#1", "the kitchen counter"),
                *(entry(f"low_cabinet#{i}", f"the {side} low cabinet in the {room}")
                  for i, (side, room) in enumerate([("left", "kitchen"), ("right", "kitchen"), ("left", "bathroom"),
                                                    ("right", "bathroom"), ("left", "utility room"),
                                                    ("right", "utility room")], 1))],
        oracle=[*oracle,
                step("Now the right bathroom cabinet: open it and look inside.", cmd("Open", "low_cabinet#4")),
                step("There it is. Take the sponge.", cmd("Grab", sp)),
                step("Bring it to the kitchen counter and put it there.", cmd("Put", sp, "counter#1"))],
        wrong=[step("Open the right utility-room cabinet and look inside.", cmd("Open", "low_cabinet#6")),
               step("Take the cloth.", cmd("Grab", "cloth#2")),
               step("Put it on the kitchen counter.", cmd("Put", "cloth#2", "counter#1"))],
        no_help=WHERE,
        goals=[holds("on", sp, "counter#1")],
        prohibitions=[moved("cloth#1"), moved("cloth#2"), holds("held", "*")],
        capabilities=caps(
            point("C5", "search-reaches-sponge", "the cabinets opened in turn until the one holding the sponge",
                  acts("open(low_cabinet#4)", among=["open(low_cabinet#4)"])),
            point("C1", "sponge-recognised", "the sponge seen inside the right bathroom cabinet",
                  acts(f"pick({sp})", among=["pick(*)"]))),
        ticks=40, actions=24)


def finding_05() -> dict:
    """Two identical erasers: the left one rubbed the loose sheet, the right one the folder; the one that touched
    the sheet goes into the storage cabinet, the other stays."""
    b = office()
    b.add_object("document", name="sheet", on="desk#2", spot=(-0.5, 0.5), params={"size": (0.21, 0.297, 0.002)})
    b.add_object("folder", on="desk#2", spot=(0.45, 0.5))
    b.add_object("eraser", on="desk#2", spot=(-0.1, 0.2))
    b.add_object("eraser", on="desk#2", spot=(0.1, 0.2))
    b.set_human((4.0, 2.8), yaw=math.pi / 2)
    e1, e2 = "eraser#1", "eraser#2"
    return taskpack(
        id="finding-05", family="Finding", static_item=STATIC_ITEMS["finding-05"], row=5, scene=b.build(),
        title="Put away the eraser that touched the loose sheet, not the one that touched the folder",
        prelude="Let me clean up these pencil marks.",
        # each eraser is set down on its own side of the desk, a hand's width apart
        opening=[cmd("Grab", e1), cmd("Wipe", e1, "sheet#1"), cmd("Put", e1, "desk#2") + " @place_spot=-0.25:0.2",
                 cmd("Grab", e2), cmd("Wipe", e2, "folder#1"), cmd("Put", e2, "desk#2") + " @place_spot=0.25:0.2", cmd("LookAt", "desk#2"), cmd("Walk", "shelf#1"), cmd("LookAt", "shelf#1")],
        handoff="One of those erasers is the one I used on the loose sheet; that one goes in the storage cabinet. "
                "Which one was it? Help me put it away.",
        human_task="You want the eraser you rubbed over the loose sheet put away in the storage cabinet; the two "
                   "erasers look the same and you do not remember which one it was.",
        evidence=[state("left eraser touched the loose sheet", e1, cmd("Wipe", e1, "sheet#1")),
                  state("right eraser touched the blue folder", e2, cmd("Wipe", e2, "folder#1"))],
        legend=[entry(e1, "a white eraser, the left one on the desk", movable=True),
                entry(e2, "a white eraser, the right one on the desk", movable=True),
                entry("sheet#1", "a loose sheet on the desk", movable=True),
                entry("folder#1", "a blue folder on the desk", movable=True),
                entry("desk#2", "the right desk"), entry("storage_locker#1", "the storage cabinet by the door")],
        oracle=[step("It's the left eraser on the right desk. Go to that desk and take the left eraser.",
                     cmd("Walk", "desk#2"), cmd("Grab", e1)),
                step("Open the storage cabinet.", cmd("Open", "storage_locker#1")),
                step("Put the eraser inside.", cmd("PutIn", e1, "storage_locker#1"))],
        wrong=[step("It's the right eraser on the right desk. Take the right eraser.", cmd("Walk", "desk#2"),
                    cmd("Grab", e2)),
               step("Open the storage cabinet.", cmd("Open", "storage_locker#1")),
               step("Put that eraser inside.", cmd("PutIn", e2, "storage_locker#1"))],
        no_help=WHICH,
        goals=[holds("inside", e1, "storage_locker#1")],
        prohibitions=[moved(e2), moved("sheet#1"), moved("folder#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-sheet-eraser", "the eraser that rubbed the loose sheet, put down on the left",
                  acts(f"pick({e1})", among=[f"pick({e1})", f"pick({e2})"])),
            point("C2", "left-eraser", "the sheet's eraser lies left of the folder's",
                  says(phrase("left eraser"), wrong=[phrase("right eraser")], before=f"pick({e1})"))),
        ticks=20)


def finding_06() -> dict:
    """Two identical coconut-milk bottles put down in two places (one on the garden table, one in the fridge);
    both come to the tray on the kitchen table, the fridge opened before its bottle is taken."""
    b = garden_house()
    bottle = {"color": (0.95, 0.95, 0.9)}
    b.add_object("bottle", name="bottle", on="outdoor_table#1", spot=(0.2, 0.4), params=bottle,
                 labels=[{"text": "COCONUT", "face": "front"}])
    b.add_object("bottle", name="bottle", on="counter#1", spot=(0.0, 0.3), params=bottle,
                 labels=[{"text": "COCONUT", "face": "front"}])
    b.add_object("tray", on="table#1", spot=(0.0, 0.4))
    b.add_object("book", on="outdoor_table#1", spot=(-0.3, 0.4))
    b.set_human((3.0, -1.8), yaw=math.pi / 2)
    g, f = "bottle#1", "bottle#2"
    return taskpack(
        id="finding-06", family="Finding", static_item=STATIC_ITEMS["finding-06"], row=6, scene=b.build(),
        title="Recall where each of two identical coconut-milk bottles was left",
        prelude="I'll chill one of these for later.",
        opening=[cmd("LookAt", g), cmd("Walk", "counter#1"), cmd("Grab", f), cmd("Open", "fridge#1"),
                 cmd("PutIn", f, "fridge#1"), cmd("Close", "fridge#1"), cmd("Walk", "table#1"),
                 cmd("LookAt", "tray#1")],
        handoff="I need both coconut-milk bottles on the tray for the curry. Where did I leave them? Help me.",
        human_task="You want both of your coconut-milk bottles on the tray on the kitchen table; you do not "
                   "remember where you left them.",
        evidence=[state("one coconut-milk bottle on the garden table", "outdoor_table#1", cmd("LookAt", g)),
                  state("the other coconut-milk bottle put in the fridge", "fridge#1", cmd("PutIn", f, "fridge#1"))],
        legend=[entry(g, "a white bottle", movable=True), entry(f, "a white bottle", movable=True),
                # the result surface: named like a place, so the wearer can carry a bottle to it from afar
                entry("tray#1", "the tray on the kitchen table"),
                entry("fridge#1", "the fridge"), entry("outdoor_table#1", "the table in the garden"),
                entry("table#1", "the kitchen table"), entry("counter#1", "the kitchen counter by the fridge")],
        oracle=[step("One is on the table in the garden. Go there and look at the table.",
                     cmd("Walk", "outdoor_table#1")),
                step("Take the bottle.", cmd("Grab", g)),
                step("Bring it in and put it on the tray.", cmd("Put", g, "tray#1")),
                step("The other one is in the fridge. Open the fridge and look inside.", cmd("Open", "fridge#1")),
                step("Take the coconut-milk bottle.", cmd("Grab", f)),
                step("Put it on the tray too.", cmd("Put", f, "tray#1"))],
        wrong=[step("Look on the counter by the fridge.", cmd("Walk", "counter#1")),
               step("Take the tray to the garden.", cmd("Grab", "tray#1")),
               step("Put it on the garden table.", cmd("Put", "tray#1", "outdoor_table#1"))],
        no_help=WHERE,
        goals=[holds("on", g, "tray#1"), holds("on", f, "tray#1"),
               {"before": {"first": holds("open", "fridge#1"), "then": holds("held", f)}}],
        prohibitions=[moved("tray#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-fridge", "the second bottle put in the fridge and the door closed",
                  says(phrase("in the fridge"), before=f"pick({f})")),
            point("C4", "recalls-garden", "the first bottle left on the garden table",
                  says(phrase("garden"), before=f"pick({g})")),
            point("C2", "search-garden", "the garden table, out of view from the kitchen",
                  acts("navigate_to(outdoor_table#1)", "look_at(outdoor_table#1)"))),
        ticks=24)


def finding_07() -> dict:
    """Two look-alike sauce bottles on the counter by the sink: the soy sauce is moved to the kitchen table, the
    sesame oil stays; after a long spell in the living room the sesame oil (not the soy) goes into the pantry
    cabinet."""
    b = kitchen_house()
    sauce = {"color": (0.45, 0.28, 0.1)}
    b.add_object("bottle", name="bottle", on="counter#2", spot=(-0.2, 0.3), params=sauce,
                 labels=[{"text": "SESAME\nOIL", "face": "front"}])
    b.add_object("bottle", name="bottle", on="counter#2", spot=(0.2, 0.3), params=sauce,
                 labels=[{"text": "SOY\nSAUCE", "face": "front"}])
    b.add_object("book", on="coffee_table#1", spot=(0.3, 0.5))
    b.add_object("phone", on="sofa#1", spot=(0.3, 0.5))
    b.set_human((4.4, 3.3), yaw=S)
    so, soy = "bottle#1", "bottle#2"
    return taskpack(
        id="finding-07", family="Finding", static_item=STATIC_ITEMS["finding-07"], row=7, scene=b.build(),
        title="Recall where the sesame oil stayed after the other sauce was moved",
        prelude="Stir-fry's done. The soy goes on the table for dinner.",
        opening=[cmd("LookAt", so), cmd("LookAt", soy), cmd("Grab", soy), cmd("Put", soy, "table#1"),
                 cmd("Walk", "coffee_table#1"), cmd("LookAt", "book#1"), cmd("Wait"), cmd("LookAt", "sofa#1"),
                 cmd("Wait")],
        handoff="I forgot to put the oil I cooked with away. Where is it? Help me get it into the pantry cabinet.",
        human_task="You are looking for the bottle of oil you cooked with; it has to go in the pantry cabinet, and "
                   "the other sauce stays where it is.",
        evidence=[*printed_at(so, "SESAME OIL"), *printed_at(soy, "SOY SAUCE"),
                  state("oil bottle stayed on the counter by the sink", "counter#2", cmd("Put", soy, "table#1"))],
        legend=[entry(so, "a brown sauce bottle", movable=True), entry(soy, "a brown sauce bottle", movable=True),
                entry("counter#2", "the kitchen counter by the sink"), entry("table#1", "the kitchen table"),
                entry("pantry_cabinet#1", "the pantry cabinet"), entry("book#1", "a book", movable=True)],
        oracle=[step("It's still on the kitchen counter by the sink. Go there and look.", cmd("Walk", "counter#2")),
                step("Take the bottle on the counter.", cmd("Grab", so)),
                step("Open the pantry cabinet.", cmd("Open", "pantry_cabinet#1")),
                step("Put the sesame oil in it.", cmd("PutIn", so, "pantry_cabinet#1"))],
        wrong=[step("It's on the kitchen table. Go there and look.", cmd("Walk", "table#1")),
               step("Take the bottle on the table.", cmd("Grab", soy)),
               step("Open the pantry cabinet.", cmd("Open", "pantry_cabinet#1")),
               step("Put that bottle in the cabinet.", cmd("PutIn", soy, "pantry_cabinet#1"))],
        no_help=WHERE,
        goals=[holds("inside", so, "pantry_cabinet#1")],
        prohibitions=[moved(soy), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-counter", "the sesame oil left on the counter when the soy sauce was moved",
                  says(phrase("still on the counter"), phrase("still on the kitchen counter"), phrase("on the kitchen counter"),
                       phrase("by the sink"), wrong=[phrase("table")], before=f"pick({so})")),
            point("C3", "sesame-not-soy", "the SESAME OIL label, not the look-alike SOY SAUCE",
                  acts(f"pick({so})", among=[f"pick({so})", f"pick({soy})"]))),
        ticks=24)


STATIC_ITEMS = {
    "finding-01": static(
        "Which of the two cold units is the freezer?",
        "The right one: its sign reads FREEZER -18 C.",
        require=[[phrase("right")]], forbid=[phrase("left")], kind="location"),
    "finding-02": static(
        "Which cold unit holds the dairy?",
        "The right one: it holds the milk.",
        require=[[phrase("right")]], forbid=[phrase("left")], kind="location"),
    "finding-04": static(
        "Where is the sponge?",
        "In the right low cabinet of the bathroom, by the sink.",
        require=[[phrase("bathroom")]], kind="location"),
    "finding-05": static(
        "Which eraser rubbed the loose sheet?",
        "The left eraser on the right desk; the right one rubbed the folder.",
        require=[[phrase("left")]], forbid=[phrase("right eraser")], kind="location"),
    "finding-06": static(
        "Where are the two coconut-milk bottles?",
        "One on the table in the garden, the other inside the fridge.",
        require=[[phrase("garden")], [phrase("fridge")]], kind="location"),
    "finding-07": static(
        "Where is the sesame oil?",
        "Still on the kitchen counter by the sink; the soy sauce was moved to the kitchen table.",
        require=[[phrase("counter")]], forbid=[phrase("on the table")], kind="location"),
}


TASKS = [finding_01, finding_02, finding_04, finding_05, finding_06, finding_07]
