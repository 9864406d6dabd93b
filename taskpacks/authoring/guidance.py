"""Guidance (GUIDE) TaskPacks: the Assistant turns a visible document, domain knowledge or a numerical
constraint into grounded, incremental instructions; the Human has no procedure of its own (paper
Table 7). Rows 3, 5, 6, 11 and 20."""
from __future__ import annotations

import math

from common import (acts, before, caps, cmd, count, entry, holds, moved, negate, num, order, plan, point, printed_at,
                   says, step, taskpack)
from scenes import N, S, board, kitchen_house, office, shop
from common import num, static  # the static variant (paper D.3) and its rule values

ASK_NEXT = plan((None, "What should I do first?"))


def guidance_03() -> dict:
    """Archive the obsolete briefing in the archive cabinet before laying out the new packet and a pen on the
    meeting table (the whiteboard gives the order); the lunch menu stays."""
    b = office()
    board(b, "whiteboard", at=(9.94, 1.2), yaw=math.pi, width=1.0,
          text="VISITOR TABLE\n1. archive OLD\n2. then NEW\n+ a pen")
    b.add_object("document", name="briefing", on="meeting_table#1", spot=(-0.4, 0.2), yaw=math.pi,
                 labels=[{"text": "BRIEFING\nOLD\nMarch", "face": "top"}])
    b.add_object("document", name="lunch_menu", on="meeting_table#1", spot=(0.4, 0.2), yaw=math.pi,
                 labels=[{"text": "LUNCH\nMENU", "face": "top"}])
    b.add_object("document", name="briefing", on="break_counter#1", spot=(-0.3, 0.3), yaw=math.pi,
                 labels=[{"text": "BRIEFING\nNEW\nApril", "face": "top"}])
    b.add_object("pen", on="break_counter#1", spot=(0.4, 0.3))
    b.add_object("mug", on="break_counter#1", spot=(0.0, 0.6))
    b.set_human((7.0, 1.0), yaw=0.0)
    old, new = "briefing#1", "briefing#2"
    oracle = [step("Open the archive cabinet in the office.", cmd("Open", "archive_cabinet#1")),
              step("Pick up the old briefing from the meeting table.", cmd("Grab", old)),
              step("Put it inside the archive cabinet.", cmd("PutIn", old, "archive_cabinet#1")),
              step("Close the archive cabinet.", cmd("Close", "archive_cabinet#1")),
              step("Now take the new briefing from the counter.", cmd("Grab", new)),
              step("Put the new briefing on the meeting table.", cmd("Put", new, "meeting_table#1")),
              step("Take the pen from the counter.", cmd("Grab", "pen#1")),
              step("Put the pen on the meeting table.", cmd("Put", "pen#1", "meeting_table#1"))]
    wrong = [oracle[4], oracle[5], oracle[6], oracle[7], oracle[0], oracle[1], oracle[2], oracle[3]]
    return taskpack(
        id="guidance-03", family="Guidance", static_item=STATIC_ITEMS["guidance-03"], row=3, scene=b.build(),
        title="Archive the old briefing before setting out the new packet",
        prelude="Visitors arrive in ten minutes and the meeting table still has last month's papers.",
        opening=[cmd("Walk", "whiteboard#1"), cmd("LookAt", "whiteboard#1"), cmd("Walk", "meeting_table#1"),
                 cmd("LookAt", "briefing#1"), cmd("LookAt", "lunch_menu#1"), cmd("Walk", "break_counter#1"),
                 cmd("LookAt", "briefing#2")],
        handoff="Can you walk me through setting up the visitor table the way the board says?",
        human_task="Visitors arrive in ten minutes: you want the meeting table set up for them the way the whiteboard "
                   "says.",
        evidence=[*printed_at("whiteboard#1", "archive OLD", "then NEW"),
                  *printed_at(old, "OLD March"), *printed_at(new, "NEW April")],
        legend=[entry(old, "a white briefing, the one on the meeting table", movable=True),
                entry(new, "a white briefing, the one on the counter", movable=True),
                entry("lunch_menu#1", "the menu sheet on the meeting table", movable=True),
                entry("pen#1", "the pen", movable=True), entry("mug#1", "the mug", movable=True),
                entry("archive_cabinet#1", "the dark archive cabinet"),
                entry("file_cabinet#1", "the light file cabinet"),
                entry("meeting_table#1", "the meeting table"), entry("break_counter#1", "the counter")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", old, "archive_cabinet#1"),
               before(holds("inside", old, "archive_cabinet#1"), holds("on", new, "meeting_table#1")),
               holds("on", "pen#1", "meeting_table#1")],
        prohibitions=[holds("open", "archive_cabinet#1"), moved("lunch_menu#1"), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-briefings", "the OLD and NEW print that tells the two briefings apart",
                  acts(f"pick({old})", among=["pick(*)"])),
            point("C5", "ordered-steps", "the board's order: archive the old briefing, then lay out the new one",
                  order(f"place_inside({old}, archive_cabinet#1)", f"place({new}, meeting_table#1)")),
            point("C9", "one-step-at-a-time", "a first instruction the Human can carry out as said",
                  acts("open(archive_cabinet#1)"))))


