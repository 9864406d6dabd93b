"""Decision (ASK) TaskPacks: a situated question whose answer has a physical consequence (paper
Table 10). The Human may not read, count, calculate or choose; the Assistant must turn the answer
into an exact instruction. Rows 1, 2, 5, 9, 10, 12 and 16 (rows 3-8 in ``decision_2.py``, 11-20 in
``decision_3.py``)."""
from __future__ import annotations

import math

from common import (acts, all_of, any_of, caps, clock, cmd, count, counted, entry, holds, moved, num, phrase, plan,
                    point, printed_at, says, static, step, taskpack)
from scenes import N, S, W, board, hotel_suite, kitchen_house, office, shop
from scenes_decision import daycare

HELD_NOTHING = holds("held", "*")


def decision_01() -> dict:
    """Read the daily report (allowance 2000 kcal, 1780 eaten), take the wearer's spoken correction (a 110 kcal
    latte not on the report) and choose the highest-calorie topping that still fits: 2000 - 1780 - 110 = 110 kcal
    left, so peanut butter (190) and honey (120) are out and the 45 kcal chocolate syrup is the answer."""
    b = kitchen_house()
    board(b, "sign", name="report_sheet", at=(0.06, 2.7), yaw=W, width=0.7, height=0.55,
          text="DAILY REPORT\nallowance 2000 kcal\neaten today 1780 kcal")
    for i, (label, color) in enumerate((("PEANUT\nBUTTER\n190 kcal", (0.6, 0.4, 0.2)),
                                        ("HONEY\n120 kcal", (0.85, 0.6, 0.15)),
                                        ("CHOC\nSYRUP\n45 kcal", (0.3, 0.18, 0.1)),
                                        ("LEMON\nJUICE\n5 kcal", (0.9, 0.85, 0.4)))):
        b.add_object("carton", name="jar", on="counter#2", spot=(-0.7 + 0.46 * i, 0.25),
                     params={"size": (0.1, 0.1, 0.15), "color": color}, labels=[{"text": label, "face": "front"}])
    b.add_fixture("table", name="breakfast_table", at=(9.0, 1.5), params={"width": 1.0, "depth": 0.7})
    b.add_object("bowl", on="breakfast_table#1", spot=(0.0, 0.4), params={"radius": 0.09})
    b.set_human((3.0, 0.6), yaw=S)
    right = "jar#3"
    return taskpack(
        id="decision-01", family="Decision", static_item=STATIC_ITEMS["decision-01"], row=1,
        scene=b.build(),
        title="Choose the richest topping that still fits the corrected daily allowance",
        prelude="Breakfast time. My health app printed today's report; it's on the kitchen wall.",
        opening=[cmd("Walk", "report_sheet#1"), cmd("LookAt", "report_sheet#1"), cmd("Walk", "counter#2"),
                 cmd("LookAt", "jar#1"), cmd("LookAt", "jar#2"), cmd("LookAt", "jar#3"), cmd("LookAt", "jar#4"),
                 cmd("Walk", "breakfast_table#1"), cmd("LookAt", "bowl#1")],
        handoff="Oh, and the report misses the 110-calorie latte I had an hour ago. Which topping is the richest one "
                "I can still have today without going over? Help me get it onto the breakfast table.",
        human_task="You want the richest of the four toppings on the kitchen counter that still fits your daily "
                   "calorie allowance, counting the latte the report misses. Which one? You want it on the "
                   "breakfast table in the living room.",
        evidence=[*printed_at("report_sheet#1", "2000 kcal", "1780 kcal"),
                  *printed_at("jar#1", "190 kcal"), *printed_at("jar#2", "120 kcal"),
                  *printed_at("jar#3", "CHOC SYRUP", "45 kcal"), *printed_at("jar#4", "5 kcal")],
        legend=[entry("jar#1", "the first jar from the left on the kitchen counter", movable=True),
                entry("jar#2", "the second jar from the left on the kitchen counter", movable=True),
                entry("jar#3", "the third jar from the left on the kitchen counter", movable=True),
                entry("jar#4", "the fourth jar from the left on the kitchen counter", movable=True),
                entry("counter#2", "the kitchen counter right of the oven"),
                entry("breakfast_table#1", "the breakfast table in the living room")],
        oracle=[step("The report shows 1780 of 2000 kcal eaten, and with the latte that rules out the peanut butter "
                     "and the honey; the chocolate syrup at 45 kcal is the richest that fits. Pick up the CHOC "
                     "SYRUP jar, the third from the left on the kitchen counter.", cmd("Grab", right),
                     match=["Pick up the chocolate syrup jar."]),
                step("Put it on the breakfast table.", cmd("Put", right, "breakfast_table#1"))],
        wrong=[step("You still have 220 kcal, so the peanut butter at 190 kcal fits. Pick up the PEANUT BUTTER "
                    "jar, the first from the left.", cmd("Grab", "jar#1")),
               step("Put the peanut butter on the breakfast table.", cmd("Put", "jar#1", "breakfast_table#1"))],
        no_help=plan((None, "Which one can I still have?")),
        goals=[holds("on", right, "breakfast_table#1")],
        prohibitions=[moved("jar#1"), moved("jar#2"), moved("jar#4"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "constrained-argmax", "with 110 kcal left, 45 kcal is the largest that fits (190, 120 do "
                  "not)", says(phrase("chocolate syrup"), phrase("choc syrup"), num(45, "kcal"),
                               wrong=[phrase("peanut butter"), phrase("honey"), num(190, "kcal"), num(120, "kcal")],
                               before=f"pick({right})")),
            point("C3", "reads-report", "1780 of the 2000 kcal allowance eaten, printed on the report",
                  says(num(1780), num(220), before=f"pick({right})")),
            point("C9", "one-jar-named", "an instruction the Human grounds to the one right jar",
                  acts(f"pick({right})", among=["pick(*)"]))))


