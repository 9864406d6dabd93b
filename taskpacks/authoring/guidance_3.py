"""Guidance (GUIDE) TaskPacks, rows 15-20 of paper Table 7 (see ``guidance.py``)."""
from __future__ import annotations

import math

from common import (acts, all_of, before, caps, cmd, count, entry, holds, moved, negate, num, order, point, printed_at,
                    says, step, taskpack)
from guidance import ASK_NEXT, HELD_NOTHING, ticks_for, wiped
from guidance_static import STATIC_ITEMS
from scenes import N, board, cafe, hotel_suite, kitchen_house, shop
from scenes_guidance import tea_bar


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


def guidance_15() -> dict:
    """Resume a four-step afternoon-service plan after its first two steps (water to the service table, towel to
    the stock shelf, done in the opening): the apple alone on the setup table, the clean mug from the pastry shelf
    alone on the first supply table that the water vacated; the done steps stay done."""
    b = cafe()
    b.add_fixture("table", name="supply_table", at=(1.2, 0.5), params={"width": 0.8, "depth": 0.6})
    b.add_fixture("table", name="supply_table", at=(3.2, 0.5), params={"width": 0.8, "depth": 0.6})
    b.add_fixture("table", name="setup_table", at=(4.9, 2.2), params={"width": 0.8, "depth": 0.6})
    board(b, "wall_board", name="service_plan", at=(0.06, 3.4), yaw=0.0, width=1.1,
          text="AFTERNOON SERVICE\n1 water: service table\n2 towel: stock shelf\n3 apple: setup table\n"
               "4 shelf mug: 1st supply table")
    b.add_object("bottle", name="water", on="supply_table#1", spot=(0.0, 0.4), params={"color": (0.55, 0.8, 0.95)})
    b.add_object("towel", on="supply_table#2", spot=(-0.4, 0.4))
    b.add_object("apple", on="supply_table#2", spot=(0.4, 0.4))
    b.add_object("mug", on="pastry_shelf#1", region="shelf_2", params={"color": (0.95, 0.95, 0.95)})
    b.add_object("mug", on="supply_counter#1", spot=(0.5, 0.3), params={"color": (0.95, 0.95, 0.95)})
    b.set_human((2.2, 1.6), yaw=math.pi)
    oracle = [step("Steps one and two are done; step three is the apple. Pick up the apple.", cmd("Grab", "apple#1")),
              step("Put the apple on the setup table.", cmd("Put", "apple#1", "setup_table#1")),
              step("Step four: take the mug from the pastry shelf.", cmd("Grab", "mug#1")),
              step("Put it on the left supply table, where the water was.", cmd("Put", "mug#1", "supply_table#1"))]
    wrong = [step("Pick up the apple.", cmd("Grab", "apple#1")),
             step("Put the apple on the left supply table.", cmd("Put", "apple#1", "supply_table#1")),
             step("Take the mug from the counter.", cmd("Grab", "mug#2")),
             step("Put it on the setup table.", cmd("Put", "mug#2", "setup_table#1"))]
    return taskpack(
        id="guidance-15", family="Guidance", static_item=STATIC_ITEMS["guidance-15"], row=15, scene=b.build(),
        reduction="The clean mug is told apart from the other mug by where it stands (the plan names the shelf mug), "
                  "not by a visible clean or dirty state, which the world does not render.",
        title="Resume the afternoon-service plan after two done steps",
        prelude="Afternoon service: I'm working down the plan on the wall.",
        opening=[cmd("Walk", "service_plan#1"), cmd("LookAt", "service_plan#1"), cmd("Grab", "water#1"),
                 cmd("Put", "water#1", "service_table#1"), cmd("Grab", "towel#1"),
                 cmd("PutIn", "towel#1", "stock_shelf#1"), cmd("Walk", "service_table#1")],
        handoff="I got called away after the towel. Where was I, and what is left? One step at a time.",
        human_task="You were working down the afternoon-service plan on the wall and got called away after putting "
                   "the towel away: you want the rest of the plan done.",
        evidence=[*printed_at("service_plan#1", "apple: setup table", "shelf mug: 1st supply table")],
        legend=[entry("water#1", "the light blue bottle on the service table", movable=True),
                entry("towel#1", "the towel on the stock shelf", movable=True),
                entry("apple#1", "the apple on the right supply table", movable=True),
                entry("mug#1", "a white mug on the pastry shelf", movable=True),
                entry("mug#2", "a white mug on the counter", movable=True),
                entry("supply_table#1", "the left supply table by the front wall"),
                entry("supply_table#2", "the right supply table by the front wall"),
                entry("setup_table#1", "the small table on the right"),
                entry("service_table#1", "the service table"), entry("pastry_shelf#1", "the pastry shelf"),
                entry("supply_counter#1", "the counter on the back wall")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[all_of(holds("on", "apple#1", "setup_table#1"), count("on", ["*", "setup_table#1"], eq=1)),
               all_of(holds("on", "mug#1", "supply_table#1"), count("on", ["*", "supply_table#1"], eq=1))],
        prohibitions=[moved("water#1"), moved("towel#1"), moved("mug#2"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "resumes-at-step-three", "the water and towel steps are done: the next is the apple",
                  acts("pick(apple#1)", among=["pick(*)"])),
            point("C2", "vacated-table", "the first supply table is the one the water left",
                  acts("place(mug#1, supply_table#1)", among=["place(mug#1, *)"]))),
        ticks=ticks_for(4))


def guidance_16() -> dict:
    """Resume a five-step hotel room reset after its first two items (the folder to the desk and the water to the
    nightstand, done in the opening): the towel, the soap and the toilet roll onto the bathroom shelf; the folder and
    the water stay where they went."""
    b = hotel_suite()
    board(b, "wall_board", name="reset_card", at=(2.0, 4.44), yaw=N, width=1.0,
          text="ROOM RESET\n1 folder: desk\n2 water: nightstand\n3 towel, 4 soap,\n5 toilet roll: bath shelf")
    b.add_object("book", name="folder", on="bed#1", spot=(-0.6, 0.3), params={"size": (0.24, 0.32, 0.03),
                                                                            "color": (0.2, 0.35, 0.75)})
    b.add_object("bottle", name="water", on="bed#1", spot=(-0.2, 0.3), params={"color": (0.55, 0.8, 0.95)})
    b.add_object("towel", on="bed#1", spot=(0.2, 0.3))
    b.add_object("soap", on="bed#1", spot=(0.5, 0.3))
    b.add_object("toilet_roll", on="bed#1", spot=(0.75, 0.3))
    b.add_object("phone", on="desk#1", spot=(0.6, 0.3))
    b.set_human((2.5, 2.0), yaw=math.pi)
    oracle = []
    for k, what in (("towel#1", "towel"), ("soap#1", "soap"), ("toilet_roll#1", "toilet roll")):
        lead = "The folder and water are done; next are the bathroom things. " if k == "towel#1" else ""
        oracle += [step(f"{lead}Pick up the {what} from the bed.", cmd("Grab", k)),
                   step(f"Put the {what} on the shelf in the bathroom.", cmd("PutIn", k, "towel_shelf#1"))]
    wrong = oracle[:4] + [step("Put the folder on the bathroom shelf too.", cmd("Grab", "folder#1"),
                                cmd("PutIn", "folder#1", "towel_shelf#1"))]
    return taskpack(
        id="guidance-16", family="Guidance", static_item=STATIC_ITEMS["guidance-16"], row=16, scene=b.build(),
        title="Resume the hotel room reset after the first two items",
        prelude="I'm resetting this room by the card on the wall.",
        opening=[cmd("Walk", "reset_card#1"), cmd("LookAt", "reset_card#1"), cmd("Grab", "folder#1"),
                 cmd("Put", "folder#1", "desk#1"), cmd("Grab", "water#1"), cmd("Put", "water#1", "nightstand#1"),
                 cmd("Walk", "bed#1")],
        handoff="I lost my place on the card. What's next? One item at a time, please.",
        human_task="You are resetting the hotel room by the card on the wall and lost your place after the first two "
                   "items: you want the rest of the reset done.",
        evidence=[*printed_at("reset_card#1", "3 towel, 4 soap", "5 toilet roll: bath shelf")],
        legend=[entry("folder#1", "the blue folder on the desk", movable=True),
                entry("water#1", "the light blue bottle on the nightstand", movable=True),
                entry("towel#1", "the white towel on the bed", movable=True),
                entry("soap#1", "the wrapped bar on the bed", movable=True),
                entry("toilet_roll#1", "the paper roll on the bed", movable=True),
                entry("phone#1", "your phone on the desk", movable=True),
                entry("bed#1", "the bed"), entry("desk#1", "the desk"), entry("nightstand#1", "the nightstand"),
                entry("towel_shelf#1", "the shelf in the bathroom"), entry("bath_cabinet#1", "the bathroom cabinet")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", k, "towel_shelf#1") for k in ("towel#1", "soap#1", "toilet_roll#1")],
        prohibitions=[moved("folder#1"), moved("water#1"), moved("phone#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "resumes-at-item-three", "the card's first two items are done: the next is the towel",
                  acts("pick(towel#1)", among=["pick(*)"])),
            point("C3", "reads-bath-shelf", "the card sends the toilet roll to the bath shelf",
                  acts("place_inside(toilet_roll#1, towel_shelf#1)", "place(toilet_roll#1, towel_shelf#1)",
                       among=["place(toilet_roll#1, *)", "place_inside(toilet_roll#1, *)"]))),
        ticks=ticks_for(6))


def guidance_17() -> dict:
    """Close the tea station by the closing card: milk into the fridge, tea into the dry cupboard (both closed),
    the used paper into the bin, the station wiped with the cloth and the cloth back on its shelf; only then one
    mug from the rack on the station, alone."""
    b = tea_bar()
    board(b, "wall_board", name="closing_card", at=(1.6, 4.94), yaw=N, width=1.0,
          text="TEA STATION CLOSING\n1 milk: fridge\n2 tea: dry cupboard\n3 paper: bin\n"
               "4 wipe station, cloth back\n5 then one mug on it")
    b.add_object("milk_carton", name="milk", on="tea_station#1", spot=(-0.6, 0.4))
    b.add_object("box", name="tea", on="tea_station#1", spot=(-0.2, 0.4), params={"size": (0.14, 0.1, 0.1),
                                                                                "color": (0.3, 0.5, 0.3)})
    b.add_object("document", name="paper", on="tea_station#1", spot=(0.35, 0.4), yaw=math.pi,
                 params={"size": (0.15, 0.15, 0.003)})
    b.add_object("cloth", on="cloth_shelf#1", region="shelf_2", params={"color": (0.95, 0.85, 0.2)})
    b.add_object("mug", on="mug_rack#1", region="shelf_2", params={"color": (0.95, 0.95, 0.95)})
    b.set_human((3.0, 2.8), yaw=math.pi / 2)
    oracle = [step("Milk goes in the fridge. Open the fridge.", cmd("Open", "fridge#1")),
              step("Pick up the milk.", cmd("Grab", "milk#1")),
              step("Put the milk in the fridge.", cmd("PutIn", "milk#1", "fridge#1")),
              step("Close the fridge.", cmd("Close", "fridge#1")),
              step("Tea is stored dry: open the dry cupboard.", cmd("Open", "dry_cupboard#1")),
              step("Pick up the green tea box.", cmd("Grab", "tea#1")),
              step("Put the tea in the dry cupboard.", cmd("PutIn", "tea#1", "dry_cupboard#1")),
              step("Close the cupboard.", cmd("Close", "dry_cupboard#1")),
              step("Pick up the used paper.", cmd("Grab", "paper#1")),
              step("Throw the paper in the bin.", cmd("PutIn", "paper#1", "bin#1")),
              step("Now wipe the tea station with the yellow cloth.", cmd("Wipe", "cloth#1", "tea_station#1")),
              step("Put the cloth back on its shelf.", cmd("PutIn", "cloth#1", "cloth_shelf#1")),
              step("Finally take one mug from the rack.", cmd("Grab", "mug#1")),
              step("Put the mug on the clean tea station.", cmd("Put", "mug#1", "tea_station#1"))]
    wrong = [oracle[12], oracle[13]] + oracle[:10]
    wiped_station = wiped("cloth#1", "tea_station#1")
    return taskpack(
        id="guidance-17", family="Guidance", static_item=STATIC_ITEMS["guidance-17"], row=17, scene=b.build(),
        title="Close the tea station under storage and hygiene rules",
        prelude="Closing time at the tea station; the closing card is on the wall.",
        opening=[cmd("Walk", "closing_card#1"), cmd("LookAt", "closing_card#1"), cmd("LookAt", "tea#1")],
        handoff="How do I close this station properly? One step at a time.",
        human_task="It is closing time: you want the tea station closed down the way the closing card on the wall "
                   "says.",
        evidence=[*printed_at("closing_card#1", "milk: fridge", "tea: dry cupboard", "paper: bin",
                              "wipe station, cloth back", "then one mug on it")],
        legend=[entry("milk#1", "the white carton on the tea station", movable=True),
                entry("tea#1", "the green box on the tea station", movable=True),
                entry("paper#1", "the paper square on the tea station", movable=True),
                entry("cloth#1", "the yellow cloth on the small shelf", movable=True),
                entry("mug#1", "the white mug on the rack", movable=True),
                entry("tea_station#1", "the tea station counter"), entry("fridge#1", "the fridge"),
                entry("dry_cupboard#1", "the wooden cupboard on the left wall"), entry("bin#1", "the bin"),
                entry("cloth_shelf#1", "the small shelf beside the station"),
                entry("mug_rack#1", "the mug rack"), entry("service_table#1", "the service table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", "milk#1", "fridge#1"), holds("inside", "tea#1", "dry_cupboard#1"),
               holds("inside", "paper#1", "bin#1"), wiped_station,
               # the mug goes only on the cleaned station, and is all that stands there
               before(wiped_station, holds("on", "mug#1", "tea_station#1")),
               count("on", ["*", "tea_station#1"], eq=1)],
        prohibitions=[negate(holds("inside", "cloth#1", "cloth_shelf#1")), holds("open", "fridge#1"),
                      holds("open", "dry_cupboard#1"), HELD_NOTHING],
        capabilities=caps(
            point("C6", "dry-storage", "tea keeps dry in the cupboard, not in the fridge",
                  acts("place_inside(tea#1, dry_cupboard#1)", among=["place(tea#1, *)", "place_inside(tea#1, *)"])),
            point("C5", "clean-before-mug", "the card's order: wipe the station, then set the mug on it",
                  order("wipe(cloth#1, tea_station#1)", "place(mug#1, tea_station#1)"))),
        ticks=ticks_for(14))


def guidance_18() -> dict:
    """Clear the cooking station and make it operational: the used mug into the sink, the paper bag into the bin,
    the bottle into the fridge (closed), then the pan onto the cooktop and the cooktop on, switched on only once
    the station is clear and the pan is on it."""
    b = kitchen_house()
    board(b, "wall_board", name="station_card", at=(2.75, 4.94), yaw=N, width=1.0, height=0.6, mount_z=1.35,
          text="STATION RESET\nmug: sink, bag: bin\nbottle: fridge\nthen pan on, stove on")
    b.add_object("mug", on="cooktop#1", spot=(-0.5, 0.3))
    b.add_object("paper_bag", on="cooktop#1", spot=(0.0, 0.5), params={"size": (0.08, 0.14, 0.18)},
                 labels=[{"text": "BAKERY", "face": "front"}])
    b.add_object("bottle", on="cooktop#1", spot=(0.45, 0.15), params={"color": (0.3, 0.6, 0.35)})
    b.add_object("pan", on="counter#2", spot=(0.0, 0.4))
    b.add_object("apple", on="table#1", spot=(0.3, 0.4))
    b.set_human((3.0, 2.9), yaw=math.pi / 2)
    clear = [holds("inside", "mug#1", "sink#1"), holds("inside", "paper_bag#1", "bin#1"),
             holds("inside", "bottle#1", "fridge#1")]
    pan_on = holds("on", "pan#1", "cooktop#1")
    oracle = [step("Clear the cooktop first. Pick up the mug.", cmd("Grab", "mug#1")),
              step("Put the mug in the sink.", cmd("PutIn", "mug#1", "sink#1")),
              step("Pick up the paper bag.", cmd("Grab", "paper_bag#1")),
              step("Put the bag in the bin.", cmd("PutIn", "paper_bag#1", "bin#1")),
              step("Open the fridge.", cmd("Open", "fridge#1")),
              step("Pick up the green bottle.", cmd("Grab", "bottle#1")),
              step("Put the bottle in the fridge.", cmd("PutIn", "bottle#1", "fridge#1")),
              step("Close the fridge.", cmd("Close", "fridge#1")),
              step("Now take the pan from the right counter.", cmd("Grab", "pan#1")),
              step("Put the pan on the cooktop.", cmd("Put", "pan#1", "cooktop#1")),
              step("Now switch the cooktop on.", cmd("TurnOn", "cooktop#1"))]
    wrong = [oracle[10], oracle[0], oracle[1], oracle[2], oracle[3], oracle[4], oracle[5], oracle[6], oracle[7],
             oracle[8], oracle[9]]
    return taskpack(
        id="guidance-18", family="Guidance", static_item=STATIC_ITEMS["guidance-18"], row=18, scene=b.build(),
        title="Clear the cooking station and make it operational",
        prelude="I want to start cooking but the stove is covered in stuff.",
        opening=[cmd("Walk", "station_card#1"), cmd("LookAt", "station_card#1"), cmd("LookAt", "paper_bag#1")],
        handoff="How do I get the station ready? Guide me one step at a time.",
        human_task="You want to start cooking: you want the cooking station cleared and ready the way the card over "
                   "the stove says.",
        evidence=[*printed_at("station_card#1", "mug: sink, bag: bin", "bottle: fridge", "then pan on, stove on")],
        legend=[entry("mug#1", "the red mug on the cooktop", movable=True),
                entry("paper_bag#1", "the paper bag on the cooktop", movable=True),
                entry("bottle#1", "the green bottle on the cooktop", movable=True),
                entry("pan#1", "the frying pan on the counter right of the oven", movable=True),
                entry("apple#1", "the apple", movable=True),
                entry("cooktop#1", "the cooktop"), entry("sink#1", "the sink"), entry("bin#1", "the bin"),
                entry("fridge#1", "the fridge"), entry("counter#2", "the counter right of the oven"),
                entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        # the stove is switched on only once the station is clear and the pan is on it
        goals=[*clear, pan_on, holds("running", "cooktop#1"),
               before(all_of(*clear, pan_on), holds("running", "cooktop#1"))],
        prohibitions=[holds("open", "fridge#1"), moved("apple#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-station-card", "the card sends the bottle to the fridge",
                  acts("place_inside(bottle#1, fridge#1)", among=["place(bottle#1, *)",
                                                                  "place_inside(bottle#1, *)"])),
            point("C6", "stove-on-last", "a stove is switched on only once the station is clear and the pan is on it",
                  order("place(pan#1, cooktop#1)", "turn_on(cooktop#1)"))),
        ticks=ticks_for(11))


def guidance_19() -> dict:
    """Cook a two-vegetable stir-fry by the recipe board: clear the used mug off the prep counter into the sink,
    cut the onion and the potato, fry both in the pan, switch the cooktop off, bring the pan off the heat to the
    kitchen table (the service table) and plate exactly those two on the plate waiting there."""
    b = kitchen_house(recipe="STIR-FRY\n1 mug off the counter: sink\n2 cut onion and potato\n3 both in the pan, "
                             "fry\n4 stove off\n5 serve both on the\ntable's plate")
    b.add_object("mug", on="counter#1", spot=(-0.6, 0.3))
    b.add_object("onion", on="counter#1", spot=(-0.1, 0.3))
    b.add_object("potato", on="counter#1", spot=(0.25, 0.3))
    b.add_object("knife", on="counter#1", spot=(0.6, 0.2))
    b.add_object("pan", on="cooktop#1", params={"radius": 0.18})
    b.add_object("plate", on="table#1", spot=(0.5, 0.3), params={"radius": 0.19})
    b.add_object("tomato", on="counter#2", spot=(-0.4, 0.3))
    b.set_human((3.0, 2.9), yaw=math.pi / 2)
    veg = ("onion#1", "potato#1")
    oracle = [step("First clear the counter: pick up the mug.", cmd("Grab", "mug#1")),
              step("Put the mug in the sink.", cmd("PutIn", "mug#1", "sink#1")),
              step("Pick up the knife.", cmd("Grab", "knife#1")),
              step("Cut the onion.", cmd("Cut", "onion#1", "knife#1")),
              step("Cut the potato too.", cmd("Cut", "potato#1", "knife#1")),
              step("Put the knife down on the counter.", cmd("Put", "knife#1", "counter#1")),
              step("Put the onion in the pan.", cmd("Grab", "onion#1"), cmd("PutIn", "onion#1", "pan#1")),
              step("Put the potato in the pan.", cmd("Grab", "potato#1"), cmd("PutIn", "potato#1", "pan#1")),
              step("Switch the cooktop on.", cmd("TurnOn", "cooktop#1")),
              step("Fry the onion.", cmd("Cook", "onion#1")),
              step("Fry the potato.", cmd("Cook", "potato#1")),
              step("Switch the cooktop off.", cmd("TurnOff", "cooktop#1")),
              step("Bring the pan over to the kitchen table.", cmd("Grab", "pan#1"), cmd("Put", "pan#1", "table#1")),
              # the potato is plated first: the pan, nudged as the onion is lifted out first, came to rest on the
              # plate and tipped the plated onion off
              step("Put the potato on the plate.", cmd("Grab", "potato#1"), cmd("Put", "potato#1", "plate#1")),
              step("Put the onion on the plate.", cmd("Grab", "onion#1"), cmd("Put", "onion#1", "plate#1"))]
    wrong = oracle[:4] + oracle[5:]   # the potato is never cut
    goals = [holds("inside", "mug#1", "sink#1")]
    for v in veg:
        goals += [holds("cut", v), holds("cooked", v), before(holds("cut", v), holds("cooked", v)),
                  before(holds("inside", v, "pan#1"), holds("cooked", v)), holds("on", v, "plate#1")]
    goals += [count("on", ["*", "plate#1"], eq=2)]
    return taskpack(
        id="guidance-19", family="Guidance", static_item=STATIC_ITEMS["guidance-19"], row=19, scene=b.build(),
        reduction="The clutter is one used mug; the plate waits on the kitchen (service) table and the cooked "
                  "vegetables are carried there in the pan and plated there, instead of a plated dish being carried "
                  "(the body cannot reach into the pan on the cooktop over the counter).",
        title="Clear the counter, cook a two-vegetable stir-fry, plate and serve it",
        prelude="I'd like to make the stir-fry on the recipe board.",
        opening=[cmd("Walk", "counter#1"), cmd("LookAt", "recipe_board#1"), cmd("LookAt", "potato#1")],
        handoff="Can you guide me through it? One step at a time.",
        human_task="You want to cook the stir-fry on the recipe board and serve it at the kitchen table.",
        evidence=[*printed_at("recipe_board#1", "mug off the counter: sink", "cut onion and potato",
                              "both in the pan, fry", "serve both on the")],
        legend=[entry("mug#1", "the red mug on the left counter", movable=True),
                entry("onion#1", "the onion", movable=True), entry("potato#1", "the potato", movable=True),
                entry("tomato#1", "the tomato", movable=True), entry("knife#1", "the knife", movable=True),
                entry("pan#1", "the frying pan", movable=True),
                entry("plate#1", "the plate on the kitchen table", movable=True),
                entry("cooktop#1", "the cooktop"), entry("sink#1", "the sink"),
                entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven"), entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT, goals=goals,
        prohibitions=[holds("running", "cooktop#1"), moved("tomato#1"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "prep-before-cook", "the board's order: cut, into the pan, then fry",
                  order("cut(potato#1, knife#1)", "place_inside(potato#1, pan#1)", "cook(potato#1)")),
            point("C6", "stove-off-before-plating", "the stove goes off once the frying is done, before plating",
                  order("cook(potato#1)", "turn_off(cooktop#1)", "place(onion#1, plate#1)")),
            point("C3", "reads-vegetables", "the board names the onion and the potato, not the tomato",
                  acts("cut(onion#1, knife#1)", "cut(potato#1, knife#1)", among=["cut(*, *)"]))),
        ticks=ticks_for(20))


TASKS = [guidance_15, guidance_16, guidance_17, guidance_18, guidance_19, guidance_20]
