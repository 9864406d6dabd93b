"""Planning (ORCHESTRATE) TaskPacks: the Human knows the requested outcome but may not make, reorder or
repair the plan; the Assistant decomposes it into subtasks, each carried out as a short local motor
sequence (paper Table 8). Rows 1, 3, 5, 12 and 14."""
from __future__ import annotations

import math

from common import (acts, any_of, before, caps, cmd, count, counted, entry, holds, moved, num, order, phrase, plan,
                   point, printed, printed_at, says, step, taskpack)
from scenes import N, S, W, board, classroom, hotel_suite, kitchen_house, shop
from common import num, static  # the static variant (paper D.3) and its rule values

ASK_PLAN = plan((None, "I know what has to end up where, but what should I do first?"))


def planning_01() -> dict:
    """Pack an exact shipment: water 5 L and juice 7 L from capacity-labelled cartons (water 3+2, juice 4+3);
    the water 4 L and juice 5 L cartons stay on the stock shelf."""
    b = shop()
    board(b, "wall_board", name="order_sheet", at=(9.0, 4.94), yaw=N, text="SHIPMENT\nwater  5 L\njuice  7 L")
    cartons = (("water", "WATER\n3 L", (0.6, 0.8, 0.95)), ("water", "WATER\n4 L", (0.6, 0.8, 0.95)),
               ("water", "WATER\n2 L", (0.6, 0.8, 0.95)), ("juice", "JUICE\n5 L", (0.95, 0.6, 0.1)),
               ("juice", "JUICE\n4 L", (0.95, 0.6, 0.1)), ("juice", "JUICE\n3 L", (0.95, 0.6, 0.1)))
    for i, (name, text, color) in enumerate(cartons):
        b.add_object("carton", name=f"{name}_carton", on="stock_counter#1", spot=(-0.8 + 0.32 * i, 0.3),
                     params={"size": (0.1, 0.1, 0.22), "color": color}, labels=[{"text": text, "face": "front"}])
    b.add_object("box", name="shipping_box", on="packing_table#1", spot=(0.0, 0.4),
                 params={"size": (0.45, 0.35, 0.2)}, labels=[{"text": "SHIPMENT", "face": "front"}])
    b.set_human((8.5, 2.5), yaw=0.0)
    picks = [("water_carton#1", "the 3-litre water carton"), ("water_carton#3", "the 2-litre water carton"),
             ("juice_carton#2", "the 4-litre juice carton"), ("juice_carton#3", "the 3-litre juice carton")]
    oracle = [step(f"Move {what} into the shipping box.", cmd("Grab", key), cmd("PutIn", key, "shipping_box#1"))
              for key, what in picks]
    wrong = oracle[:2] + [step("Move the 5-litre juice carton into the shipping box.", cmd("Grab", "juice_carton#1"),
                               cmd("PutIn", "juice_carton#1", "shipping_box#1")),
                          oracle[2]]
    return taskpack(
        id="planning-01", family="Planning", static_item=STATIC_ITEMS["planning-01"], row=1, scene=b.build(),
        title="Pack an exact water and juice shipment from labelled cartons",
        prelude="The courier comes soon; the shipment order is on the wall.",
        opening=[cmd("Walk", "order_sheet#1"), cmd("LookAt", "order_sheet#1"), cmd("Walk", "stock_counter#1")] +
                [cmd("LookAt", f"water_carton#{i}") for i in (1, 2, 3)] +
                [cmd("LookAt", f"juice_carton#{i}") for i in (1, 2, 3)],
        handoff="The box has to match the order exactly. Plan it for me, one carton at a time.",
        human_task="The shipping box on the packing table packed with water and juice cartons so that it matches "
                   "the shipment order on the wall exactly, before the courier comes.",
        evidence=[*printed_at("order_sheet#1", "water 5 L", "juice 7 L")] +
                 [printed(text, key, cmd("LookAt", key)) for key, text in (
                     ("water_carton#1", "WATER 3 L"), ("water_carton#2", "WATER 4 L"), ("water_carton#3", "WATER 2 L"),
                     ("juice_carton#1", "JUICE 5 L"), ("juice_carton#2", "JUICE 4 L"),
                     ("juice_carton#3", "JUICE 3 L"))],
        legend=[entry(f"water_carton#{i}", f"water carton {i} from the left", movable=True) for i in (1, 2, 3)] +
               [entry(f"juice_carton#{i}", f"juice carton {i} from the left of the juices", movable=True)
                for i in (1, 2, 3)] +
               [entry("shipping_box#1", "the shipping box on the packing table", movable=True),
                entry("stock_counter#1", "the stock counter")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("inside", k, "shipping_box#1") for k, _ in picks] +
              [count("inside", ["*", "shipping_box#1"], eq=4)],
        prohibitions=[moved("water_carton#2"), moved("juice_carton#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "subset-sum", "juice 7 L is 4 + 3, never the 5 L carton",
                  acts("pick(juice_carton#2)", "pick(juice_carton#3)",
                       among=["pick(juice_carton#1)", "pick(juice_carton#2)", "pick(juice_carton#3)"])),
            point("C3", "reads-capacities", "the litres printed on each carton",
                  says(num(3, "L", strict=True), before="pick(water_carton#1)"))),
        ticks=24)


