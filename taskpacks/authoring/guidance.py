"""Guidance (GUIDE) TaskPacks, rows 1-7 of paper Table 7: the Assistant turns visible documents, labels, domain
knowledge and numerical constraints into grounded, incremental instructions; the Human has no procedure of its
own (it does the first actionable step for one object, then asks for the next). Rows 8-14 are in
``guidance_2.py``, rows 15-20 in ``guidance_3.py``."""
from __future__ import annotations

import math
from typing import Sequence

from common import (acts, any_of, before, caps, cmd, count, entry, ever, holds, moved, negate, order, plan, point,
                    printed_at, step, taskpack)
from guidance_static import STATIC_ITEMS
from scenes import N, S, board, kitchen_house, office
from scenes_guidance import dispatch_room, grocery

ASK_NEXT = plan((None, "What should I do first?"))
"""The GUIDE no-help program: with no instruction the wearer only asks for the first step."""
HELD_NOTHING = holds("held", "*")


def ticks_for(steps: int) -> int:
    """Tick budget of a Guidance task: three ticks per oracle action plus slack (an instruction, its command and
    the wearer's question for the next step each take a tick)."""
    return 3 * steps + 12


def with_state(scene: dict, key: str, **state) -> dict:
    """``scene`` (a built scene dict) with ``state`` set on the entity ``key`` (``"cooktop#1"``), e.g. a fixture
    left running or open before the opening; returns the same dict."""
    name, _, idx = key.partition("#")
    for e in scene["entities"]:
        if (e["name"], e["index"]) == (name, int(idx)):
            e["state"] = {**e.get("state", {}), **state}
            return scene
    raise KeyError(f"no entity {key} in scene {scene.get('name')!r}")


def succeeded(pattern: str) -> dict:
    """A command of this pattern succeeded after handoff (``succeeded`` condition)."""
    return {"succeeded": pattern}


def wiped(tool: str, target: str) -> dict:
    """``target`` was wiped with ``tool``: a successful ``wipe`` in either argument order (the grammar accepts the
    legacy target-then-tool order, paper Table 5). The paper scores cleaning by this trace outcome, not by a
    cleanliness predicate (Table 5, ``wipe``)."""
    return any_of(succeeded(f"wipe({tool}, {target})"), succeeded(f"wipe({target}, {tool})"))


def partition(boxes: dict[str, tuple[int, Sequence[Sequence[str]]]]) -> list[dict]:
    """Goals of an exact partition into boxes: each box holds exactly ``n`` items and, for each group of
    interchangeable items (same label), one of that group; with the counts summing to the items, every item is
    packed once and no box holds a wrong category."""
    goals = []
    for box, (n, groups) in boxes.items():
        goals.append(count("inside", ["*", box], eq=n))
        goals += [any_of(*(holds("inside", k, box) for k in group)) for group in groups]
    return goals


def pack(names: dict[str, tuple[str, str]], keys: Sequence[str], box: str, first: str = "") -> list[dict]:
    """Oracle steps that carry each of ``keys`` into ``box``, one object per instruction; ``names`` gives how the
    Assistant refers to each key (what it reads in the frames): a full reference and a short one."""
    out = []
    for i, k in enumerate(keys):
        out += [step(f"{first if i == 0 else ''}Pick up {names[k][0]}.", cmd("Grab", k)),
                step(f"Put that {names[k][1]} into the {names[box][1]}.", cmd("PutIn", k, box))]
    return out