def guidance_05() -> dict:
    """Follow the recipe board: cut the tomato, cook it in the pan, switch the cooktop off and put the knife
    back on the counter."""
    b = kitchen_house(recipe="TOMATO SAUTE\n1 cut the tomato\n2 cook it in the pan\n3 stove off, knife back")
    b.add_object("tomato", on="counter#1", spot=(0.1, 0.3))
    b.add_object("onion", on="counter#1", spot=(-0.3, 0.3))
    b.add_object("knife", on="counter#1", spot=(0.5, 0.25))
    b.add_object("pan", on="cooktop#1")
    b.add_object("plate", on="table#1", spot=(0.0, 0.4))
    b.add_object("apple", on="table#1", spot=(0.5, 0.4))
    b.set_human((3.0, 0.6), yaw=S)
    oracle = [step("Pick up the knife on the counter.", cmd("Grab", "knife#1")),
              step("Cut the tomato with the knife.", cmd("Cut", "tomato#1", "knife#1")),
              step("Put the knife back on the counter.", cmd("Put", "knife#1", "counter#1")),
              step("Pick up the cut tomato.", cmd("Grab", "tomato#1")),
              step("Put the tomato in the pan.", cmd("PutIn", "tomato#1", "pan#1")),
              step("Turn on the cooktop.", cmd("TurnOn", "cooktop#1")),
              step("Cook the tomato.", cmd("Cook", "tomato#1")),
              step("Turn the cooktop off.", cmd("TurnOff", "cooktop#1"))]
    wrong = [step("Pick up the onion.", cmd("Grab", "onion#1")),
             step("Put the onion in the pan.", cmd("PutIn", "onion#1", "pan#1")),
             oracle[5], step("Cook the onion.", cmd("Cook", "onion#1")), oracle[7]]
    return taskpack(
        id="guidance-05", family="Guidance", static_item=STATIC_ITEMS["guidance-05"], row=5, scene=b.build(),
        title="Follow the tomato recipe: cut, cook, switch off, put the knife back",
        prelude="I want to make the tomato recipe on the board.",
        opening=[cmd("Walk", "counter#1"), cmd("LookAt", "recipe_board#1"), cmd("LookAt", "tomato#1"),
                 cmd("LookAt", "cooktop#1")],
        handoff="Can you guide me through the recipe, one step at a time?",
        human_task="You want to cook the tomato recipe on the recipe board.",
        evidence=[*printed_at("recipe_board#1", "cut the tomato", "cook it in the pan", "stove off, knife back")],
        legend=[entry("tomato#1", "the tomato", movable=True), entry("onion#1", "the onion", movable=True),
                entry("knife#1", "the knife", movable=True), entry("pan#1", "the frying pan", movable=True),
                entry("plate#1", "the plate", movable=True), entry("apple#1", "the apple", movable=True),
                entry("cooktop#1", "the cooktop"), entry("counter#1", "the counter left of the cooktop"),
                entry("oven#1", "the oven")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("cut", "tomato#1"), holds("cooked", "tomato#1"), holds("inside", "tomato#1", "pan#1")],
        prohibitions=[holds("running", "cooktop#1"), negate(holds("on", "knife#1", "counter#1")),
                      holds("cooked", "onion#1"), moved("onion#1")],
        capabilities=caps(
            point("C3", "reads-recipe", "the recipe board names the tomato, not the onion beside it",
                  acts("cut(tomato#1, knife#1)", among=["cut(*, *)"])),
            point("C5", "cut-before-cook", "the recipe's order: cut, into the pan, then cook",
                  order("cut(tomato#1, knife#1)", "place_inside(tomato#1, pan#1)", "cook(tomato#1)")),
            point("C6", "stove-safety", "a cooktop is switched off once the cooking is done",
                  order("cook(tomato#1)", "turn_off(cooktop#1)"))),
        ticks=30)


