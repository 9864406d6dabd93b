"""Planning (ORCHESTRATE) TaskPacks, continued (paper Table 8): rows 6 onwards. The Human knows the requested
outcome but may not make, reorder or repair the plan; the Assistant decomposes it into subtasks."""
from __future__ import annotations

import math

from common import (acts, any_of, caps, cmd, count, entry, holds, moved, negate, num, order, phrase, plan, point, printed,
                    printed_at, says, state, static, step, taskpack)
from planning import ASK_PLAN
from scenes import E, N, S, W, board, hotel_suite, kitchen_house
from scenes_planning import HOUSE_MAP, OFFICE_MAP, five_room_house, grocery_aisle, office_floor


def planning_06() -> dict:
    """Repair a three-way grocery misplacement with one continuous route: the rice sits on the sauces shelf,
    the iced tea on the grains shelf and the barbecue sauce on the beverages shelf, so each delivery ends where
    the next misplaced item waits; the items already in place stay."""
    b = grocery_aisle(("GRAINS", "SAUCES", "BEVERAGES"))
    item = {"size": (0.12, 0.07, 0.18)}
    b.add_object("box", name="item", on="aisle_shelf#2", region="shelf_2", spot=(-0.5, 0.3),
                 params={**item, "color": (0.95, 0.93, 0.85)}, labels=[{"text": "RICE", "face": "front"}])
    b.add_object("bottle", name="item", on="aisle_shelf#1", region="shelf_2", spot=(0.5, 0.3),
                 params={"color": (0.6, 0.35, 0.1)}, labels=[{"text": "ICED\nTEA", "face": "front"}])
    b.add_object("bottle", name="item", on="aisle_shelf#3", region="shelf_2", spot=(-0.5, 0.3),
                 params={"color": (0.45, 0.12, 0.08)}, labels=[{"text": "BBQ\nSAUCE", "face": "front"}])
    b.add_object("box", name="stock", on="aisle_shelf#1", region="shelf_2", spot=(-0.5, 0.3),
                 params={**item, "color": (0.85, 0.75, 0.5)}, labels=[{"text": "OATS", "face": "front"}])
    b.add_object("bottle", name="stock", on="aisle_shelf#2", region="shelf_2", spot=(0.5, 0.3),
                 params={"color": (0.8, 0.1, 0.1)}, labels=[{"text": "KETCHUP", "face": "front"}])
    b.add_object("bottle", name="stock", on="aisle_shelf#3", region="shelf_2", spot=(0.5, 0.3),
                 params={"color": (0.15, 0.1, 0.1)}, labels=[{"text": "COLA", "face": "front"}])
    b.set_human((4.0, 3.0), yaw=math.pi / 2)
    oracle = [step("Take the rice bag from this middle shelf to the left shelf.", cmd("Grab", "item#1"),
                   cmd("PutIn", "item#1", "aisle_shelf#1")),
              step("There, take the iced tea bottle to the right shelf.", cmd("Grab", "item#2"),
                   cmd("PutIn", "item#2", "aisle_shelf#3")),
              step("And from the right shelf take the barbecue sauce back to the middle shelf.", cmd("Grab", "item#3"),
                   cmd("PutIn", "item#3", "aisle_shelf#2"))]
    wrong = [step("Take the rice bag from the middle shelf to the right shelf.", cmd("Grab", "item#1"),
                  cmd("PutIn", "item#1", "aisle_shelf#3")),
             step("Take the barbecue sauce from the right shelf to the middle shelf.", cmd("Grab", "item#3"),
                  cmd("PutIn", "item#3", "aisle_shelf#2")),
             step("Take the iced tea from the left shelf to the right shelf.", cmd("Grab", "item#2"),
                  cmd("PutIn", "item#2", "aisle_shelf#3"))]
    shelves = [("aisle_shelf#1", "the left shelf"), ("aisle_shelf#2", "the middle shelf"),
               ("aisle_shelf#3", "the right shelf")]
    return taskpack(
        id="planning-06", family="Planning", static_item=STATIC_ITEMS["planning-06"], row=6, scene=b.build(),
        title="Repair a three-way grocery misplacement in one continuous route",
        prelude="Somebody restocked this aisle in a hurry.",
        opening=[cmd("Walk", "aisle_shelf#2"), cmd("LookAt", "aisle_sign#2"), cmd("LookAt", "item#1"),
                 cmd("Walk", "aisle_shelf#1"),
                 cmd("LookAt", "aisle_sign#1"), cmd("LookAt", "item#2"), cmd("Walk", "aisle_shelf#3"),
                 cmd("LookAt", "aisle_sign#3"), cmd("LookAt", "item#3"), cmd("Walk", "aisle_shelf#2")],
        handoff="Three things are on the wrong shelves. Plan the fix for me in one go, no walking back and forth.",
        human_task="Every product in this aisle on the shelf its sign is for, fixed in one continuous walk.",
        evidence=[*printed_at("aisle_sign#1", "GRAINS"), *printed_at("aisle_sign#2", "SAUCES"),
                  *printed_at("aisle_sign#3", "BEVERAGES"), *printed_at("item#1", "RICE"),
                  *printed_at("item#2", "ICED TEA"), *printed_at("item#3", "BBQ SAUCE")],
        legend=[entry("item#1", "the white bag on the left of the middle shelf", movable=True),
                entry("item#2", "the brown bottle on the right of the left shelf", movable=True),
                entry("item#3", "the dark red bottle on the left of the right shelf", movable=True),
                entry("stock#1", "the yellow box on the left of the left shelf", movable=True),
                entry("stock#2", "the red bottle on the right of the middle shelf", movable=True),
                entry("stock#3", "the black bottle on the right of the right shelf", movable=True)] +
               [entry(k, d) for k, d in shelves],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("inside", "item#1", "aisle_shelf#1"), holds("inside", "item#2", "aisle_shelf#3"),
               holds("inside", "item#3", "aisle_shelf#2")],
        prohibitions=[moved("stock#1"), moved("stock#2"), moved("stock#3"), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-signs", "the rice label and the GRAINS sign over the left shelf",
                  acts("place_inside(item#1, aisle_shelf#1)", among=["place_inside(item#1, *)", "place(item#1, *)"])),
            point("C5", "continuous-route", "each delivery ends at the shelf where the next misplaced item waits",
                  order("place_inside(item#1, aisle_shelf#1)", "place_inside(item#2, aisle_shelf#3)",
                        "place_inside(item#3, aisle_shelf#2)"))),
        ticks=24)


