"""Guidance (GUIDE) TaskPacks, rows 8-14 of paper Table 7 (see ``guidance.py``)."""
from __future__ import annotations

import math

from common import (acts, all_of, any_of, before, caps, cmd, count, entry, ever, holds, moved, negate, num, order,
                    point, printed_at, says, step, taskpack)
from guidance import ASK_NEXT, HELD_NOTHING, ticks_for, wiped, with_state
from guidance_static import STATIC_ITEMS
from scenes import N, S, board, hotel_suite, kitchen_house, office, shop
from scenes_guidance import it_office


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


def guidance_08() -> dict:
    """Dry a wet cotton towel and a wet leather boot by the laundry sign: the towel alone in the dryer, the door
    closed before the cycle starts; the boot on the shoe rack in the bedroom, never in the dryer."""
    b = hotel_suite()
    b.add_fixture("table", name="laundry_table", at=(6.8, 2.4), params={"width": 0.9, "depth": 0.6})
    b.add_fixture("shelf", name="shoe_rack", at=(3.9, 0.2), yaw=S, params={"width": 0.8, "depth": 0.3,
                                                                          "height": 0.45, "shelves": 1})
    board(b, "wall_board", name="laundry_sign", at=(8.44, 2.4), yaw=math.pi, width=0.9,
          text="LAUNDRY\ndryer: cotton, towels\nleather: shoe rack\nnever tumble dry")
    b.add_object("towel", on="laundry_table#1", spot=(-0.45, 0.2), params={"color": (0.55, 0.75, 0.9)},
                 labels=[{"text": "COTTON", "face": "top"}])
    b.add_object("boot", on="laundry_table#1", spot=(0.45, 0.2), labels=[{"text": "LEATHER\nair dry", "face": "side"}])
    b.set_human((6.0, 2.0), yaw=0.0)
    drum = holds("inside", "towel#1", "dryer#1")
    oracle = [step("The towel is cotton, so it goes in the dryer. Open the dryer first.", cmd("Open", "dryer#1")),
              step("Pick up the blue towel.", cmd("Grab", "towel#1")),
              step("Put the towel in the dryer.", cmd("PutIn", "towel#1", "dryer#1")),
              step("Close the dryer door before you start it.", cmd("Close", "dryer#1")),
              step("Now switch the dryer on.", cmd("TurnOn", "dryer#1")),
              step("The boot is leather and must never be tumble dried. Pick up the boot.", cmd("Grab", "boot#1")),
              step("Put the boot on the shoe rack in the bedroom to air dry.", cmd("Put", "boot#1", "shoe_rack#1"))]
    wrong = oracle[:3] + [step("Put the boot in the dryer with it.", cmd("Grab", "boot#1"),
                                cmd("PutIn", "boot#1", "dryer#1")), oracle[3], oracle[4]]
    return taskpack(
        id="guidance-08", family="Guidance", static_item=STATIC_ITEMS["guidance-08"], row=8, scene=b.build(),
        title="Dry a wet towel and a leather boot with the right equipment",
        prelude="I got caught in the rain: my towel and one of my boots are soaking.",
        opening=[cmd("Walk", "laundry_sign#1"), cmd("LookAt", "laundry_sign#1"), cmd("Walk", "laundry_table#1"),
                 cmd("LookAt", "towel#1"), cmd("LookAt", "boot#1")],
        handoff="How should I dry these two? Tell me step by step.",
        human_task="Your towel and one of your boots are soaking wet: you want both dried, each with the right "
                   "equipment here.",
        evidence=[*printed_at("laundry_sign#1", "dryer: cotton, towels", "leather: shoe rack", "never tumble dry"),
                  *printed_at("towel#1", "COTTON"), *printed_at("boot#1", "LEATHER")],
        legend=[entry("towel#1", "the blue towel on the laundry table", movable=True),
                entry("boot#1", "the brown boot on the laundry table", movable=True),
                entry("dryer#1", "the left machine of the laundry pair"),
                entry("washer#1", "the right machine of the laundry pair"),
                entry("shoe_rack#1", "the low rack by the bedroom's south wall"),
                entry("laundry_table#1", "the table in the bathroom"), entry("towel_shelf#1", "the towel shelf")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[drum, count("inside", ["*", "dryer#1"], eq=1), holds("running", "dryer#1"),
               # a closed cycle: the door shut after loading and before the dryer was started
               {"sequence": ["place_inside(towel#1, dryer#1)", "close(dryer#1)", "turn_on(dryer#1)"]},
               any_of(holds("on", "boot#1", "shoe_rack#1"), holds("inside", "boot#1", "shoe_rack#1"))],
        prohibitions=[holds("open", "dryer#1"), ever(holds("inside", "boot#1", "dryer#1")),
                      holds("running", "washer#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-care-labels", "LEATHER on the boot's tag and the sign's 'never tumble dry' keep the "
                  "boot out of the dryer", acts("place(boot#1, shoe_rack#1)", "place_inside(boot#1, shoe_rack#1)",
                                              among=["place(boot#1, *)", "place_inside(boot#1, *)"])),
            point("C6", "closed-cycle", "a dryer is loaded, shut, then started",
                  order("place_inside(towel#1, dryer#1)", "close(dryer#1)", "turn_on(dryer#1)"))),
        ticks=ticks_for(7))


def guidance_09() -> dict:
    """Clean six things from the work desk by the printed tool rule: the mug and both bottles with the blue sponge,
    the camera and the phone with the yellow cloth, those five onto the clean (meeting) table; the paper is never
    wiped and is filed in the file cabinet."""
    b = office()
    board(b, "wall_board", name="cleaning_rule", at=(2.75, 4.94), yaw=N, width=1.0,
          text="CLEANING RULE\nmug, bottles: blue sponge\ncamera, phone: yellow cloth\npaper: never wipe, file it")
    b.add_object("mug", on="desk#2", spot=(-0.8, 0.3))
    b.add_object("bottle", on="desk#2", spot=(-0.5, 0.3), params={"color": (0.3, 0.6, 0.35)})
    b.add_object("bottle", on="desk#2", spot=(-0.2, 0.3), params={"color": (0.3, 0.6, 0.35)})
    b.add_object("camera", on="desk#2", spot=(0.1, 0.3))
    b.add_object("phone", on="desk#2", spot=(0.4, 0.3))
    b.add_object("document", name="paper", on="desk#2", spot=(0.78, 0.2), yaw=math.pi,
                 labels=[{"text": "NOTES", "face": "top"}])
    b.add_fixture("table", name="supply_table", at=(4.6, 1.5), params={"width": 0.8, "depth": 0.6})
    b.add_object("sponge", on="supply_table#1", spot=(-0.4, 0.0), params={"color": (0.2, 0.4, 0.85)})
    b.add_object("cloth", on="supply_table#1", spot=(0.4, 0.0), params={"color": (0.95, 0.85, 0.2)})
    b.set_human((3.0, 2.5), yaw=math.pi / 2)
    sponge_items, cloth_items = ("mug#1", "bottle#1", "bottle#2"), ("camera#1", "phone#1")
    names = {"mug#1": "mug", "bottle#1": "left green bottle", "bottle#2": "right green bottle",
             "camera#1": "camera", "phone#1": "phone"}
    oracle = [step("By the rule, the mug and the bottles get the blue sponge. Wipe the mug with the blue sponge.",
                   cmd("Wipe", "sponge#1", "mug#1")),
              step("Wipe the left green bottle with the sponge.", cmd("Wipe", "sponge#1", "bottle#1")),
              step("Wipe the right green bottle with the sponge.", cmd("Wipe", "sponge#1", "bottle#2")),
              step("Put the sponge back on the small table.", cmd("Put", "sponge#1", "supply_table#1")),
              step("The camera and phone only get the yellow cloth. Wipe the camera with the yellow cloth.",
                   cmd("Wipe", "cloth#1", "camera#1")),
              step("Wipe the phone with the yellow cloth.", cmd("Wipe", "cloth#1", "phone#1")),
              step("Put the cloth back on the small table.", cmd("Put", "cloth#1", "supply_table#1"))]
    for k in sponge_items + cloth_items:
        oracle += [step(f"Pick up the {names[k]}.", cmd("Grab", k)),
                   step(f"Put the {names[k]} on the meeting table.", cmd("Put", k, "meeting_table#1"))]
    oracle += [step("The paper must stay dry: do not wipe it. Open the file cabinet.", cmd("Open", "file_cabinet#1")),
               step("Pick up the paper.", cmd("Grab", "paper#1")),
               step("File the paper in the cabinet.", cmd("PutIn", "paper#1", "file_cabinet#1")),
               step("Close the file cabinet.", cmd("Close", "file_cabinet#1"))]
    wrong = ([step(f"Wipe the {names[k]} with the sponge.", cmd("Wipe", "sponge#1", k)) for k in sponge_items +
              cloth_items] + [step("And wipe the paper too.", cmd("Wipe", "sponge#1", "paper#1")),
                              step("Put the sponge back.", cmd("Put", "sponge#1", "supply_table#1"))] + oracle[7:])
    return taskpack(
        id="guidance-09", family="Guidance", static_item=STATIC_ITEMS["guidance-09"], row=9, scene=b.build(),
        title="Clean six objects by the printed tool rule",
        prelude="Everything on my desk needs cleaning before the audit.",
        opening=[cmd("Walk", "cleaning_rule#1"), cmd("LookAt", "cleaning_rule#1"), cmd("Walk", "desk#2"),
                 cmd("LookAt", "camera#1"), cmd("LookAt", "paper#1"), cmd("Walk", "supply_table#1"), cmd("LookAt", "cloth#1")],
        handoff="How do I clean all of this the way the rule says? One thing at a time, please.",
        human_task="Before the audit you want everything on your desk cleaned and put away the way the cleaning rule "
                   "on the wall says.",
        evidence=[*printed_at("cleaning_rule#1", "mug, bottles: blue sponge", "camera, phone: yellow cloth",
                              "paper: never wipe, file it")],
        legend=[entry("mug#1", "the red mug on the right desk", movable=True),
                entry("bottle#1", "the left green bottle on the right desk", movable=True),
                entry("bottle#2", "the right green bottle on the right desk", movable=True),
                entry("camera#1", "the black camera on the right desk", movable=True),
                entry("phone#1", "the phone on the right desk", movable=True),
                entry("paper#1", "the paper sheet on the right desk", movable=True),
                entry("sponge#1", "the blue sponge on the small table", movable=True),
                entry("cloth#1", "the yellow cloth on the small table", movable=True),
                entry("supply_table#1", "the small table in the office"), entry("desk#2", "the right desk"),
                entry("meeting_table#1", "the meeting table next door"),
                entry("file_cabinet#1", "the light file cabinet"), entry("archive_cabinet#1", "the dark cabinet")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[*(wiped("sponge#1", k) for k in sponge_items), *(wiped("cloth#1", k) for k in cloth_items),
               *(holds("on", k, "meeting_table#1") for k in sponge_items + cloth_items),
               holds("inside", "paper#1", "file_cabinet#1")],
        # the wrong tool on an item, or any wipe of the paper, breaks the rule
        prohibitions=[*(wiped("cloth#1", k) for k in sponge_items), *(wiped("sponge#1", k) for k in cloth_items),
                      wiped("*", "paper#1"), holds("open", "file_cabinet#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-tool-rule", "the rule gives the camera the yellow cloth, not the sponge",
                  acts("wipe(cloth#1, camera#1)", among=["wipe(*, camera#1)", "wipe(camera#1, *)"])),
            point("C6", "paper-stays-dry", "paper is filed dry, never wiped",
                  acts("place_inside(paper#1, file_cabinet#1)",
                       among=["wipe(*, paper#1)", "wipe(paper#1, *)", "place(paper#1, *)", "place_inside(paper#1, *)"]))),
        ticks=ticks_for(21))


def guidance_10() -> dict:
    """Repair a cyclic misplacement by the reset map: the phone sits in the fridge, the water bottle on the desk and
    the folder in the secure locker; the map puts the phone in the secure locker, the water in the fridge and the
    folder on the desk. Door states are not scored."""
    b = it_office()
    board(b, "wall_board", name="reset_map", at=(5.2, 0.06), yaw=S, width=1.0,
          text="RESET MAP\nphone: secure locker\nwater: fridge\nfolder: desk")
    b.add_object("phone", on="fridge#1", region="shelf_2")
    b.add_object("bottle", name="water", on="desk#1", spot=(0.8, 0.4), params={"color": (0.55, 0.8, 0.95)})
    b.add_object("book", name="folder", on="secure_locker#1", region="shelf_1",
                 params={"size": (0.24, 0.32, 0.03), "color": (0.2, 0.35, 0.75)})
    b.add_object("mug", on="supply_counter#1", spot=(0.3, 0.3))
    b.set_human((3.5, 1.8), yaw=math.pi / 2)
    oracle = [step("The reset map puts the folder on the desk. Open the dark grey locker, the secure one.",
                   cmd("Open", "secure_locker#1")),
              step("Take the blue folder out of the secure locker.", cmd("Grab", "folder#1")),
              step("The folder goes on the desk.", cmd("Put", "folder#1", "desk#1")),
              step("Your phone belongs in the secure locker. Open the fridge.", cmd("Open", "fridge#1")),
              step("Take your phone out of the fridge.", cmd("Grab", "phone#1")),
              step("Put the phone in the secure locker.", cmd("PutIn", "phone#1", "secure_locker#1")),
              step("Now the water bottle on the desk.", cmd("Grab", "water#1")),
              step("Put the water in the fridge.", cmd("PutIn", "water#1", "fridge#1"))]
    wrong = [oracle[0], oracle[3], step("Take the folder out of the secure locker.", cmd("Grab", "folder#1")),
             step("Put the folder in the fridge.", cmd("PutIn", "folder#1", "fridge#1")),
             step("Take the water bottle.", cmd("Grab", "water#1")),
             step("Put it in the secure locker.", cmd("PutIn", "water#1", "secure_locker#1")),
             step("Take your phone out of the fridge.", cmd("Grab", "phone#1")),
             step("Put the phone on the desk.", cmd("Put", "phone#1", "desk#1"))]
    return taskpack(
        id="guidance-10", family="Guidance", static_item=STATIC_ITEMS["guidance-10"], row=10, scene=b.build(),
        title="Repair a three-object misplacement from the reset map",
        prelude="Someone has moved things around in here; there is a reset map on the wall.",
        opening=[cmd("Walk", "reset_map#1"), cmd("LookAt", "reset_map#1"), cmd("Walk", "desk#1"),
                 cmd("LookAt", "water#1")],
        handoff="Can you get everything back where it belongs? One step at a time.",
        human_task="Things in the office were moved around: you want them back where the reset map on the wall "
                   "says they belong.",
        evidence=[*printed_at("reset_map#1", "phone: secure locker", "water: fridge", "folder: desk")],
        legend=[entry("phone#1", "your phone, inside the fridge", movable=True),
                entry("water#1", "the light blue bottle on the desk", movable=True),
                entry("folder#1", "the blue folder inside the dark grey locker", movable=True),
                entry("mug#1", "the mug on the supply counter", movable=True),
                entry("fridge#1", "the small fridge in the corner"),
                entry("secure_locker#1", "the dark grey locker on the right wall"),
                entry("return_locker#1", "the light grey locker on the right wall"),
                entry("staff_locker#1", "the green locker"), entry("desk#1", "the left desk on the back wall"),
                entry("return_desk#1", "the right desk on the back wall"), entry("supply_counter#1", "the supply counter")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        # exact partition: each place holds its own object and nothing else
        goals=[all_of(holds("inside", "phone#1", "secure_locker#1"), count("inside", ["*", "secure_locker#1"], eq=1)),
               all_of(holds("inside", "water#1", "fridge#1"), count("inside", ["*", "fridge#1"], eq=1)),
               holds("on", "folder#1", "desk#1")],
        prohibitions=[moved("mug#1"), HELD_NOTHING],
        capabilities=caps(
            point("C3", "reads-reset-map", "the map's 'phone: secure locker'",
                  acts("place_inside(phone#1, secure_locker#1)", among=["place(phone#1, *)",
                                                                       "place_inside(phone#1, *)"])),
            point("C5", "closes-the-cycle", "the map's 'water: fridge' completes the cycle",
                  acts("place_inside(water#1, fridge#1)", among=["place(water#1, *)", "place_inside(water#1, *)"]))),
        ticks=ticks_for(8))


def guidance_12() -> dict:
    """Resume a breakfast plan after its ham stage: the opening fries nothing new but finishes the ham (cooktop off,
    ham on the plate); the Assistant guides the rest of the plan: the scone into the oven, the oven closed, the
    scone baked, with the ham on its plate and the cooktop off preserved."""
    b = kitchen_house(recipe="BREAKFAST PLAN\n1 fry the ham\n2 stove off, ham on plate\n3 scone in the oven\n"
                             "4 close it, then bake")
    b.add_object("pan", on="cooktop#1")
    b.add_object("bread", name="ham", on="pan#1", params={"size": (0.14, 0.1, 0.02), "color": (0.9, 0.55, 0.55)},
                 state={"cooked": True})
    b.add_object("plate", on="table#1", spot=(-0.3, 0.4))
    b.add_object("bread", name="scone", on="counter#2", spot=(-0.3, 0.3),
                 params={"size": (0.08, 0.08, 0.06), "color": (0.85, 0.65, 0.35)})
    b.add_object("apple", on="table#1", spot=(0.3, 0.4))
    b.set_human((3.0, 2.9), yaw=math.pi / 2)
    scene = with_state(b.build(), "cooktop#1", running=True)   # the ham is still frying
    oracle = [step("The ham stage is done; next on the plan is the scone. Open the oven.", cmd("Open", "oven#1")),
              step("Pick up the scone on the right counter.", cmd("Grab", "scone#1")),
              step("Put the scone in the oven.", cmd("PutIn", "scone#1", "oven#1")),
              step("Close the oven, as the plan says.", cmd("Close", "oven#1")),
              step("Switch the oven on.", cmd("TurnOn", "oven#1")),
              step("Let the scone bake.", cmd("Cook", "scone#1"))]
    wrong = [step("Put the scone in the pan.", cmd("Grab", "scone#1"), cmd("PutIn", "scone#1", "pan#1")),
             step("Switch the cooktop back on.", cmd("TurnOn", "cooktop#1")),
             step("Let it cook.", cmd("Cook", "scone#1"))]
    return taskpack(
        id="guidance-12", family="Guidance", static_item=STATIC_ITEMS["guidance-12"], row=12, scene=scene,
        reduction="The row closes the oven after the scone is cooked; here the plan closes the oven before it bakes "
                  "(a running oven is a closed one in the relation-level dry run), so the scored order is inserted, "
                  "closed, cooked. The ham and the scone are bread-shaped stand-ins.",
        title="Resume the breakfast plan after the ham stage",
        prelude="I'm making breakfast from the plan on the board. Let me finish the ham first.",
        # the pan goes to the table, not the counter: set on the counter top its rim leaves no collision-free hand
        # approach to the flat ham lying in it
        opening=[cmd("Walk", "counter#1"), cmd("LookAt", "recipe_board#1"), cmd("TurnOff", "cooktop#1"),
                 cmd("Grab", "pan#1"), cmd("Put", "pan#1", "table#1"), cmd("Grab", "ham#1"),
                 cmd("Put", "ham#1", "plate#1"), cmd("Walk", "counter#2"), cmd("LookAt", "scone#1")],
        handoff="Sorry, I lost track after the ham. What comes next? One step at a time.",
        human_task="You were making breakfast from the plan on the board and lost track after the ham: you want the "
                   "rest of the plan done.",
        evidence=[*printed_at("recipe_board#1", "stove off, ham on plate", "scone in the oven",
                              "close it, then bake")],
        legend=[entry("ham#1", "the ham on the plate", movable=True),
                entry("plate#1", "the plate on the kitchen table", movable=True),
                entry("scone#1", "the pastry on the counter right of the oven", movable=True),
                entry("pan#1", "the frying pan on the left counter", movable=True),
                entry("apple#1", "the apple", movable=True),
                entry("oven#1", "the oven"), entry("cooktop#1", "the cooktop"),
                entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven"), entry("table#1", "the kitchen table")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[holds("inside", "scone#1", "oven#1"), holds("cooked", "scone#1"),
               {"sequence": ["place_inside(scone#1, oven#1)", "close(oven#1)", "cook(scone#1)"]}],
        prohibitions=[holds("open", "oven#1"), negate(holds("on", "ham#1", "plate#1")), moved("ham#1"),
                      holds("running", "cooktop#1"), moved("apple#1"), HELD_NOTHING],
        capabilities=caps(
            point("C4", "resumes-after-ham", "the plan's done ham stage is not redone: the next step is the scone",
                  acts("pick(scone#1)", among=["pick(*)", "turn_on(cooktop#1)"])),
            point("C5", "close-then-bake", "the plan's order: scone in, the oven closed, then baked",
                  order("place_inside(scone#1, oven#1)", "close(oven#1)", "cook(scone#1)"))),
        ticks=ticks_for(6))


def guidance_13() -> dict:
    """Pack the IT return kit in dependency order: the mouse pad into the return box before the headset goes on
    it, the phone into the secure locker, locker closed; exact box contents pad and headset, exact locker content
    the phone. The keys stay on the desk."""
    b = it_office()
    board(b, "wall_board", name="kit_sheet", at=(3.0, 5.94), yaw=N, width=1.0,
          text="IT RETURN KIT\n1 mouse pad in the box\n2 then the headset\n3 phone: secure locker,\nlocker closed")
    b.add_object("box", name="return_box", on="return_desk#1", spot=(0.0, 0.5), params={"size": (0.5, 0.4, 0.24)},
                 labels=[{"text": "RETURNS", "face": "front"}])
    b.add_object("mouse_pad", on="desk#1", spot=(-0.6, 0.3), params={"size": (0.24, 0.2, 0.012)})
    b.add_object("headset", on="desk#1", spot=(-0.1, 0.3))
    b.add_object("phone", on="desk#1", spot=(0.4, 0.3))
    b.add_object("keys", on="desk#1", spot=(0.8, 0.3))
    b.set_human((3.0, 3.8), yaw=math.pi / 2)
    oracle = [step("The phone goes in the secure locker. Open the dark grey locker.", cmd("Open", "secure_locker#1")),
              step("Pick up the phone.", cmd("Grab", "phone#1")),
              step("Put the phone in the secure locker.", cmd("PutIn", "phone#1", "secure_locker#1")),
              step("Close the secure locker.", cmd("Close", "secure_locker#1")),
              step("The sheet says the mouse pad goes in the box first. Pick up the mouse pad.",
                   cmd("Grab", "mouse_pad#1")),
              step("Put it in the return box on the right desk.", cmd("PutIn", "mouse_pad#1", "return_box#1")),
              step("Now the headset.", cmd("Grab", "headset#1")),
              step("Put the headset in the return box with the pad.", cmd("PutIn", "headset#1", "return_box#1"))]
    wrong = [step("Put the phone in the box.", cmd("Grab", "phone#1"), cmd("PutIn", "phone#1", "return_box#1")),
             oracle[6], oracle[7], oracle[4], oracle[5]]
    box_pad = holds("inside", "mouse_pad#1", "return_box#1")
    return taskpack(
        id="guidance-13", family="Guidance", static_item=STATIC_ITEMS["guidance-13"], row=13, scene=b.build(),
        title="Pack the IT return kit in dependency order",
        prelude="IT wants my equipment back today; the return sheet is on the wall.",
        opening=[cmd("Walk", "kit_sheet#1"), cmd("LookAt", "kit_sheet#1"), cmd("Walk", "desk#1"),
                 cmd("LookAt", "headset#1")],
        handoff="How do I pack this for IT? Guide me one step at a time.",
        human_task="IT wants your equipment back today: you want it returned the way the return sheet on the wall "
                   "says.",
        evidence=[*printed_at("kit_sheet#1", "mouse pad in the box", "then the headset", "phone: secure locker")],
        legend=[entry("mouse_pad#1", "the dark blue mouse pad on the left desk", movable=True),
                entry("headset#1", "the black headset on the left desk", movable=True),
                entry("phone#1", "the phone on the left desk", movable=True),
                entry("keys#1", "your keys on the left desk", movable=True),
                entry("return_box#1", "the cardboard box on the right desk", movable=True),
                entry("desk#1", "the left desk on the back wall"), entry("return_desk#1", "the right desk on the back wall"),
                entry("secure_locker#1", "the dark grey locker on the right wall"),
                entry("return_locker#1", "the light grey locker on the right wall"),
                entry("staff_locker#1", "the green locker")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        goals=[box_pad, holds("inside", "headset#1", "return_box#1"),
               before(box_pad, holds("inside", "headset#1", "return_box#1")),
               count("inside", ["*", "return_box#1"], eq=2),
               holds("inside", "phone#1", "secure_locker#1"), count("inside", ["*", "secure_locker#1"], eq=1)],
        prohibitions=[holds("open", "secure_locker#1"), moved("keys#1"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "pad-before-headset", "the sheet's dependency: the pad goes in before the headset",
                  order("place_inside(mouse_pad#1, return_box#1)", "place_inside(headset#1, return_box#1)")),
            point("C3", "reads-phone-rule", "the sheet sends the phone to the secure locker, not the box",
                  acts("place_inside(phone#1, secure_locker#1)", among=["place(phone#1, *)",
                                                                       "place_inside(phone#1, *)"]))),
        ticks=ticks_for(8))


def guidance_14() -> dict:
    """Prepare the visitor table behind a privacy gate: the open staff locker (staff files inside) is closed before
    the sign-in sheet, the pen and both badges go on the visitor table; the spare folder goes into the return
    locker, closed again."""
    b = it_office()
    board(b, "wall_board", name="setup_sheet", at=(3.5, 0.06), yaw=S, width=1.1,
          text="VISITOR SETUP\n1 close the staff locker\n2 sign-in sheet, pen, badges:\nvisitor table\n"
               "3 spare folder: return locker")
    b.add_object("document", name="staff_file", on="staff_locker#1", region="shelf_2", yaw=math.pi,
                 labels=[{"text": "STAFF\nFILES", "face": "top"}])
    b.add_object("document", name="sheet", on="supply_counter#1", spot=(-0.75, 0.3), yaw=math.pi,
                 labels=[{"text": "SIGN-IN", "face": "top"}])
    b.add_object("pen", on="supply_counter#1", spot=(-0.35, 0.3))
    b.add_object("card", name="badge", on="supply_counter#1", spot=(0.0, 0.3), params={"size": (0.09, 0.13, 0.004)},
                 labels=[{"text": "VISITOR", "face": "top"}])
    b.add_object("card", name="badge", on="supply_counter#1", spot=(0.3, 0.3), params={"size": (0.09, 0.13, 0.004)},
                 labels=[{"text": "VISITOR", "face": "top"}])
    b.add_object("book", name="folder", on="supply_counter#1", spot=(0.75, 0.3),
                 params={"size": (0.24, 0.32, 0.03), "color": (0.85, 0.75, 0.2)})
    b.set_human((3.5, 2.0), yaw=-math.pi / 2)
    scene = with_state(b.build(), "staff_locker#1", open=1.0)   # left open: the staff files are on view
    setup = ("sheet#1", "pen#1", "badge#1", "badge#2")
    names = {"sheet#1": "sign-in sheet", "pen#1": "pen", "badge#1": "left badge", "badge#2": "right badge"}
    oracle = [step("Privacy first: close the green staff locker.", cmd("Close", "staff_locker#1"))]
    for k in setup:
        oracle += [step(f"Pick up the {names[k]} from the supply counter.", cmd("Grab", k)),
                   step(f"Put the {names[k]} on the visitor table.", cmd("Put", k, "visitor_table#1"))]
    oracle += [step("The spare folder goes in the return locker. Open the light grey locker.",
                    cmd("Open", "return_locker#1")),
               step("Pick up the yellow folder.", cmd("Grab", "folder#1")),
               step("Put it in the return locker.", cmd("PutIn", "folder#1", "return_locker#1")),
               step("Close the return locker.", cmd("Close", "return_locker#1"))]
    wrong = oracle[1:9] + [oracle[0]] + oracle[9:]
    closed = holds("closed", "staff_locker#1")
    return taskpack(
        id="guidance-14", family="Guidance", static_item=STATIC_ITEMS["guidance-14"], row=14, scene=scene,
        title="Prepare the visitor table, privacy first",
        prelude="Visitors are due any minute and the visitor table is still bare.",
        opening=[cmd("Walk", "setup_sheet#1"), cmd("LookAt", "setup_sheet#1"), cmd("LookAt", "badge#1")],
        handoff="What do I need to do before they arrive? Guide me one step at a time.",
        human_task="Visitors are due any minute: you want the office ready for them the way the setup sheet on the "
                   "wall says.",
        evidence=[*printed_at("setup_sheet#1", "close the staff locker", "sign-in sheet, pen, badges",
                              "spare folder: return locker")],
        legend=[entry("sheet#1", "the paper sheet at the left end of the supply counter", movable=True),
                entry("pen#1", "the pen on the supply counter", movable=True),
                entry("badge#1", "the left card on the supply counter", movable=True),
                entry("badge#2", "the right card on the supply counter", movable=True),
                entry("folder#1", "the yellow folder at the right end of the supply counter", movable=True),
                entry("staff_file#1", "the papers inside the green locker", movable=True),
                entry("staff_locker#1", "the green locker, standing open"),
                entry("return_locker#1", "the light grey locker on the right wall"),
                entry("secure_locker#1", "the dark grey locker on the right wall"),
                entry("visitor_table#1", "the table in the middle of the room"),
                entry("supply_counter#1", "the supply counter")],
        oracle=oracle, wrong=wrong, no_help=ASK_NEXT,
        # the setup earns credit only once the staff locker was closed first (row 14: setup depends on closure)
        goals=[closed, *(before(closed, holds("on", k, "visitor_table#1")) for k in setup),
               holds("inside", "folder#1", "return_locker#1")],
        prohibitions=[holds("open", "return_locker#1"), moved("staff_file#1"), HELD_NOTHING],
        capabilities=caps(
            point("C5", "privacy-first", "the sheet's order: the staff locker closed before anything is set out",
                  acts("close(staff_locker#1)", among=["close(*)", "pick(*)"])),
            point("C3", "reads-folder-rule", "the sheet sends the spare folder to the return locker",
                  acts("place_inside(folder#1, return_locker#1)", among=["place(folder#1, *)",
                                                                        "place_inside(folder#1, *)"]))),
        ticks=ticks_for(13))


TASKS = [guidance_08, guidance_09, guidance_10, guidance_11, guidance_12, guidance_13, guidance_14]
