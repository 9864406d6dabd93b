"""Decision TaskPacks (paper appendix C.4.4, Table 10), rows 11-20: functional knowledge (a tenderizing fruit,
an apparatus and a safe place for a bag, a passive fragrance), constrained choices and remembered rules, tallies
kept across an interruption.

Same conventions as ``decision.py``: the deciding evidence is shown in the opening (pinned frames) and out of
view at handoff; handles and legend descriptions are neutral (category, position, colour).
"""
from __future__ import annotations

import math

from common import (acts, caps, cmd, count, counted, entry, holds, moved, negate, num, phrase, plan, point,
                    printed_at, says, state, static, step, taskpack)
from scenes import E, N, S, board, cafe, kitchen_house, office

from scenes_decision import flat, gym

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
        id="decision-11", family="Decision", static_item=STATIC_ITEMS["decision-11"], row=11,
        scene=b.build(),
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
                  says(phrase("bromelain"), phrase("enzyme"), wrong=[phrase("lemon")], before=f"pick({fruit})")),
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
        id="decision-13", family="Decision", static_item=STATIC_ITEMS["decision-13"], row=13,
        scene=b.build(),
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
    for i, (text, color) in enumerate((("NUTS\n180 grams", (0.7, 0.5, 0.3)), ("CRACKERS\n351 grams", (0.9, 0.8, 0.5)),
                                       ("COOKIES\n250 grams", (0.5, 0.3, 0.2)), ("RAISINS\n90 grams", (0.5, 0.2, 0.4)))):
        b.add_object("carton", name="snack", on="break_counter#1", spot=(-0.72 + 0.48 * i, 0.4),
                     params={"size": (0.1, 0.14, 0.16), "color": color}, labels=[{"text": text, "face": "front"}])
    b.add_object("carton", name="tin", on="meeting_table#1", spot=(-0.4, 0.4),
                 params={"size": (0.1, 0.14, 0.16), "color": (0.55, 0.4, 0.25)},
                 labels=[{"text": "COFFEE\n450 grams", "face": "front"}])
    b.set_human((3.0, 2.0), yaw=S)
    cookie = "snack#3"
    return taskpack(
        id="decision-14", family="Decision", static_item=STATIC_ITEMS["decision-14"], row=14,
        scene=b.build(),
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
        evidence=[*printed_at("limit_board#1", "700 g"), *printed_at("tin#1", "450 grams"),
                  *printed_at("snack#1", "180 grams"), *printed_at("snack#2", "351 grams"),
                  *printed_at(cookie, "250 grams"), *printed_at("snack#4", "90 grams")],
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


def decision_15() -> dict:
    """Apply the category rule on the stock-room notice (all DAIRY goes in the public bin) to four concrete items
    seen later: the milk and the cheddar go in the cafe's bin, the apple and the cereal stay on the stock table."""
    b = cafe()
    # the notice hangs over the staff table, so the wearer reads it from the table's far side
    b.add_fixture("table", name="staff_table", at=(7.5, 0.45), params={"width": 1.0, "depth": 0.6})
    board(b, "wall_board", name="notice", at=(7.5, 0.06), yaw=S, width=0.9, height=0.6,
          text="STOCK RULE\nall DAIRY today\ngoes in the PUBLIC BIN")
    for i, (kind, text, params) in enumerate((
            ("milk_carton", "MILK", {}), ("carton", "CEREAL", {"size": (0.08, 0.16, 0.22), "color": (0.9, 0.7, 0.2)}),
            ("carton", "CHEDDAR", {"size": (0.1, 0.12, 0.08), "color": (0.95, 0.8, 0.3)}), ("apple", None, {}))):
        b.add_object(kind, name="item", on="stock_table#1", spot=(-0.72 + 0.48 * i, 0.4), params=params,
                     labels=[{"text": text, "face": "front"}] if text else [])
    b.set_human((7.5, 2.5), yaw=S)
    milk, cheese = "item#1", "item#3"
    return taskpack(
        id="decision-15", family="Decision", static_item=STATIC_ITEMS["decision-15"], row=15,
        scene=b.build(),
        title="Apply the stock-room rule to the items on the stock table",
        prelude="Morning stock check. The manager pinned a notice in the stock room.",
        opening=[cmd("Walk", "notice#1"), cmd("LookAt", "notice#1"), cmd("Walk", "stock_table#1"),
                 *(cmd("LookAt", f"item#{i + 1}") for i in range(4)), cmd("Walk", "service_table#1"),
                 cmd("LookAt", "service_table#1")],
        handoff="Which of the things on the stock table does that notice mean? Help me deal with them.",
        human_task="The notice in the stock room says what happens to some of the stock today. Which of the four "
                   "items on the stock table does it cover, and where do they go? You want that done.",
        evidence=[*printed_at("notice#1", "DAIRY", "PUBLIC BIN"), *printed_at(milk, "MILK"),
                  *printed_at(cheese, "CHEDDAR"), *printed_at("item#2", "CEREAL")],
        legend=[*(entry(f"item#{i + 1}", f"an item, {n} from the left on the stock table", movable=True)
                  for i, n in enumerate(("first", "second", "third", "fourth"))),
                entry("bin#1", "the bin by the cafe's east wall"), entry("stock_table#1", "the stock table")],
        oracle=[step("Dairy goes in the public bin: that is the milk and the cheddar, not the cereal or the apple. "
                     "Pick up the milk, first from the left.", cmd("Grab", milk), match=["Pick up the milk."]),
                step("Put the milk in the bin in the cafe.", cmd("PutIn", milk, "bin#1")),
                step("Now pick up the cheddar, third from the left.", cmd("Grab", cheese)),
                step("Put the cheddar in the bin too.", cmd("PutIn", cheese, "bin#1"))],
        wrong=[step("Pick up the milk, first from the left.", cmd("Grab", milk)),
               step("Put the milk in the bin in the cafe.", cmd("PutIn", milk, "bin#1")),
               step("That's all: cheese keeps. Leave the rest.", )],
        no_help=plan((None, "Which ones does it mean?")),
        goals=[holds("inside", milk, "bin#1"), holds("inside", cheese, "bin#1")],
        prohibitions=[moved("item#2"), moved("item#4"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "rule-recalled", "the DAIRY rule on the notice, seen before the items",
                  says(phrase("dairy"), before=f"pick({milk})")),
            point("C6", "cheese-is-dairy", "the cheddar falls under the dairy rule; cereal and apple do not",
                  says(phrase("cheddar"), phrase("cheese"), wrong=[phrase("cereal"), phrase("apple")],
                       before=f"pick({cheese})"))))


def decision_17() -> dict:
    """Subtract the bookings (stock-room sheet: A 24, B 12) from the capacities (cafe sheet: A 40, B 30) and choose
    the room with the larger remainder: A = 16, B = 18, so sheet B goes on the bar."""
    b = cafe()
    b.add_fixture("counter", name="bar", at=(1.0, 0.4), yaw=S, params={"width": 1.2})
    board(b, "wall_board", name="capacity_sheet", at=(3.35, 4.94), yaw=N, width=0.6, height=0.55,
          text="SEATS\nroom A 40\nroom B 30")
    board(b, "wall_board", name="booking_sheet", at=(7.5, 0.06), yaw=S, width=0.6, height=0.55,
          text="BOOKED\nroom A 24\nroom B 12")
    for i, text in enumerate(("SHEET\nA", "SHEET\nB")):
        b.add_object("card", name="room_sheet", on="service_table#1", spot=(-0.4 + 0.8 * i, 0.4), yaw=math.pi,
                     params={"size": (0.16, 0.22, 0.003)}, labels=[{"text": text, "face": "top"}])
    b.set_human((3.0, 1.0), yaw=N)
    sheet_b = "room_sheet#2"
    return taskpack(
        id="decision-17", family="Decision", static_item=STATIC_ITEMS["decision-17"], row=17,
        scene=b.build(),
        title="Send walk-ins to the room with more free seats",
        prelude="A walk-in group is coming. The seat list is on the cafe wall, the bookings are in the stock room.",
        opening=[cmd("Walk", "capacity_sheet#1"), cmd("LookAt", "capacity_sheet#1"), cmd("Walk", "booking_sheet#1"),
                 cmd("LookAt", "booking_sheet#1"), cmd("Walk", "service_table#1"), cmd("LookAt", "room_sheet#1"),
                 cmd("LookAt", "room_sheet#2"), cmd("Walk", "bar#1"), cmd("LookAt", "bar#1")],
        handoff="Which room has more seats left? Put its sheet from the service table on the bar.",
        human_task="A walk-in group needs the room with more free seats left. Which room is it? You want its sheet "
                   "from the service table on the bar.",
        evidence=[*printed_at("capacity_sheet#1", "room A 40", "room B 30"),
                  *printed_at("booking_sheet#1", "room A 24", "room B 12")],
        legend=[entry("room_sheet#1", "the sheet marked A on the service table", movable=True),
                entry(sheet_b, "the sheet marked B on the service table", movable=True),
                entry("bar#1", "the bar by the cafe's south wall"), entry("service_table#1", "the service table")],
        oracle=[step("Room A has 40 - 24 = 16 seats left, room B 30 - 12 = 18, so B. Pick up sheet B.",
                     cmd("Grab", sheet_b), match=["Pick up sheet B."]),
                step("Put it on the bar.", cmd("Put", sheet_b, "bar#1"))],
        wrong=[step("Room A has more seats. Pick up sheet A.", cmd("Grab", "room_sheet#1")),
               step("Put sheet A on the bar.", cmd("Put", "room_sheet#1", "bar#1"))],
        no_help=plan((None, "Which room is it?")),
        goals=[holds("on", sheet_b, "bar#1")],
        prohibitions=[moved("room_sheet#1"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "larger-remainder", "30 - 12 = 18 free in B against 40 - 24 = 16 in A",
                  says(num(18), wrong=[num(16)], before=f"pick({sheet_b})")),
            point("C4", "bookings-across-rooms", "the 12 seats booked in B, from the stock-room sheet",
                  says(num(12), before=f"pick({sheet_b})"))))


def decision_18() -> dict:
    """Choose the passive room fragrance by its look and function: the reed diffuser (reeds wick the scent all week
    with nobody acting), not the atomizer (a spray someone must press) or the sponge; it goes on the entryway
    cabinet."""
    b = flat()
    b.add_object("reed_diffuser", name="item", on="bath_shelf#1", surface="top", spot=(-0.5, 0.5))
    b.add_object("atomizer", name="item", on="bath_shelf#1", surface="top", spot=(0.5, 0.5))
    b.add_object("sponge", on="sink#1", spot=(0.6, 0.3))
    b.add_object("keys", on="shoe_bench#1", spot=(0.3, 0.5))
    b.set_human((2.0, 1.8), yaw=E)
    item = "item#1"
    return taskpack(
        id="decision-18", family="Decision", static_item=STATIC_ITEMS["decision-18"], row=18,
        scene=b.build(),
        title="Pick the fragrance that works on its own for the entryway",
        prelude="Guests are coming this week and the entryway smells of shoes.",
        opening=[cmd("Walk", "bath_shelf#1"), cmd("LookAt", "item#1"), cmd("LookAt", "item#2"),
                 cmd("LookAt", "sponge#1"), cmd("Walk", "entryway_cabinet#1"), cmd("LookAt", "entryway_cabinet#1")],
        handoff="I want the entryway to smell fresh all week without anyone having to do anything. Which of the "
                "things on the bathroom shelf does that? Help me put it on this cabinet.",
        human_task="You want the entryway to smell fresh all week without anyone having to do anything. Which of "
                   "the two things on the bathroom shelf does that? You want it on top of the entryway cabinet.",
        evidence=[state("reed sticks standing in a squat bottle, left on the bathroom shelf", item,
                        cmd("LookAt", item)),
                  state("trigger pump on a spray bottle, right on the bathroom shelf", "item#2",
                        cmd("LookAt", "item#2"))],
        legend=[entry("item#1", "a bottle, left on top of the bathroom shelf", movable=True),
                entry("item#2", "a bottle, right on top of the bathroom shelf", movable=True),
                entry("sponge#1", "a yellow sponge by the sink", movable=True),
                entry("entryway_cabinet#1", "the cabinet by the entryway's north wall"),
                entry("bath_shelf#1", "the shelf on the bathroom's east wall")],
        oracle=[step("The reed diffuser, the bottle with the sticks, scents the room on its own; the spray needs "
                     "someone to press it. Pick up the reed diffuser, left on the shelf.", cmd("Grab", item),
                     match=["Pick up the reed diffuser."]),
                step("Put it on top of the entryway cabinet.", cmd("Put", item, "entryway_cabinet#1"))],
        wrong=[step("The spray works best. Pick up the spray bottle, right on the shelf.", cmd("Grab", "item#2")),
               step("Put the spray bottle on top of the entryway cabinet.", cmd("Put", "item#2",
                                                                                "entryway_cabinet#1"))],
        no_help=plan((None, "Which one is it?")),
        goals=[holds("on", item, "entryway_cabinet#1")],
        prohibitions=[moved("item#2"), moved("sponge#1"), HELD_NOTHING],
        capabilities=caps(
            point("C6", "passive-fragrance", "reeds wick the scent with nobody acting; a spray must be pressed",
                  says(phrase("sticks"), phrase("on its own"), phrase("by itself"), phrase("without pressing"), wrong=[phrase("spray"),
                                                                                   phrase("atomizer")],
                       before=f"pick({item})")),
            point("C1", "affordance-seen", "the bottle with reed sticks is the left one",
                  acts(f"pick({item})", among=["pick(*)"]))))


def decision_19() -> dict:
    """Keep the ledger of mugs put on and taken off the beverage station without looking back: one on, one on,
    one off into the sink, one on (+1 +1 -1 +1 = 2), so one more mug completes the three-mug setup; the sponge
    and the phone stay where they were, the mug in the sink stays there."""
    b = kitchen_house()
    # the station the ledger is about, by the kitchen's south wall, out of view from the living room
    b.add_fixture("counter", name="beverage_station", at=(1.6, 0.35), yaw=S, params={"width": 1.2})
    for i in range(5):   # interchangeable white mugs on the counter right of the oven
        b.add_object("mug", on="counter#2", spot=(-0.72 + 0.36 * i, 0.35), params={"color": (0.95, 0.95, 0.95)})
    b.add_object("sponge", on="sink#1", spot=(0.6, 0.3))
    b.add_object("phone", on="table#1", spot=(0.4, 0.3))
    b.set_human((3.0, 3.0), yaw=N)
    st, spares = "beverage_station#1", ("mug#4", "mug#5")
    # the two mugs that stay go to the station's ends, so the centre the first mug left is free for the next
    put2 = f"{cmd('Put', 'mug#2', st)} @place_spot=-0.6:0.3"
    put3 = f"{cmd('Put', 'mug#3', st)} @place_spot=0.6:0.3"
    return taskpack(
        id="decision-19", family="Decision", static_item=STATIC_ITEMS["decision-19"], row=19,
        scene=b.build(),
        title="Keep the mug ledger and complete the three-mug setup",
        prelude="Setting out mugs on the beverage station for the team meeting.",
        opening=[cmd("Grab", "mug#1"), cmd("Put", "mug#1", st), cmd("Grab", "mug#2"), put2, cmd("Grab", "mug#1"),
                 cmd("PutIn", "mug#1", "sink#1"), cmd("Grab", "mug#3"), put3, cmd("Walk", "coffee_table#1"),
                 cmd("LookAt", "coffee_table#1")],
        handoff="I lost count of the mugs on the beverage station back there. The meeting needs three. Help me "
                "finish setting it up.",
        human_task="You were setting mugs out on the beverage station for a three-mug setup and lost count of what "
                   "is on it now. How many more does it need? You want exactly three mugs on the station, and the "
                   "sponge and your phone left where they are.",
        evidence=[counted(2, "mugs", st, put3),
                  state("one mug lifted off again and left in the sink", "mug#1", cmd("PutIn", "mug#1", "sink#1"))],
        legend=[entry("mug#4", "a white mug on the counter right of the oven, left of the other", movable=True),
                entry("mug#5", "a white mug on the counter right of the oven, right of the other", movable=True),
                entry("sponge#1", "a yellow sponge at the kitchen sink", movable=True),
                entry("phone#1", "your phone on the kitchen table", movable=True),
                entry(st, "the beverage station by the kitchen's south wall"),
                entry("counter#2", "the counter right of the oven"), entry("table#1", "the kitchen table")],
        oracle=[step("You put three mugs out and took one back to the sink, so two mugs are on the station: one more "
                     "makes three. Pick up a white mug from the counter right of the oven.", cmd("Grab", spares[0]),
                     match=["Pick up a mug from the counter."]),
                step("Put it on the beverage station.", cmd("Put", spares[0], st))],
        wrong=[step("Two more mugs are needed. Pick up a white mug from the counter right of the oven.",
                    cmd("Grab", spares[0])),
               step("Put it on the beverage station.", cmd("Put", spares[0], st)),
               step("Now the other white mug on that counter.", cmd("Grab", spares[1])),
               step("Put it on the beverage station too.", cmd("Put", spares[1], st))],
        no_help=plan((None, "How many mugs are on the station now?")),
        goals=[count("on", ["*", st], eq=3)],
        prohibitions=[moved("sponge#1"), moved("phone#1"), moved("mug#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "ledger-kept", "+1 +1 -1 +1: two mugs on the station, the third taken back to the sink",
                  says(phrase("2 mugs"), phrase("only 2"), phrase("2 are on"), phrase("2 on the station"),
                       wrong=[phrase("already 3"), phrase("3 are on"), phrase("3 on the station")],
                       before=f"place(*, {st})")),
            point("C5", "one-more", "three wanted less the two there: exactly one more mug",
                  says(phrase("1 more"), phrase("just 1"), phrase("another 1"), wrong=[phrase("2 more"),
                                                                                       phrase("no more")],
                       before=f"place(*, {st})"))))


GROCERY_LIST = "FRIDGE LIST\n1 MILK\n2 YOGURT\n3 EGGS\n4 FETA\n5 BUTTER"


def decision_20() -> dict:
    """Follow the five-item fridge list across a phone call: before the call the wearer put away items 1, 3 and 5
    (milk, eggs, butter) and closed the fridge; the yogurt (2) and the feta (4) are still on the table. Both go
    in, the fridge ends closed, the three put away stay inside and the unlisted bread stays on the table."""
    b = kitchen_house(recipe=GROCERY_LIST)
    # neutral handles; the listed five in a row along the table's front (south to north: feta, eggs, milk, butter,
    # yogurt), the unlisted bread behind them, clear of the hand's path
    for kind, text, params, spot in (
            ("carton", "EGGS", {"size": (0.1, 0.16, 0.07), "color": (0.75, 0.65, 0.5)}, (-0.4, 0.3)),
            ("cheese", "FETA", {"size": (0.12, 0.09, 0.06), "color": (0.95, 0.95, 0.9)}, (-0.8, 0.3)),
            ("milk_carton", "MILK", {}, (0.0, 0.3)),
            ("bread", None, {}, (0.0, 0.8)),
            ("carton", "BUTTER", {"size": (0.12, 0.07, 0.05), "color": (0.95, 0.85, 0.4)}, (0.4, 0.3)),
            ("carton", "YOGURT", {"size": (0.09, 0.09, 0.1), "color": (0.97, 0.97, 0.97)}, (0.8, 0.3))):
        b.add_object(kind, name="item", on="table#1", spot=spot, params=params,
                     labels=[{"text": text, "face": "front"}] if text else [])
    b.add_object("phone", on="side_table#1", spot=(0.2, 0.3))
    b.set_human((3.0, 0.6), yaw=N)
    eggs, feta, milk, bread, butter, yogurt = (f"item#{i + 1}" for i in range(6))
    fridge = "fridge#1"
    return taskpack(
        id="decision-20", family="Decision", static_item=STATIC_ITEMS["decision-20"], row=20,
        scene=b.build(),
        title="Finish the fridge list after a phone call",
        prelude="Putting the shopping away; the fridge list is on the board over the counter.",
        opening=[cmd("Walk", "recipe_board#1"), cmd("LookAt", "recipe_board#1"), cmd("Walk", "table#1"),
                 *(cmd("LookAt", f"item#{i + 1}") for i in range(6)),
                 cmd("Grab", milk), cmd("Open", fridge), cmd("PutIn", milk, fridge), cmd("Grab", eggs),
                 cmd("PutIn", eggs, fridge), cmd("Grab", butter), cmd("PutIn", butter, fridge), cmd("Close", fridge),
                 cmd("Walk", "side_table#1"), cmd("Grab", "phone#1"), cmd("AnswerPhone", "phone#1"), cmd("Wait"),
                 cmd("Put", "phone#1", "side_table#1"), cmd("LookAt", "side_table#1")],
        handoff="Sorry, that call took ages. Where was I with the fridge list? Help me finish it.",
        human_task="You were putting away the groceries on your five-item fridge list when the phone rang, and you "
                   "lost track. Which are still missing? You want everything on the list in the fridge, the fridge "
                   "closed, and nothing else moved.",
        evidence=[*printed_at("recipe_board#1", "2 YOGURT", "4 FETA"), *printed_at(yogurt, "YOGURT"),
                  *printed_at(feta, "FETA"),
                  state("milk, eggs and butter put in the fridge before the call", fridge,
                        cmd("PutIn", butter, fridge))],
        legend=[entry(feta, "a white block at the south end of the kitchen table, by the chair", movable=True),
                entry(yogurt, "a white tub at the north end of the kitchen table", movable=True),
                entry(bread, "a loaf on the west side of the kitchen table", movable=True),
                *(entry(k, f"an item inside the fridge, the {n} put away", movable=True)
                  for k, n in ((milk, "first"), (eggs, "second"), (butter, "third"))),
                entry(fridge, "the fridge"), entry("table#1", "the kitchen table")],
        oracle=[step("Milk, eggs and butter, items 1, 3 and 5, went in before the call; the yogurt and the feta, "
                     "items 2 and 4, are still on the table. Pick up the yogurt, the white tub at the north end of "
                     "the table.", cmd("Grab", yogurt), match=["Pick up the yogurt."]),
                step("Open the fridge.", cmd("Open", fridge)),
                step("Put the yogurt in the fridge.", cmd("PutIn", yogurt, fridge)),
                step("Now pick up the feta, the white block at the south end of the table.", cmd("Grab", feta)),
                step("Put the feta in the fridge too.", cmd("PutIn", feta, fridge)),
                step("Close the fridge.", cmd("Close", fridge))],
        wrong=[step("Only the yogurt is left. Pick up the white tub at the north end of the table.",
                    cmd("Grab", yogurt)),
               step("Open the fridge.", cmd("Open", fridge)),
               step("Put the yogurt in the fridge.", cmd("PutIn", yogurt, fridge)),
               step("Close the fridge; the list is done.", cmd("Close", fridge))],
        no_help=plan((None, "Which ones are still missing?")),
        goals=[holds("inside", yogurt, fridge), holds("inside", feta, fridge)],
        prohibitions=[*(negate(holds("inside", k, fridge)) for k in (milk, eggs, butter)), moved(bread),
                      holds("open", fridge), moved("phone#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "list-across-call", "the YOGURT (item 2) on the list read before the call, still out",
                  says(phrase("yogurt"), phrase("item 2"), before=f"pick({yogurt})")),
            point("C7", "both-omissions", "the FETA (item 4) skipped as well: named before the repair starts",
                  says(phrase("feta"), phrase("item 4"), before=f"pick({yogurt})"))))


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "decision-11": static(
        "Which of the two fruits makes the steak tender for the marinade?",
        "The pineapple: its enzyme bromelain breaks down the meat; the lemon's acid only sours the surface."),
    "decision-13": static(
        "Where exactly should the backpack go for today's training?",
        "On the floor beside the parallel bars, the apparatus on the left, not on any apparatus."),
    "decision-14": static(
        "Which snack is the largest one that still fits the lunch-box limit with the coffee?",
        "The 250 g cookies: 700 g less the 450 g coffee leaves 250 g, too little for the crackers.",
        require=[[num(250, "g")]], forbid=[num(351, "g")]),
    "decision-15": static(
        "Which of the four items on the stock table does the notice cover, and where do they go?",
        "The milk and the cheddar, the dairy items, go in the public bin in the cafe; the cereal and the apple "
        "stay."),
    "decision-17": static(
        "Which room has more free seats, and how many?",
        "Room B with 18 free seats: 30 - 12 = 18, more than room A has left (40 - 24).", require=[[num(18)]], forbid=[num(16)]),
    "decision-18": static(
        "Which of the two bottles on the bathroom shelf keeps the entryway fresh all week with nobody acting?",
        "The reed diffuser, the left bottle with the sticks; the spray bottle needs someone to press it."),
    "decision-19": static(
        "How many more mugs does the beverage station need for the three-mug setup?",
        "One: two mugs went on, one of them came off again into the sink and a third went on, so two are on the "
        "station.", require=[[num(1)]], forbid=[phrase("2 more"), phrase("no more")]),
    "decision-20": static(
        "Which items on the fridge list still have to go into the fridge?",
        "The yogurt (item 2) and the feta (item 4); the milk, the eggs and the butter went in before the phone "
        "call.", require=[[phrase("yogurt"), phrase("item 2")], [phrase("feta"), phrase("item 4")]]),
}

TASKS = [decision_11, decision_13, decision_14, decision_15, decision_17, decision_18, decision_19, decision_20]