def decision_02() -> dict:
    """Fuse the children table (playroom) with the gifts-per-child table (staff room): one child aged 3 at 2 gifts,
    two aged 5 at 1.5, none aged 7 at 1: 1 x 2 + 2 x 1.5 + 0 x 1 = 5 gifts, 2/2/1 into three cubbies, the sixth
    gift stays on the supply table."""
    b = daycare()
    board(b, "wall_board", name="children_board", at=(0.06, 2.6), yaw=W, width=0.9, height=0.7,
          text="CHILDREN TODAY\nLEO  age 5\nMIA  age 3\nZOE  age 5")
    for i, child in enumerate(("LEO", "MIA", "ZOE")):   # name plates over cubby#1..3, left to right
        board(b, "sign", name="cubby_sign", at=(2.4 + i, 4.94), yaw=N, width=0.45, height=0.22, mount_z=0.75,
              text=child)
    board(b, "wall_board", name="gift_board", at=(8.5, 4.94), yaw=N, width=0.9, height=0.7,
          text="GIFTS PER CHILD\nage 3   2\nage 5   1.5\nage 7   1")
    for i in range(6):
        b.add_object("carton", name="gift", on="supply_table#1", spot=(-0.75 + 0.3 * i, 0.3),
                     params={"size": (0.13, 0.13, 0.1), "color": (0.85, 0.2, 0.3) if i % 2 else (0.2, 0.45, 0.8)})
    b.add_object("ball", on="play_table#1", spot=(0.3, 0.5))
    b.set_human((5.0, 1.0), yaw=S)
    left, middle, right = "cubby#1", "cubby#2", "cubby#3"
    in_cubby = {c: lambda n, c=c: count("inside", ["*", c], eq=n) for c in (left, middle, right)}
    return taskpack(
        id="decision-02", family="Decision", static_item=STATIC_ITEMS["decision-02"], row=2,
        scene=b.build(),
        title="Hand out the gifts by the children and gifts-per-child tables",
        prelude="Gift day at the daycare. The lists are up on the walls.",
        opening=[cmd("Walk", "children_board#1"), cmd("LookAt", "children_board#1"), cmd("Walk", "cubby#2"),
                 cmd("LookAt", "cubby_sign#1"), cmd("LookAt", "cubby_sign#2"), cmd("LookAt", "cubby_sign#3"),
                 cmd("Walk", "gift_board#1"), cmd("LookAt", "gift_board#1"), cmd("Walk", "supply_table#1"),
                 cmd("LookAt", "supply_table#1")],
        handoff="How many of these gifts go into each child's cubby in the playroom? Help me hand them out.",
        human_task="The wrapped gifts on the supply table go into the children's cubbies in the playroom. How many "
                   "go into each cubby? You want them handed out that way.",
        evidence=[*printed_at("children_board#1", "LEO age 5", "MIA age 3", "ZOE age 5"),
                  *printed_at("cubby_sign#1", "LEO"), *printed_at("cubby_sign#2", "MIA"),
                  *printed_at("cubby_sign#3", "ZOE"),
                  *printed_at("gift_board#1", "age 3 2", "age 5 1.5", "age 7 1")],
        legend=[*(entry(f"gift#{i + 1}", f"a wrapped gift on the supply table, {n} from the left", movable=True)
                  for i, n in enumerate(("first", "second", "third", "fourth", "fifth", "sixth"))),
                entry(left, "the left cubby in the playroom"), entry(middle, "the middle cubby in the playroom"),
                entry(right, "the right cubby in the playroom"), entry("supply_table#1", "the supply table")],
        oracle=[step("Mia is 3 and gets 2 gifts; Leo and Zoe are 5 and get 1.5 each, 3 between them: 5 gifts, and "
                     "one stays here. Take the first gift and put it in Mia's cubby, the middle one.",
                     cmd("Grab", "gift#1"), cmd("PutIn", "gift#1", middle)),
                step("Put the second gift in the middle cubby too.", cmd("Grab", "gift#2"),
                     cmd("PutIn", "gift#2", middle)),
                step("Now Leo: put the third gift in the left cubby.", cmd("Grab", "gift#3"),
                     cmd("PutIn", "gift#3", left)),
                step("Put the fourth gift in the left cubby as well.", cmd("Grab", "gift#4"),
                     cmd("PutIn", "gift#4", left)),
                step("Last, put the fifth gift in Zoe's cubby, the right one. The sixth stays on the table.",
                     cmd("Grab", "gift#5"), cmd("PutIn", "gift#5", right))],
        wrong=[step("Each child gets 2 gifts. Put the first two gifts in the left cubby.", cmd("Grab", "gift#1"),
                    cmd("PutIn", "gift#1", left), cmd("Grab", "gift#2"), cmd("PutIn", "gift#2", left)),
               step("Put the next two gifts in the middle cubby.", cmd("Grab", "gift#3"),
                    cmd("PutIn", "gift#3", middle), cmd("Grab", "gift#4"), cmd("PutIn", "gift#4", middle)),
               step("Put the last two gifts in the right cubby.", cmd("Grab", "gift#5"),
                    cmd("PutIn", "gift#5", right), cmd("Grab", "gift#6"), cmd("PutIn", "gift#6", right))],
        no_help=plan((None, "How many does each child get?")),
        goals=[in_cubby[middle](2), any_of(all_of(in_cubby[left](2), in_cubby[right](1)),
                                           all_of(in_cubby[left](1), in_cubby[right](2))),
               count("on", ["*", "supply_table#1"], eq=1)],
        prohibitions=[HELD_NOTHING],
        capabilities=caps(
            point("C5", "gift-total", "1 x 2 + 2 x 1.5 + 0 x 1 = 5 gifts from the two tables",
                  says(num(5), wrong=[num(6), num(4)], before="pick(*)")),
            point("C3", "reads-gift-table", "1.5 gifts per child aged 5, printed on the staff-room table",
                  says(num(1.5), before="pick(*)")),
            point("C4", "children-recalled", "Mia (3) in the middle cubby, from the playroom seen before",
                  acts(f"place_inside(*, {middle})", among=["place_inside(*, *)"]))))


