"""Finding (FIND) TaskPacks: episodic object memory and evidence-grounded retrieval. The Human cannot infer
a remembered location or choose a search order, and a movable target's handle is exposed only while it
is visible or held (paper Table 12). Rows 8, 9, 10, 14 and 15. Each opening shows where the target is
and then leaves the view before the handoff."""
from __future__ import annotations

import math

from common import acts, caps, cmd, entry, holds, moved, phrase, plan, point, printed_at, says, state, step, taskpack
from common import static  # the static variant (paper D.3) and its rule values
from scenes import S, kitchen_house, office
from scenes_finding import infirmary

WHERE = plan((None, "I don't remember where it is. Where should I look?"))


def finding_09() -> dict:
    """Recall the mayonnaise left on the counter by the sink beside a look-alike jam jar and return it to the
    fridge; the jam is not substituted."""
    b = kitchen_house()
    # look-alike jars with neutral names: only the printed labels tell them apart
    b.add_object("carton", name="jar", on="counter#2", spot=(-0.2, 0.3), params={"size": (0.09, 0.09, 0.13),
                 "color": (0.96, 0.94, 0.85)}, labels=[{"text": "MAYO", "face": "front"}])
    b.add_object("carton", name="jar", on="counter#2", spot=(0.2, 0.3), params={"size": (0.09, 0.09, 0.13),
                 "color": (0.96, 0.9, 0.85)}, labels=[{"text": "JAM", "face": "front"}])
    b.add_object("cutting_board", on="counter#2", spot=(0.0, 0.7))
    b.add_object("book", on="coffee_table#1", spot=(0.3, 0.5))
    b.set_human((4.4, 3.3), yaw=S)
    m = "jar#1"
    return taskpack(
        id="finding-09", family="Finding", static_item=STATIC_ITEMS["finding-09"], row=9, scene=b.build(),
        title="Return the remembered mayonnaise, not the jam, to the fridge",
        prelude="Sandwiches done; I'm off to read for a bit.",
        opening=[cmd("LookAt", m), cmd("LookAt", "jar#2"), cmd("Walk", "coffee_table#1"),
                 cmd("LookAt", "book#1")],
        handoff="Oh no, I left the mayonnaise out. Where did I leave it? Help me get it back in the fridge.",
        human_task="You are looking for the mayonnaise you left out after making sandwiches; it has to go back in "
                   "the fridge.",
        evidence=[*printed_at(m, "MAYO"), *printed_at("jar#2", "JAM"),
                  state("jars on the counter by the sink", "counter#2", cmd("LookAt", m))],
        legend=[entry(m, "a cream-coloured jar, the left one of a pair", movable=True),
                entry("jar#2", "a cream-coloured jar, the right one of a pair", movable=True),
                entry("fridge#1", "the fridge"), entry("counter#2", "the kitchen counter by the sink"),
                entry("counter#1", "the kitchen counter by the fridge"), entry("table#1", "the kitchen table")],
        oracle=[step("It's on the kitchen counter by the sink. Go there and look at the counter.",
                     cmd("Walk", "counter#2")),
                step("Pick up the jar labelled MAYO, on the left; not the jam.", cmd("Grab", m)),
                step("Open the fridge.", cmd("Open", "fridge#1")),
                step("Put the mayonnaise in the fridge.", cmd("PutIn", m, "fridge#1")),
                step("Close the fridge.", cmd("Close", "fridge#1"))],
        wrong=[step("It's on the kitchen counter by the sink. Go there and look at the counter.",
                    cmd("Walk", "counter#2")),
               step("Pick up the jar on the right.", cmd("Grab", "jar#2")),
               step("Open the fridge.", cmd("Open", "fridge#1")),
               step("Put that jar in the fridge.", cmd("PutIn", "jar#2", "fridge#1")),
               step("Close the fridge.", cmd("Close", "fridge#1"))],
        no_help=WHERE,
        goals=[holds("inside", m, "fridge#1")],
        prohibitions=[moved("jar#2"), holds("open", "fridge#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-counter", "the mayonnaise left on the counter by the sink, out of view at handoff",
                  acts("navigate_to(counter#2)", "look_at(counter#2)")),
            point("C3", "mayo-vs-jam", "the MAYO label, not the look-alike JAM",
                  acts(f"pick({m})", among=[f"pick({m})", "pick(jar#2)"])),
            point("C2", "left-of-jam", "the mayonnaise stands left of the jam",
                  says(phrase("on the left"), wrong=[phrase("on the right")], before=f"pick({m})"))),
        ticks=22)