def planning_08() -> dict:
    """From the house map, plan three moves with one necessary empty leg: folder from the entry to the bed,
    mug from the bedroom to the kitchen counter, phone from the living room to the dining table. The shortest
    order is folder, mug, then the empty walk to the living room for the phone (the C5 route point); each
    destination is one bundle and the route length is reported beside the score."""
    b = five_room_house()
    board(b, "wall_board", name="house_map", at=(1.5, 0.06), yaw=S, width=1.2, height=0.8, text=HOUSE_MAP)
    b.add_object("book", name="folder", on="console#1", spot=(-0.4, 0.5), params={"size": (0.24, 0.31, 0.025),
                 "color": (0.2, 0.35, 0.7)})
    b.add_object("mug", on="nightstand#1", spot=(0.0, 0.5))
    b.add_object("phone", on="coffee_table#1", spot=(0.4, 0.5))
    b.add_object("cup", on="coffee_table#1", spot=(-0.5, 0.5))
    b.add_object("book", on="desk#1", spot=(0.0, 0.5))
    b.set_human((1.5, 1.4), yaw=-math.pi / 2)
    oracle = [step("Take the folder from the console here to the bed in the bedroom.", cmd("Grab", "folder#1"),
                   cmd("Put", "folder#1", "bed#1")),
              step("Take the mug from the nightstand to the kitchen counter.", cmd("Grab", "mug#1"),
                   cmd("Put", "mug#1", "counter#1")),
              step("Then fetch the phone from the coffee table to the dining table.", cmd("Grab", "phone#1"),
                   cmd("Put", "phone#1", "table#1"))]
    wrong = [oracle[0], oracle[1],
             step("Then fetch the cup from the coffee table to the dining table.", cmd("Grab", "cup#1"),
                  cmd("Put", "cup#1", "table#1"))]
    return taskpack(
        id="planning-08", family="Planning", static_item=STATIC_ITEMS["planning-08"], row=8, scene=b.build(),
        title="Plan three moves across the house with one empty leg",
        prelude="Three things need to go back before dinner; the house map is here in the entry.",
        opening=[cmd("LookAt", "house_map#1"), cmd("LookAt", "console#1")],
        handoff="Plan the trips for me, one at a time, with as little walking as possible.",
        human_task="The folder on the bed, the mug back in the kitchen and the phone on the dining table, with "
                   "as little walking as possible.",
        evidence=[*printed_at("house_map#1", "KITCHEN LIVING", "ENTRY BATH BED", "entry doors: kitchen, bath")],
        legend=[entry("folder#1", "the blue folder on the console table in the entry", movable=True),
                entry("mug#1", "the red mug on the nightstand in the bedroom", movable=True),
                entry("phone#1", "the black phone on the coffee table in the living room", movable=True),
                entry("cup#1", "the white cup on the coffee table", movable=True),
                entry("book#1", "the red book on the desk in the bedroom", movable=True),
                entry("console#1", "the console table in the entry"), entry("bed#1", "the bed in the bedroom"),
                entry("nightstand#1", "the nightstand in the bedroom"),
                entry("coffee_table#1", "the coffee table in the living room"),
                entry("counter#1", "the kitchen counter"), entry("table#1", "the dining table in the kitchen")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("on", "folder#1", "bed#1"), holds("on", "mug#1", "counter#1"), holds("on", "phone#1", "table#1")],
        prohibitions=[moved("cup#1"), moved("book#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "one-empty-leg", "the map's ring: entry to bedroom, bedroom to kitchen, one empty leg to "
                  "the living room",
                  order("place(folder#1, bed#1)", "place(mug#1, counter#1)", "place(phone#1, table#1)"))),
        ticks=24)