def guidance_06() -> dict:
    """Apply the storage rule: candy and chocolate on the open display shelf, coffee and coriander in the
    closed dark pantry cabinet."""
    b = kitchen_house()
    b.add_fixture("shelf", name="display_shelf", at=(1.6, 0.25), yaw=S, params={"width": 1.0, "height": 1.3,
                                                                              "shelves": 3})
    board(b, "wall_board", name="rule_sheet", at=(0.06, 3.0), yaw=0.0,
          text="STORAGE RULE\nsweets: open shelf\ncoffee, spices:\ndark cabinet")
    items = (("candy", "CANDY", (0.9, 0.3, 0.6)), ("chocolate", "CHOCOLATE", (0.4, 0.25, 0.15)),
             ("coffee", "COFFEE", (0.3, 0.2, 0.1)), ("coriander", "CORIANDER", (0.3, 0.6, 0.25)))
    for i, (name, text, color) in enumerate(items):
        b.add_object("box", name=name, on="table#1", spot=(-0.75 + 0.5 * i, 0.3),
                     params={"size": (0.14, 0.1, 0.1), "color": color}, labels=[{"text": text, "face": "front"}])
    b.add_object("mug", on="table#1", spot=(0.0, 0.8))
    b.set_human((3.0, 0.8), yaw=S)
    oracle = [step("Pick up the candy box.", cmd("Grab", "candy#1")),
              step("Put it on the open display shelf.", cmd("PutIn", "candy#1", "display_shelf#1")),
              step("Pick up the chocolate.", cmd("Grab", "chocolate#1")),
              step("Put the chocolate on the open display shelf too.", cmd("PutIn", "chocolate#1", "display_shelf#1")),
              step("Open the pantry cabinet.", cmd("Open", "pantry_cabinet#1")),
              step("Pick up the coffee.", cmd("Grab", "coffee#1")),
              step("Put the coffee in the pantry cabinet.", cmd("PutIn", "coffee#1", "pantry_cabinet#1")),
              step("Pick up the coriander.", cmd("Grab", "coriander#1")),
              step("Put the coriander in the pantry cabinet.", cmd("PutIn", "coriander#1", "pantry_cabinet#1")),
              step("Close the pantry cabinet.", cmd("Close", "pantry_cabinet#1"))]
    wrong = [oracle[0], oracle[1],
             oracle[5], step("Put the coffee on the open display shelf.", cmd("PutIn", "coffee#1", "display_shelf#1")),
             oracle[4], oracle[2], step("Put the chocolate in the pantry cabinet.",
                                        cmd("PutIn", "chocolate#1", "pantry_cabinet#1")),
             oracle[7], oracle[8], oracle[9]]
    return taskpack(
        id="guidance-06", family="Guidance", static_item=STATIC_ITEMS["guidance-06"], row=6, scene=b.build(),
        title="Sort pantry goods by the storage rule",
        prelude="I just unpacked these four things onto the kitchen table.",
        opening=[cmd("Walk", "rule_sheet#1"), cmd("LookAt", "rule_sheet#1"), cmd("Walk", "table#1"),
                 cmd("LookAt", "candy#1"),
                 cmd("LookAt", "chocolate#1"), cmd("LookAt", "coffee#1"), cmd("LookAt", "coriander#1")],
        handoff="Where does each of these go according to the rule on the wall? Tell me step by step.",
        human_task="You want the four things you just unpacked onto the kitchen table stored the way the rule "
                   "sheet on the wall says.",
        evidence=[*printed_at("rule_sheet#1", "sweets: open shelf", "coffee, spices: dark cabinet")],
        legend=[entry("candy#1", "the pink box", movable=True), entry("chocolate#1", "the brown box", movable=True),
                entry("coffee#1", "the dark box", movable=True), entry("coriander#1", "the green box", movable=True),
                entry("mug#1", "the mug", movable=True),
                entry("display_shelf#1", "the open display shelf"), entry("pantry_cabinet#1", "the pantry cabinet"),
                entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", "candy#1", "display_shelf#1"), holds("inside", "chocolate#1", "display_shelf#1"),
               holds("inside", "coffee#1", "pantry_cabinet#1"), holds("inside", "coriander#1", "pantry_cabinet#1")],
        prohibitions=[holds("open", "pantry_cabinet#1"), moved("mug#1"), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-rule", "the rule sheet puts coffee in the dark cabinet",
                  acts("place_inside(coffee#1, pantry_cabinet#1)", among=["place_inside(coffee#1, *)"])),
            point("C6", "storage-knowledge", "coriander is a spice, so it goes with the coffee",
                  acts("place_inside(coriander#1, pantry_cabinet#1)", among=["place_inside(coriander#1, *)"])),
            point("C1", "tells-boxes-apart", "the CHOCOLATE box among four look-alike boxes is a sweet",
                  acts("place_inside(chocolate#1, display_shelf#1)", among=["place_inside(chocolate#1, *)"]))),
        ticks=34)