def finding_10() -> dict:
    """Recall which of two identical bedside cabinets in the school infirmary holds the thermometer (the left one;
    the right one holds a drink) and bring it to the infirmary desk."""
    b = infirmary()
    b.add_object("thermometer", on="bedside_cabinet#1", region="shelf_2")
    b.add_object("can", name="drink_can", on="bedside_cabinet#2", region="shelf_2")
    b.add_object("book", on="infirmary_desk#1", spot=(-0.3, 0.3))
    b.set_human((3.0, 2.6), yaw=math.pi / 2)
    t, desk = "thermometer#1", "infirmary_desk#1"
    return taskpack(
        id="finding-10", family="Finding", static_item=STATIC_ITEMS["finding-10"], row=10, scene=b.build(),
        title="Recall which bedside cabinet holds the thermometer",
        prelude="Let me tidy the bedside cabinets.",
        opening=[cmd("Open", "bedside_cabinet#1"), cmd("LookAt", t), cmd("Close", "bedside_cabinet#1"),
                 cmd("Open", "bedside_cabinet#2"), cmd("LookAt", "drink_can#1"), cmd("Close", "bedside_cabinet#2"),
                 cmd("Walk", desk), cmd("LookAt", "book#1")],
        handoff="This pupil has a fever. Which cabinet was the thermometer in? Help me bring it to the desk.",
        human_task="A pupil has a fever and you are looking for the thermometer, which you saw in one of the two "
                   "bedside cabinets; you want it on the infirmary desk.",
        evidence=[state("thermometer in the left bedside cabinet", "bedside_cabinet#1", cmd("LookAt", t)),
                  state("drink can in the right bedside cabinet", "bedside_cabinet#2",
                        cmd("LookAt", "drink_can#1"))],
        legend=[entry(t, "a white thermometer with a red end", movable=True),
                entry("drink_can#1", "a drink can", movable=True),
                entry("bedside_cabinet#1", "the bedside cabinet by the left bed"),
                entry("bedside_cabinet#2", "the bedside cabinet by the right bed"),
                entry(desk, "the infirmary desk")],
        oracle=[step("It's in the cabinet by the left bed. Open that one and look inside.",
                     cmd("Open", "bedside_cabinet#1")),
                step("Take the thermometer out.", cmd("Grab", t)),
                step("Close the cabinet.", cmd("Close", "bedside_cabinet#1")),
                step("Put the thermometer on the infirmary desk.", cmd("Put", t, desk))],
        wrong=[step("It's in the cabinet by the right bed. Open that one and look inside.",
                    cmd("Open", "bedside_cabinet#2"), cmd("LookAt", "bedside_cabinet#2")),
               step("Take the can out.", cmd("Grab", "drink_can#1")),
               step("Close that cabinet.", cmd("Close", "bedside_cabinet#2")),
               step("Put it on the desk.", cmd("Put", "drink_can#1", desk))],
        no_help=WHERE,
        goals=[holds("on", t, desk)],
        prohibitions=[moved("drink_can#1"), holds("open", "bedside_cabinet#1"), holds("open", "bedside_cabinet#2"),
                      holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-left-cabinet", "the thermometer seen in the left cabinet before both were closed",
                  acts("open(bedside_cabinet#1)", among=["open(*)"])),
            point("C2", "which-cabinet", "the cabinet by the left bed of the two identical ones",
                  says(phrase("left bed"), phrase("left cabinet"), phrase("left one"),
                       wrong=[phrase("right bed"), phrase("right cabinet"), phrase("right one")],
                       before="open(bedside_cabinet#1)"))),
        ticks=20)