def decision_05() -> dict:
    """Count stocked cartons (5 VAN, 4 CHOC, 2 ORIG), price them from the sheet (5x$3 + 4x$4 + 2x$5 = $41)
    and approve the matching invoice."""
    b = shop()
    board(b, "wall_board", name="price_board", at=(9.6, 0.06), yaw=S, text="MILK PRICES\nVAN  $3\nCHOC $4\nORIG $5")
    colors = {"VAN": (0.95, 0.9, 0.65), "CHOC": (0.45, 0.28, 0.15), "ORIG": (0.95, 0.95, 0.97)}
    # the chilled display table, one row per flavour (front to back), so one look shows every carton
    for flavour, n, v in (("VAN", 5, 0.15), ("CHOC", 4, 0.5), ("ORIG", 2, 0.85)):
        for i in range(n):
            b.add_object("milk_carton", on="display_table#1", spot=(-0.6 + 0.22 * i, v),
                         params={"color": colors[flavour]}, labels=[{"text": flavour, "face": "front"}])
    b.add_object("juice_carton", on="display_table#1", spot=(0.5, 0.85), labels=[{"text": "JUICE", "face": "front"}])
    b.add_object("water_bottle", on="display_table#1", spot=(0.8, 0.85))
    for i, total in enumerate(("$39", "$41", "$45")):   # turned to read upright from the wearer's side
        b.add_object("invoice_card", on="stock_counter#1", spot=(-0.6 + 0.6 * i, 0.3), yaw=math.pi,
                     params={"size": (0.16, 0.22, 0.003)}, labels=[{"text": f"INVOICE\n{total}", "face": "top"}])
    b.add_object("pen", on="approval_desk#1", spot=(0.5, 0.5))
    b.set_human((3.4, 1.1), yaw=math.pi / 2)
    right = "invoice_card#2"
    return taskpack(
        id="decision-05", family="Decision", static_item=STATIC_ITEMS["decision-05"], row=5,
        scene=b.build(),
        title="Approve the invoice that matches the stocked milk cartons",
        prelude="I'm closing the shop and still have to approve today's milk invoice.",
        opening=[cmd("LookAt", "display_table#1"), cmd("LookAt", "milk_carton#3"), cmd("LookAt", "milk_carton#7"),
                 cmd("LookAt", "milk_carton#10"), cmd("Walk", "price_board#1"), cmd("LookAt", "price_board#1"),
                 cmd("Walk", "stock_counter#1"), cmd("LookAt", "invoice_card#1"),
                 cmd("LookAt", "invoice_card#2"), cmd("LookAt", "invoice_card#3"), cmd("Walk", "approval_desk#1"),
                 cmd("LookAt", "approval_desk#1")],
        handoff="Which of the invoices on the stock counter matches the milk we have on the display? Help me put it "
                "here on the approval desk.",
        human_task="Which of the three invoice cards on the stock counter matches the milk stocked on the chilled "
                   "display? You want that invoice approved: it goes on the approval desk.",
        evidence=[*printed_at("price_board#1", "VAN $3", "CHOC $4", "ORIG $5"),
                  counted(5, "VAN carton", "display_table#1", cmd("LookAt", "milk_carton#3")),
                  counted(4, "CHOC carton", "display_table#1", cmd("LookAt", "milk_carton#7")),
                  counted(2, "ORIG carton", "display_table#1", cmd("LookAt", "milk_carton#10")),
                  *printed_at("invoice_card#2", "$41")],
        legend=[entry("invoice_card#1", "a white invoice card, left on the stock counter", movable=True),
                entry("invoice_card#2", "a white invoice card, middle of the stock counter", movable=True),
                entry("invoice_card#3", "a white invoice card, right on the stock counter", movable=True),
                entry("approval_desk#1", "the approval desk in the back room"),
                entry("stock_counter#1", "the stock counter with the invoices"),
                entry("display_table#1", "the chilled milk display")],
        oracle=[step("Pick up the invoice card printed $41.", cmd("Grab", right),
                     match=["Grab the $41 invoice card."]),
                step("Put it on the approval desk.", cmd("Put", right, "approval_desk#1"))],
        wrong=[step("Pick up the invoice card printed $39.", cmd("Grab", "invoice_card#1")),
               step("Put that card on the approval desk.", cmd("Put", "invoice_card#1", "approval_desk#1"))],
        no_help=plan((None, "Which invoice should I approve?")),
        goals=[holds("on", right, "approval_desk#1")],
        prohibitions=[moved("invoice_card#1"), moved("invoice_card#3"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "prices-read", "the $41 total from the price board and the invoice print",
                  says(num(41, "$"), wrong=[num(39, "$"), num(45, "$")], before=f"pick({right})")),
            point("C1", "carton-kinds", "5 VAN, 4 CHOC and 2 ORIG cartons told apart on the display",
                  acts(f"pick({right})", among=["pick(*)"])),
            point("C9", "one-card-named", "an instruction the Human grounds to the one right card",
                  acts(f"pick({right})"))))