FRUITS = (  # name, kind, params, support, spot
    ("apple", "apple", {}, "counter#1", (-0.8, 0.4)),
    ("kiwi", "potato", {"radii": (0.035, 0.03, 0.03), "color": (0.45, 0.35, 0.15)}, "counter#1", (-0.4, 0.4)),
    ("strawberry", "tomato", {"radii": (0.025, 0.025, 0.03), "color": (0.85, 0.05, 0.1)}, "counter#1", (0.0, 0.4)),
    ("grape", "tomato", {"radii": (0.04, 0.03, 0.03), "color": (0.4, 0.1, 0.45)}, "counter#1", (0.4, 0.4)),
    ("cheesecake", "bread", {"size": (0.1, 0.1, 0.06), "color": (0.95, 0.9, 0.7)}, "counter#1", (0.8, 0.4)),
    ("apple", "apple", {}, "counter#2", (-0.8, 0.4)),
    ("orange", "orange", {}, "counter#2", (-0.4, 0.4)),
    ("pear", "apple", {"radii": (0.035, 0.035, 0.05), "color": (0.75, 0.8, 0.25)}, "counter#2", (0.0, 0.4)),
    ("pineapple", "orange", {"radii": (0.05, 0.05, 0.08), "color": (0.75, 0.55, 0.15)}, "counter#2", (0.5, 0.4)))


def planning_09() -> dict:
    """Select, cut, plate and deliver two low-sugar fruit plates under the guests' allergies (the card on the
    wall): the blue plate (citrus allergy) kiwi, strawberry and an apple; the white one (kiwi and strawberry allergy)
    orange, pear and the other apple; the high-sugar grape and pineapple and the cheesecake stay intact."""
    b = kitchen_house()
    board(b, "wall_board", name="plate_card", at=(4.4, 4.94), yaw=N, width=1.0, height=0.75,
          text="FRUIT PLATES\nlow sugar, 3 each\nblue: no citrus\nwhite: no kiwi,\nno strawberry")
    for name, kind, params, support, spot in FRUITS:
        b.add_object(kind, name=name, on=support, spot=spot, params=params or None)
    b.add_fixture("table", name="service_table", at=(5.0, 2.2), params={"width": 1.2, "depth": 0.8})
    b.add_object("knife", on="counter#2", spot=(0.85, 0.7))
    b.add_object("plate", on="table#1", spot=(-0.5, 0.5), params={"radius": 0.17, "color": (0.35, 0.55, 0.9)})
    b.add_object("plate", on="table#1", spot=(0.5, 0.5), params={"radius": 0.17})
    b.set_human((3.0, 3.4), yaw=S)
    cuts = ["kiwi#1", "strawberry#1", "apple#1", "orange#1", "pear#1", "apple#2"]
    plate_of = {"kiwi#1": "plate#1", "strawberry#1": "plate#1", "apple#1": "plate#1", "orange#1": "plate#2",
                "pear#1": "plate#2", "apple#2": "plate#2"}
    oracle = [step("Take the knife and cut the kiwi, the strawberry, both apples, the orange and the pear where "
                   "they lie.", cmd("Grab", "knife#1"), *[cmd("Cut", f, "knife#1") for f in cuts]),
              step("Put the knife down on the right counter.", cmd("Put", "knife#1", "counter#2")),
              step("Carry both plates to the serving table by the door.", cmd("Grab", "plate#1"),
                   cmd("Put", "plate#1", "service_table#1"), cmd("Grab", "plate#2"),
                   cmd("Put", "plate#2", "service_table#1")),
              step("The blue plate gets the kiwi, the strawberry and the apple from the left counter.",
                   *[c for f in cuts[:3] for c in (cmd("Grab", f), cmd("Put", f, "plate#1"))]),
              step("The white plate gets the orange, the pear and the apple from the right counter.",
                   *[c for f in cuts[3:] for c in (cmd("Grab", f), cmd("Put", f, "plate#2"))])]
    wrong = [step("Take the knife and cut the kiwi, the strawberry, both apples, the orange and the grape.",
                  cmd("Grab", "knife#1"), *[cmd("Cut", f, "knife#1") for f in ("kiwi#1", "strawberry#1", "apple#1",
                                                                               "orange#1", "grape#1", "apple#2")]),
             oracle[1], oracle[2], oracle[3],
             step("The white plate gets the orange, the grape and the apple from the right counter.",
                  *[c for f in ("orange#1", "grape#1", "apple#2") for c in (cmd("Grab", f), cmd("Put", f, "plate#2"))])]
    protected = ("grape#1", "pineapple#1", "cheesecake#1")
    return taskpack(
        id="planning-09", family="Planning", static_item=STATIC_ITEMS["planning-09"], row=9, scene=b.build(),
        title="Cut, plate and deliver two allergy- and sugar-constrained fruit plates",
        prelude="Two guests asked for fruit plates; their card is on the wall.",
        opening=[cmd("Walk", "plate_card#1"), cmd("LookAt", "plate_card#1"), cmd("LookAt", "counter#1"),
                 cmd("LookAt", "counter#2"), cmd("LookAt", "table#1")],
        handoff="Plan both plates for me, one job at a time.",
        human_task="Two fruit plates cut and served on the serving table by the door, each the way the "
                   "guests' card on the wall asks.",
        evidence=[*printed_at("plate_card#1", "low sugar, 3 each", "blue: no citrus", "white: no kiwi, no strawberry")],
        legend=[entry(f"{name}#{i}", f"the {name} on the {'left' if sup == 'counter#1' else 'right'} counter",
                      movable=True)
                for name, i, sup in (("apple", 1, "counter#1"), ("kiwi", 1, "counter#1"),
                                     ("strawberry", 1, "counter#1"), ("grape", 1, "counter#1"),
                                     ("cheesecake", 1, "counter#1"), ("apple", 2, "counter#2"),
                                     ("orange", 1, "counter#2"), ("pear", 1, "counter#2"),
                                     ("pineapple", 1, "counter#2"))] +
               [entry("knife#1", "the knife on the right counter", movable=True),
                entry("plate#1", "the blue plate on the kitchen table", movable=True),
                entry("plate#2", "the white plate on the kitchen table", movable=True),
                entry("counter#1", "the counter left of the cooktop"), entry("counter#2", "the counter right of the oven"),
                entry("service_table#1", "the serving table by the door")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("cut", f) for f in cuts] + [holds("on", f, p) for f, p in plate_of.items()] +
              [count("on", ["*", "plate#1"], eq=3), count("on", ["*", "plate#2"], eq=3),
               holds("on", "plate#1", "service_table#1"), holds("on", "plate#2", "service_table#1")],
        prohibitions=[moved(k) for k in protected] + [holds("cut", k) for k in protected] + [holds("held", "*")],
        capabilities=caps(
            point("C5", "allergy-split", "the white plate's kiwi and strawberry allergy and the blue plate's citrus allergy",
                  acts("place(orange#1, plate#2)", among=["place(orange#1, *)"])),
            point("C8", "low-sugar", "grape and pineapple are high in sugar, cheesecake is no fruit",
                  acts("cut(pear#1, knife#1)", "cut(orange#1, knife#1)", "cut(apple#2, knife#1)",
                       "cut(apple#1, knife#1)", "cut(kiwi#1, knife#1)", "cut(strawberry#1, knife#1)",
                       among=["cut(*, knife#1)"]))),
        ticks=50)