def planning_03() -> dict:
    """Ordered multi-room close-out from the checklist: gift inside the closed wardrobe, water in the closed
    minibar, towel inside the closed washer and the washer running."""
    b = hotel_suite()
    b.add_fixture("fridge", name="minibar", at=(3.7, 0.32), yaw=S, params={"width": 0.55, "depth": 0.5,
                                                                          "height": 1.3, "shelves": 2})
    board(b, "wall_board", name="checklist", at=(2.0, 4.44), yaw=N,
          text="CHECK-OUT\n1 gift: wardrobe\n2 water: minibar\n3 towel: wash it")
    b.add_object("box", name="gift_box", on="desk#1", spot=(-0.3, 0.3), params={"size": (0.2, 0.15, 0.12),
                 "color": (0.8, 0.15, 0.2)}, labels=[{"text": "GIFT", "face": "front"}])
    b.add_object("water_bottle", on="desk#1", spot=(0.3, 0.3))
    b.add_object("cloth", name="towel", on="bed#1", spot=(0.0, 0.05), params={"size": (0.2, 0.16, 0.02),
                 "color": (0.95, 0.95, 0.95)})
    b.add_object("phone", on="nightstand#1", spot=(0.0, 0.5))
    b.set_human((3.6, 2.0), yaw=S)
    oracle = [step("First put the gift box in the wardrobe and close the wardrobe.",
                   cmd("Open", "wardrobe#1"), cmd("Grab", "gift_box#1"), cmd("PutIn", "gift_box#1", "wardrobe#1"),
                   cmd("Close", "wardrobe#1")),
              step("Next put the water bottle in the minibar and close it.",
                   cmd("Open", "minibar#1"), cmd("Grab", "water_bottle#1"), cmd("PutIn", "water_bottle#1", "minibar#1"),
                   cmd("Close", "minibar#1")),
              step("Last, put the towel from the bed in the washer in the bathroom, close it and start it.",
                   cmd("Open", "washer#1"), cmd("Grab", "towel#1"), cmd("PutIn", "towel#1", "washer#1"),
                   cmd("Close", "washer#1"), cmd("TurnOn", "washer#1"))]
    wrong = [oracle[0], oracle[1],
             step("Last, put the towel in the dryer, close it and start it.", cmd("Open", "dryer#1"),
                  cmd("Grab", "towel#1"), cmd("PutIn", "towel#1", "dryer#1"), cmd("Close", "dryer#1"),
                  cmd("TurnOn", "dryer#1"))]
    return taskpack(
        id="planning-03", family="Planning", static_item=STATIC_ITEMS["planning-03"], row=3, scene=b.build(),
        title="Multi-room hotel check-out close-out",
        prelude="We check out in twenty minutes; the close-out list is on the wall.",
        opening=[cmd("Walk", "checklist#1"), cmd("LookAt", "checklist#1"), cmd("LookAt", "desk#1"),
                 cmd("LookAt", "towel#1")],
        handoff="Plan the close-out for me, one job at a time.",
        human_task="The room closed out for check-out in twenty minutes, the way the close-out list on the wall "
                   "says.",
        evidence=[*printed_at("checklist#1", "gift: wardrobe", "water: minibar", "towel: wash it")],
        legend=[entry("gift_box#1", "the red gift box on the desk", movable=True),
                entry("water_bottle#1", "the water bottle on the desk", movable=True),
                entry("towel#1", "the towel on the bed", movable=True), entry("phone#1", "your phone", movable=True),
                entry("wardrobe#1", "the wardrobe"), entry("minibar#1", "the minibar fridge"),
                entry("washer#1", "the washing machine"), entry("dryer#1", "the dryer"),
                entry("desk#1", "the desk")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("inside", "gift_box#1", "wardrobe#1"), holds("inside", "water_bottle#1", "minibar#1"),
               holds("inside", "towel#1", "washer#1"), holds("running", "washer#1")],
        prohibitions=[holds("open", "wardrobe#1"), holds("open", "minibar#1"), holds("open", "washer#1"),
                      moved("phone#1")],
        evaluator={"kind": "plan_score", "order": [
            before(holds("inside", "gift_box#1", "wardrobe#1"), holds("inside", "water_bottle#1", "minibar#1")),
            before(holds("inside", "water_bottle#1", "minibar#1"), holds("running", "washer#1"))]},
        capabilities=caps(
            point("C3", "reads-checklist", "the checklist's 'towel: wash it', the washer and not the dryer",
                  acts("place_inside(towel#1, washer#1)", among=["place_inside(towel#1, *)"])),
            point("C5", "multi-room-plan", "the checklist's numbered order across bedroom and bathroom",
                  order("place_inside(gift_box#1, wardrobe#1)", "place_inside(water_bottle#1, minibar#1)",
                        "turn_on(washer#1)")),
            point("C2", "rooms-and-fixtures", "the minibar fridge in the bedroom",
                  acts("place_inside(water_bottle#1, minibar#1)", among=["place_inside(water_bottle#1, *)"]))),
        ticks=34)