def decision_09() -> dict:
    """Recall which of three worktable items needed immediate refrigeration (raw trout, not the dry pasta or
    the iced tea) after the wearer has walked away; put it in the fridge and close it."""
    b = kitchen_house()
    # neutral names and looks: neither the handle, nor the legend, nor the wrapping's colour tells the Human which
    # item is the fish (fishmonger's blue paper, not the pink of the flesh)
    b.add_object("carton", name="pack", on="table#1", spot=(-0.5, 0.3), params={"size": (0.22, 0.12, 0.06),
                 "color": (0.35, 0.5, 0.72)}, labels=[{"text": "RAW TROUT", "face": "front"}])
    b.add_object("box", on="table#1", spot=(0.0, 0.5), params={"size": (0.2, 0.08, 0.12),
                 "color": (0.95, 0.8, 0.3)}, labels=[{"text": "PASTA", "face": "front"}])
    b.add_object("bottle", on="table#1", spot=(0.5, 0.3), params={"color": (0.6, 0.35, 0.1)},
                 labels=[{"text": "ICED TEA", "face": "front"}])
    b.add_object("mug", on="coffee_table#1", spot=(0.3, 0.5))
    b.add_object("book", on="coffee_table#1", spot=(-0.3, 0.5))
    b.set_human((3.0, 0.6), yaw=S)
    t = "pack#1"
    return taskpack(
        id="decision-09", family="Decision", static_item=STATIC_ITEMS["decision-09"], row=9,
        scene=b.build(),
        title="Recall which worktable item had to be refrigerated at once",
        prelude="Back from the market; I dropped the shopping on the kitchen table.",
        opening=[cmd("Walk", "table#1"), cmd("LookAt", t), cmd("LookAt", "box#1"),
                 cmd("LookAt", "bottle#1"), cmd("Walk", "coffee_table#1"), cmd("LookAt", "coffee_table#1")],
        handoff="Wait, one of the things I left on the kitchen table should have gone into the fridge right away. "
                "Which one? Help me put it away.",
        human_task="One of the three things you left on the kitchen table should have gone into the fridge right "
                   "away. Which one? You want it put away in the fridge.",
        evidence=[*printed_at(t, "RAW TROUT"), *printed_at("box#1", "PASTA"),
                  *printed_at("bottle#1", "ICED TEA")],
        legend=[entry(t, "a flat blue pack, left on the kitchen table", movable=True),
                entry("box#1", "a yellow box, middle of the kitchen table", movable=True),
                entry("bottle#1", "a brown bottle, right on the kitchen table", movable=True),
                entry("fridge#1", "the fridge"), entry("table#1", "the kitchen table")],
        oracle=[step("Go back to the kitchen table and pick up the pack labelled RAW TROUT.", cmd("Grab", t)),
                step("Open the fridge.", cmd("Open", "fridge#1")),
                step("Put the trout in the fridge.", cmd("PutIn", t, "fridge#1")),
                step("Close the fridge.", cmd("Close", "fridge#1"))],
        wrong=[step("Go back to the kitchen table and pick up the ICED TEA bottle.", cmd("Grab", "bottle#1")),
               step("Open the fridge and put the iced tea inside.", cmd("Open", "fridge#1"),
                    cmd("PutIn", "bottle#1", "fridge#1")),
               step("Now close the fridge.", cmd("Close", "fridge#1"))],
        no_help=plan((None, "Which one needs the fridge?")),
        goals=[holds("inside", t, "fridge#1")],
        prohibitions=[moved("box#1"), moved("bottle#1"), holds("open", "fridge#1")],
        capabilities=caps(
            point("C6", "food-safety", "raw fish, not pasta or iced tea, must be chilled at once",
                  says(phrase("trout"), phrase("fish"), wrong=[phrase("pasta"), phrase("iced tea")],
                       before=f"pick({t})")),
            point("C4", "recalls-worktable", "the RAW TROUT pack left on the table, out of view at handoff",
                  acts(f"pick({t})", among=["pick(*)"]))))