OVEN_SHUT = ("Real ovens and the relation-level dry run need the door shut to bake; the world lets an oven run "
             "with its door open (prevention-08's hazard), so the state goals do not need this step.")
"""Why closing the oven before baking is an optional oracle step."""
OVEN_SPOTS = ((-0.6, 0.75), (0.6, 0.75), (-0.5, 0.15), (0.5, 0.15))
"""Where four foods go in the oven chamber (u left to right, v front to back): the back row first, so the hand
never reaches over a loaded food."""


def planning_10() -> dict:
    """Minimise the makespan of baking potato, pear, trout and a bread roll with one oven: cut the pear first,
    load all four, bake them in one run, switch off, and serve each on its own plate at the serving table;
    oven off and closed. The C5 point checks the single batch (all four loaded before the oven goes on)."""
    b = kitchen_house()
    board(b, "wall_board", name="bake_card", at=(4.4, 4.94), yaw=N, width=1.0, height=0.7,
          text="BAKE ORDER\npotato, pear (cut),\ntrout, bread roll\none plate each")
    b.add_fixture("table", name="service_table", at=(5.0, 2.2), params={"width": 1.2, "depth": 0.8})
    foods = (("potato", "potato", {}, "counter#2", (-0.8, 0.4)),
             ("pear", "apple", {"radii": (0.035, 0.035, 0.05), "color": (0.75, 0.8, 0.25)}, "counter#2", (-0.4, 0.4)),
             ("trout", "bread", {"size": (0.14, 0.05, 0.03), "color": (0.6, 0.6, 0.65)}, "counter#2", (0.0, 0.4)),
             ("bread_roll", "bread", {"size": (0.08, 0.07, 0.05), "color": (0.8, 0.6, 0.3)}, "counter#2", (0.45, 0.4)))
    for name, kind, params, support, spot in foods:
        b.add_object(kind, name=name, on=support, spot=spot, params=params or None)
    b.add_object("knife", on="counter#1", spot=(0.6, 0.5))
    for i, u in enumerate((-0.75, -0.25, 0.25, 0.75)):
        b.add_object("plate", on="service_table#1", spot=(u, 0.5), params={"radius": 0.12})
    b.set_human((3.4, 3.4), yaw=S)
    keys = ["potato#1", "pear#1", "trout#1", "bread_roll#1"]
    plates = [f"plate#{i}" for i in (1, 2, 3, 4)]
    oracle = [step("First cut the pear with the knife and put the knife back on the left counter.",
                   cmd("Grab", "knife#1"), cmd("Cut", "pear#1", "knife#1"), cmd("Put", "knife#1", "counter#1")),
              step("Open the oven and load all four: potato, pear, trout and the bread roll.", cmd("Open", "oven#1"),
                   *[c for k, (u, v) in zip(keys, OVEN_SPOTS)
                     for c in (cmd("Grab", k), cmd("PutIn", k, "oven#1") + f" @place_spot={u}:{v}")]),
              dict(step("Close the oven door.", cmd("Close", "oven#1")), optional=OVEN_SHUT),
              step("Turn the oven on and bake all four together, then turn it off and open it.",
                   cmd("TurnOn", "oven#1"), *[cmd("Cook", k) for k in keys],
                   cmd("TurnOff", "oven#1"), cmd("Open", "oven#1")),
              step("Serve each on its own plate on the serving table, then close the oven.",
                   *[c for k, p in zip(keys, plates) for c in (cmd("Grab", k), cmd("Put", k, p))],
                   cmd("Close", "oven#1"))]
    wrong = [step("Open the oven and put the four foods in as they are.", *oracle[1]["commands"]),
             oracle[2], oracle[3]]
    return taskpack(
        id="planning-10", family="Planning", static_item=STATIC_ITEMS["planning-10"], row=10, scene=b.build(),
        title="Bake four foods in one oven with the shortest makespan",
        prelude="Four dishes have to go out together; the bake card is on the wall.",
        opening=[cmd("Walk", "bake_card#1"), cmd("LookAt", "bake_card#1"), cmd("LookAt", "counter#2"),
                 cmd("LookAt", "oven#1")],
        handoff="Plan it so everything is ready as early as possible, one job at a time.",
        human_task="The four foods on the counter baked and served on their own plates at the serving table as "
                   "early as possible, the way the bake card asks, and the oven left safe.",
        evidence=[*printed_at("bake_card#1", "pear (cut)", "one plate each")],
        legend=[entry("potato#1", "the potato on the right counter", movable=True),
                entry("pear#1", "the pear on the right counter", movable=True),
                entry("trout#1", "the trout on the right counter", movable=True),
                entry("bread_roll#1", "the bread roll on the right counter", movable=True),
                entry("knife#1", "the knife on the left counter", movable=True)] +
               [entry(p, f"plate {i} from the left on the serving table", movable=True)
                for i, p in enumerate(plates, start=1)] +
               [entry("oven#1", "the oven"), entry("counter#1", "the counter left of the cooktop"),
                entry("service_table#1", "the serving table by the door")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("cooked", k) for k in keys] + [holds("cut", "pear#1")] +
              [any_of(*[holds("on", k, p) for p in plates]) for k in keys] +
              [count("on", ["*", p], eq=1) for p in plates],
        prohibitions=[holds("running", "oven#1"), holds("open", "oven#1"), holds("held", "*")],
        capabilities=caps(
            point("C5", "one-batch", "one oven: all four loaded before it is switched on, a single baking run",
                  order(*[f"place_inside({k}, oven#1)" for k in keys], "turn_on(oven#1)")),
            point("C3", "reads-card", "the card's 'pear (cut)': cut before it goes in",
                  acts("cut(pear#1, knife#1)", among=["cut(*, knife#1)", "place_inside(pear#1, oven#1)"]))),
        ticks=50)


