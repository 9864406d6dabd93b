"""Planning (ORCHESTRATE) TaskPacks: the Human knows the requested outcome but may not make, reorder or
repair the plan; the Assistant decomposes it into subtasks, each carried out as a short local motor
sequence (paper Table 8). Rows 1, 2, 3, 5, 12 and 14; the others in ``planning_2.py``, ``planning_3.py`` and
``planning_4.py``."""
from __future__ import annotations

import math

from common import (acts, any_of, before, caps, cmd, count, counted, entry, holds, moved, negate, num, order, phrase,
                    plan, point, printed, printed_at, says, static, step, taskpack)
from scenes import E, N, S, W, board, classroom, hotel_suite, kitchen_house, shop
from scenes_planning import HOUSE_MAP, five_room_house

ASK_PLAN = plan((None, "I know what has to end up where, but what should I do first?"))


def planning_01() -> dict:
    """Pack an exact shipment of seven packages from nine capacity-labelled cartons: water 8 L (3 + 3 + 2),
    juice 9 L (4 + 3 + 2) and the 3-L lemonade; the water 4 L and juice 5 L cartons stay where they are.
    Only the seven-package count makes the split unique (juice 9 L is also 5 + 4)."""
    b = shop()
    board(b, "wall_board", name="order_sheet", at=(9.0, 4.94), yaw=N,
          text="SHIPMENT\n7 packages\nwater 8 L\njuice 9 L\nlemonade 3 L")
    blue, orange, yellow = (0.6, 0.8, 0.95), (0.95, 0.6, 0.1), (0.95, 0.9, 0.3)
    stock = (("water", "WATER\n3 L", blue, "stock_counter#1"), ("water", "WATER\n4 L", blue, "stock_counter#1"),
             ("water", "WATER\n2 L", blue, "stock_counter#1"), ("water", "WATER\n3 L", blue, "stock_counter#1"),
             ("juice", "JUICE\n5 L", orange, "approval_desk#1"), ("juice", "JUICE\n4 L", orange, "approval_desk#1"),
             ("juice", "JUICE\n3 L", orange, "approval_desk#1"), ("juice", "JUICE\n2 L", orange, "approval_desk#1"),
             ("lemonade", "LEMONADE\n3 L", yellow, "stock_counter#1"))
    slot: dict[str, int] = {}
    for name, text, color, support in stock:
        i = slot[support] = slot.get(support, -1) + 1
        b.add_object("carton", name=f"{name}_carton", on=support, spot=(-0.8 + 0.4 * i, 0.3),
                     params={"size": (0.1, 0.1, 0.18), "color": color}, labels=[{"text": text, "face": "front"}])
    b.add_object("box", name="shipping_box", on="packing_table#1", spot=(0.0, 0.8),
                 params={"size": (0.55, 0.4, 0.22)}, labels=[{"text": "SHIPMENT", "face": "front"}])
    b.set_human((8.5, 2.5), yaw=0.0)
    picks = [("water_carton#1", "the first 3-litre water carton"), ("water_carton#4", "the other 3-litre water carton"),
             ("water_carton#3", "the 2-litre water carton"), ("juice_carton#2", "the 4-litre juice carton"),
             ("juice_carton#3", "the 3-litre juice carton"), ("juice_carton#4", "the 2-litre juice carton"),
             ("lemonade_carton#1", "the 3-litre lemonade carton")]
    oracle = [step(f"Move {what} into the shipping box.", cmd("Grab", key), cmd("PutIn", key, "shipping_box#1"))
              for key, what in picks]
    wrong = oracle[:3] + [step("Move the 5-litre juice carton into the shipping box.", cmd("Grab", "juice_carton#1"),
                               cmd("PutIn", "juice_carton#1", "shipping_box#1")),
                          oracle[3], oracle[6]]
    return taskpack(
        id="planning-01", family="Planning", static_item=STATIC_ITEMS["planning-01"], row=1, scene=b.build(),
        title="Pack an exact seven-package shipment from nine labelled cartons",
        prelude="The courier comes soon; the shipment order is on the wall.",
        opening=[cmd("Walk", "order_sheet#1"), cmd("LookAt", "order_sheet#1"), cmd("Walk", "stock_counter#1")] +
                [cmd("LookAt", f"water_carton#{i}") for i in (1, 2, 3, 4)] + [cmd("LookAt", "lemonade_carton#1"),
                 cmd("Walk", "approval_desk#1")] + [cmd("LookAt", f"juice_carton#{i}") for i in (1, 2, 3, 4)],
        handoff="The box has to match the order exactly. Plan it for me, one carton at a time.",
        human_task="The shipping box on the packing table packed with cartons so that it matches the shipment "
                   "order on the wall exactly, before the courier comes.",
        evidence=[*printed_at("order_sheet#1", "7 packages", "water 8 L", "juice 9 L", "lemonade 3 L")] +
                 [printed(text.replace("\n", " "), f"{name}_carton#{i}", cmd("LookAt", f"{name}_carton#{i}"))
                  for name, lo in (("water", 0), ("juice", 4))
                  for i, (_, text, _, _) in enumerate(stock[lo:lo + 4], start=1)] +
                 [printed("LEMONADE 3 L", "lemonade_carton#1", cmd("LookAt", "lemonade_carton#1"))],
        legend=[entry(f"water_carton#{i}", f"water carton {i} from the left on the stock counter", movable=True)
                for i in (1, 2, 3, 4)] +
               [entry(f"juice_carton#{i}", f"juice carton {i} from the left on the desk", movable=True)
                for i in (1, 2, 3, 4)] +
               [entry("lemonade_carton#1", "the yellow carton at the right end of the stock counter", movable=True),
                entry("shipping_box#1", "the shipping box on the packing table", movable=True),
                entry("stock_counter#1", "the stock counter"), entry("approval_desk#1", "the desk by the back wall")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("inside", k, "shipping_box#1") for k, _ in picks] +
              [count("inside", ["*", "shipping_box#1"], eq=7)],
        prohibitions=[moved("water_carton#2"), moved("juice_carton#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "subset-sum", "juice 9 L in the seven-package order is 4 + 3 + 2, never the 5 L carton",
                  acts("pick(juice_carton#2)", "pick(juice_carton#3)", "pick(juice_carton#4)",
                       among=["pick(juice_carton#1)", "pick(juice_carton#2)", "pick(juice_carton#3)",
                              "pick(juice_carton#4)"])),
            point("C3", "reads-capacities", "the litres printed on each carton",
                  says(num(3, "L", strict=True), before="pick(water_carton#1)")),
            point("C5", "water-split", "water 8 L is 3 + 3 + 2, never the 4 L carton",
                  acts("pick(water_carton#1)", "pick(water_carton#3)", "pick(water_carton#4)",
                       among=["pick(water_carton#1)", "pick(water_carton#2)", "pick(water_carton#3)",
                              "pick(water_carton#4)"]))),
        ticks=40)