def guidance_11() -> dict:
    """Stock the drink shelf without exceeding its 3.2 L limit: it already holds 1 L + 0.6 L, so exactly two
    of the three 800 mL cartons move from the packing table; the existing stock stays."""
    b = shop()
    board(b, "sign", name="shelf_sign", at=(1.2, 4.94), yaw=N, text="DRINK SHELF\nmax load\n3.2 litres", width=0.7)
    b.add_object("milk_carton", on="drink_shelf#1", region="shelf_2", params={"size": (0.09, 0.09, 0.22)},
                 labels=[{"text": "MILK\n1 L", "face": "front"}])
    b.add_object("juice_carton", on="drink_shelf#1", region="shelf_2", labels=[{"text": "OJ\n0.6 L", "face": "front"}])
    for i in range(3):
        b.add_object("carton", name="soy_carton", on="packing_table#1", spot=(-0.5 + 0.5 * i, 0.3),
                     params={"size": (0.08, 0.08, 0.2), "color": (0.85, 0.9, 0.7)},
                     labels=[{"text": "SOY\n800 mL", "face": "front"}])
    b.add_object("box", name="snack_box", on="snack_shelf#1", region="shelf_2", labels=[{"text": "CHIPS",
                                                                                     "face": "front"}])
    b.set_human((8.5, 2.5), yaw=-math.pi / 2)
    oracle = [step("The shelf takes 3.2 litres and already holds 1.6, so only two soy cartons fit. Pick up one of the "
                   "soy cartons on the packing table.", cmd("Grab", "soy_carton#1")),
              step("Put it on the drink shelf.", cmd("PutIn", "soy_carton#1", "drink_shelf#1")),
              step("Pick up a second soy carton.", cmd("Grab", "soy_carton#2")),
              step("Put that one on the drink shelf as well, then stop: the third one stays.",
                   cmd("PutIn", "soy_carton#2", "drink_shelf#1"))]
    wrong = oracle[:3] + [step("Put that one on the drink shelf as well.", cmd("PutIn", "soy_carton#2", "drink_shelf#1")),
                          step("And the last soy carton too.", cmd("Grab", "soy_carton#3")),
                          step("Put the last one on the drink shelf.", cmd("PutIn", "soy_carton#3", "drink_shelf#1"))]
    return taskpack(
        id="guidance-11", family="Guidance", static_item=STATIC_ITEMS["guidance-11"], row=11, scene=b.build(),
        title="Stock a load-limited drink shelf without exceeding it",
        prelude="New soy milk came in; it goes on the drink shelf out front.",
        opening=[cmd("Walk", "packing_table#1"), cmd("LookAt", "soy_carton#1"), cmd("Walk", "drink_shelf#1"),
                 cmd("LookAt", "shelf_sign#1"),
                 cmd("LookAt", "milk_carton#1"), cmd("LookAt", "juice_carton#1")],
        handoff="How many of the soy cartons can go on that shelf? Guide me.",
        human_task="New soy milk came in: you want it stocked on the drink shelf out front without overloading "
                   "the shelf.",
        evidence=[*printed_at("shelf_sign#1", "3.2 litres"),
                  *printed_at("milk_carton#1", "1 L"),
                  *printed_at("juice_carton#1", "0.6 L"),
                  *printed_at("soy_carton#1", "800 mL")],
        legend=[entry("soy_carton#1", "a pale green soy milk carton, left on the packing table", movable=True),
                entry("soy_carton#2", "a pale green soy milk carton, middle of the packing table", movable=True),
                entry("soy_carton#3", "a pale green soy milk carton, right on the packing table", movable=True),
                entry("milk_carton#1", "the milk carton on the drink shelf", movable=True),
                entry("juice_carton#1", "the juice carton on the drink shelf", movable=True),
                entry("drink_shelf#1", "the drink shelf"), entry("packing_table#1", "the packing table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[count("inside", ["*", "drink_shelf#1"], eq=4), count("on", ["*", "packing_table#1"], eq=1)],
        prohibitions=[moved("milk_carton#1"), moved("juice_carton#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "capacity-arithmetic", "(3.2 - 1 - 0.6) L / 0.8 L = 2 cartons",
                  says(num(2), wrong=[num(3)], before="pick(soy_carton#1)")),
            point("C3", "reads-volumes", "the 3.2 litre limit printed on the shelf sign",
                  says(num(3.2, "L"), before="pick(soy_carton#1)"))))


def guidance_20() -> dict:
    """Assemble a tasting kit of exactly one gin, one rum and one wine totalling one litre from six labelled
    bottles: GIN 200 + RUM 300 + WINE 500 mL; the 700/750/1000 mL decoys stay on the shelf."""
    b = shop()
    board(b, "wall_board", name="order_sheet", at=(9.0, 4.94), yaw=N, width=1.0,
          text="TASTING KIT\ngin + rum + wine\nexactly 1 litre")
    bottles = (("GIN\n200 mL", 0.03, 0.16), ("RUM\n750 mL", 0.04, 0.28), ("WINE\n500 mL", 0.035, 0.24),
               ("GIN\n700 mL", 0.04, 0.27), ("RUM\n300 mL", 0.03, 0.19), ("WINE\n1000 mL", 0.045, 0.32))
    for i, (text, r, h) in enumerate(bottles):
        b.add_object("bottle", on="stock_counter#1", spot=(-0.8 + 0.32 * i, 0.3), params={"radius": r, "height": h},
                     labels=[{"text": text, "face": "front"}])
    b.add_object("box", name="kit_box", on="packing_table#1", spot=(0.0, 0.4), labels=[{"text": "KIT", "face": "front"}])
    b.set_human((8.5, 2.5), yaw=0.0)
    picks = ("bottle#1", "bottle#5", "bottle#3")
    oracle = []
    for k, (key, what) in enumerate(zip(picks, ("the GIN 200 mL bottle", "the RUM 300 mL bottle",
                                                "the WINE 500 mL bottle"))):
        first = "GIN 200, RUM 300 and WINE 500 make exactly one litre. " if k == 0 else ""
        oracle += [step(f"{first}Pick up {what}.", cmd("Grab", key)),
                   step("Put it in the kit box." if k == 0 else f"Put that in the kit box{' as well' if k == 1 else ' too'}.",
                        cmd("PutIn", key, "kit_box#1"))]
    wrong = oracle[:4] + [step("Pick up the WINE 1000 mL bottle.", cmd("Grab", "bottle#6")),
                          step("Put the big wine in the kit box.", cmd("PutIn", "bottle#6", "kit_box#1"))]
    return taskpack(
        id="guidance-20", family="Guidance", static_item=STATIC_ITEMS["guidance-20"], row=20, scene=b.build(),
        title="Assemble an exact one-litre tasting kit",
        prelude="A customer ordered a tasting kit; the order sheet is on the wall.",
        opening=[cmd("Walk", "order_sheet#1"), cmd("LookAt", "order_sheet#1"), cmd("Walk", "stock_counter#1")] +
                [cmd("LookAt", f"bottle#{i}") for i in range(1, 7)],
        handoff="Which bottles go in the kit box? Guide me one at a time.",
        human_task="A customer ordered a tasting kit: you want it packed in the kit box the way the order sheet on "
                   "the wall says.",
        evidence=[*printed_at("order_sheet#1", "exactly 1 litre"),
                  *printed_at("bottle#1", "GIN 200 mL"),
                  *printed_at("bottle#3", "WINE 500 mL"),
                  *printed_at("bottle#5", "RUM 300 mL")],
        legend=[entry(f"bottle#{i}", f"bottle {i} from the left on the stock counter", movable=True)
                for i in range(1, 7)] +
               [entry("kit_box#1", "the kit box on the packing table", movable=True),
                entry("stock_counter#1", "the stock counter"), entry("packing_table#1", "the packing table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", k, "kit_box#1") for k in picks] + [count("inside", ["*", "kit_box#1"], eq=3)],
        prohibitions=[moved("bottle#2"), moved("bottle#4"), moved("bottle#6")],
        capabilities=caps(
            point("C3", "reads-volumes", "the 200 mL printed on the small GIN bottle",
                  says(num(200, "mL"), before="pick(bottle#1)")),
            point("C5", "exact-litre", "200 + 300 + 500 mL is the one litre the order asks for",
                  says(num(1, "L", strict=True), num(1000, "mL"), before="pick(bottle#1)"))),
        ticks=28)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "guidance-03": static(
        "What should the wearer do first to set up the visitor table the way the board says?",
        "Archive the old briefing first: put the briefing marked OLD (March) from the meeting table into the archive "
        "cabinet, before the NEW briefing goes on the table."),
    "guidance-05": static(
        "What is the next step the wearer should take to make the recipe on the board?",
        "Cut the tomato: pick up the knife on the counter and cut the tomato with it (recipe step 1), before it is "
        "cooked in the pan."),
    "guidance-06": static(
        "Following the rule on the wall, what should the wearer do first with the four boxes on the table?",
        "Start sorting by the rule: sweets go on the open display shelf (candy, chocolate), coffee and coriander "
        "in the dark pantry cabinet; for example, pick up the candy box and put it on the open shelf."),
    "guidance-11": static(
        "How many of the soy cartons can go on the drink shelf, and what should the wearer do first?",
        "Two: the shelf takes at most 3.2 litres and already holds 1 L of milk and 0.6 L of juice, so two 800 mL "
        "cartons fit; pick up one soy carton from the packing table and put it on the drink shelf.",
        require=[[num(2)]]),
    "guidance-20": static(
        "Which bottles should the wearer put into the kit box?",
        "The GIN 200 mL, RUM 300 mL and WINE 500 mL bottles, which make exactly one litre, one at a time.",
        require=[[num(200, "mL")], [num(300, "mL")], [num(500, "mL")]]),
}

TASKS = [guidance_03, guidance_05, guidance_06, guidance_11, guidance_20]