def planning_11() -> dict:
    """Parallel-schedule pork knuckle and potato in the oven with trout and the cut pear on the stove, each
    served cooked on its own plate on the prep table; oven off and closed, stove off. The C5 point checks the parallel schedule (both appliances on before the first food is cooked)."""
    b = kitchen_house()
    board(b, "wall_board", name="cook_card", at=(4.4, 4.94), yaw=N, width=1.0, height=0.75,
          text="SERVICE 12:30\noven: pork knuckle,\npotato\nstove: trout,\npear (cut)")
    foods = (("pork_knuckle", "potato", {"radii": (0.06, 0.045, 0.04), "color": (0.75, 0.45, 0.35)}),
             ("potato", "potato", {}),
             ("trout", "bread", {"size": (0.14, 0.05, 0.03), "color": (0.6, 0.6, 0.65)}),
             ("pear", "apple", {"radii": (0.035, 0.035, 0.05), "color": (0.75, 0.8, 0.25)}))
    b.add_fixture("table", name="prep_table", at=(5.0, 2.2), params={"width": 1.2, "depth": 0.8})
    for (name, kind, params), u in zip(foods, (-0.8, -0.4, 0.0, 0.45)):
        b.add_object(kind, name=name, on="counter#2", spot=(u, 0.4), params=params or None)
        b.add_object("plate", on="prep_table#1", spot=(u * 0.95, 0.5), params={"radius": 0.12})
    b.add_object("knife", on="counter#1", spot=(0.6, 0.5))
    b.set_human((3.4, 3.4), yaw=S)
    keys = ["pork_knuckle#1", "potato#1", "trout#1", "pear#1"]
    oracle = [step("Cut the pear with the knife from the left counter and put the knife back there.",
                   cmd("Grab", "knife#1"), cmd("Cut", "pear#1", "knife#1"), cmd("Put", "knife#1", "counter#1")),
              step("Open the oven and put the pork knuckle and the potato in.",
                   cmd("Open", "oven#1"),
                   *[c for k, (u, v) in zip(keys[:2], OVEN_SPOTS)
                     for c in (cmd("Grab", k), cmd("PutIn", k, "oven#1") + f" @place_spot={u}:{v}")],
                   ),
              dict(step("Close the oven door.", cmd("Close", "oven#1")), optional=OVEN_SHUT),
              step("Switch the oven on.", cmd("TurnOn", "oven#1")),
              step("Meanwhile put the trout and the pear on the stove and switch it on.", cmd("Grab", "trout#1"),
                   cmd("Put", "trout#1", "cooktop#1"), cmd("Grab", "pear#1"), cmd("Put", "pear#1", "cooktop#1"),
                   cmd("TurnOn", "cooktop#1")),
              step("Cook all four, then switch the stove and the oven off and open the oven.",
                   *[cmd("Cook", k) for k in keys], cmd("TurnOff", "cooktop#1"), cmd("TurnOff", "oven#1"),
                   cmd("Open", "oven#1")),
              step("Serve each food on its own plate on the prep table, then close the oven.",
                   *[c for i, k in enumerate(keys, start=1) for c in (cmd("Grab", k), cmd("Put", k, f"plate#{i}"))],
                   cmd("Close", "oven#1"))]
    wrong = [step("Open the oven and put the pork knuckle and the potato in without cutting anything, and switch "
                  "it on.", *oracle[1]["commands"]), *oracle[2:]]
    return taskpack(
        id="planning-11", family="Planning", static_item=STATIC_ITEMS["planning-11"], row=11, scene=b.build(),
        title="Parallel-schedule four dishes over the oven and the stove",
        prelude="Four dishes for the 12:30 service; the card is on the wall.",
        opening=[cmd("Walk", "cook_card#1"), cmd("LookAt", "cook_card#1"), cmd("LookAt", "counter#2")],
        handoff="Plan it so both the oven and the stove work at the same time, one job at a time.",
        human_task="The four foods on the counter cooked the way the card on the wall says and each on its own "
                   "plate on the prep table, the oven and the stove left safe.",
        evidence=[*printed_at("cook_card#1", "oven: pork knuckle, potato", "stove: trout, pear (cut)")],
        legend=[entry(k, f"the {k.split('#')[0].replace('_', ' ')} on the right counter", movable=True)
                for k in keys] +
               [entry(f"plate#{i}", f"plate {i} from the left on the prep table", movable=True)
                for i in (1, 2, 3, 4)] +
               [entry("knife#1", "the knife on the left counter", movable=True), entry("oven#1", "the oven"),
                entry("cooktop#1", "the stove"), entry("counter#1", "the counter left of the stove"),
                entry("prep_table#1", "the prep table by the door")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("cooked", k) for k in keys] + [holds("cut", "pear#1")] +
              [any_of(*[holds("on", k, f"plate#{i}") for i in (1, 2, 3, 4)]) for k in keys] +
              [count("on", ["*", f"plate#{i}"], eq=1) for i in (1, 2, 3, 4)],
        prohibitions=[holds("running", "oven#1"), holds("open", "oven#1"), holds("running", "cooktop#1"),
                      *[negate(holds("on", f"plate#{i}", "prep_table#1")) for i in (1, 2, 3, 4)], holds("held", "*")],
        capabilities=caps(
            point("C5", "parallel", "one oven and one stove: both running before the first food is cooked",
                  order("turn_on(oven#1)", "turn_on(cooktop#1)", "cook(pork_knuckle#1)")),
            point("C3", "reads-card", "the card's 'pear (cut)' and the stove for the pear",
                  acts("cut(pear#1, knife#1)", among=["cut(*, knife#1)", "place(pear#1, *)",
                                                      "place_inside(pear#1, *)"]))),
        ticks=50)