def guidance_01() -> dict:
    """Pack seven drinks into three boxes labelled by volume and count (600 mL in 2, 700 mL in 2, 800 mL in 3):
    3 x MILK 500, 2 x JUICE 200 and 2 x WATER 100 mL allow exactly A = 500 + 100, B = 500 + 200 and
    C = 500 + 200 + 100, every bottle used once."""
    b = dispatch_room()
    board(b, "wall_board", name="packing_rule", at=(3.2, 4.94), yaw=N, width=1.0,
          text="DRINK BOXES\nfill each box to its label\nuse all seven drinks")
    kinds = ("MILK 500", "JUICE 200", "WATER 100", "MILK 500", "WATER 100", "JUICE 200", "MILK 500")
    shape = {"MILK": (0.035, 0.2), "JUICE": (0.032, 0.16), "WATER": (0.03, 0.13)}
    for i, k in enumerate(kinds):
        name, ml = k.split()
        r, h = shape[name]
        b.add_object("bottle", on="stock_counter#1", spot=(-0.84 + 0.28 * i, 0.35),
                     params={"radius": r, "height": h, "color": (0.92, 0.92, 0.88)},
                     labels=[{"text": f"{name}\n{ml} mL", "face": "front"}])
    for i, text in enumerate(("600 mL\n2 drinks", "700 mL\n2 drinks", "800 mL\n3 drinks")):
        b.add_object("box", on="packing_bench#1", spot=(-0.6 + 0.6 * i, 0.6),
                     params={"size": (0.3, 0.3, 0.2)}, labels=[{"text": text, "face": "front"}])
    b.set_human((5.0, 2.6), yaw=0.0)
    milk, juice, water = ("bottle#1", "bottle#4", "bottle#7"), ("bottle#2", "bottle#6"), ("bottle#3", "bottle#5")
    names = {f"bottle#{i + 1}": (f"the {k.split()[0].lower()} bottle, number {i + 1} from the left",
                                 f"{k.split()[0].lower()} bottle") for i, k in enumerate(kinds)}
    names.update({f"box#{i}": ("", f"{ml} millilitre box") for i, ml in ((1, 600), (2, 700), (3, 800))})
    oracle = (pack(names, ("bottle#1", "bottle#3"), "box#1",
                   "The 600 box takes milk 500 plus water 100, the 700 box milk plus juice 200, the 800 box milk, "
                   "juice and water. ") +
              pack(names, ("bottle#4", "bottle#2"), "box#2") +
              pack(names, ("bottle#7", "bottle#6", "bottle#5"), "box#3"))
    wrong = (pack(names, ("bottle#1", "bottle#2"), "box#1", "Start with the first two bottles. ") +
             pack(names, ("bottle#3", "bottle#4"), "box#2"))
    return taskpack(
        id="guidance-01", family="Guidance", static_item=STATIC_ITEMS["guidance-01"], row=1, scene=b.build(),
        title="Pack seven drinks into three boxes to their exact volumes",
        prelude="Three drink boxes have to go out today.",
        opening=[cmd("Walk", "packing_rule#1"), cmd("LookAt", "packing_rule#1"), cmd("Walk", "stock_counter#1")] +
                [cmd("LookAt", f"bottle#{i}") for i in range(1, 8)] +
                [cmd("Walk", "packing_bench#1")] + [cmd("LookAt", f"box#{i}") for i in range(1, 4)],
        handoff="How do the drinks split over the three boxes? Guide me one bottle at a time.",
        human_task="Three drink boxes have to go out: you want the drinks on the stock counter packed into the "
                   "boxes on the packing bench the way the boxes and the rule on the wall ask.",
        evidence=[*printed_at("packing_rule#1", "use all seven drinks"),
                  *(e for i, k in enumerate(kinds) for e in printed_at(f"bottle#{i + 1}", f"{k} mL")),
                  *printed_at("box#1", "600 mL 2 drinks"), *printed_at("box#2", "700 mL 2 drinks"),
                  *printed_at("box#3", "800 mL 3 drinks")],
        legend=[entry(f"bottle#{i}", f"a white bottle, number {i} from the left on the stock counter", movable=True)
                for i in range(1, 8)] +
               [entry("box#1", "the left cardboard box on the packing bench", movable=True),
                entry("box#2", "the middle cardboard box on the packing bench", movable=True),
                entry("box#3", "the right cardboard box on the packing bench", movable=True),
                entry("stock_counter#1", "the stock counter"), entry("packing_bench#1", "the packing bench")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=partition({"box#1": (2, (milk, water)), "box#2": (2, (milk, juice)),
                         "box#3": (3, (milk, juice, water))}),
        capabilities=caps(
            point("C3", "reads-water-size", "WATER 100 mL on the third bottle: a 100 mL drink fits only the 600 and "
                  "800 mL boxes", acts("place_inside(bottle#3, box#1)", "place_inside(bottle#3, box#3)",
                                      among=["place_inside(bottle#3, *)"])),
            point("C5", "global-allocation", "600 = 500 + 100 is the only pair for the 600 mL box, so no juice goes "
                  "there", acts("place_inside(bottle#2, box#2)", "place_inside(bottle#2, box#3)",
                                among=["place_inside(bottle#2, *)"]))),
        ticks=ticks_for(14))


def guidance_02() -> dict:
    """Memory: the seven cartons' sizes (3 x 500, 2 x 250, 2 x 100 mL) are read before a phone call takes the
    wearer to the back of the room; three orders seen afterwards ask for 600 mL in 2, 750 mL in 2 and 850 mL
    in 3 cartons: A = 500 + 100, B = 500 + 250, C = 500 + 250 + 100. The phone stays where it was put down."""
    b = dispatch_room()
    sizes = (500, 250, 100, 500, 100, 500, 250)
    dims = {500: (0.08, 0.08, 0.17), 250: (0.08, 0.08, 0.14), 100: (0.08, 0.08, 0.12)}
    for i, ml in enumerate(sizes):
        b.add_object("carton", on="stock_counter#1", spot=(-0.84 + 0.28 * i, 0.35),
                     params={"size": dims[ml], "color": (0.95, 0.93, 0.85)},
                     labels=[{"text": f"CARTON\n{ml} mL", "face": "front"}])
    for i, (ml, n) in enumerate(((600, 2), (750, 2), (850, 3))):
        b.add_object("box", on="packing_bench#1", spot=(-0.6 + 0.6 * i, 0.6), params={"size": (0.3, 0.3, 0.2)},
                     labels=[{"text": f"ORDER\n{ml} mL\n{n} cartons", "face": "front"}])
    b.add_object("phone", on="desk#1", spot=(0.3, 0.4), labels=[{"text": "CALL", "face": "top"}])
    b.set_human((5.0, 2.6), yaw=0.0)
    big, mid, small = ("carton#1", "carton#4", "carton#6"), ("carton#2", "carton#7"), ("carton#3", "carton#5")
    names = {f"carton#{i + 1}": (f"the {ml} millilitre carton, number {i + 1} from the left on the stock counter",
                                 f"{ml} carton") for i, ml in enumerate(sizes)}
    names.update({f"box#{i}": ("", f"{ml} order box") for i, ml in ((1, 600), (2, 750), (3, 850))})
    first = ("From the labels I saw: 600 is 500 plus 100, 750 is 500 plus 250, 850 is 500, 250 and 100. "
             "Go back to the stock counter. ")
    oracle = (pack(names, ("carton#1", "carton#3"), "box#1", first) + pack(names, ("carton#4", "carton#2"), "box#2") +
              pack(names, ("carton#6", "carton#7", "carton#5"), "box#3"))
    wrong = (pack(names, ("carton#1", "carton#2"), "box#1", "Take the first two cartons. ") +
             pack(names, ("carton#3", "carton#4"), "box#2") + pack(names, ("carton#5", "carton#6", "carton#7"), "box#3"))
    return taskpack(
        id="guidance-02", family="Guidance", static_item=STATIC_ITEMS["guidance-02"], row=2, scene=b.build(),
        title="Recall carton sizes after a phone call and fill three orders exactly",
        prelude="Let me check what came in on the stock counter.",
        opening=[cmd("Walk", "stock_counter#1")] + [cmd("LookAt", f"carton#{i}") for i in range(1, 8)] +
                [cmd("Walk", "desk#1"), cmd("Grab", "phone#1"), cmd("AnswerPhone", "phone#1"),
                 cmd("Wait"), cmd("Put", "phone#1", "desk#1"), cmd("Walk", "packing_bench#1")] +
                [cmd("LookAt", f"box#{i}") for i in range(1, 4)],
        handoff="That call was about three orders, and the boxes are ready here. Which cartons go in which box? "
                "One at a time, please.",
        human_task="Three orders came in by phone: you want them packed from the cartons on the stock counter into "
                   "the order boxes on the packing bench, and your phone left where you put it.",
        evidence=[*(e for i, ml in enumerate(sizes) for e in printed_at(f"carton#{i + 1}", f"{ml} mL")),
                  *printed_at("box#1", "600 mL 2 cartons"), *printed_at("box#2", "750 mL 2 cartons"),
                  *printed_at("box#3", "850 mL 3 cartons")],
        legend=[entry(f"carton#{i}", f"a cream carton, number {i} from the left on the stock counter", movable=True)
                for i in range(1, 8)] +
               [entry("box#1", "the left cardboard box on the packing bench", movable=True),
                entry("box#2", "the middle cardboard box on the packing bench", movable=True),
                entry("box#3", "the right cardboard box on the packing bench", movable=True),
                entry("phone#1", "your phone", movable=True),
                entry("stock_counter#1", "the stock counter"), entry("packing_bench#1", "the packing bench"),
                entry("desk#1", "the desk in the corner")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=partition({"box#1": (2, (big, small)), "box#2": (2, (big, mid)), "box#3": (3, (big, mid, small))}),
        prohibitions=[moved("phone#1")],
        capabilities=caps(
            point("C4", "recalls-small-carton", "the third carton read 100 mL before the call: it belongs in the 600 "
                  "or 850 mL order", acts("place_inside(carton#3, box#1)", "place_inside(carton#3, box#3)",
                                         among=["place_inside(carton#3, *)"])),
            point("C5", "exact-orders", "750 = 500 + 250 is the only pair for the 750 mL order, so the 250 mL "
                  "carton never goes in the 600 mL box", acts("place_inside(carton#2, box#2)",
                                                              "place_inside(carton#2, box#3)",
                                                              among=["place_inside(carton#2, *)"]))),
        ticks=ticks_for(14))


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
    archived = holds("inside", old, "archive_cabinet#1")
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
        # the new items earn credit only once the obsolete briefing is archived (row 3: credit depends on removal)
        goals=[archived, before(archived, holds("on", new, "meeting_table#1")),
               before(archived, holds("on", "pen#1", "meeting_table#1"))],
        prohibitions=[holds("open", "archive_cabinet#1"), moved("lunch_menu#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-briefings", "the OLD and NEW print that tells the two briefings apart",
                  acts(f"pick({old})", among=["pick(*)"])),
            point("C5", "ordered-steps", "the board's order: archive the old briefing, then lay out the new one",
                  order(f"place_inside({old}, archive_cabinet#1)", f"place({new}, meeting_table#1)")),
            point("C9", "one-step-at-a-time", "a first instruction the Human can carry out as said",
                  acts("open(archive_cabinet#1)"))),
        ticks=ticks_for(8))


def guidance_04() -> dict:
    """Stock the promotion bay by the stocking rule: price cards CANDY $2.10 < BREAD $3.40 < CHOCOLATE $4.75, the
    slot signs read HIGH, LOW, MID from left to right; each product goes with its own card, cheapest in the LOW
    slot; nothing stays on the cart."""
    b = grocery()
    board(b, "wall_board", name="stocking_rule", at=(0.06, 4.4), yaw=0.0, width=1.0,
          text="PROMO RULE\ncheapest item: LOW slot\ndearest item: HIGH slot\nprice card with its item")
    b.add_object("bread", on="cart#1", surface="shelf_2", spot=(-0.6, 0.72))
    b.add_object("box", name="candy", on="cart#1", surface="shelf_2", spot=(0.0, 0.72),
                 params={"size": (0.12, 0.16, 0.08), "color": (0.9, 0.35, 0.6)},
                 labels=[{"text": "CANDY", "face": "front"}])
    b.add_object("box", name="chocolate", on="cart#1", surface="shelf_2", spot=(0.6, 0.72),
                 params={"size": (0.12, 0.2, 0.05), "color": (0.4, 0.25, 0.15)},
                 labels=[{"text": "CHOC", "face": "front"}])
    # cards in another order than the products, turned to read from the wearer's side of the cart
    for i, text in enumerate(("CHOCOLATE\n$4.75", "BREAD\n$3.40", "CANDY\n$2.10")):
        b.add_object("card", name="price_card", on="cart#1", surface="shelf_2", spot=(-0.6 + 0.6 * i, 0.12),
                     yaw=math.pi / 2, params={"size": (0.12, 0.16, 0.003)}, labels=[{"text": text, "face": "top"}])
    b.set_human((4.0, 1.2), yaw=S)
    low, mid, high = "promo_table#2", "promo_table#3", "promo_table#1"
    slots = {"promo_table#1": "left promo table, under the HIGH sign", "promo_table#2": "middle promo table, "
             "under the LOW sign", "promo_table#3": "right promo table, under the MID sign"}
    moves = (("candy#1", "candy box", low), ("price_card#3", "CANDY price card", low),
             ("bread#1", "bread", mid), ("price_card#2", "BREAD price card", mid),
             ("chocolate#1", "chocolate", high), ("price_card#1", "CHOCOLATE price card", high))
    oracle = []
    for i, (key, what, slot) in enumerate(moves):
        lead = "Candy is cheapest at 2.10, bread 3.40, chocolate dearest at 4.75. " if i == 0 else ""
        oracle += [step(f"{lead}Take the {what} from the cart.", cmd("Grab", key)),
                   step(f"Put the {what} on the {slots[slot]}.", cmd("Put", key, slot))]
    wrong = []
    for key, what, slot in moves:   # left to right as if the slots were in ascending order
        slot = {low: "promo_table#1", high: "promo_table#3"}.get(slot, "promo_table#2")
        wrong += [step(f"Take the {what} off the cart.", cmd("Grab", key)),
                  step(f"Place the {what} on the {slots[slot]}.", cmd("Put", key, slot))]
    goals = []
    for slot, items in ((low, ("candy#1", "price_card#3")), (mid, ("bread#1", "price_card#2")),
                        (high, ("chocolate#1", "price_card#1"))):
        goals += [holds("on", k, slot) for k in items] + [count("on", ["*", slot], eq=2)]
    return taskpack(
        id="guidance-04", family="Guidance", static_item=STATIC_ITEMS["guidance-04"], row=4, scene=b.build(),
        title="Stock the promotion bay in ascending price order with the price cards",
        prelude="The promotion bay is empty and the cart has this week's promo items.",
        opening=[cmd("Walk", "stocking_rule#1"), cmd("LookAt", "stocking_rule#1"), cmd("Walk", "cart#1"),
                 cmd("LookAt", "price_card#1"), cmd("LookAt", "price_card#2"), cmd("LookAt", "price_card#3"),
                 cmd("LookAt", "candy#1"), cmd("LookAt", "chocolate#1"), cmd("Walk", "promo_table#1"),
                 cmd("LookAt", "slot_sign#1"), cmd("Walk", "promo_table#2"), cmd("LookAt", "slot_sign#2"),
                 cmd("Walk", "promo_table#3"), cmd("LookAt", "slot_sign#3")],
        handoff="Where does each item and card go? Take me through it step by step.",
        human_task="You want this week's promo items on the cart set out in the promotion bay with their price "
                   "cards, the way the stocking rule on the wall says.",
        evidence=[*printed_at("stocking_rule#1", "cheapest item: LOW slot", "dearest item: HIGH slot"),
                  *printed_at("price_card#1", "CHOCOLATE $4.75"), *printed_at("price_card#2", "BREAD $3.40"),
                  *printed_at("price_card#3", "CANDY $2.10"),
                  *printed_at("slot_sign#1", "HIGH PRICE"), *printed_at("slot_sign#2", "LOW PRICE"),
                  *printed_at("slot_sign#3", "MID PRICE")],
        legend=[entry("bread#1", "the loaf of bread on the cart", movable=True),
                entry("candy#1", "the pink box on the cart", movable=True),
                entry("chocolate#1", "the brown box on the cart", movable=True),
                entry("price_card#1", "a price card, front left on the cart's top shelf", movable=True),
                entry("price_card#2", "a price card, front middle of the cart's top shelf", movable=True),
                entry("price_card#3", "a price card, front right on the cart's top shelf", movable=True),
                entry("promo_table#1", "the left promo table"), entry("promo_table#2", "the middle promo table"),
                entry("promo_table#3", "the right promo table"), entry("cart#1", "the stock cart")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT, goals=goals, prohibitions=[HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-prices", "$2.10 on the CANDY card is the lowest price, so the candy goes to the LOW "
                  "slot", acts(f"place(candy#1, {low})", among=["place(candy#1, *)"])),
            point("C1", "card-with-item", "the card printed BREAD belongs with the loaf",
                  acts(f"place(price_card#2, {mid})", among=["place(price_card#2, *)"])),
            point("C2", "slot-signs", "the HIGH sign hangs over the left table, not the right one",
                  acts(f"place(chocolate#1, {high})", among=["place(chocolate#1, *)"]))),
        ticks=ticks_for(12))


def guidance_05() -> dict:
    """Follow the recipe board through cutting, cooking, plating and serving: cut the tomato, fry it in the pan
    stirring with the spatula, switch the cooktop off, take the pan off the heat, plate the tomato alone, put the
    knife and spatula back and hold the finished plate ready to serve."""
    b = kitchen_house(recipe="TOMATO SAUTE\n1 cut the tomato\n2 fry it in the pan,\nstir with the spatula\n"
                             "3 stove off, pan off the heat\n4 tomato alone on the plate\n5 knife and spatula "
                             "back,\nserve the plate")
    b.add_object("tomato", on="counter#1", spot=(0.1, 0.3))
    b.add_object("onion", on="counter#1", spot=(-0.3, 0.3))
    b.add_object("knife", on="counter#1", spot=(0.5, 0.25))
    b.add_object("pan", on="cooktop#1")
    b.add_object("spatula", on="counter#2", spot=(-0.5, 0.25))
    b.add_object("plate", on="counter#2", spot=(0.3, 0.4))
    b.add_object("apple", on="table#1", spot=(0.5, 0.4))
    b.set_human((3.0, 0.6), yaw=S)
    oracle = [step("Pick up the knife on the counter.", cmd("Grab", "knife#1")),
              step("Cut the tomato with the knife.", cmd("Cut", "tomato#1", "knife#1")),
              step("Put the knife back on the counter where it was.", cmd("Put", "knife#1", "counter#1")),
              step("Pick up the cut tomato.", cmd("Grab", "tomato#1")),
              step("Put the tomato in the pan.", cmd("PutIn", "tomato#1", "pan#1")),
              step("Switch the cooktop on.", cmd("TurnOn", "cooktop#1")),
              step("Take the spatula from the counter right of the oven.", cmd("Grab", "spatula#1")),
              step("Stir the pan with the spatula.", cmd("Stir", "pan#1", "spatula#1")),
              step("Let the tomato cook now.", cmd("Cook", "tomato#1")),
              step("Switch the cooktop off.", cmd("TurnOff", "cooktop#1")),
              step("Put the spatula back on the right counter.", cmd("Put", "spatula#1", "counter#2")),
              step("Take the pan off the heat.", cmd("Grab", "pan#1")),
              step("Set the pan down on the left counter.", cmd("Put", "pan#1", "counter#1")),
              step("Pick the tomato out of the pan.", cmd("Grab", "tomato#1")),
              step("Put the tomato on the plate.", cmd("Put", "tomato#1", "plate#1")),
              step("Now pick up the plate and serve it.", cmd("Grab", "plate#1"))]
    wrong = [step("Pick up the onion.", cmd("Grab", "onion#1")),
             step("Put the onion in the pan.", cmd("PutIn", "onion#1", "pan#1")),
             oracle[5], step("Cook the onion.", cmd("Cook", "onion#1")), oracle[9],
             step("Put the tomato on the plate as it is.", cmd("Grab", "tomato#1"), cmd("Put", "tomato#1", "plate#1")),
             oracle[15]]
    cooked_alone = [holds("on", "tomato#1", "plate#1"), count("on", ["*", "plate#1"], eq=1)]
    return taskpack(
        id="guidance-05", family="Guidance", static_item=STATIC_ITEMS["guidance-05"], row=5, scene=b.build(),
        title="Follow the tomato recipe: cut, fry, plate and serve, tools back",
        prelude="I want to make the tomato recipe on the board.",
        opening=[cmd("Walk", "counter#1"), cmd("LookAt", "recipe_board#1"), cmd("LookAt", "tomato#1"),
                 cmd("LookAt", "cooktop#1"), cmd("LookAt", "plate#1")],
        handoff="Can you guide me through the recipe, one step at a time?",
        human_task="You want to cook the tomato recipe on the recipe board and serve it.",
        evidence=[*printed_at("recipe_board#1", "cut the tomato", "stir with the spatula", "pan off the heat",
                              "tomato alone on the plate", "serve the plate")],
        legend=[entry("tomato#1", "the tomato", movable=True), entry("onion#1", "the onion", movable=True),
                entry("knife#1", "the knife", movable=True), entry("pan#1", "the frying pan", movable=True),
                entry("spatula#1", "the black spatula", movable=True), entry("plate#1", "the plate", movable=True),
                entry("apple#1", "the apple", movable=True),
                entry("cooktop#1", "the cooktop"), entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven"), entry("oven#1", "the oven")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("cut", "tomato#1"), holds("cooked", "tomato#1"),
               before(holds("cut", "tomato#1"), holds("cooked", "tomato#1")),
               # safely cooked: in the pan, stirred with the spatula while the cooktop was on
               before(holds("inside", "tomato#1", "pan#1"), holds("cooked", "tomato#1")),
               {"sequence": ["turn_on(cooktop#1)", "stir(pan#1, spatula#1)", "turn_off(cooktop#1)"]},
               *cooked_alone, holds("held", "plate#1")],
        prohibitions=[holds("running", "cooktop#1"), holds("on", "pan#1", "cooktop#1"),
                      negate(holds("on", "knife#1", "counter#1")), negate(holds("on", "spatula#1", "counter#2")),
                      holds("cooked", "onion#1"), moved("onion#1")],
        capabilities=caps(
            point("C3", "reads-recipe", "the recipe board names the tomato, not the onion beside it",
                  acts("cut(tomato#1, knife#1)", among=["cut(*, *)"])),
            point("C5", "cut-before-cook", "the recipe's order: cut, into the pan, then cook",
                  order("cut(tomato#1, knife#1)", "place_inside(tomato#1, pan#1)", "cook(tomato#1)")),
            point("C6", "stove-safety", "a cooktop is switched off once the cooking is done, before plating",
                  order("cook(tomato#1)", "turn_off(cooktop#1)", "place(tomato#1, plate#1)"))),
        ticks=ticks_for(16))


def guidance_06() -> dict:
    """Apply the storage rule: candy and chocolate exactly in the open (light) display shelf, coffee and coriander
    exactly in the closed dark pantry cabinet."""
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
               count("inside", ["*", "display_shelf#1"], eq=2),
               holds("inside", "coffee#1", "pantry_cabinet#1"), holds("inside", "coriander#1", "pantry_cabinet#1"),
               count("inside", ["*", "pantry_cabinet#1"], eq=2)],
        prohibitions=[holds("open", "pantry_cabinet#1"), moved("mug#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-rule", "the rule sheet puts coffee in the dark cabinet",
                  acts("place_inside(coffee#1, pantry_cabinet#1)", among=["place_inside(coffee#1, *)"])),
            point("C6", "storage-knowledge", "coriander is a spice, so it goes with the coffee",
                  acts("place_inside(coriander#1, pantry_cabinet#1)", among=["place_inside(coriander#1, *)"])),
            point("C1", "tells-boxes-apart", "the CHOCOLATE box among four look-alike boxes is a sweet",
                  acts("place_inside(chocolate#1, display_shelf#1)", among=["place_inside(chocolate#1, *)"]))),
        ticks=ticks_for(10))