def planning_02() -> dict:
    """Execute a complete lunch order from the ticket: schnitzel and broccolini cooked in the pan, the cooktop
    off, both on the plate (exactly two foods) at the service pass with the sealed sauce (not the opened one),
    and the spatula left on the cooktop returned to the utensil tray."""
    b = kitchen_house()
    b.add_fixture("table", name="service_pass", at=(5.2, 1.6), params={"width": 0.8, "depth": 0.6, "height": 0.9})
    board(b, "wall_board", name="order_ticket", at=(4.4, 4.94), yaw=N, width=0.9,
          text="TABLE 4\nschnitzel\nbroccolini\nsauce: sealed")
    b.add_object("spatula", on="cooktop#1", spot=(0.7, 0.8))
    b.add_object("bread", name="schnitzel", on="counter#1", spot=(-0.5, 0.4),
                 params={"size": (0.11, 0.08, 0.05), "color": (0.8, 0.6, 0.35)})
    b.add_object("potato", name="broccolini", on="counter#1", spot=(0.0, 0.4),
                 params={"radii": (0.05, 0.03, 0.035), "color": (0.2, 0.55, 0.2)})
    b.add_object("box", name="utensil_tray", on="counter#1", spot=(0.6, 0.6),
                 params={"size": (0.3, 0.14, 0.06), "color": (0.55, 0.55, 0.6)})
    b.add_object("plate", on="counter#2", spot=(0.4, 0.4), params={"radius": 0.16})
    for spot, text in (((-0.6, 0.4), "SAUCE\nopened"), ((-0.2, 0.4), "SAUCE\nsealed")):
        b.add_object("bottle", name="sauce", on="counter#2", spot=spot,
                     params={"radius": 0.04, "height": 0.14, "color": (0.55, 0.2, 0.1)},
                     labels=[{"text": text, "face": "front"}])
    b.set_human((3.0, 3.2), yaw=S)
    oracle = [step("Put the schnitzel from the left counter on the cooktop.", cmd("Grab", "schnitzel#1"),
                   cmd("Put", "schnitzel#1", "cooktop#1")),
              step("Put the broccolini on the cooktop too.", cmd("Grab", "broccolini#1"),
                   cmd("Put", "broccolini#1", "cooktop#1")),
              step("Turn the cooktop on and cook the schnitzel and then the broccolini.", cmd("TurnOn", "cooktop#1"),
                   cmd("Cook", "schnitzel#1"), cmd("Cook", "broccolini#1")),
              step("Turn the cooktop off.", cmd("TurnOff", "cooktop#1")),
              step("Plate the schnitzel and the broccolini on the plate on the right counter.",
                   cmd("Grab", "schnitzel#1"), cmd("Put", "schnitzel#1", "plate#1"), cmd("Grab", "broccolini#1"),
                   cmd("Put", "broccolini#1", "plate#1")),
              step("Carry the plate to the service pass.", cmd("Grab", "plate#1"), cmd("Put", "plate#1", "service_pass#1")),
              step("Bring the sealed sauce, the second bottle from the left, to the service pass.",
                   cmd("Grab", "sauce#2"), cmd("Put", "sauce#2", "service_pass#1")),
              step("Put the spatula from the cooktop back in the utensil tray.", cmd("Grab", "spatula#1"),
                   cmd("PutIn", "spatula#1", "utensil_tray#1"))]
    wrong = [*oracle[:6], step("Bring the opened sauce, the first bottle, to the service pass.", cmd("Grab", "sauce#1"),
                                cmd("Put", "sauce#1", "service_pass#1")), oracle[7]]
    return taskpack(
        id="planning-02", family="Planning", static_item=STATIC_ITEMS["planning-02"], row=2, scene=b.build(),
        title="Cook, plate and deliver a complete lunch order",
        prelude="Table four's lunch order just came in; the ticket is on the wall.",
        opening=[cmd("Walk", "order_ticket#1"), cmd("LookAt", "order_ticket#1"), cmd("LookAt", "sauce#1"),
                 cmd("LookAt", "sauce#2"), cmd("LookAt", "cooktop#1")],
        handoff="Plan the whole order for me, one job at a time.",
        human_task="Table four's lunch order from the ticket cooked, plated and at the service pass with its "
                   "sauce, and the station left safe and tidy.",
        evidence=[*printed_at("order_ticket#1", "sauce: sealed"),
                  *printed_at("sauce#1", "opened"), *printed_at("sauce#2", "sealed")],
        legend=[entry("schnitzel#1", "the breaded cutlet on the left counter", movable=True),
                entry("broccolini#1", "the green vegetable on the left counter", movable=True),
                entry("spatula#1", "the black spatula on the cooktop", movable=True),
                entry("utensil_tray#1", "the grey utensil tray on the left counter", movable=True),
                entry("plate#1", "the white plate on the right counter", movable=True),
                entry("sauce#1", "the first brown bottle on the right counter", movable=True),
                entry("sauce#2", "the second brown bottle on the right counter", movable=True),
                entry("cooktop#1", "the cooktop"), entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven"),
                entry("service_pass#1", "the high table by the door, the service pass")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("cooked", "schnitzel#1"), holds("cooked", "broccolini#1"), holds("on", "schnitzel#1", "plate#1"),
               holds("on", "broccolini#1", "plate#1"), count("on", ["*", "plate#1"], eq=2),
               holds("on", "plate#1", "service_pass#1"), holds("on", "sauce#2", "service_pass#1"),
               holds("inside", "spatula#1", "utensil_tray#1")],
        prohibitions=[holds("running", "cooktop#1"), moved("sauce#1"), holds("held", "*")],
        reduction="Browning is the world's 'cooked' state (no separate browned state); both foods cook directly on "
                  "the cooktop's glass top, not in a pan (the hand's grasp planner finds no collision-free approach "
                  "to flat food inside a pan on the cooktop); the spatula is the tool left on the cooktop that must "
                  "be returned, not a tool the cooking requires.",
        capabilities=caps(
            point("C3", "reads-sauce", "the ticket's 'sauce: sealed' and the bottles' opened/sealed print",
                  acts("pick(sauce#2)", among=["pick(sauce#1)", "pick(sauce#2)"])),
            point("C5", "cook-then-serve", "cooking both foods and switching the heat off before plating",
                  order("cook(schnitzel#1)", "cook(broccolini#1)", "turn_off(cooktop#1)", "place(schnitzel#1, plate#1)",
                        "place(plate#1, service_pass#1)"))),
        ticks=40)


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
    """Detect the cold brew mis-stored in the open cleaning cabinet although its label says keep refrigerated,
    store it, and finish the kitchen reset from the list: pineapple juice into the fridge, mug into the
    dishwasher, sponge onto the drying rack beside the sink; fridge and cleaning cabinet closed; the
    shelf-stable iced tea, the cleaner and the plate stay."""
    b = kitchen_house()
    b.add_fixture("cabinet", name="cleaning_cabinet", at=(4.6, 0.3), yaw=S, state={"open": 1.0},
                  params={"width": 0.6, "depth": 0.45, "height": 1.3, "shelves": 2})
    b.add_fixture("dishwasher", at=(5.7, 3.7), yaw=E, state={"open": 1.0})
    board(b, "wall_board", name="reset_list", at=(0.06, 2.6), yaw=W,
          text="KITCHEN RESET\njuice: fridge\nmug: dishwasher\nsponge: drying rack")
    b.add_object("bottle", name="cold_brew", on="cleaning_cabinet#1", region="shelf_2", spot=(-0.3, 0.3),
                 params={"color": (0.2, 0.12, 0.08)}, labels=[{"text": "COLD BREW\nkeep\nrefrigerated", "face": "front"}])
    b.add_object("bottle", name="cleaner", on="cleaning_cabinet#1", region="shelf_2", spot=(0.4, 0.3),
                 params={"color": (0.3, 0.7, 0.35)}, labels=[{"text": "CLEANER", "face": "front"}])
    b.add_object("bottle", name="iced_tea", on="counter#2", spot=(-0.6, 0.3), params={"color": (0.6, 0.35, 0.1)},
                 labels=[{"text": "ICED TEA\nshelf\nstable", "face": "front"}])
    b.add_object("juice_carton", name="pineapple_juice", on="counter#2", spot=(-0.1, 0.3),
                 params={"size": (0.08, 0.08, 0.2), "color": (0.95, 0.85, 0.2)},
                 labels=[{"text": "PINEAPPLE\nJUICE\nkeep cold", "face": "front"}])
    b.add_object("tray", name="drying_rack", on="counter#2", spot=(0.65, 0.5), params={"size": (0.3, 0.35, 0.03),
                 "color": (0.75, 0.78, 0.8)})
    b.add_object("mug", on="table#1", spot=(-0.3, 0.4))
    b.add_object("sponge", on="table#1", spot=(0.3, 0.4))
    b.add_object("plate", on="table#1", spot=(0.0, 0.7))
    b.set_human((3.0, 0.6), yaw=S)
    oracle = [step("The cold brew in the cleaning cabinet says keep refrigerated: put it in the fridge.",
                   cmd("Grab", "cold_brew#1"), cmd("Open", "fridge#1"), cmd("PutIn", "cold_brew#1", "fridge#1")),
              step("Put the pineapple juice carton from the counter in the fridge too and close the fridge.",
                   cmd("Grab", "pineapple_juice#1"), cmd("PutIn", "pineapple_juice#1", "fridge#1"),
                   cmd("Close", "fridge#1")),
              step("Put the mug from the table in the dishwasher.", cmd("Grab", "mug#1"),
                   cmd("PutIn", "mug#1", "dishwasher#1")),
              step("Put the sponge on the drying rack beside the sink.", cmd("Grab", "sponge#1"),
                   cmd("Put", "sponge#1", "drying_rack#1")),
              step("Close the cleaning cabinet.", cmd("Close", "cleaning_cabinet#1"))]
    wrong = [step("Put the iced tea in the fridge.", cmd("Grab", "iced_tea#1"), cmd("Open", "fridge#1"),
                  cmd("PutIn", "iced_tea#1", "fridge#1")), *oracle[1:]]
    return taskpack(
        id="planning-12", family="Planning", static_item=STATIC_ITEMS["planning-12"], row=12, scene=b.build(),
        title="Repair a mis-stored cold brew and finish the kitchen reset",
        prelude="Let's reset the kitchen before the guests come.",
        opening=[cmd("Walk", "reset_list#1"), cmd("LookAt", "reset_list#1"), cmd("Walk", "cleaning_cabinet#1"),
                 cmd("LookAt", "cold_brew#1"), cmd("Walk", "counter#2"), cmd("LookAt", "iced_tea#1"),
                 cmd("LookAt", "pineapple_juice#1"), cmd("Walk", "table#1"), cmd("LookAt", "table#1")],
        handoff="Plan the reset with me, one job at a time.",
        human_task="The kitchen reset the way the list on the wall says before the guests come, with every drink "
                   "stored where it belongs.",
        evidence=[*printed_at("cold_brew#1", "keep refrigerated"), *printed_at("iced_tea#1", "shelf stable"),
                  *printed_at("pineapple_juice#1", "keep cold"),
                  *printed_at("reset_list#1", "juice: fridge", "mug: dishwasher", "sponge: drying rack")],
        legend=[entry("cold_brew#1", "the dark bottle in the open cabinet by the bin", movable=True),
                entry("cleaner#1", "the green bottle in the open cabinet by the bin", movable=True),
                entry("iced_tea#1", "the brown bottle on the counter", movable=True),
                entry("pineapple_juice#1", "the yellow carton on the counter", movable=True),
                entry("mug#1", "the mug on the table", movable=True),
                entry("sponge#1", "the sponge on the table", movable=True),
                entry("plate#1", "the plate on the table", movable=True),
                entry("drying_rack#1", "the grey tray at the right end of the counter", movable=True),
                entry("fridge#1", "the fridge"), entry("cleaning_cabinet#1", "the open cabinet by the bin"),
                entry("dishwasher#1", "the open dishwasher by the sink"), entry("sink#1", "the sink")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("inside", "cold_brew#1", "fridge#1"), holds("inside", "pineapple_juice#1", "fridge#1"),
               holds("inside", "mug#1", "dishwasher#1"), holds("on", "sponge#1", "drying_rack#1"),
               holds("closed", "cleaning_cabinet#1")],
        prohibitions=[holds("open", "fridge#1"), moved("iced_tea#1"), moved("cleaner#1"), moved("plate#1"),
                      negate(holds("on", "drying_rack#1", "counter#2")), holds("held", "*")],
        capabilities=caps(
            point("C7", "spots-mis-stored", "the cold brew left in the cleaning cabinet, unlike the shelf-stable tea",
                  acts("pick(cold_brew#1)", among=["pick(cold_brew#1)", "pick(iced_tea#1)", "pick(cleaner#1)"])),
            point("C3", "reads-label", "the cold brew's 'keep refrigerated' print",
                  says(phrase("refrigerated"), phrase("refrigerate"),
                       wrong=[phrase("shelf stable")], before="pick(cold_brew#1)")),
            point("C3", "reads-list", "the reset list's 'mug: dishwasher', not the sink",
                  acts("place_inside(mug#1, dishwasher#1)", among=["place_inside(mug#1, *)", "place(mug#1, *)"]))),
        ticks=40)