def planning_16() -> dict:
    """Correct a scripted check-out mistake and finish the four-object reset from the list: in the opening the
    wearer puts the folder into the open wardrobe (the clipboard's place); the folder goes to the desk, the
    clipboard into the wardrobe, the welcome box onto the entry console and the rinsed mug onto the bathroom
    shelf."""
    b = hotel_suite()
    b.add_fixture("table", name="console", at=(4.75, 0.4), yaw=E, params={"width": 0.6, "depth": 0.35, "height": 0.8})
    board(b, "wall_board", name="checkout_list", at=(2.0, 4.44), yaw=N,
          text="CHECK-OUT\nfolder: desk\nclipboard: wardrobe\nwelcome box: console\nmug: bath shelf")
    b.add_object("book", name="folder", on="bed#1", spot=(0.0, 0.1), params={"size": (0.24, 0.31, 0.025),
                 "color": (0.2, 0.35, 0.7)})
    b.add_object("book", name="clipboard", on="desk#1", spot=(-0.65, 0.4), params={"size": (0.22, 0.3, 0.02),
                 "color": (0.55, 0.4, 0.25)})
    b.add_object("box", name="welcome_box", on="desk#1", spot=(0.7, 0.4), params={"size": (0.2, 0.15, 0.1),
                 "color": (0.85, 0.2, 0.3)})
    b.add_object("mug", on="sink#1", spot=(0.0, 0.5))
    b.add_object("phone", on="nightstand#1", spot=(0.0, 0.5))
    b.set_human((3.0, 2.0), yaw=0.0)
    mistake = [cmd("Open", "wardrobe#1"), cmd("Grab", "folder#1"), cmd("PutIn", "folder#1", "wardrobe#1")]
    oracle = [step("The folder went into the wardrobe by mistake: take it out and put it on the desk.",
                   cmd("Grab", "folder#1"), cmd("Put", "folder#1", "desk#1")),
              step("Now the clipboard from the desk goes into the wardrobe.", cmd("Grab", "clipboard#1"),
                   cmd("PutIn", "clipboard#1", "wardrobe#1")),
              step("Take the red welcome box from the desk to the console by the bathroom door.",
                   cmd("Grab", "welcome_box#1"), cmd("Put", "welcome_box#1", "console#1")),
              step("Finally the mug in the bathroom sink goes onto the towel shelf.", cmd("Grab", "mug#1"),
                   cmd("PutIn", "mug#1", "towel_shelf#1"))]
    wrong = oracle[1:]
    return taskpack(
        id="planning-16", family="Planning", static_item=STATIC_ITEMS["planning-16"], row=16, scene=b.build(),
        title="Correct a check-out mistake and finish a four-object reset",
        prelude="Let me start on the check-out list: the folder goes in here, I think.",
        opening=[cmd("Walk", "checkout_list#1"), cmd("LookAt", "checkout_list#1"), *mistake,
                 cmd("LookAt", "wardrobe#1")],
        handoff="Did I get that right? Plan the rest of the check-out for me, one job at a time.",
        human_task="The room reset for check-out the way the check-out list on the wall says.",
        evidence=[*printed_at("checkout_list#1", "folder: desk", "clipboard: wardrobe", "welcome box: console",
                              "mug: bath shelf"),
                  state("folder put in the wardrobe", "wardrobe#1", cmd("PutIn", "folder#1", "wardrobe#1"))],
        legend=[entry("folder#1", "the blue folder you just put away", movable=True),
                entry("clipboard#1", "the brown clipboard on the desk", movable=True),
                entry("welcome_box#1", "the red box on the desk", movable=True),
                entry("mug#1", "the mug in the bathroom sink", movable=True),
                entry("phone#1", "your phone on the nightstand", movable=True),
                entry("wardrobe#1", "the open wardrobe"), entry("desk#1", "the desk"),
                entry("console#1", "the small console table by the bathroom door"),
                entry("towel_shelf#1", "the shelf in the bathroom")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("on", "folder#1", "desk#1"), holds("inside", "clipboard#1", "wardrobe#1"),
               holds("on", "welcome_box#1", "console#1"), holds("inside", "mug#1", "towel_shelf#1")],
        prohibitions=[moved("phone#1"), holds("held", "*")],
        capabilities=caps(
            point("C7", "spots-mistake", "the folder put into the wardrobe in the opening, where the list wants the "
                  "clipboard",
                  acts("pick(folder#1)", among=["pick(folder#1)", "pick(clipboard#1)", "pick(welcome_box#1)",
                                                "pick(mug#1)"])),
            point("C3", "reads-list", "the list's 'welcome box: console'",
                  acts("place(welcome_box#1, console#1)", among=["place(welcome_box#1, *)",
                                                                 "place_inside(welcome_box#1, *)"]))),
        ticks=26)