def finding_14() -> dict:
    """The wearer searches the living-room sideboard for the wallet that was seen in the kitchen pantry cabinet
    earlier; the Assistant sends them to the right room and cabinet."""
    b = kitchen_house()
    b.add_object("wallet", on="pantry_cabinet#1", region="shelf_2")
    b.add_object("box", name="tea_box", on="pantry_cabinet#1", region="shelf_1", labels=[{"text": "TEA", "face": "front"}])
    b.add_object("phone", on="sideboard#1", region="shelf_2")
    b.add_object("book", on="sideboard#1", region="shelf_1")
    b.add_object("mug", on="side_table#1", spot=(0.3, 0.4))
    b.set_human((1.6, 1.4), yaw=math.pi)
    scene = b.build()
    w = "wallet#1"
    return taskpack(
        id="finding-14", family="Finding", static_item=STATIC_ITEMS["finding-14"], row=14, scene=scene,
        title="Find the wallet in the kitchen cabinet, not the living-room one",
        prelude="Getting ready to go out.",
        opening=[cmd("Open", "pantry_cabinet#1"), cmd("LookAt", w), cmd("Close", "pantry_cabinet#1"),
                 cmd("Walk", "sideboard#1"), cmd("Open", "sideboard#1"), cmd("LookAt", "sideboard#1"),
                 cmd("Close", "sideboard#1")],
        handoff="My wallet isn't in here. Where did I see it? Help me put it on the side table by the door.",
        human_task="You are looking for your wallet (it is not in the living-room sideboard) and want it on the side "
                   "table by the door.",
        evidence=[state("wallet in the tall kitchen cabinet", "pantry_cabinet#1", cmd("LookAt", w))],
        legend=[entry(w, "your wallet", movable=True), entry("phone#1", "a phone", movable=True),
                entry("tea_box#1", "a tea box", movable=True),
                entry("pantry_cabinet#1", "the tall kitchen cabinet"), entry("sideboard#1", "the living-room sideboard"),
                entry("side_table#1", "the side table by the door")],
        oracle=[step("It's not in this room: it's in the kitchen, in the tall cabinet by the window. Go and open "
                     "that cabinet and look inside.", cmd("Open", "pantry_cabinet#1")),
                step("Take your wallet from the upper shelf.", cmd("Grab", w)),
                step("Close the kitchen cabinet.", cmd("Close", "pantry_cabinet#1")),
                step("Put the wallet on the side table by the door.", cmd("Put", w, "side_table#1"))],
        wrong=[step("It's in the sideboard, look again. Open the sideboard and look inside.", cmd("Open", "sideboard#1"),
                    cmd("LookAt", "sideboard#1")),
               step("Take the phone from the upper shelf.", cmd("Grab", "phone#1")),
               step("Close the sideboard.", cmd("Close", "sideboard#1")),
               step("Put it on the side table by the door.", cmd("Put", "phone#1", "side_table#1"))],
        no_help=WHERE,
        goals=[holds("on", w, "side_table#1")],
        prohibitions=[moved("phone#1"), moved("tea_box#1"), holds("open", "pantry_cabinet#1"),
                      holds("open", "sideboard#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-kitchen-cabinet", "the wallet seen in the kitchen cabinet at the start",
                  says(phrase("kitchen"), wrong=[phrase("sideboard")], before="open(pantry_cabinet#1)")),
            point("C7", "wrong-room-noticed", "the wearer searched the living-room sideboard, the wrong cabinet",
                  acts("open(pantry_cabinet#1)", among=["open(*)"])),
            point("C2", "cabinet-located", "the tall cabinet by the kitchen window",
                  says(phrase("tall cabinet"), before="open(pantry_cabinet#1)"))),
        ticks=20)