def planning_14() -> dict:
    """Plan a short reset route for four objects across a five-room house from the map in the entry: folder to
    the living room, towel to the bathroom, mug to the kitchen, parcel to the entry. Each object lies where the
    previous one is delivered, so one order has no empty leg (the C5 route point); the endpoints are scored
    as one bundle each and the route length is reported beside the score."""
    b = five_room_house()
    board(b, "wall_board", name="house_map", at=(1.5, 0.06), yaw=S, width=1.2, height=0.8,
          text=HOUSE_MAP)
    b.add_object("book", name="folder", on="console#1", spot=(-0.4, 0.5), params={"size": (0.24, 0.31, 0.025),
                 "color": (0.2, 0.35, 0.7)})
    b.add_object("cloth", name="towel", on="sofa#1", spot=(0.3, 0.4), params={"size": (0.25, 0.2, 0.03),
                 "color": (0.95, 0.95, 0.95)})
    b.add_object("mug", on="towel_shelf#1", region="shelf_2", spot=(0.0, 0.3))
    b.add_object("box", name="parcel", on="table#1", spot=(0.3, 0.5), params={"size": (0.3, 0.22, 0.15),
                 "color": (0.7, 0.55, 0.35)})
    b.add_object("cup", on="coffee_table#1", spot=(-0.5, 0.5))
    b.add_object("book", on="nightstand#1", spot=(0.0, 0.5))
    b.set_human((1.5, 1.4), yaw=-math.pi / 2)
    oracle = [step("Take the folder from the entry to the coffee table in the living room.", cmd("Grab", "folder#1"),
                   cmd("Put", "folder#1", "coffee_table#1")),
              step("Take the towel from the sofa to the towel shelf in the bathroom.", cmd("Grab", "towel#1"),
                   cmd("PutIn", "towel#1", "towel_shelf#1")),
              step("Take the mug from the towel shelf to the kitchen counter.", cmd("Grab", "mug#1"),
                   cmd("Put", "mug#1", "counter#1")),
              step("Finally take the parcel from the kitchen table to the console in the entry.", cmd("Grab", "parcel#1"),
                   cmd("Put", "parcel#1", "console#1"))]
    wrong = [oracle[0], oracle[1],
             step("Take the cup from the coffee table to the kitchen counter.", cmd("Grab", "cup#1"),
                  cmd("Put", "cup#1", "counter#1")), oracle[3]]
    return taskpack(
        id="planning-14", family="Planning", static_item=STATIC_ITEMS["planning-14"], row=14, scene=b.build(),
        title="Plan a short reset route for four objects across a five-room house",
        prelude="Four things are in the wrong rooms; the house map hangs here in the entry.",
        opening=[cmd("LookAt", "house_map#1"), cmd("LookAt", "console#1")],
        handoff="Plan the trips for me, one at a time, and keep the walking short.",
        human_task="The folder back in the living room, the towel in the bathroom, the mug in the kitchen and the "
                   "parcel in the entry, with as little walking as possible.",
        evidence=[*printed_at("house_map#1", "KITCHEN LIVING", "ENTRY BATH BED", "entry doors: kitchen, bath")],
        legend=[entry("folder#1", "the blue folder on the console table in the entry", movable=True),
                entry("towel#1", "the white towel on the sofa in the living room", movable=True),
                entry("mug#1", "the red mug on the towel shelf in the bathroom", movable=True),
                entry("parcel#1", "the brown parcel on the kitchen table", movable=True),
                entry("cup#1", "the white cup on the coffee table", movable=True),
                entry("book#1", "the red book on the nightstand in the bedroom", movable=True),
                entry("console#1", "the console table in the entry"),
                entry("coffee_table#1", "the coffee table in the living room"),
                entry("towel_shelf#1", "the towel shelf in the bathroom"),
                entry("counter#1", "the kitchen counter"), entry("table#1", "the kitchen table"),
                entry("sofa#1", "the sofa in the living room")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("on", "folder#1", "coffee_table#1"), holds("inside", "towel#1", "towel_shelf#1"),
               holds("on", "mug#1", "counter#1"), holds("on", "parcel#1", "console#1")],
        prohibitions=[moved("cup#1"), moved("book#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "route-plan", "the map's ring of rooms: each delivery ends where the next object lies",
                  order("place(folder#1, coffee_table#1)", "place_inside(towel#1, towel_shelf#1)",
                        "place(mug#1, counter#1)", "place(parcel#1, console#1)"))),
        ticks=30)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "planning-01": static(
        "Plan the shipment: which cartons should go into the shipping box?",
        "Seven packages as the sheet asks: water 8 L = 3 + 3 + 2 (both 3-litre and the 2-litre water cartons), "
        "juice 9 L = 4 + 3 + 2 (the 4-, 3- and 2-litre juice cartons) and the 3-litre lemonade; the 4-litre water "
        "and the 5-litre juice stay out.",
        require=[[num(2, "L")], [num(3, "L")], [num(4, "L")]]),
    "planning-02": static(
        "Plan table four's lunch order from start to finish.",
        "Put the schnitzel and the broccolini on the cooktop, switch it on, cook both, switch it off; plate both on "
        "the plate and carry it to the service pass; bring the sealed sauce (not the opened one) there; put the "
        "spatula back in the utensil tray."),
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
        "The cold brew in the cleaning cabinet says keep refrigerated: put it in the fridge with the pineapple "
        "juice and close the fridge; put the mug in the dishwasher and the sponge on the drying rack by the sink; "
        "close the cleaning cabinet; leave the shelf-stable iced tea and the cleaner."),
    "planning-14": static(
        "Plan the reset trips across the house in the shortest order.",
        "Folder from the entry to the living-room coffee table, then the towel from the sofa to the bathroom "
        "towel shelf, then the mug from that shelf to the kitchen counter, then the parcel from the kitchen table "
        "to the entry console: each trip ends where the next object lies."),
}

TASKS = [planning_01, planning_02, planning_03, planning_05, planning_12, planning_14]