def planning_05() -> dict:
    """Balance three pupil desks to exactly one water and one juice each: the left desk holds two of each,
    the middle one a water, the right one a juice."""
    b = classroom()
    board(b, "whiteboard", at=(4.0, 5.94), yaw=N, width=1.2, text="LUNCH BREAK\nevery desk:\n1 water + 1 juice")
    b.add_object("water_bottle", on="pupil_desk#1", spot=(-0.6, 0.3))
    b.add_object("water_bottle", on="pupil_desk#1", spot=(-0.2, 0.3))
    b.add_object("juice_carton", on="pupil_desk#1", spot=(0.2, 0.3))
    b.add_object("juice_carton", on="pupil_desk#1", spot=(0.6, 0.3))
    b.add_object("water_bottle", on="pupil_desk#2", spot=(0.0, 0.3))
    b.add_object("juice_carton", on="pupil_desk#3", spot=(0.0, 0.3))
    b.add_object("book", on="teacher_desk#1", spot=(0.0, 0.4))
    b.add_object("box", name="crayon_box", on="supply_table#1", spot=(0.0, 0.4))
    b.set_human((4.0, 1.2), yaw=S)
    oracle = [step("Take one juice carton from the left desk to the middle desk.", cmd("Grab", "juice_carton#1"),
                   cmd("Put", "juice_carton#1", "pupil_desk#2")),
              step("Then take one water bottle from the left desk to the right desk.", cmd("Grab", "water_bottle#1"),
                   cmd("Put", "water_bottle#1", "pupil_desk#3"))]
    wrong = [step("Take one water bottle from the left desk to the middle desk.", cmd("Grab", "water_bottle#1"),
                  cmd("Put", "water_bottle#1", "pupil_desk#2")),
             step("Then take one juice carton from the left desk to the right desk.", cmd("Grab", "juice_carton#1"),
                  cmd("Put", "juice_carton#1", "pupil_desk#3"))]
    return taskpack(
        id="planning-05", family="Planning", static_item=STATIC_ITEMS["planning-05"], row=5, scene=b.build(),
        title="Balance drinks across three desks in two carries",
        prelude="The kids are back from break in a minute.",
        opening=[cmd("Walk", "whiteboard#1"), cmd("LookAt", "whiteboard#1"), cmd("LookAt", "pupil_desk#1"),
                 cmd("LookAt", "pupil_desk#2"), cmd("LookAt", "pupil_desk#3")],
        handoff="Every desk should end up the way the board says. Plan the moves for me.",
        human_task="Every pupil desk set out for the lunch break the way the whiteboard says, before the kids are "
                   "back.",
        evidence=[*printed_at("whiteboard#1", "1 water + 1 juice"),
                  counted(2, "water bottle", "pupil_desk#1", cmd("LookAt", "pupil_desk#1")),
                  counted(2, "juice carton", "pupil_desk#1", cmd("LookAt", "pupil_desk#1"))],
        legend=[entry("water_bottle#1", "a water bottle on the left desk", movable=True),
                entry("water_bottle#2", "a water bottle on the left desk", movable=True),
                entry("juice_carton#1", "a juice carton on the left desk", movable=True),
                entry("juice_carton#2", "a juice carton on the left desk", movable=True),
                entry("water_bottle#3", "the water bottle on the middle desk", movable=True),
                entry("juice_carton#3", "the juice carton on the right desk", movable=True),
                entry("pupil_desk#1", "the left desk"), entry("pupil_desk#2", "the middle desk"),
                entry("pupil_desk#3", "the right desk")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[count("on", ["*", "pupil_desk#1"], eq=2), count("on", ["*", "pupil_desk#2"], eq=2),
               count("on", ["*", "pupil_desk#3"], eq=2),
               any_of(holds("on", "juice_carton#1", "pupil_desk#2"), holds("on", "juice_carton#2", "pupil_desk#2")),
               any_of(holds("on", "water_bottle#1", "pupil_desk#3"), holds("on", "water_bottle#2", "pupil_desk#3"))],
        prohibitions=[moved("water_bottle#3"), moved("juice_carton#3"), holds("held", "*")],
        capabilities=caps(
            point("C5", "balanced-counts", "the right desk lacks a water",
                  acts("place(water_bottle#1, pupil_desk#3)", among=["place(water_bottle#1, *)"])),
            point("C1", "water-vs-juice", "the middle desk has a water and lacks a juice",
                  acts("place(juice_carton#1, pupil_desk#2)", among=["place(juice_carton#1, *)"]))),
        ticks=16)


def planning_12() -> dict:
    """Notice the cold brew left on the counter although its label says keep refrigerated, store it, and finish
    the kitchen reset: mug into the sink, sponge into the cleaning cabinet, fridge and cabinet closed; the
    shelf-stable tea stays."""
    b = kitchen_house()
    b.add_fixture("cabinet", name="cleaning_cabinet", at=(4.6, 0.3), yaw=S, params={"width": 0.6, "depth": 0.45,
                                                                                   "height": 1.3, "shelves": 2})
    board(b, "wall_board", name="reset_list", at=(0.06, 2.6), yaw=W,
          text="KITCHEN RESET\ndrinks stored right\nmug: sink\nsponge: cleaning cab.")
    b.add_object("bottle", name="cold_brew", on="counter#2", spot=(-0.4, 0.3), params={"color": (0.2, 0.12, 0.08)},
                 labels=[{"text": "COLD BREW\nkeep\nrefrigerated", "face": "front"}])
    b.add_object("bottle", name="iced_tea", on="counter#2", spot=(0.0, 0.3), params={"color": (0.6, 0.35, 0.1)},
                 labels=[{"text": "ICED TEA\nshelf\nstable", "face": "front"}])
    b.add_object("mug", on="table#1", spot=(-0.3, 0.4))
    b.add_object("sponge", on="table#1", spot=(0.3, 0.4))
    b.add_object("plate", on="table#1", spot=(0.0, 0.7))
    b.set_human((3.0, 0.6), yaw=S)
    oracle = [step("The cold brew says keep refrigerated: put it in the fridge and close the fridge.",
                   cmd("Grab", "cold_brew#1"),
                   cmd("Open", "fridge#1"), cmd("PutIn", "cold_brew#1", "fridge#1"), cmd("Close", "fridge#1")),
              step("Put the mug from the table in the sink.", cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", "sink#1")),
              step("Put the sponge away in the cleaning cabinet by the bin and close it.",
                   cmd("Open", "cleaning_cabinet#1"), cmd("Grab", "sponge#1"),
                   cmd("PutIn", "sponge#1", "cleaning_cabinet#1"), cmd("Close", "cleaning_cabinet#1"))]
    wrong = [step("Put the iced tea in the fridge and close the fridge.", cmd("Grab", "iced_tea#1"),
                  cmd("Open", "fridge#1"), cmd("PutIn", "iced_tea#1", "fridge#1"), cmd("Close", "fridge#1")),
             oracle[1], oracle[2]]
    return taskpack(
        id="planning-12", family="Planning", static_item=STATIC_ITEMS["planning-12"], row=12, scene=b.build(),
        title="Repair a mis-stored cold brew and finish the kitchen reset",
        prelude="Let's reset the kitchen before the guests come.",
        opening=[cmd("Walk", "reset_list#1"), cmd("LookAt", "reset_list#1"), cmd("Walk", "counter#2"),
                 cmd("LookAt", "cold_brew#1"),
                 cmd("LookAt", "iced_tea#1"), cmd("Walk", "table#1"), cmd("LookAt", "table#1")],
        handoff="Plan the reset with me, one job at a time.",
        human_task="The kitchen reset the way the list on the wall says before the guests come.",
        evidence=[*printed_at("cold_brew#1", "keep refrigerated"),
                  *printed_at("iced_tea#1", "shelf stable"),
                  *printed_at("reset_list#1", "drinks stored right")],
        legend=[entry("cold_brew#1", "the dark bottle on the counter", movable=True),
                entry("iced_tea#1", "the brown bottle on the counter", movable=True),
                entry("mug#1", "the mug on the table", movable=True),
                entry("sponge#1", "the sponge on the table", movable=True),
                entry("plate#1", "the plate on the table", movable=True),
                entry("fridge#1", "the fridge"), entry("cleaning_cabinet#1", "the cleaning cabinet"),
                entry("sink#1", "the sink")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("inside", "cold_brew#1", "fridge#1"), holds("inside", "mug#1", "sink#1"),
               holds("inside", "sponge#1", "cleaning_cabinet#1")],
        prohibitions=[holds("open", "fridge#1"), holds("open", "cleaning_cabinet#1"), moved("iced_tea#1"),
                      moved("plate#1")],
        capabilities=caps(
            point("C7", "spots-mis-stored", "the cold brew left out on the counter, unlike the shelf-stable tea",
                  acts("pick(cold_brew#1)", among=["pick(cold_brew#1)", "pick(iced_tea#1)"])),
            point("C3", "reads-label", "the cold brew's 'keep refrigerated' print",
                  says(phrase("refrigerated"), phrase("refrigerate"), wrong=[phrase("shelf stable")],
                       before="pick(cold_brew#1)"))),
        ticks=30)


def planning_14() -> dict:
    """Plan a reset route across the kitchen and living room from the map: mug to the kitchen counter, book to
    the bookshelf, phone to the side table."""
    b = kitchen_house()
    board(b, "wall_board", name="reset_map", at=(8.5, 0.06), yaw=S, width=1.0,
          text="RESET MAP\nmug: kitchen counter\nbook: bookshelf\nphone: side table")
    b.add_object("mug", on="coffee_table#1", spot=(-0.3, 0.5))
    b.add_object("book", on="table#1", spot=(0.3, 0.4), labels=[{"text": "ATLAS", "face": "top"}])
    b.add_object("phone", on="counter#2", spot=(0.0, 0.3))
    b.add_object("apple", on="table#1", spot=(-0.4, 0.4))
    b.add_object("cup", on="coffee_table#1", spot=(0.4, 0.5))
    b.set_human((8.5, 1.2), yaw=-math.pi / 2)
    oracle = [step("Take the mug from the coffee table to the kitchen counter.", cmd("Grab", "mug#1"),
                   cmd("Put", "mug#1", "counter#1")),
              step("Now bring the phone from the kitchen counter to the side table.", cmd("Grab", "phone#1"),
                   cmd("Put", "phone#1", "side_table#1")),
              step("Finally take the book from the kitchen table to the bookshelf.", cmd("Grab", "book#1"),
                   cmd("PutIn", "book#1", "bookshelf#1"))]
    wrong = [step("Take the cup from the coffee table to the kitchen counter.", cmd("Grab", "cup#1"),
                  cmd("Put", "cup#1", "counter#1")), oracle[1], oracle[2]]
    return taskpack(
        id="planning-14", family="Planning", static_item=STATIC_ITEMS["planning-14"], row=14, scene=b.build(),
        title="Plan a short multi-room reset route from a map",
        prelude="I want the house reset the way the map on the wall says.",
        opening=[cmd("LookAt", "reset_map#1"), cmd("LookAt", "coffee_table#1"), cmd("Walk", "table#1"),
                 cmd("LookAt", "table#1"), cmd("LookAt", "counter#2")],
        handoff="Plan the trips for me, one at a time.",
        human_task="The house reset the way the map on the wall says.",
        evidence=[*printed_at("reset_map#1", "mug: kitchen counter", "book: bookshelf", "phone: side table")],
        legend=[entry("mug#1", "the mug", movable=True), entry("cup#1", "the cup", movable=True),
                entry("book#1", "the book", movable=True), entry("phone#1", "the phone", movable=True),
                entry("apple#1", "the apple", movable=True),
                entry("counter#1", "the kitchen counter by the fridge"), entry("counter#2", "the kitchen counter by the sink"),
                entry("bookshelf#1", "the bookshelf"), entry("side_table#1", "the side table"),
                entry("coffee_table#1", "the coffee table"), entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[any_of(holds("on", "mug#1", "counter#1"), holds("on", "mug#1", "counter#2")),
               holds("inside", "book#1", "bookshelf#1"), holds("on", "phone#1", "side_table#1")],
        prohibitions=[moved("cup#1"), moved("apple#1"), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-map", "the reset map's 'phone: side table'",
                  acts("place(phone#1, side_table#1)", among=["place(phone#1, *)"])),
            point("C5", "route-plan", "a route with no empty leg: mug to the kitchen, phone back, then the book",
                  order("place(mug#1, *)", "place(phone#1, side_table#1)", "place_inside(book#1, bookshelf#1)")),
            point("C2", "rooms", "the bookshelf in the living room",
                  acts("place_inside(book#1, bookshelf#1)", among=["place_inside(book#1, *)", "place(book#1, *)"]))),
        ticks=22)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "planning-01": static(
        "Plan the shipment: which cartons should go into the shipping box?",
        "Water 3 L + 2 L = 5 L and juice 4 L + 3 L = 7 L, as the sheet asks: move the 3-litre and 2-litre water "
        "cartons and the 4-litre and 3-litre juice cartons into the box, four cartons in all.",
        require=[[num(2, "L")], [num(3, "L")], [num(4, "L")]]),
    "planning-03": static(
        "What is the full plan for the check-out close-out, in order?",
        "1. Put the gift box in the wardrobe and close it; 2. put the water bottle in the minibar and close it; "
        "3. put the towel from the bed in the washing machine, close it and start it, in the checklist's order."),
    "planning-05": static(
        "Plan the moves so that every desk ends up the way the board says.",
        "Two carries: take one juice carton from the left desk to the middle desk and one water bottle from the "
        "left desk to the right desk; then each desk has one water and one juice."),
    "planning-12": static(
        "What is the full plan for the kitchen reset?",
        "Put the cold brew, whose label says keep refrigerated, in the fridge and close it; put the mug from the "
        "table in the sink; put the sponge in the cleaning cabinet and close it; leave the shelf-stable iced tea."),
    "planning-14": static(
        "Plan the reset trips the map on the wall asks for, in an efficient order.",
        "Take the mug from the coffee table to the kitchen counter, then the phone from the kitchen counter to the "
        "side table, then the book from the kitchen table to the bookshelf."),
}

TASKS = [planning_01, planning_03, planning_05, planning_12, planning_14]