def finding_15() -> dict:
    """Retrieve the text-defined EQUIPMENT STORAGE form from the file cabinet (not the FOOD STORAGE copy beside
    it) and place it with the food form on the meeting-room table."""
    b = office()
    form = {"size": (0.15, 0.21, 0.003)}  # A5 forms
    # every form is a "form": only the printed titles tell them apart
    b.add_object("document", name="form", on="file_cabinet#1", region="shelf_2", params=form,
                 spot=(-0.5, 0.5), yaw=math.pi, labels=[{"text": "EQUIPMENT\nSTORAGE\nform", "face": "top"}])
    b.add_object("document", name="form", on="file_cabinet#1", region="shelf_2", params=form,
                 spot=(0.5, 0.5), yaw=math.pi, labels=[{"text": "FOOD\nSTORAGE\ncopy", "face": "top"}])
    b.add_object("document", name="form", on="meeting_table#1", spot=(-0.3, 0.3), yaw=math.pi,
                 labels=[{"text": "FOOD\nSTORAGE\nform", "face": "top"}])
    b.add_object("document", name="form", on="archive_cabinet#1", region="shelf_2",
                 labels=[{"text": "LEAVE\nREQUEST", "face": "top"}])
    b.add_object("mug", on="meeting_table#1", spot=(0.4, 0.3))
    b.set_human((1.4, 1.2), yaw=math.pi)
    scene = b.build()
    f = "form#1"
    return taskpack(
        id="finding-15", family="Finding", static_item=STATIC_ITEMS["finding-15"], row=15, scene=scene,
        title="Fetch the equipment storage form from the file cabinet",
        prelude="Sorting out the storage paperwork.",
        opening=[cmd("Open", "file_cabinet#1"), cmd("LookAt", f), cmd("LookAt", "form#2"),
                 cmd("Close", "file_cabinet#1"), cmd("Walk", "meeting_table#1"), cmd("LookAt", "form#3")],
        handoff="The equipment storage form has to go next to this food one on the table. Where was it? Help me "
                "get it.",
        human_task="You are looking for the form about storing equipment; it has to go next to the food one on the "
                   "meeting table.",
        evidence=[*printed_at(f, "EQUIPMENT STORAGE"),
                  *printed_at("form#2", "FOOD STORAGE"),
                  state("form in the file cabinet", "file_cabinet#1", cmd("LookAt", f))],
        legend=[entry(f, "a white form, left on its shelf", movable=True),
                entry("form#2", "a white form, right on its shelf", movable=True),
                entry("form#3", "a white form lying on the meeting table", movable=True),
                entry("form#4", "a white form lying on a shelf", movable=True),
                entry("file_cabinet#1", "the light file cabinet"), entry("archive_cabinet#1", "the dark archive cabinet"),
                entry("meeting_table#1", "the meeting table")],
        oracle=[step("It's in the light file cabinet in the office, on the upper shelf. Open the file cabinet and look "
                     "inside.", cmd("Open", "file_cabinet#1")),
                step("Take the form that says EQUIPMENT STORAGE.", cmd("Grab", f)),
                step("Close the file cabinet.", cmd("Close", "file_cabinet#1")),
                step("Put the form on the meeting table next to the food form.", cmd("Put", f, "meeting_table#1"))],
        wrong=[step("It's in the light file cabinet in the office, on the upper shelf. Open the file cabinet and look "
                    "inside.", cmd("Open", "file_cabinet#1")),
               step("Take the other form on that shelf.", cmd("Grab", "form#2")),
               step("Close the file cabinet.", cmd("Close", "file_cabinet#1")),
               step("Put that form on the meeting table.", cmd("Put", "form#2", "meeting_table#1"))],
        no_help=WHERE,
        goals=[holds("on", f, "meeting_table#1")],
        prohibitions=[moved("form#2"), moved("form#3"), moved("form#4"),
                      holds("open", "file_cabinet#1"), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-form-title", "the EQUIPMENT STORAGE title, not the FOOD STORAGE copy beside it",
                  acts(f"pick({f})", among=[f"pick({f})", "pick(form#2)"])),
            point("C4", "recalls-cabinet", "the form seen in the light file cabinet, now closed",
                  says(phrase("in the light file cabinet"), phrase("in the file cabinet"), phrase("light file cabinet"),
                       wrong=[phrase("archive cabinet")], before="open(file_cabinet#1)"))),
        ticks=20)