def planning_17() -> dict:
    """Combine two delivery chains across the office floor from its map: folder from the open office to the
    meeting room, agenda from there to the copy room, package from there to reception; towel from the
    kitchenette to the bathroom, phone from there to reception. One bundle per endpoint; the C5 points check
    each chain's order (each delivery ends where the next item waits)."""
    b = office_floor()
    board(b, "wall_board", name="floor_map", at=(4.6, 7.94), yaw=N, width=1.2, height=0.7, text=OFFICE_MAP)
    b.add_object("book", name="folder", on="desk#1", spot=(0.3, 0.4), params={"size": (0.24, 0.31, 0.025),
                 "color": (0.2, 0.35, 0.7)})
    b.add_object("document", name="agenda", on="meeting_table#1", spot=(0.4, 0.4))
    b.add_object("box", name="package", on="copier_counter#1", spot=(0.0, 0.4), params={"size": (0.3, 0.22, 0.15)})
    b.add_object("cloth", name="towel", on="kitchen_counter#1", spot=(0.0, 0.4), params={"size": (0.25, 0.2, 0.03),
                 "color": (0.95, 0.95, 0.95)})
    b.add_object("phone", on="bath_shelf#1", region="shelf_3", spot=(0.0, 0.3))
    b.add_object("mug", on="meeting_table#1", spot=(-0.7, 0.6))
    b.set_human((5.0, 6.0), yaw=math.pi / 2)
    moves = [("folder#1", "place", "meeting_table#1", "Take the folder from the desk to the meeting table."),
             ("agenda#1", "place", "copier_counter#1", "Take the agenda from the meeting table to the copier."),
             ("package#1", "place", "reception_desk#1", "Take the package from the copier to the reception desk."),
             ("towel#1", "place_inside", "bath_shelf#1", "Take the towel from the kitchenette to the bathroom shelf."),
             ("phone#1", "place", "reception_desk#1", "Take the phone from the bathroom shelf to reception.")]
    verb = {"place": "Put", "place_inside": "PutIn"}
    oracle = [step(say, cmd("Grab", k), cmd(verb[p], k, dest)) for k, p, dest, say in moves]
    wrong = oracle[:2] + [step("Take the package from the copier to the meeting table.", cmd("Grab", "package#1"),
                               cmd("Put", "package#1", "meeting_table#1"))] + oracle[3:]
    return taskpack(
        id="planning-17", family="Planning", static_item=STATIC_ITEMS["planning-17"], row=17, scene=b.build(),
        title="Combine two delivery chains across the office floor",
        prelude="Five things have to go to other rooms before the meeting; the floor map is on this wall.",
        opening=[cmd("Walk", "floor_map#1"), cmd("LookAt", "floor_map#1")],
        handoff="Plan the deliveries for me, one at a time, with as little walking as possible.",
        human_task="The folder in the meeting room, the agenda in the copy room, the package and the phone at "
                   "reception and the towel in the bathroom, with as little walking as possible.",
        evidence=[*printed_at("floor_map#1", "MEETING OFFICE COPY", "RECEPTION KITCHEN BATH")],
        legend=[entry("folder#1", "the blue folder on the desk in the open office", movable=True),
                entry("agenda#1", "the sheet on the meeting table", movable=True),
                entry("package#1", "the brown package by the copier", movable=True),
                entry("towel#1", "the white towel on the kitchenette counter", movable=True),
                entry("phone#1", "the phone on the bathroom shelf", movable=True),
                entry("mug#1", "the red mug on the meeting table", movable=True),
                entry("desk#1", "the desk in the open office"), entry("meeting_table#1", "the meeting table"),
                entry("copier_counter#1", "the copier counter in the copy room"),
                entry("reception_desk#1", "the reception desk"),
                entry("kitchen_counter#1", "the kitchenette counter"), entry("bath_shelf#1", "the bathroom shelf")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("on" if p == "place" else "inside", k, dest) for k, p, dest, _ in moves],
        prohibitions=[moved("mug#1"), holds("held", "*")],
        reduction="Six rooms (meeting room, open office, copy room, reception, kitchenette, bathroom) stand in for "
                  "the row's twelve zones; both chains and all five endpoints are kept.",
        capabilities=caps(
            point("C5", "chain-a", "the map: meeting room, then the copy room, then reception, no empty leg",
                  order("place(folder#1, meeting_table#1)", "place(agenda#1, copier_counter#1)",
                        "place(package#1, reception_desk#1)")),
            point("C5", "chain-b", "the map: kitchenette to bathroom, then the phone to reception",
                  order("place_inside(towel#1, bath_shelf#1)", "place(phone#1, reception_desk#1)"))),
        ticks=30)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "planning-06": static(
        "Which products are on the wrong shelves, and in what order should they be moved?",
        "The rice on the SAUCES shelf goes to GRAINS, the iced tea found there goes to BEVERAGES, and the barbecue "
        "sauce found there goes back to SAUCES: one continuous loop from the middle shelf."),
    "planning-08": static(
        "Plan the three moves with as little walking as possible.",
        "Folder from the entry console to the bed, then the mug from the nightstand to the kitchen counter, then "
        "the one empty walk to the living room for the phone, which goes to the dining table."),
    "planning-09": static(
        "Which fruits go on which plate?",
        "Both plates low sugar, three fruits each, so no grape, pineapple or cheesecake: the blue plate (no citrus) "
        "gets kiwi, strawberry and an apple; the white plate (no kiwi, no strawberry) gets the orange, the pear "
        "and the other apple; all cut, both plates on the serving table."),
    "planning-10": static(
        "How do we get all four foods ready as early as possible with one oven?",
        "Cut the pear first, then load the potato, pear, trout and bread roll into the oven together and bake them "
        "in one run; switch off, serve each on its own plate at the serving table and close the oven."),
    "planning-11": static(
        "Plan the four dishes so the oven and the stove work at the same time.",
        "Cut the pear; pork knuckle and potato into the oven and switch it on; trout and pear on the stove and "
        "switch it on; cook all four, switch both off, serve each on its own plate on the prep table, close the "
        "oven."),
    "planning-16": static(
        "Was the folder put in the right place, and what is the rest of the check-out plan?",
        "No: the folder went into the wardrobe, which is the clipboard's place. Take the folder to the desk, put "
        "the clipboard in the wardrobe, the welcome box on the console and the mug on the bathroom shelf."),
    "planning-17": static(
        "Plan the five deliveries across the floor with as little walking as possible.",
        "Chain one: folder from the open office to the meeting room, the agenda from there to the copy room, the "
        "package from there to reception; chain two: the towel from the kitchenette to the bathroom shelf and the "
        "phone from there to reception."),
}


TASKS = [planning_06, planning_08, planning_09, planning_10, planning_11, planning_16, planning_17]