def guidance_07() -> dict:
    """Cool three hot things safely: the hot lemonade and the purée go into the fridge (closed again), the
    overheated phone onto the counter in front of the desk fan with the fan running, never into the fridge."""
    b = kitchen_house()
    b.add_fixture("fan", on="counter#2", spot=(0.6, 0.1), yaw=0.0)
    b.add_object("jug", name="lemonade", on="table#1", spot=(-0.6, 0.3), params={"color": (0.95, 0.9, 0.55)},
                 labels=[{"text": "LEMON\nADE", "face": "front"}])
    b.add_object("bowl", name="puree", on="table#1", spot=(-0.1, 0.3), params={"color": (0.95, 0.55, 0.2)})
    b.add_object("phone", on="table#1", spot=(0.35, 0.3), yaw=math.pi / 2,
                 labels=[{"text": "BATTERY\nTOO HOT", "face": "top"}])
    b.add_object("juice_carton", on="table#1", spot=(0.75, 0.6), labels=[{"text": "ICED TEA", "face": "front"}])
    b.set_human((3.0, 0.8), yaw=S)
    oracle = [step("Open the fridge door first.", cmd("Open", "fridge#1")),
              step("Food cools safely in the fridge. Take the lemonade jug.", cmd("Grab", "lemonade#1")),
              step("Put the lemonade in the fridge.", cmd("PutIn", "lemonade#1", "fridge#1")),
              step("Now the orange bowl of puree.", cmd("Grab", "puree#1")),
              step("Put the puree in the fridge too.", cmd("PutIn", "puree#1", "fridge#1")),
              step("Close the fridge door.", cmd("Close", "fridge#1")),
              step("The phone must never go in the fridge. Take your phone.", cmd("Grab", "phone#1")),
              step("Lay the phone on the counter right of the oven, in front of the fan.",
                   cmd("Put", "phone#1", "counter#2")),
              step("Switch the desk fan on.", cmd("TurnOn", "fan#1"))]
    wrong = oracle[:5] + [step("Put your phone in the fridge with them.", cmd("Grab", "phone#1"),
                                cmd("PutIn", "phone#1", "fridge#1")), oracle[5]]
    return taskpack(
        id="guidance-07", family="Guidance", static_item=STATIC_ITEMS["guidance-07"], row=7, scene=b.build(),
        title="Cool hot lemonade, hot puree and an overheated phone the safe way",
        prelude="The lemonade and the puree I just made are far too hot, and my phone is burning up as well.",
        opening=[cmd("Walk", "table#1"), cmd("LookAt", "lemonade#1"), cmd("LookAt", "puree#1"),
                 cmd("LookAt", "phone#1"), cmd("LookAt", "counter#2")],
        handoff="How do I cool all three of these down safely? Tell me step by step.",
        human_task="The lemonade and the puree you just made are too hot, and so is your phone: you want all three "
                   "cooled down safely.",
        evidence=[*printed_at("phone#1", "BATTERY TOO HOT")],
        legend=[entry("lemonade#1", "the yellow jug on the kitchen table", movable=True),
                entry("puree#1", "the orange bowl on the kitchen table", movable=True),
                entry("phone#1", "your phone on the kitchen table", movable=True),
                entry("juice_carton#1", "the carton on the kitchen table", movable=True),
                entry("fridge#1", "the fridge"), entry("fan#1", "the white desk fan"),
                entry("counter#2", "the counter right of the oven"), entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", "lemonade#1", "fridge#1"), holds("inside", "puree#1", "fridge#1"),
               holds("on", "phone#1", "counter#2"), holds("running", "fan#1")],
        prohibitions=[holds("open", "fridge#1"), ever(holds("inside", "phone#1", "fridge#1")),
                      moved("juice_carton#1"), HELD_NOTHING],
        capabilities=caps(
            point("C6", "no-phone-in-fridge", "a hot phone is cooled by moving air, never in a fridge (condensation)",
                  acts("place(phone#1, counter#2)", among=["place(phone#1, *)", "place_inside(phone#1, *)"])),
            point("C6", "food-to-fridge", "hot food is cooled in the fridge",
                  acts("place_inside(puree#1, fridge#1)", among=["place(puree#1, *)", "place_inside(puree#1, *)"])),
            point("C1", "finds-the-fan", "the desk fan on the counter right of the oven",
                  acts("turn_on(fan#1)", among=["turn_on(*)"]))),
        ticks=ticks_for(9))


TASKS = [guidance_01, guidance_02, guidance_03, guidance_04, guidance_05, guidance_06, guidance_07]
