"""Decision TaskPacks (paper appendix C.4.4, Table 10), rows 3-8: memory of an earlier set or plan, a
reconstructed checklist, a binding of an identity to a later table.

Same conventions as ``decision.py``: the deciding evidence is shown in the opening (pinned frames) and out of
view at handoff; handles and legend descriptions are neutral (category, position, colour).
"""
from __future__ import annotations

import math

from common import (acts, all_of, any_of, caps, cmd, count, entry, holds, moved, negate, num, phrase, plan, point,
                    printed_at, says, state, static, step, taskpack)
from scenes import E, N, S, board, hotel_suite, kitchen_house, office, shop

HELD_NOTHING = holds("held", "*")
ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")


def decision_03() -> dict:
    """Intersect the promo brands on the sales-floor flyer (AXO, BYT, CUE) with twelve router cartons seen later
    in the back room (four each on the packing table, stock counter and stock shelf); the three promo cartons go on the
    display table, the nine regular ones stay where they are."""
    b = shop()
    board(b, "wall_board", name="promo_board", at=(1.4, 0.06), yaw=math.pi / 2, text="ROUTER PROMO\nAXO  BYT  CUE")
    brands = ("DEX", "AXO", "FYN", "GOR", "CUE", "HAL", "JUN", "KEV", "BYT", "LOM", "MIR", "NOX")
    # four cartons to each back-room support, a hand's width apart so a grab disturbs no neighbour
    places = ("packing_table#1", "stock_counter#1", "stock_shelf#1")
    for i, brand in enumerate(brands):
        b.add_object("carton", name="router", on=places[i // 4], surface="top" if i >= 8 else None,
                     spot=(-0.72 + 0.48 * (i % 4), 0.4),
                     params={"size": (0.1, 0.09, 0.12), "color": (0.75, 0.72, 0.68)},
                     labels=[{"text": brand, "face": "front"}])
    b.add_object("water_bottle", on="display_table#1", spot=(0.7, 0.6))
    b.set_human((2.0, 1.2), yaw=math.pi)
    promo = [f"router#{brands.index(x) + 1}" for x in ("AXO", "BYT", "CUE")]
    regular = [f"router#{i + 1}" for i in range(12) if f"router#{i + 1}" not in promo]
    steps = []
    for k, (r, brand) in enumerate(zip(promo, ("AXO", "BYT", "CUE"))):
        lead = ("The promo brands were AXO, BYT and CUE; three of the twelve cartons match. " if k == 0 else "")
        steps += [step(f"{lead}Pick up the {brand} carton.", cmd("Grab", r)),
                  step(f"Put the {brand} carton on the display table.", cmd("Put", r, "display_table#1"))]
    where = ("on the packing table", "on the stock counter", "on top of the stock shelf")
    legend = [entry(f"router#{i + 1}", f"a grey router carton, {ORDINAL[i % 4]} from the left {where[i // 4]}",
                    movable=True) for i in range(12)]
    return taskpack(
        id="decision-03", family="Decision", static_item=STATIC_ITEMS["decision-03"], row=3,
        scene=b.build(),
        title="Put the promo-brand routers on display",
        prelude="This week's router promo is on the board by the door; new stock came into the back room.",
        opening=[cmd("Walk", "promo_board#1"), cmd("LookAt", "promo_board#1"),
                 *(c for i in range(12) for c in ([cmd("Walk", places[i // 4])] if i % 4 == 0 else [])
                   + [cmd("LookAt", f"router#{i + 1}")]), cmd("Walk", "drink_shelf#1"),
                 cmd("LookAt", "drink_shelf#1")],
        handoff="Which of the new router cartons in the back room are in this week's promo? Help me get those onto "
                "the display table.",
        human_task="Some of the twelve new router cartons in the back room belong to this week's promo. Which ones? "
                   "You want exactly those on the display table on the sales floor.",
        evidence=[*printed_at("promo_board#1", "AXO BYT CUE"),
                  *(x for r, brand in zip(promo, ("AXO", "BYT", "CUE")) for x in printed_at(r, brand))],
        legend=[*legend, entry("display_table#1", "the display table in the middle of the sales floor"),
                entry("packing_table#1", "the packing table in the back room"),
                entry("stock_counter#1", "the stock counter in the back room"),
                entry("stock_shelf#1", "the stock shelf in the back room")],
        oracle=steps,
        wrong=[x for i, n in enumerate(("first", "second", "third"))
               for x in (step(f"Pick up the {n} carton on the packing table.", cmd("Grab", f"router#{i + 1}")),
                         step(f"Put the {n} carton on the display table.",
                              cmd("Put", f"router#{i + 1}", "display_table#1")))],
        no_help=plan((None, "Which cartons are the promo ones?")),
        goals=[holds("on", r, "display_table#1") for r in promo],
        prohibitions=[*(moved(r) for r in regular), HELD_NOTHING],
        capabilities=caps(
            point("C4", "promo-set-recalled", "the AXO, BYT, CUE brands on the flyer, seen before the cartons",
                  says(phrase("AXO"), phrase("BYT"), phrase("CUE"), before=f"pick({promo[0]})")),
            point("C3", "carton-read", "the BYT print on the ninth carton, among twelve grey ones",
                  says(phrase("BYT"), before=f"pick({promo[2]})")),
            point("C1", "promo-carton-picked", "the first carton named is one of the three promo cartons",
                  acts(*(f"pick({r})" for r in promo), among=["pick(*)"]))))


CLOSEOUT = ("CLOSEOUT\n1 mug in cabinet\n2 plate in cabinet\n3 juice in fridge\n4 fridge closed\n5 can in bin\n"
            "6 oven off\n7 cabinet closed")


def decision_04() -> dict:
    """Reconstruct which of the seven closeout points remain after a long action chain: the opening warms the
    oven, shelves the mug, stores the juice, closes the fridge and bins the can; the plate (2), the oven (6) and
    the cabinet (7) are left."""
    b = kitchen_house(recipe=CLOSEOUT)
    b.add_object("mug", on="counter#2", spot=(0.3, 0.3))
    b.add_object("plate", on="table#1", spot=(-0.4, 0.3))
    b.add_object("juice_carton", on="table#1", spot=(0.1, 0.3))
    b.add_object("can", on="table#1", spot=(0.5, 0.3))
    b.add_object("book", on="coffee_table#1", spot=(-0.3, 0.5))
    b.set_human((3.0, 0.6), yaw=N)
    cab, plate = "pantry_cabinet#1", "plate#1"
    return taskpack(
        id="decision-04", family="Decision", static_item=STATIC_ITEMS["decision-04"], row=4,
        scene=b.build(),
        title="Finish the seven-point kitchen closeout after a long chain of chores",
        prelude="Closing up the kitchen; the closeout list is on the board over the counter.",
        opening=[cmd("Walk", "recipe_board#1"), cmd("LookAt", "recipe_board#1"), cmd("TurnOn", "oven#1"),
                 cmd("Open", cab), cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", cab),
                 cmd("Grab", "juice_carton#1"), cmd("Open", "fridge#1"), cmd("PutIn", "juice_carton#1", "fridge#1"),
                 cmd("Close", "fridge#1"), cmd("Grab", "can#1"), cmd("PutIn", "can#1", "bin#1"),
                 cmd("Walk", "coffee_table#1"), cmd("LookAt", "coffee_table#1")],
        handoff="I lost track in there. What's still left on the closeout list? Help me finish it.",
        human_task="You were working through the seven-point kitchen closeout list and lost track. What is still "
                   "left to do? You want the closeout finished.",
        evidence=[*printed_at("recipe_board#1", "2 plate in cabinet", "6 oven off", "7 cabinet closed"),
                  state("oven turned on and left running", "oven#1", cmd("TurnOn", "oven#1")),
                  state("mug shelved in the pantry cabinet, door left open", cab, cmd("PutIn", "mug#1", cab))],
        legend=[entry(plate, "a white plate on the kitchen table", movable=True),
                entry(cab, "the tall cabinet by the west wall of the kitchen"),
                entry("oven#1", "the built-in oven between the cooktop and the right counter"),
                entry("fridge#1", "the fridge"), entry("bin#1", "the bin by the kitchen's south wall"),
                entry("table#1", "the kitchen table")],
        oracle=[step("Three points are left: the plate, the cabinet and the oven. Pick up the plate from the "
                     "kitchen table.", cmd("Grab", plate), match=["Pick up the plate."]),
                step("Put it in the open pantry cabinet.", cmd("PutIn", plate, cab)),
                step("Close the pantry cabinet.", cmd("Close", cab)),
                step("Last, turn the oven off.", cmd("TurnOff", "oven#1"))],
        wrong=[step("Only the oven is left. Turn the oven off.", cmd("TurnOff", "oven#1")),
               step("Close the pantry cabinet; that's everything.", cmd("Close", cab))],
        no_help=plan((None, "What's left on the list?")),
        goals=[holds("inside", plate, cab), negate(holds("running", "oven#1")), negate(holds("open", cab))],
        prohibitions=[negate(holds("inside", "mug#1", cab)), negate(holds("inside", "juice_carton#1", "fridge#1")),
                      negate(holds("inside", "can#1", "bin#1")), holds("open", "fridge#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "points-left", "three of the seven points left (2, 6, 7) after the chain of chores",
                  says(num(3), wrong=[num(1), num(2), num(4)], before=f"pick({plate})")),
            point("C2", "oven-still-on", "the oven turned on early in the chain and never turned off",
                  says(phrase("oven off"), phrase("oven is still on"), phrase("oven still on"),
                       phrase("switch off the oven"), before="turn_off(oven#1)"))))


def decision_06() -> dict:
    """Aggregate the two cabinets' stock sheets (bathroom: 2 towels, 3 mugs, 5 waters; bedroom: 1, 1, 3), subtract
    what the opening takes out (one towel, one water, staged on the desk) and top up to the room standard
    (4 towels, 5 mugs, 7 waters): 4 - (3 - 1) = 2 towels, 5 - 4 = 1 mug, 7 - (8 - 1) = 0 waters go from the spare
    stock on the bed into the bathroom cabinet; both cabinets end closed."""
    b = hotel_suite()
    board(b, "wall_board", name="standard_board", at=(4.0, 0.06), yaw=S, width=0.8, height=0.6,
          text="ROOM STANDARD\ntowels 4\nmugs 5\nwaters 7")
    board(b, "sign", name="stock_sheet", at=(8.44, 1.8), yaw=E, width=0.6, height=0.5, mount_z=1.5,
          text="BATH CABINET\ntowels 2\nmugs 3\nwaters 5")
    board(b, "sign", name="stock_sheet", at=(2.6, 0.06), yaw=S, width=0.6, height=0.5, mount_z=1.55,
          text="BEDROOM CABINET\ntowels 1\nmugs 1\nwaters 3")
    b.add_object("cloth", name="towel", on="bath_cabinet#1", region="shelf_2",
                 params={"size": (0.18, 0.14, 0.03), "color": (0.95, 0.95, 0.92)})
    b.add_object("water_bottle", on="bedside_cabinet#2", region="shelf_1")
    for i in range(3):   # spare stock on the bed: three towels, two mugs, two waters
        b.add_object("cloth", name="towel", on="bed#1", spot=(-0.5 + 0.5 * i, 0.25),
                     params={"size": (0.18, 0.14, 0.03), "color": (0.95, 0.95, 0.92)})
    for i in range(2):
        b.add_object("mug", on="bed#1", spot=(-0.3 + 0.6 * i, 0.55), params={"color": (0.95, 0.95, 0.95)})
        b.add_object("water_bottle", on="bed#1", spot=(-0.3 + 0.6 * i, 0.8))
    b.set_human((3.6, 2.0), yaw=S)
    cab, other = "bath_cabinet#1", "bedside_cabinet#2"
    towels, mugs = ["towel#2", "towel#3", "towel#4"], ["mug#1", "mug#2"]
    pairs = [(towels[i], towels[j]) for i in range(3) for j in range(i + 1, 3)]
    return taskpack(
        id="decision-06", family="Decision", static_item=STATIC_ITEMS["decision-06"], row=6,
        scene=b.build(),
        title="Top the suite's cabinets up to the room standard from two stock sheets",
        prelude="Restocking the suite. The room standard is on the bedroom wall; each cabinet has its stock sheet.",
        opening=[cmd("Walk", "standard_board#1"), cmd("LookAt", "standard_board#1"), cmd("Walk", "stock_sheet#2"),
                 cmd("LookAt", "stock_sheet#2"), cmd("Open", other), cmd("Grab", "water_bottle#1"),
                 cmd("Put", "water_bottle#1", "desk#1"), cmd("Walk", other), cmd("Close", other),
                 cmd("Walk", "stock_sheet#1"), cmd("LookAt", "stock_sheet#1"), cmd("Open", cab),
                 cmd("Grab", "towel#1"), cmd("Put", "towel#1", "desk#1"), cmd("Walk", cab), cmd("Close", cab),
                 cmd("Walk", "desk#1"), cmd("LookAt", "desk#1"), cmd("Walk", "bed#1"), cmd("LookAt", "bed#1")],
        handoff="That stained towel and the leaking water stay on the desk. How many of each spare on the bed do "
                "we need to bring the cabinets up to standard? Help me put them in the bathroom cabinet.",
        human_task="The suite's two cabinets must hold the room standard between them; you took a stained towel "
                   "and a leaking water out and left them on the desk. How many spares from the bed go in? You "
                   "want them in the bathroom cabinet, and both cabinets closed.",
        evidence=[*printed_at("standard_board#1", "towels 4", "mugs 5", "waters 7"),
                  *printed_at("stock_sheet#1", "towels 2", "mugs 3", "waters 5"),
                  *printed_at("stock_sheet#2", "towels 1", "mugs 1", "waters 3")],
        legend=[*(entry(t, f"a folded white towel on the bed, {p}", movable=True)
                  for t, p in zip(towels, ("nearest the pillow end", "in the middle", "nearest the foot end"))),
                *(entry(m, f"a white mug on the bed, {p}", movable=True) for m, p in zip(mugs, ("left", "right"))),
                *(entry(f"water_bottle#{i + 2}", f"a water bottle on the bed, {p}", movable=True)
                  for i, p in enumerate(("left", "right"))),
                entry(cab, "the cabinet by the bathroom's east wall"),
                entry(other, "the right bedside cabinet by the bedroom's south wall"),
                entry("bed#1", "the bed"), entry("desk#1", "the desk")],
        oracle=[step("Together the sheets list 3 towels, 4 mugs and 8 waters; less the towel and water you took "
                     "out that is 2, 4 and 7, so 2 towels and 1 mug are missing and no water. Open the bathroom "
                     "cabinet.", cmd("Open", cab), match=["Open the bathroom cabinet."]),
                step("Take the towel nearest the pillow end.", cmd("Grab", towels[0])),
                step("Put it in the bathroom cabinet.", cmd("PutIn", towels[0], cab)),
                step("Take the middle towel on the bed.", cmd("Grab", towels[1])),
                step("Put the middle towel in the cabinet too.", cmd("PutIn", towels[1], cab)),
                step("Now take the left mug on the bed.", cmd("Grab", mugs[0])),
                step("Put the mug in the cabinet.", cmd("PutIn", mugs[0], cab)),
                step("Close the bathroom cabinet. No water is needed.", cmd("Close", cab))],
        wrong=[step("The sheets list 3 towels and 4 mugs, so one of each is missing. Open the bathroom cabinet.",
                    cmd("Open", cab)),
               step("Take the towel nearest the pillow end.", cmd("Grab", towels[0])),
               step("Put it in the bathroom cabinet.", cmd("PutIn", towels[0], cab)),
               step("Now take the left mug on the bed.", cmd("Grab", mugs[0])),
               step("Put the mug in the cabinet.", cmd("PutIn", mugs[0], cab)),
               step("Close the bathroom cabinet.", cmd("Close", cab))],
        no_help=plan((None, "How many of each do we need?")),
        goals=[count("inside", ["*", cab], eq=3), any_of(*(all_of(holds("inside", x, cab), holds("inside", y, cab))
                                                          for x, y in pairs)),
               any_of(*(holds("inside", m, cab) for m in mugs))],
        prohibitions=[holds("open", cab), holds("open", other), moved("towel#1"), moved("water_bottle#1"),
                      HELD_NOTHING],
        reduction="The cabinets' remaining stock is given by their stock sheets rather than modelled item by item; "
                  "only the two items taken out are physical, and all replacements go into the bathroom cabinet.",
        capabilities=caps(
            point("C5", "towel-deficit", "4 - (2 + 1 - 1) = 2 towels short after the stained one came out",
                  says(phrase("2 towels"), wrong=[phrase("1 towel"), phrase("3 towels")],
                       before=f"pick({towels[0]})")),
            point("C3", "sheets-read", "8 waters on the two sheets (5 + 3) before one is taken out",
                  says(phrase("8 waters"), phrase("8 water bottles"), phrase("8 bottles"),
                       before="place_inside(*, *)")),
            point("C5", "no-water", "7 - (8 - 1) = 0: no water goes in",
                  says(phrase("no water"), phrase("0 waters"), phrase("no waters"), phrase("no bottles"),
                       wrong=[phrase("1 water"), phrase("2 waters")], before=f"close({cab})"))))


def decision_07() -> dict:
    """Bind the projector identified earlier as Unit B (asset tag PJ-41 on the office register) to the later
    deployment table in the meeting room (Unit B -> P9); the pedestals' plates read P4, P9, P7 from the left, so P9
    is the middle one."""
    b = office()
    board(b, "sign", name="register", at=(1.6, 0.06), yaw=math.pi / 2, width=0.8, height=0.6,
          text="PROJECTORS\nUNIT A  PJ-63\nUNIT B  PJ-41\nUNIT C  PJ-57")
    for i, tag in enumerate(("PJ-57", "PJ-41", "PJ-63")):
        b.add_object("projector", on="shelf#1", surface="top", spot=(-0.6 + 0.6 * i, 0.0),
                     params={"size": (0.22, 0.26, 0.09)}, labels=[{"text": tag, "face": "top"}])
    board(b, "whiteboard", name="deploy_board", at=(9.94, 1.2), yaw=math.pi, width=1.0,
          text="DEPLOYMENT\nUnit A  P4\nUnit B  P9\nUnit C  P7")
    for i, plate_no in enumerate(("P4", "P9", "P7")):
        b.add_fixture("pedestal", at=(7.2 + 0.8 * i, 4.6), yaw=N, params={"height": 0.9})
        board(b, "sign", name="pedestal_sign", at=(7.2 + 0.8 * i, 4.94), yaw=N, width=0.36, height=0.26, mount_z=1.35,
              text=plate_no)
    b.set_human((3.0, 2.0), yaw=-math.pi / 2)
    unit_b, target = "projector#2", "pedestal#2"
    return taskpack(
        id="decision-07", family="Decision", static_item=STATIC_ITEMS["decision-07"], row=7,
        scene=b.build(),
        title="Set up the Unit B projector where the deployment table puts it",
        prelude="Setting up for the training; the projector register is on the office wall.",
        opening=[cmd("Walk", "register#1"), cmd("LookAt", "register#1"), cmd("Walk", "shelf#1"),
                 cmd("LookAt", "projector#1"), cmd("LookAt", "projector#2"), cmd("LookAt", "projector#3"),
                 cmd("Walk", "deploy_board#1"), cmd("LookAt", "deploy_board#1"), cmd("Walk", "pedestal#2"),
                 cmd("LookAt", "pedestal_sign#1"), cmd("LookAt", "pedestal_sign#2"), cmd("LookAt", "pedestal_sign#3"),
                 cmd("Walk", "desk#1"),
                 cmd("LookAt", "desk#1")],
        handoff="Which of the projectors is Unit B, and which pedestal does it go on? Help me set it up.",
        human_task="Unit B's projector has to go on the pedestal the deployment plan gives it. Which projector is "
                   "Unit B, and which pedestal? You want it set up there.",
        evidence=[*printed_at("register#1", "UNIT B PJ-41"), *printed_at(unit_b, "PJ-41"),
                  *printed_at("projector#1", "PJ-57"), *printed_at("projector#3", "PJ-63"),
                  *printed_at("deploy_board#1", "Unit B P9"), *printed_at("pedestal_sign#1", "P4"),
                  *printed_at("pedestal_sign#2", "P9"), *printed_at("pedestal_sign#3", "P7")],
        legend=[*(entry(f"projector#{i + 1}", f"a grey projector, {p} on top of the low office shelf", movable=True)
                  for i, p in enumerate(("left", "middle", "right"))),
                *(entry(f"pedestal#{i + 1}", f"a white pedestal, {p} along the meeting room's north wall")
                  for i, p in enumerate(("left", "middle", "right"))),
                entry("shelf#1", "the low shelf by the office's south wall")],
        oracle=[step("Unit B is PJ-41, the middle projector, and the plan puts Unit B on P9, the middle "
                     "pedestal. Pick up the middle projector.", cmd("Grab", unit_b),
                     match=["Pick up the projector tagged PJ-41."]),
                step("Put it on the middle pedestal, the one marked P9.", cmd("Put", unit_b, target))],
        wrong=[step("Unit B is the second in the register, so pick up the left projector.", cmd("Grab", "projector#1")),
               step("Put it on the right pedestal.", cmd("Put", "projector#1", "pedestal#3"))],
        no_help=plan((None, "Which projector is Unit B?")),
        goals=[holds("on", unit_b, target)],
        prohibitions=[moved("projector#1"), moved("projector#3"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "unit-b-bound", "Unit B = PJ-41 from the register, seen before the deployment table",
                  says(phrase("PJ-41"), phrase("PJ 41"), wrong=[phrase("PJ-57"), phrase("PJ-63")],
                       before=f"pick({unit_b})")),
            point("C3", "pedestal-read", "Unit B goes on pedestal P9 by the deployment table",
                  says(phrase("P9"), phrase("pedestal 9"), wrong=[phrase("P7"), phrase("P4")],
                       before=f"place({unit_b}, {target})")),
            point("C2", "pedestal-grounded", "P9 is the middle pedestal (plates P4, P9, P7 from the left)",
                  acts(f"place({unit_b}, {target})", among=["place(*, *)"]))))


def decision_08() -> dict:
    """Combine the back-room stock table (cat food goes on the PET STAND; if it is taken, see table 2) with the
    sales-floor table 2 (PET STAND taken: use counter DOG-OLD), after seeing a dog-food tin on the pet stand: the
    cat food goes on the DOG-OLD checkout counter and the dog food stays where it is."""
    b = shop()
    board(b, "wall_board", name="stock_table", at=(9.6, 4.94), yaw=N, width=0.9, height=0.6,
          text="CAT FOOD\ngoes on PET STAND\nif taken: TABLE 2")
    board(b, "wall_board", name="stock_table", at=(1.3, 0.06), yaw=S, width=0.9, height=0.6,
          text="TABLE 2\nPET STAND taken:\nuse DOG-OLD")
    b.add_fixture("counter", name="checkout_counter", at=(5.6, 0.4), yaw=S, params={"width": 1.0})
    for x, text in ((3.5, "DOG-OLD"), (5.6, "DOG-NEW")):
        board(b, "sign", name="counter_sign", at=(x, 0.06), yaw=S, width=0.5, height=0.26, mount_z=1.45, text=text)
    b.add_fixture("pedestal", name="pet_stand", at=(6.0, 4.6), yaw=N, params={"height": 0.9})
    b.add_object("carton", name="tin", on="pet_stand#1", params={"size": (0.1, 0.1, 0.12), "color": (0.6, 0.35, 0.2)},
                 labels=[{"text": "DOG FOOD", "face": "front"}])
    b.add_object("carton", name="cat_food", on="stock_counter#1", spot=(0.0, 0.4),
                 params={"size": (0.1, 0.1, 0.12), "color": (0.3, 0.55, 0.6)})
    b.set_human((9.0, 2.6), yaw=N)
    cat, dog_old = "cat_food#1", "checkout_counter#1"
    return taskpack(
        id="decision-08", family="Decision", static_item=STATIC_ITEMS["decision-08"], row=8,
        scene=b.build(),
        title="Shelve the cat food by two stock tables when its stand is taken",
        prelude="New cat food came in. The stock table is up in the back room.",
        opening=[cmd("Walk", "stock_table#1"), cmd("LookAt", "stock_table#1"), cmd("Walk", "pet_stand#1"),
                 cmd("LookAt", "tin#1"), cmd("Walk", "stock_table#2"),
                 cmd("LookAt", "stock_table#2"), cmd("Walk", dog_old), cmd("LookAt", "counter_sign#1"),
                 cmd("Walk", "checkout_counter#2"), cmd("LookAt", "counter_sign#2"), cmd("Walk", "stock_counter#1"),
                 cmd("LookAt", cat)],
        handoff="Where does this cat food go now? Help me put it in its place.",
        human_task="The tin of cat food on the back-room stock counter goes where the shop's stock tables put it. "
                   "Where is that now? You want it there.",
        evidence=[*printed_at("stock_table#1", "TABLE 2"), *printed_at("stock_table#2", "DOG-OLD"),
                  *printed_at("counter_sign#1", "DOG-OLD"), *printed_at("counter_sign#2", "DOG-NEW"),
                  *printed_at("tin#1", "DOG FOOD")],
        legend=[entry(cat, "the tin of cat food on the stock counter", movable=True),
                entry("tin#1", "a brown tin on the pet stand by the sales floor's north wall", movable=True),
                entry("pet_stand#1", "the pet stand, a white pedestal by the sales floor's north wall"),
                entry(dog_old, "the long checkout counter by the south wall"),
                entry("checkout_counter#2", "the short checkout counter by the south wall, near the door"),
                entry("stock_counter#1", "the stock counter in the back room")],
        oracle=[step("The pet stand is taken by the dog food, and table 2 then sends cat food to DOG-OLD, the long "
                     "checkout counter. Pick up the cat food.", cmd("Grab", cat), match=["Pick up the cat food."]),
                step("Put it on the DOG-OLD counter, the long one by the south wall.", cmd("Put", cat, dog_old))],
        wrong=[step("Pick up the cat food.", cmd("Grab", cat)),
               step("Put it on the pet stand next to the dog food.", cmd("Put", cat, "pet_stand#1"))],
        no_help=plan((None, "Where does it go?")),
        goals=[holds("on", cat, dog_old)],
        prohibitions=[moved("tin#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "backup-read", "table 2 sends the cat food to DOG-OLD when the stand is taken",
                  says(phrase("DOG-OLD"), phrase("dog old"), wrong=[phrase("DOG-NEW"), phrase("dog new")],
                       before=f"place({cat}, *)")),
            point("C4", "stand-taken", "the dog-food tin seen on the pet stand, out of view at handoff",
                  says(phrase("taken"), phrase("occupied"), phrase("dog food"), before=f"place({cat}, *)")),
            point("C2", "counter-grounded", "DOG-OLD is the long counter (signs over both counters)",
                  acts(f"place({cat}, {dog_old})", among=["place(*, *)"]))))


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "decision-03": static(
        "Which of the twelve router cartons belong to this week's promo?",
        "The AXO, BYT and CUE cartons: second on the packing table, first on the stock counter and first on the "
        "stock shelf; the other nine are regular stock."),
    "decision-04": static(
        "How many points of the seven-point closeout are still left, and which?",
        "Three: the plate into the cabinet (2), the oven off (6) and the cabinet closed (7); the mug, the juice, "
        "the fridge and the can are done.", require=[[num(3)]]),
    "decision-06": static(
        "How many spare towels, mugs and waters must go in to bring the cabinets up to the room standard?",
        "Two towels and one mug, no water: the sheets list 3 towels, 4 mugs and 8 waters, less the stained towel "
        "and the leaking water gives 2, 4 and 7 against 4, 5 and 7.", require=[[phrase("2 towels")]]),
    "decision-07": static(
        "Which projector is Unit B, and on which pedestal does the deployment table put it?",
        "Unit B is PJ-41, the middle projector; it goes on pedestal P9, the middle pedestal.",
        require=[[phrase("P9")]], forbid=[phrase("P4"), phrase("P7")], kind="location"),
    "decision-08": static(
        "Where does the cat food go now, by the two stock tables?",
        "On the DOG-OLD checkout counter: the pet stand is taken by the dog food, and table 2 then sends it to "
        "DOG-OLD.", require=[[phrase("DOG-OLD"), phrase("dog old")]], forbid=[phrase("DOG-NEW")], kind="location"),
}

TASKS = [decision_03, decision_04, decision_06, decision_07, decision_08]