def decision_10() -> dict:
    """Identify the ingredient that makes bread dough rise (yeast) among jam, flour and water from the recipe
    board and functional knowledge; put it beside the dough bowl on the table."""
    b = kitchen_house(recipe="BREAD DOUGH\nflour + water + salt\n+ something to rise")
    b.add_object("bowl", name="dough_bowl", on="table#1", spot=(0.0, 0.5), params={"radius": 0.12})
    for i, (label, color) in enumerate((("JAM", (0.7, 0.1, 0.2)), ("YEAST", (0.9, 0.85, 0.6)),
                                        ("FLOUR", (0.97, 0.97, 0.95)), ("SUGAR", (0.9, 0.9, 0.98)))):
        b.add_object("carton", name="jar", on="counter#2", spot=(-0.75 + 0.5 * i, 0.25),
                     params={"size": (0.09, 0.09, 0.14), "color": color}, labels=[{"text": label, "face": "front"}])
    b.add_object("water_bottle", on="counter#1", spot=(0.6, 0.3))
    b.set_human((3.0, 0.6), yaw=S)
    y = "jar#2"
    return taskpack(
        id="decision-10", family="Decision", static_item=STATIC_ITEMS["decision-10"], row=10,
        scene=b.build(),
        title="Pick the ingredient that makes the dough rise",
        prelude="I'm making bread; the dough is in the bowl on the table.",
        opening=[cmd("Walk", "counter#1"), cmd("LookAt", "recipe_board#1"), cmd("Walk", "counter#2"),
                 cmd("LookAt", "jar#1"), cmd("LookAt", "jar#2"), cmd("LookAt", "jar#3"), cmd("LookAt", "jar#4"),
                 cmd("Walk", "table#1"), cmd("LookAt", "dough_bowl#1")],
        handoff="The recipe just says something to make it rise. Which of those jars is it? "
                "Help me put it on the table next to the dough.",
        human_task="You are making bread: which of the four jars on the counter makes the dough rise? You want it "
                   "on the kitchen table next to the dough bowl.",
        evidence=[*printed_at("jar#2", "YEAST"), *printed_at("jar#1", "JAM"),
                  *printed_at("jar#3", "FLOUR"), *printed_at("jar#4", "SUGAR")],
        legend=[entry("jar#1", "the first jar from the left on the counter", movable=True),
                entry("jar#2", "the second jar from the left on the counter", movable=True),
                entry("jar#3", "the third jar from the left on the counter", movable=True),
                entry("jar#4", "the fourth jar from the left on the counter", movable=True),
                entry("table#1", "the kitchen table with the dough bowl"),
                entry("dough_bowl#1", "the dough bowl", movable=True)],
        oracle=[step("Pick up the jar labelled YEAST, the second from the left on the counter.", cmd("Grab", y)),
                step("Put it on the table next to the dough bowl.", cmd("Put", y, "table#1"))],
        wrong=[step("Pick up the jar labelled SUGAR, the fourth from the left.", cmd("Grab", "jar#4")),
               step("Put that jar on the table next to the dough.", cmd("Put", "jar#4", "table#1"))],
        no_help=plan((None, "Which jar is it?")),
        goals=[holds("on", y, "table#1")],
        prohibitions=[moved("jar#1"), moved("jar#3"), moved("jar#4"), moved("dough_bowl#1"),
                      moved("water_bottle#1"), HELD_NOTHING],
        capabilities=caps(
            point("C6", "leavening-knowledge", "yeast is what makes bread dough rise",
                  says(phrase("yeast"), wrong=[phrase("jam"), phrase("flour"), phrase("sugar")], before=f"pick({y})")),
            point("C2", "jar-position", "the YEAST jar is the second from the left on the counter",
                  acts(f"pick({y})", among=["pick(*)"]))))


