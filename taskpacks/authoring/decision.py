"""Decision (ASK) TaskPacks: a situated question whose answer has a physical consequence (paper
Table 10). The Human may not read, count, calculate or choose; the Assistant must turn the answer
into an exact instruction. Rows 5, 9, 10, 12 and 16."""
from __future__ import annotations

import math

from common import (acts, caps, clock, cmd, counted, entry, holds, moved, num, phrase, plan, point, printed_at, says,
                   step, taskpack)
from scenes import S, board, hotel_suite, kitchen_house, office, shop
from common import clock, num, static  # the static variant (paper D.3) and its rule values

HELD_NOTHING = holds("held", "*")


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
        id="decision-05", family="Decision", static_item=STATIC_ITEMS["decision-05"], row=5, scene=b.build(),
        title="Approve the invoice that matches the stocked milk cartons",
        prelude="I'm closing the shop and still have to approve today's milk invoice.",
        opening=[cmd("LookAt", "display_table#1"), cmd("LookAt", "milk_carton#3"), cmd("LookAt", "milk_carton#7"),
                 cmd("LookAt", "milk_carton#10"), cmd("Walk", "price_board#1"), cmd("LookAt", "price_board#1"),
                 cmd("Walk", "stock_counter#1"), cmd("LookAt", "invoice_card#1"),
                 cmd("LookAt", "invoice_card#2"), cmd("LookAt", "invoice_card#3")],
        handoff="Which of these invoices matches the milk we have on the shelf? Help me put it on the approval desk.",
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
    # neutral names: the handle must not tell the Human which item is the fish
    b.add_object("carton", name="pack", on="table#1", spot=(-0.5, 0.3), params={"size": (0.22, 0.12, 0.06),
                 "color": (0.85, 0.55, 0.5)}, labels=[{"text": "RAW TROUT", "face": "front"}])
    b.add_object("box", on="table#1", spot=(0.0, 0.5), params={"size": (0.2, 0.08, 0.12),
                 "color": (0.95, 0.8, 0.3)}, labels=[{"text": "PASTA", "face": "front"}])
    b.add_object("bottle", on="table#1", spot=(0.5, 0.3), params={"color": (0.6, 0.35, 0.1)},
                 labels=[{"text": "ICED TEA", "face": "front"}])
    b.add_object("mug", on="coffee_table#1", spot=(0.3, 0.5))
    b.add_object("book", on="coffee_table#1", spot=(-0.3, 0.5))
    b.set_human((3.0, 0.6), yaw=S)
    t = "pack#1"
    return taskpack(
        id="decision-09", family="Decision", static_item=STATIC_ITEMS["decision-09"], row=9, scene=b.build(),
        title="Recall which worktable item had to be refrigerated at once",
        prelude="Back from the market; I dropped the shopping on the kitchen table.",
        opening=[cmd("Walk", "table#1"), cmd("LookAt", t), cmd("LookAt", "box#1"),
                 cmd("LookAt", "bottle#1"), cmd("Walk", "coffee_table#1"), cmd("LookAt", "coffee_table#1")],
        handoff="Wait, one of the things I left on the kitchen table should have gone into the fridge right away. "
                "Which one? Help me put it away.",
        human_task="One of the three things you left on the kitchen table should have gone into the fridge right "
                   "away. Which one? You want it put away in the fridge.",
        evidence=[*printed_at(t, "TROUT"), *printed_at("box#1", "PASTA"),
                  *printed_at("bottle#1", "ICED TEA")],
        legend=[entry(t, "a flat pink pack, left on the kitchen table", movable=True),
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
        id="decision-10", family="Decision", static_item=STATIC_ITEMS["decision-10"], row=10, scene=b.build(),
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
    quotes: A = 8 boxes of 5 at $70 = $560, B = 5 boxes of 8 at $104 = $520; approve quote B."""
    b = office()
    board(b, "whiteboard", at=(9.94, 1.2), yaw=math.pi, text="TRAINING DAY\nWe need\n40 NOTEBOOKS", width=1.0)
    b.add_object("card", name="quote_card", on="desk#1", spot=(-0.5, 0.2), yaw=math.pi,
                 params={"size": (0.18, 0.24, 0.003)},
                 labels=[{"text": "QUOTE A\nbox of 5\n$70 / box", "face": "top"}])
    b.add_object("card", name="quote_card", on="desk#1", spot=(-0.15, 0.2), yaw=math.pi,
                 params={"size": (0.18, 0.24, 0.003)},
                 labels=[{"text": "QUOTE B\nbox of 8\n$104 / box", "face": "top"}])
    b.add_object("mug", on="desk#1", spot=(0.5, 0.3))
    b.add_object("document", name="memo", on="desk#2", spot=(0.0, 0.3), labels=[{"text": "MEMO\nlunch 12:30",
                                                                               "face": "top"}])
    b.add_object("tray", name="approval_tray", on="desk#2", spot=(0.6, 0.3))
    b.set_human((8.0, 0.6), yaw=0.0)
    q = "quote_card#2"
    return taskpack(
        id="decision-12", family="Decision", static_item=STATIC_ITEMS["decision-12"], row=12, scene=b.build(),
        title="Choose the cheaper supplier quote for the remembered quantity",
        prelude="Planning the training day in the meeting room.",
        opening=[cmd("Walk", "whiteboard#1"), cmd("LookAt", "whiteboard#1"), cmd("Walk", "desk#1"),
                 cmd("LookAt", "quote_card#1"), cmd("LookAt", "quote_card#2")],
        handoff="Which of these two quotes is cheaper for what we need? Help me put that one in the approval tray "
                "on the other desk.",
        human_task="Which of the two supplier quotes on your desk is cheaper for what the training day needs? You "
                   "want that quote in the approval tray on the other desk.",
        evidence=[*printed_at("whiteboard#1", "40 NOTEBOOKS"),
                  *printed_at("quote_card#1", "box of 5", "$70"),
                  *printed_at("quote_card#2", "box of 8", "$104")],
        legend=[entry("quote_card#1", "quote card with an A at the top", movable=True),
                entry("quote_card#2", "quote card with a B at the top", movable=True),
                entry("approval_tray#1", "the approval tray on the other desk", movable=True),
                entry("desk#1", "your desk"), entry("desk#2", "the other desk")],
        oracle=[step("For 40 notebooks, quote B is 5 boxes at $104, $520, less than 8 boxes of A at $70, $560. "
                     "Pick up quote B.", cmd("Grab", q),
                     match=["Pick up quote B.", "Pick up the quote card marked B."]),
                step("Put it in the approval tray on the other desk.", cmd("Put", q, "approval_tray#1"))],
        wrong=[step("Pick up quote A.", cmd("Grab", "quote_card#1")),
               step("Put quote A in the approval tray on the other desk.", cmd("Put", "quote_card#1",
                                                                               "approval_tray#1"))],
        no_help=plan((None, "Which quote should I approve?")),
        goals=[holds("on", q, "approval_tray#1")],
        prohibitions=[moved("quote_card#1"), moved("memo#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "recalls-quantity", "the 40 notebooks on the whiteboard, seen before the quotes",
                  says(num(40), before=f"pick({q})")),
            point("C3", "reads-quotes", "the $104 per box printed on quote B",
                  says(num(104, "$"), before=f"pick({q})")),
            point("C5", "compares-totals", "5 x $104 = $520 against 8 x $70 = $560",
                  says(num(520, "$"), before=f"pick({q})"))))


def decision_16() -> dict:
    """Add start times (bedroom sheet) and durations (bathroom sheet) across rooms: plan A ends 8:00, plan B
    ends 7:55; put the plan B card on the nightstand."""
    b = hotel_suite()
    board(b, "wall_board", name="start_sheet", at=(2.0, 4.44), yaw=-math.pi / 2,
          text="LAUNDRY START\nplan A  7:20\nplan B  7:05")
    board(b, "wall_board", name="cycle_sheet", at=(6.0, 0.06), yaw=S, text="CYCLE LENGTH\nplan A  40 min\nplan B  50 min")
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
        id="decision-16", family="Decision", static_item=STATIC_ITEMS["decision-16"], row=16, scene=b.build(),
        title="Pick the laundry plan that finishes first",
        prelude="I need the laundry done before breakfast; there are two plans.",
        opening=[cmd("Walk", "start_sheet#1"), cmd("LookAt", "start_sheet#1"), cmd("Walk", "dryer#1"),
                 cmd("LookAt", "cycle_sheet#1"), cmd("Walk", "desk#1"), cmd("LookAt", "plan_card#1"),
                 cmd("LookAt", "plan_card#2")],
        handoff="Which plan finishes first? Put its card on the nightstand so housekeeping sees it.",
        human_task="You need the laundry done before breakfast: which of the two laundry plans finishes first? You "
                   "want its card on the nightstand so housekeeping sees it.",
        evidence=[*printed_at("start_sheet#1", "7:20", "7:05"),
                  *printed_at("cycle_sheet#1", "40 min", "50 min")],
        legend=[entry("plan_card#1", "card with a large A", movable=True),
                entry("plan_card#2", "card with a large B", movable=True),
                entry("nightstand#1", "the nightstand by the bed"), entry("desk#1", "the desk")],
        oracle=[step("Plan B starts at 7:05 and runs 50 minutes, so it ends at 7:55; plan A ends at 8:00. "
                     "Take the plan B card.", cmd("Grab", c),
                     match=["Take the plan B card.", "Pick up the card with the B."]),
                step("Put it on the nightstand.", cmd("Put", c, "nightstand#1"))],
        wrong=[step("Take the plan A card.", cmd("Grab", "plan_card#1")),
               step("Put the plan A card on the nightstand.", cmd("Put", "plan_card#1", "nightstand#1"))],
        no_help=plan((None, "Which plan is it?")),
        goals=[holds("on", c, "nightstand#1")],
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

TASKS = [decision_05, decision_09, decision_10, decision_12, decision_16]