def finding_08() -> dict:
    """Two identical gift boxes: one stays visible on the kitchen counter, the other was left on the living-room
    side table. Retrieve the living-room one (not the visible look-alike) to the kitchen table."""
    b = kitchen_house()
    gift = {"size": (0.2, 0.15, 0.12), "color": (0.85, 0.15, 0.25)}
    b.add_object("box", name="gift_box", on="counter#2", spot=(0.2, 0.3), params=gift,
                 labels=[{"text": "GIFT", "face": "front"}])
    b.add_object("box", name="gift_box", on="side_table#1", spot=(-0.1, 0.4), params=gift,
                 labels=[{"text": "GIFT", "face": "front"}])
    b.add_object("mug", on="side_table#1", spot=(0.3, 0.4))
    b.add_object("plate", on="table#1", spot=(0.0, 0.4))
    b.add_object("cup", on="counter#2", spot=(-0.3, 0.3))
    b.set_human((7.2, 1.6), yaw=-math.pi / 2)
    g = "gift_box#2"
    return taskpack(
        id="finding-08", family="Finding", static_item=STATIC_ITEMS["finding-08"], row=8, scene=b.build(),
        title="Bring the gift left in the living room, not the look-alike in the kitchen",
        prelude="Wrapping's done; I put one present down in here.",
        opening=[cmd("LookAt", g), cmd("Walk", "table#1"), cmd("LookAt", "table#1"), cmd("LookAt", "gift_box#1")],
        handoff="The gift on the counter is for the neighbours and stays there. Where's the other one I wrapped? "
                "Help me bring it to this table.",
        human_task="You are looking for the second present you wrapped (the gift on the kitchen counter is for the "
                   "neighbours and stays there); you want it on the kitchen table.",
        evidence=[state("gift box on the living-room side table", "side_table#1", cmd("LookAt", g))],
        legend=[entry("gift_box#1", "a red gift box, the one on the kitchen counter", movable=True),
                entry(g, "a red gift box", movable=True), entry("mug#1", "a mug", movable=True),
                entry("table#1", "the kitchen table"), entry("side_table#1", "the living-room side table"),
                entry("counter#2", "the kitchen counter by the sink")],
        oracle=[step("You left it in the living room, on the side table by the door. Go there and look at it.",
                     cmd("Walk", "side_table#1")),
                step("Pick up the gift box on the side table.", cmd("Grab", g)),
                step("Bring it to the kitchen table and put it down.", cmd("Put", g, "table#1"))],
        wrong=[step("Take the gift box from the counter by the sink.", cmd("Grab", "gift_box#1")),
               step("Put it on the kitchen table.", cmd("Put", "gift_box#1", "table#1"))],
        no_help=WHERE,
        goals=[holds("on", g, "table#1")],
        prohibitions=[moved("gift_box#1"), moved("mug#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-living-room", "the gift put down on the living-room side table before the walk",
                  says(phrase("in the living room"), phrase("living-room side table"), wrong=[phrase("counter")],
                       before=f"pick({g})")),
            point("C1", "not-the-look-alike", "the identical gift on the kitchen counter is the neighbours'",
                  acts(f"pick({g})", among=[f"pick({g})", "pick(gift_box#1)"])),
            point("C2", "search-directed", "the side table by the door, out of view from the kitchen",
                  acts("navigate_to(side_table#1)", "look_at(side_table#1)"))),
        ticks=18)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "finding-08": static(
        "Where is the other gift box the wearer wrapped, the one to bring to the kitchen table?",
        "On the side table in the living room, next to a mug; not the identical gift on the kitchen counter.",
        require=[[phrase("side table"), phrase("living room"), phrase("small table"), phrase("end table")]],
        kind="location"),
    "finding-09": static(
        "Where did the wearer leave the mayonnaise?",
        "On the kitchen counter by the sink: the jar labelled MAYO, to the left of the look-alike JAM jar.",
        require=[[phrase("counter")]], kind="location"),
    "finding-10": static(
        "Which bedside cabinet is the thermometer in?",
        "In the bedside cabinet by the left bed, the first one opened; the other one holds a drink can.",
        require=[[phrase("left")]], forbid=[phrase("right")], kind="location"),
    "finding-14": static(
        "Where is the wallet?",
        "In the kitchen, inside the tall kitchen cabinet opened first, on its upper shelf; not in the living-room "
        "sideboard.", require=[[phrase("kitchen")], [phrase("cabinet")]], kind="location"),
    "finding-15": static(
        "Where is the equipment storage form?",
        "Inside the light file cabinet, on its upper shelf next to a FOOD STORAGE copy; the cabinet is closed now.",
        require=[[phrase("file cabinet"), phrase("filing cabinet")]], forbid=[phrase("archive")], kind="location"),
}

TASKS = [finding_08, finding_09, finding_10, finding_14, finding_15]
