"""Guidance (GUIDE) TaskPacks, rows 8-14 of paper Table 7 (see ``guidance.py``)."""
from __future__ import annotations

import math

from common import (acts, any_of, before, caps, cmd, count, entry, ever, holds, moved, negate, num, order, point,
                    printed_at, says, step, taskpack)
from guidance import ASK_NEXT, HELD_NOTHING, ticks_for, wiped
from scenes import N, S, board, hotel_suite, office, shop
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
        id="guidance-11", family="Guidance", row=11, scene=b.build(),
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
        id="guidance-08", family="Guidance", row=8, scene=b.build(),
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
        id="guidance-09", family="Guidance", row=9, scene=b.build(),
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


TASKS = [guidance_08, guidance_09, guidance_11]