def decision_12() -> dict:
    """Recall the required quantity (40) seen on the meeting-room whiteboard and compare the two supplier
    quotes on the meeting table: A = 8 boxes of 5 at $70 = $560, B = 5 boxes of 8 at $104 = $520; quote B goes
    on the approval desk in the office, where the wearer asks."""
    b = office()
    board(b, "whiteboard", at=(9.94, 1.2), yaw=math.pi, text="TRAINING DAY\nWe need\n40 NOTEBOOKS", width=1.0)
    for i, text in enumerate(("QUOTE A\nbox of 5\n$70 / box", "QUOTE B\nbox of 8\n$104 / box")):
        b.add_object("card", name="quote_card", on="meeting_table#1", spot=(-0.3 + 0.45 * i, 0.3), yaw=math.pi,
                     params={"size": (0.18, 0.24, 0.003)}, labels=[{"text": text, "face": "top"}])
    b.add_object("mug", on="meeting_table#1", spot=(0.6, 0.6))
    b.add_object("document", name="memo", on="desk#2", spot=(0.0, 0.3), labels=[{"text": "MEMO\nlunch 12:30",
                                                                               "face": "top"}])
    b.set_human((8.0, 0.6), yaw=0.0)
    q = "quote_card#2"
    return taskpack(
        id="decision-12", family="Decision", static_item=STATIC_ITEMS["decision-12"], row=12,
        scene=b.build(),
        title="Choose the cheaper supplier quote for the remembered quantity",
        prelude="Planning the training day; the supplier quotes came in this morning.",
        opening=[cmd("Walk", "whiteboard#1"), cmd("LookAt", "whiteboard#1"), cmd("Walk", "meeting_table#1"),
                 cmd("LookAt", "quote_card#1"), cmd("LookAt", "quote_card#2"), cmd("Walk", "desk#2"),
                 cmd("LookAt", "desk#2")],
        handoff="Which of the two quotes on the meeting table is cheaper for what we need? Help me get that one "
                "here onto the approval desk.",
        human_task="Which of the two supplier quotes on the meeting table is cheaper for what the training day "
                   "needs? You want that quote on the approval desk in the office.",
        evidence=[*printed_at("whiteboard#1", "40 NOTEBOOKS"),
                  *printed_at("quote_card#1", "box of 5", "$70"),
                  *printed_at("quote_card#2", "box of 8", "$104")],
        legend=[entry("quote_card#1", "quote card with an A at the top, on the meeting table", movable=True),
                entry("quote_card#2", "quote card with a B at the top, on the meeting table", movable=True),
                entry("desk#2", "the approval desk in the office"), entry("meeting_table#1", "the meeting table")],
        oracle=[step("For 40 notebooks, quote B is 5 boxes at $104, $520, less than 8 boxes of A at $70, $560. "
                     "Pick up quote B from the meeting table.", cmd("Grab", q),
                     match=["Pick up quote B.", "Pick up the quote card marked B."]),
                step("Put it on the approval desk.", cmd("Put", q, "desk#2"))],
        wrong=[step("Pick up quote A.", cmd("Grab", "quote_card#1")),
               step("Put quote A on the approval desk.", cmd("Put", "quote_card#1", "desk#2"))],
        no_help=plan((None, "Which quote should I approve?")),
        goals=[holds("on", q, "desk#2")],
        prohibitions=[moved("quote_card#1"), moved("memo#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "recalls-quantity", "the 40 notebooks on the whiteboard, seen before the quotes",
                  says(num(40), before=f"pick({q})")),
            point("C3", "reads-quotes", "the $104 per box printed on quote B",
                  says(num(104, "$"), before=f"pick({q})")),
            point("C5", "compares-totals", "5 x $104 = $520 against 8 x $70 = $560",
                  says(num(520, "$"), wrong=[num(560, "$")], before=f"pick({q})"))))


def decision_16() -> dict:
    """Add start times (bedroom sheet) and durations (bathroom sheet) across rooms: plan A ends 8:00, plan B
    ends 7:55; put the plan B card on the bedroom cabinet (the left bedside cabinet)."""
    b = hotel_suite()
    board(b, "wall_board", name="start_sheet", at=(2.0, 4.44), yaw=-math.pi / 2,
          text="LAUNDRY START\nplan A  7:20\nplan B  7:05")
    board(b, "wall_board", name="cycle_sheet", at=(6.0, 0.06), yaw=S,
          text="CYCLE LENGTH\nplan A  40 min\nplan B  50 min")
    b.add_object("card", name="plan_card", on="desk#1", spot=(-0.4, 0.25), yaw=math.pi,
                 params={"size": (0.15, 0.2, 0.003)},
                 labels=[{"text": "PLAN\nA", "face": "top"}])
    b.add_object("card", name="plan_card", on="desk#1", spot=(0.1, 0.25), yaw=math.pi,
                 params={"size": (0.15, 0.2, 0.003)},
                 labels=[{"text": "PLAN\nB", "face": "top"}])
    b.add_object("phone", on="nightstand#1", spot=(0.0, 0.5))
    b.add_object("cloth", name="towel", on="towel_shelf#1", region="shelf_2")
    b.set_human((3.6, 2.0), yaw=S)
    c = "plan_card#2"
    return taskpack(
        id="decision-16", family="Decision", static_item=STATIC_ITEMS["decision-16"], row=16,
        scene=b.build(),
        title="Pick the laundry plan that finishes first",
        prelude="I need the laundry done before breakfast; there are two plans.",
        opening=[cmd("Walk", "start_sheet#1"), cmd("LookAt", "start_sheet#1"), cmd("Walk", "dryer#1"),
                 cmd("LookAt", "cycle_sheet#1"), cmd("Walk", "desk#1"), cmd("LookAt", "plan_card#1"),
                 cmd("LookAt", "plan_card#2")],
        handoff="Which plan finishes first? Put its card on the left bedside cabinet so housekeeping sees it.",
        human_task="You need the laundry done before breakfast: which of the two laundry plans finishes first? You "
                   "want its card on top of the left bedside cabinet so housekeeping sees it.",
        evidence=[*printed_at("start_sheet#1", "7:20", "7:05"),
                  *printed_at("cycle_sheet#1", "40 min", "50 min")],
        legend=[entry("plan_card#1", "card with a large A", movable=True),
                entry("plan_card#2", "card with a large B", movable=True),
                entry("bedside_cabinet#1", "the left bedside cabinet, by the south wall"),
                entry("bedside_cabinet#2", "the right bedside cabinet, by the south wall"),
                entry("nightstand#1", "the nightstand by the bed"), entry("desk#1", "the desk")],
        oracle=[step("Plan B starts at 7:05 and runs 50 minutes, so it ends at 7:55; plan A ends at 8:00. "
                     "Take the plan B card.", cmd("Grab", c),
                     match=["Take the plan B card.", "Pick up the card with the B."]),
                step("Put it on the left bedside cabinet.", cmd("Put", c, "bedside_cabinet#1"))],
        wrong=[step("Take the plan A card.", cmd("Grab", "plan_card#1")),
               step("Put the plan A card on the left bedside cabinet.", cmd("Put", "plan_card#1",
                                                                           "bedside_cabinet#1"))],
        no_help=plan((None, "Which plan is it?")),
        goals=[holds("on", c, "bedside_cabinet#1")],
        prohibitions=[moved("plan_card#1"), moved("phone#1"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "adds-times", "7:05 + 50 min = 7:55, earlier than 7:20 + 40 min = 8:00",
                  says(clock("7:55"), before=f"pick({c})")),
            point("C4", "cross-room-sheets", "the 50-minute cycle from the sheet in the other room",
                  says(num(50, "min"), before=f"pick({c})")),
            point("C3", "reads-sheets", "the 7:05 start printed on the bedroom sheet",
                  says(clock("7:05"), before=f"pick({c})"))))


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "decision-05": static(
        "What total should today's milk invoice show for the cartons on the display, at the prices on the board?",
        "$41: five VAN cartons at $3, four CHOC at $4 and two ORIG at $5 (15 + 16 + 10).",
        require=[[num(41, "$")]], forbid=[num(39, "$"), num(45, "$")]),
    "decision-09": static(
        "Which of the things left on the kitchen table has to go into the fridge right away?",
        "The pack labelled RAW TROUT: raw fish must be chilled at once; the pasta and the iced tea can stay out."),
    "decision-10": static(
        "Which jar should go next to the dough so that the bread rises?",
        "The jar labelled YEAST, the second from the left on the counter; jam, flour and sugar do not make dough "
        "rise."),
    "decision-12": static(
        "For the quantity on the whiteboard, which quote is cheaper, and what would it cost in total?",
        "Quote B: 40 notebooks take 5 boxes of 8 at $104, $520, against 8 boxes of 5 at $70, $560, for quote A.",
        require=[[num(520, "$")]]),
    "decision-16": static(
        "Which laundry plan finishes first, and at what time does it finish?",
        "Plan B: it starts at 7:05 and runs 50 minutes, so it ends at 7:55; plan A (7:20 plus 40 minutes) ends "
        "at 8:00.", require=[[clock("7:55")]]),
}
STATIC_ITEMS.update({
    "decision-01": static(
        "With the latte the report misses, which topping is the richest one that still fits today's allowance?",
        "The chocolate syrup at 45 kcal: 2000 - 1780 - 110 leaves 110 kcal, too little for the peanut butter or the "
        "honey.", require=[[num(45, "kcal")]], forbid=[num(190, "kcal"), num(120, "kcal")]),
    "decision-02": static(
        "How many gifts go into the children's cubbies in all, by the two tables?",
        "Five: Mia (3) gets 2, Leo and Zoe (5) get 1.5 each, 3 together; 2 + 3 = 5, and one gift stays.",
        require=[[num(5)]], forbid=[num(6)]),
})

TASKS = [decision_01, decision_02, decision_05, decision_09, decision_10, decision_12, decision_16]
