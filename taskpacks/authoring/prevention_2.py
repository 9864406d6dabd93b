"""Prevention (WATCH) TaskPacks, rows 11-20 of paper Table 11 (rows 1-10 and the conventions of ``after``,
``skip`` and the closing remarks: ``prevention.py``)."""
from __future__ import annotations

import math

from common import (acts, all_of, any_of, before, caps, cmd, count, entry, holds, in_window, moved, negate, num, phrase,
                    plan, point, printed_at, says, state, step, taskpack, window)
from prevention import N, succeeded, watch_points
from prevention_static import STATIC_ITEMS
from scenes import S, board, cafe, hotel_suite, kitchen_house
from scenes_prevention import closing_kitchen, dishwasher_kitchen, housekeeping_suite, linen_kitchen


def prevention_11() -> dict:
    """Five identical towels in a row by the sink: in the opening the wearer dries the table with the middle
    one and puts it back, then rinses a plate. To dry the plate the wearer takes that middle towel again; the
    Assistant sends it to the laundry and has the plate dried with a clean one, and the four clean towels go
    to the towel shelf."""
    b = linen_kitchen()
    spots = (-0.76, -0.38, 0.0, 0.38, 0.76)
    for u in spots:
        b.add_object("cloth", name="towel", on="counter#2", spot=(u, 0.3), params={"color": (0.95, 0.95, 0.92)})
    b.add_object("plate", on="sink#1", region="basin")
    b.set_human((4.4, 3.5), yaw=-N)
    t = lambda i: f"towel#{i}"  # noqa: E731
    shelf, basket = "towel_shelf#1", "laundry_basket#1"
    clean = (1, 2, 4, 5)
    own = plan(cmd("Grab", "plate#1"), cmd("Put", "plate#1", "counter#1"), cmd("Grab", t(3)),
               (cmd("Wipe", t(3), "plate#1"), "Plate's dry."), cmd("PutIn", t(3), basket),
               *(c for i in clean for c in (cmd("Grab", t(i)), cmd("PutIn", t(i), shelf))),
               (None, "Towels sorted."))
    return taskpack(
        id="prevention-11", family="Prevention", row=11, static_item=STATIC_ITEMS["prevention-11"], scene=b.build(),
        title="Keep the used towel of five away from the clean plate",
        prelude="Let me dry off the table, then the dishes.",
        opening=[cmd("LookAt", "counter#2"), cmd("Wipe", t(3), "table#1"),
                 "[Put] <towel> (3) <counter> (2) @place_spot=0.0:0.3", cmd("LookAt", "counter#2"),
                 cmd("LookAt", "sink#1")],
        handoff="Now the plate, and then the towels go away.",
        human_task="You are drying the rinsed plate and putting the towels away: the plate from the sink to the "
                   "counter left of the cooktop, dried with the middle towel by the sink, that towel into the "
                   "laundry basket, and the other four towels onto the towel shelf.",
        evidence=[state("middle towel dried the table", t(3), cmd("Wipe", t(3), "table#1"))],
        legend=[*(entry(t(i), f"the white towel {pos} on the counter by the sink", movable=True) for i, pos in
                  ((1, "furthest left"), (2, "second from the left"), (3, "in the middle"),
                   (4, "second from the right"), (5, "furthest right"))),
                entry("plate#1", "the plate in the sink", movable=True),
                entry("counter#1", "the counter left of the cooktop"), entry("counter#2", "the counter by the sink"),
                entry(shelf, "the white towel shelf on the south wall"),
                entry(basket, "the wicker laundry basket")],
        oracle=[step("Not the middle towel: you used it on the table. Put it in the laundry basket, dry the "
                     "plate with the towel furthest left and put that one on the towel shelf.",
                     cmd("PutIn", t(3), basket), cmd("Wipe", t(1), "plate#1"), cmd("PutIn", t(1), shelf),
                     kind="error", after=3, skip=4),
                step("The plate's clean and dry.", after=12)],
        wrong=[step("Give the plate a second wipe with the towel furthest left.", cmd("Wipe", t(1), "plate#1"),
                    cmd("PutIn", t(1), shelf), after=5, skip=2)],
        no_help=own, plan_before=9,
        goals=[holds("on", "plate#1", "counter#1"), succeeded("wipe(*, plate#1)"), holds("inside", t(3), basket),
               *(holds("inside", t(i), shelf) for i in clean)],
        prohibitions=[succeeded(f"wipe({t(3)}, plate#1)"), holds("held", "*")],
        windows=[window("used-towel", "the clean plate dried with the towel that dried the table",
                        opens=f"pick({t(3)})", deadline=f"wipe({t(3)}, plate#1)",
                        cue=[phrase("used"), phrase("dirty")])],
        capabilities=caps(
            *watch_points("used-towel", "the towel in hand is the one that dried the table",
                          "quiet while the plate comes out, then before that towel touches it"),
            point("C4", "towel-partition", "which of five identical towels dried the table, seen before handoff",
                  acts(f"wipe({t(1)}, plate#1)", f"wipe({t(2)}, plate#1)", f"wipe({t(4)}, plate#1)",
                       f"wipe({t(5)}, plate#1)", among=["wipe(*, plate#1)"]))),
        ticks=40)


def prevention_12() -> dict:
    """Rinsing fruit at the kitchen sink, the wearer leaves the tap running to answer the phone in the living
    room; the Assistant has the tap turned off first. The rest of the plan (orange to the fridge, plate to
    the dishwasher) is the wearer's own and right."""
    b = dishwasher_kitchen()
    b.add_object("apple", on="counter#2", spot=(0.3, 0.35))
    b.add_object("orange", on="counter#2", spot=(-0.3, 0.35))
    b.add_object("plate", on="table#1", spot=(0.0, 0.4))
    b.add_object("phone", on="coffee_table#1", spot=(0.0, 0.0))
    b.set_human((4.6, 3.6), yaw=-N)
    own = plan(cmd("TurnOn", "sink#1"), cmd("Grab", "apple#1"), cmd("PutIn", "apple#1", "sink#1"),
               cmd("Grab", "apple#1"), (cmd("Put", "apple#1", "table#1"), "Oh, my phone's ringing!"),
               cmd("Grab", "phone#1"), (cmd("Put", "phone#1", "side_table#1"), "Done with that call."),
               cmd("Grab", "orange#1"), cmd("Open", "fridge#1"), cmd("PutIn", "orange#1", "fridge#1"),
               cmd("Close", "fridge#1"), cmd("Grab", "plate#1"), cmd("Open", "dishwasher#1"),
               cmd("PutIn", "plate#1", "dishwasher#1"), (cmd("Close", "dishwasher#1"), "Kitchen's done."))
    return taskpack(
        id="prevention-12", family="Prevention", row=12, static_item=STATIC_ITEMS["prevention-12"], scene=b.build(),
        frame_exemptions=[{"command": "[PutIn] <plate> (1) <dishwasher> (1)",
                           "reason": "the plate goes into the drum under the dishwasher's closed top: from a standing "
                                     "eye only the open door and the top are seen"}],
        title="Turn the tap off before leaving to answer the phone",
        prelude="Let me rinse an apple.",
        opening=[cmd("LookAt", "sink#1"), cmd("LookAt", "counter#2")],
        handoff="Apple first, then the orange and the plate.",
        human_task="You are tidying the kitchen: rinse the apple under the tap and put it on the kitchen table, "
                   "then (the phone rings) take your phone from the coffee table to the side table in the living "
                   "room, then the orange into the fridge and the plate into the dishwasher.",
        evidence=[state("kitchen tap still running", "sink#1")],
        legend=[entry("apple#1", "the red apple on the counter by the sink", movable=True),
                entry("orange#1", "the orange on the counter by the sink", movable=True),
                entry("plate#1", "the plate on the kitchen table", movable=True),
                entry("phone#1", "your phone on the coffee table", movable=True), entry("sink#1", "the kitchen sink"),
                entry("table#1", "the kitchen table"), entry("fridge#1", "the fridge"),
                entry("dishwasher#1", "the dishwasher"), entry("side_table#1", "the side table in the living room")],
        oracle=[step("Turn the tap off before you go to the phone.", cmd("TurnOff", "sink#1"), kind="error",
                     after=5),
                step("All tidy.", after=16)],
        wrong=[step("Answer the phone, and turn the tap off when you are back.", cmd("Grab", "phone#1"),
                    cmd("Put", "phone#1", "side_table#1"), cmd("TurnOff", "sink#1"), after=5, skip=2)],
        no_help=own, plan_before=15,
        goals=[before(all_of(holds("inside", "apple#1", "sink#1"), holds("running", "sink#1")),
                      holds("on", "apple#1", "table#1")),
               holds("on", "apple#1", "table#1"), holds("on", "phone#1", "side_table#1"),
               holds("inside", "orange#1", "fridge#1"), holds("inside", "plate#1", "dishwasher#1")],
        prohibitions=[holds("running", "sink#1"), holds("open", "fridge#1"), holds("held", "*")],
        windows=[window("tap-running", "the tap left running while the wearer is away at the phone",
                        opens="place(apple#1, table#1)", deadline="pick(phone#1)", fix=["turn_off(sink#1)"],
                        cue=[phrase("tap"), phrase("water"), phrase("faucet")])],
        capabilities=caps(
            *watch_points("tap-running", "the tap still running after the apple came out",
                          "quiet while the apple is rinsed, then before the wearer leaves for the phone"),
            point("C4", "persistent-hazard", "the running tap, out of view once the wearer turns to the phone",
                  acts("turn_off(sink#1)"))),
        ticks=44)


def prevention_13() -> dict:
    """Baking on a drip tray: the wearer loads the dough straight onto the oven floor, without the drip tray
    the recipe card asks for; before the oven is started the Assistant has the dough taken out, set on the
    tray and the tray slid in, so the bake cycle starts on a valid setup."""
    b = kitchen_house(recipe="FRUIT LOAF\nbake on the\ndrip tray")
    b.add_object("bread", name="dough", on="counter#1", spot=(-0.2, 0.3), params={"size": (0.1, 0.18, 0.07),
                 "color": (0.93, 0.85, 0.7)})
    b.add_object("tray", name="drip_tray", on="counter#2", spot=(0.0, 0.3), params={"size": (0.26, 0.32, 0.02),
                 "color": (0.35, 0.35, 0.38)})
    b.add_object("bowl", on="counter#1", spot=(0.5, 0.4))
    b.set_human((2.8, 3.3), yaw=-N)
    own = plan(cmd("Open", "oven#1"), cmd("Grab", "dough#1"), cmd("PutIn", "dough#1", "oven#1"),
               cmd("Close", "oven#1"), (cmd("TurnOn", "oven#1"), "Oven's on."), (cmd("Cook", "dough#1"), "Baked."))
    tray = "drip_tray#1"
    return taskpack(
        id="prevention-13", family="Prevention", row=13, static_item=STATIC_ITEMS["prevention-13"], scene=b.build(),
        title="Drip tray in before the loaf bakes",
        prelude="Loaf's ready for the oven.",
        opening=[cmd("Walk", "recipe_board#1"), cmd("LookAt", "recipe_board#1"), cmd("LookAt", tray)],
        handoff="In it goes.",
        human_task="You are baking the loaf: open the oven, put the dough in, close the oven, switch it on and "
                   "bake the loaf.",
        evidence=[*printed_at("recipe_board#1", "bake on the drip tray")],
        legend=[entry("dough#1", "the dough on the counter left of the cooktop", movable=True),
                entry(tray, "the dark grey tray on the counter right of the oven", movable=True),
                entry("bowl#1", "the bowl", movable=True), entry("oven#1", "the oven"),
                entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven")],
        oracle=[step("Wait, it has to bake on the drip tray: take the dough out and set it on the counter, slide "
                     "the drip tray into the oven, then put the dough on the tray.", cmd("Grab", "dough#1"),
                     cmd("Put", "dough#1", "counter#2"), cmd("Grab", tray), cmd("PutIn", tray, "oven#1"),
                     cmd("Grab", "dough#1"), cmd("Put", "dough#1", tray), kind="error", after=3),
                step("Good, now it can bake.", after=12)],
        wrong=[step("Put the tray in under it once it's baking.", cmd("Grab", tray), cmd("PutIn", tray, "oven#1"),
                    kind="error", after=5)],
        no_help=own, plan_before=6,
        goals=[holds("inside", tray, "oven#1"), holds("on", "dough#1", tray), holds("cooked", "dough#1"),
               before(holds("on", "dough#1", tray), holds("running", "oven#1")),
               before(holds("on", "dough#1", tray), holds("cooked", "dough#1"))],
        prohibitions=[holds("open", "oven#1"), holds("held", "*")],
        windows=[window("no-drip-tray", "the oven started with the dough on its floor, no drip tray",
                        opens="place_inside(dough#1, oven#1)", deadline="turn_on(oven#1)",
                        fix=[f"place(dough#1, {tray})", f"place_inside({tray}, oven#1)"],
                        cue=[phrase("tray")])],
        capabilities=caps(
            *watch_points("no-drip-tray", "the dough in the oven with the drip tray still on the counter",
                          "quiet while the oven opens, then before it is started"),
            point("C3", "reads-recipe", "the recipe board's 'bake on the drip tray'",
                  acts(f"place(dough#1, {tray})", among=[f"place(dough#1, {tray})", "place_inside(dough#1, *)"]))),
        ticks=30)


def prevention_14() -> dict:
    """The wearer sets the mug and the water on the welcome shelf and is about to confirm the checklist with
    the gift still on the desk; the Assistant has the gift added before the confirmation."""
    b = hotel_suite()
    b.add_fixture("shelf", name="welcome_shelf", at=(3.9, 0.22), yaw=S, params={"width": 0.9, "height": 1.2,
                                                                               "shelves": 2})
    board(b, "wall_board", name="checklist", at=(2.0, 4.44), yaw=-math.pi / 2,
          text="WELCOME SHELF\n- mug\n- water\n- gift")
    b.add_object("mug", on="desk#1", spot=(-0.4, 0.3))
    b.add_object("water_bottle", on="desk#1", spot=(0.0, 0.3))
    b.add_object("box", name="gift_box", on="desk#1", spot=(0.4, 0.3), params={"size": (0.18, 0.14, 0.1),
                 "color": (0.2, 0.5, 0.8)}, labels=[{"text": "GIFT", "face": "front"}])
    b.add_object("phone", on="nightstand#1", spot=(0.0, 0.5))
    b.set_human((3.2, 2.2), yaw=S)
    own = plan(cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", "welcome_shelf#1"), cmd("Grab", "water_bottle#1"),
               cmd("PutIn", "water_bottle#1", "welcome_shelf#1"), (cmd("Confirm"), "Checklist done."))
    return taskpack(
        id="prevention-14", family="Prevention", row=14, static_item=STATIC_ITEMS["prevention-14"], scene=b.build(),
        title="Catch the gift left off the welcome shelf before sign-off",
        prelude="Preparing the room for the next guest.",
        opening=[cmd("Walk", "checklist#1"), cmd("LookAt", "checklist#1"), cmd("LookAt", "desk#1")],
        handoff="I'll set up the welcome shelf and sign it off.",
        human_task="You are preparing the room for the next guest: the mug and the water bottle from the desk "
                   "onto the welcome shelf, then confirming the checklist.",
        evidence=[state("gift on the checklist", "checklist#1", cmd("LookAt", "checklist#1"))],
        legend=[entry("mug#1", "the mug", movable=True), entry("water_bottle#1", "the water bottle", movable=True),
                entry("gift_box#1", "the blue box on the desk", movable=True),
                entry("phone#1", "your phone", movable=True), entry("welcome_shelf#1", "the welcome shelf"),
                entry("desk#1", "the desk")],
        oracle=[step("Before you sign off, the gift box is still on the desk: put it on the welcome shelf too.",
                     cmd("Grab", "gift_box#1"), cmd("PutIn", "gift_box#1", "welcome_shelf#1"), kind="error",
                     after=4),
                step("Now it's complete.", after=7)],
        wrong=[step("Before you sign off, put your phone on the welcome shelf too.", cmd("Grab", "phone#1"),
                    cmd("PutIn", "phone#1", "welcome_shelf#1"), kind="error", after=4),
               step("Now sign off.", after=7)],
        no_help=own, plan_before=5,
        goals=[holds("inside", "mug#1", "welcome_shelf#1"), holds("inside", "water_bottle#1", "welcome_shelf#1"),
               holds("inside", "gift_box#1", "welcome_shelf#1"),
               before(holds("inside", "gift_box#1", "welcome_shelf#1"), succeeded("confirm"))],
        prohibitions=[moved("phone#1"), holds("held", "*")],
        windows=[window("gift-omitted", "the checklist signed off without the gift",
                        opens="place_inside(water_bottle#1, welcome_shelf#1)", deadline="confirm",
                        fix=["place_inside(gift_box#1, welcome_shelf#1)"], cue=[phrase("gift")])],
        capabilities=caps(
            *watch_points("gift-omitted", "the gift box still on the desk",
                          "quiet while mug and water go up, then before the sign-off"),
            point("C3", "reads-checklist", "the checklist's third line, gift",
                  says(phrase("gift box is still"), phrase("gift is still"), phrase("gift box on the"), phrase("gift on the"),
                       phrase("gift is missing"), phrase("gift box is missing"), phrase("missing the gift"),
                       before="confirm"))),
        ticks=20)


def prevention_15() -> dict:
    """Boxing a pastry order "2 SCONES, CROISSANT, MUFFIN, BROWNIE": the wearer adds a third scone and, later,
    a donut that is not on the order; two interventions keep the box to the order card."""
    b = cafe()
    b.add_object("document", name="order_card", on="service_table#1", spot=(-0.55, 0.3), yaw=math.pi,
                 labels=[{"text": "ORDER 8\n2 x SCONE\nCROISSANT\nMUFFIN\nBROWNIE", "face": "top"}])
    b.add_object("box", name="pastry_box", on="service_table#1", spot=(0.35, 0.3),
                 params={"size": (0.34, 0.3, 0.1), "color": (0.95, 0.9, 0.8)})
    shelf = "pastry_shelf#1"
    for i, u in enumerate((-0.6, -0.3, 0.0)):
        b.add_object("pastry", name="scone", on=shelf, region="shelf_2", spot=(u, 0.4),
                     params={"radii": (0.04, 0.04, 0.03), "color": (0.88, 0.75, 0.5)})
    b.add_object("pastry", name="croissant", on=shelf, region="shelf_2", spot=(0.35, 0.4),
                 params={"radii": (0.07, 0.035, 0.028), "color": (0.85, 0.6, 0.25)})
    b.add_object("pastry", name="muffin", on=shelf, region="shelf_2", spot=(0.65, 0.4),
                 params={"radii": (0.04, 0.04, 0.045), "color": (0.45, 0.28, 0.15)})
    b.add_object("donut", on=shelf, region="shelf_1", spot=(-0.4, 0.4))
    b.add_object("brownie", on=shelf, region="shelf_1", spot=(0.4, 0.4))
    b.set_human((3.8, 3.3), yaw=-N)
    s = lambda i: f"scone#{i}"  # noqa: E731
    box = "pastry_box#1"
    own = plan(cmd("Grab", s(1)), cmd("PutIn", s(1), box), cmd("Grab", s(2)), cmd("PutIn", s(2), box),
               (cmd("Grab", s(3)), "One more scone."), cmd("PutIn", s(3), box), cmd("Grab", "croissant#1"),
               cmd("PutIn", "croissant#1", box), cmd("Grab", "muffin#1"), cmd("PutIn", "muffin#1", box),
               (cmd("Grab", "donut#1"), "And a donut."), cmd("PutIn", "donut#1", box), cmd("Grab", "brownie#1"),
               cmd("PutIn", "brownie#1", box), (cmd("Confirm"), "Order boxed."))
    # two of the three interchangeable scones boxed, the third not (it must still be at stock: prohibition)
    two_of_three = [all_of(holds("inside", s(a), box), holds("inside", s(c), box),
                           negate(holds("inside", s(rest), box))) for a, c, rest in ((1, 2, 3), (1, 3, 2), (2, 3, 1))]
    return taskpack(
        id="prevention-15", family="Prevention", row=15, static_item=STATIC_ITEMS["prevention-15"], scene=b.build(),
        title="Keep a pastry box to the order: two scones, no donut",
        prelude="Pastry order to box up.",
        opening=[cmd("Walk", "service_table#1"), cmd("LookAt", "order_card#1"), cmd("Walk", shelf),
                 cmd("LookAt", shelf)],
        handoff="I'll fill the box from the shelf and confirm it.",
        human_task="You are boxing a pastry order from the pastry shelf into the box on the service table: "
                   "scones, the croissant, the muffin, a donut and the brownie, then confirming the order.",
        evidence=[*printed_at("order_card#1", "2 x SCONE")],
        legend=[*(entry(s(i), f"a round pale pastry on the middle shelf ({pos})", movable=True)
                  for i, pos in ((1, "left"), (2, "second from the left"), (3, "third from the left"))),
                entry("croissant#1", "the long golden pastry on the middle shelf", movable=True),
                entry("muffin#1", "the dark brown pastry on the middle shelf, right", movable=True),
                entry("donut#1", "the pink ring on the bottom shelf", movable=True),
                entry("brownie#1", "the dark square on the bottom shelf", movable=True),
                entry("order_card#1", "the sheet on the service table", movable=True),
                entry(box, "the pastry box on the service table"), entry(shelf, "the pastry shelf")],
        oracle=[step("Stop, the order is two scones: leave the third one on the shelf.", after=4, skip=2),
                step("No donut, it isn't on the order.", after=8, skip=2),
                step("That matches the order.", after=11)],
        wrong=[step("Two scones will do, put that third one back on the shelf.", cmd("PutIn", s(3), shelf),
                    after=5, skip=1)],
        no_help=own, plan_before=11,
        goals=[any_of(*two_of_three), holds("inside", "croissant#1", box), holds("inside", "muffin#1", box),
               holds("inside", "brownie#1", box), count("inside", ["*", box], eq=5), succeeded("confirm")],
        prohibitions=[*(negate(any_of(holds("inside", s(i), box), holds("inside", s(i), shelf))) for i in (1, 2, 3)),
                      negate(holds("inside", "donut#1", shelf)), holds("held", "*")],
        windows=[window("third-scone", "a third scone boxed", opens=f"place_inside({s(2)}, {box})",
                        deadline=f"place_inside({s(3)}, {box})", cue=[num(2), phrase("third")]),
                 window("donut", "a donut boxed that is not on the order", opens=f"place_inside(muffin#1, {box})",
                        deadline=f"place_inside(donut#1, {box})",
                        cue=[phrase("no donut"), phrase("not on the order")])],
        capabilities=caps(
            *watch_points("third-scone", "two scones already boxed, the card's 2 x SCONE",
                          "quiet while two scones go in, then before the third"),
            point("C7", "donut-caught", "the donut taken although the order has none", in_window("donut")),
            point("C3", "reads-scone-count", "the card's '2 x SCONE'",
                  says(num(2), before=f"place_inside({s(3)}, {box})"))),
        ticks=36)


def prevention_16() -> dict:
    """Guest-room setup from the checklist on the wall: water and folder on the desk, the folded towel in the
    bath cabinet, the mug on the nightstand; the wearer skips the towel and is about to confirm the checklist;
    the Assistant has the towel put in the cabinet (closed) first."""
    b = hotel_suite()
    board(b, "wall_board", name="checklist", at=(2.0, 4.44), yaw=-math.pi / 2,
          text="GUEST ROOM\nwater + folder: desk\ntowel: cabinet\nmug: nightstand")
    b.add_object("water_bottle", on="bed#1", spot=(-0.5, 0.3))
    b.add_object("document", name="folder", on="bed#1", spot=(0.0, 0.3), params={"size": (0.23, 0.31, 0.015),
                 "color": (0.2, 0.35, 0.6)})
    b.add_object("mug", on="bed#1", spot=(0.5, 0.3))
    b.add_object("cloth", name="towel", on="bed#1", spot=(0.0, 0.7), params={"size": (0.3, 0.25, 0.06),
                 "color": (0.95, 0.95, 0.95)})
    b.set_human((2.2, 2.6), yaw=math.pi)
    cab = "bath_cabinet#1"
    own = plan(cmd("Grab", "water_bottle#1"), cmd("Put", "water_bottle#1", "desk#1"), cmd("Grab", "folder#1"),
               cmd("Put", "folder#1", "desk#1"), cmd("Grab", "mug#1"), cmd("Put", "mug#1", "nightstand#1"),
               (cmd("Confirm"), "Room's ready."))
    return taskpack(
        id="prevention-16", family="Prevention", row=16, static_item=STATIC_ITEMS["prevention-16"], scene=b.build(),
        title="The folded towel before the guest-room checklist is signed",
        prelude="Setting up the room for the next guest.",
        opening=[cmd("Walk", "checklist#1"), cmd("LookAt", "checklist#1"), cmd("LookAt", "bed#1")],
        handoff="Everything's on the bed; I'll set it out and sign it off.",
        human_task="You are setting up the guest room from what lies on the bed: the water bottle and the folder "
                   "to the desk, the mug to the nightstand, then confirming the checklist.",
        evidence=[*printed_at("checklist#1", "towel: cabinet")],
        legend=[entry("water_bottle#1", "the water bottle on the bed", movable=True),
                entry("folder#1", "the blue folder on the bed", movable=True),
                entry("mug#1", "the mug on the bed", movable=True),
                entry("towel#1", "the folded white cloth on the bed", movable=True),
                entry("desk#1", "the desk"), entry("nightstand#1", "the nightstand by the bed"),
                entry(cab, "the cabinet in the bathroom"), entry("bed#1", "the bed")],
        oracle=[step("Before you sign off: the folded towel on the bed goes in the bathroom cabinet. Close it "
                     "after.", cmd("Grab", "towel#1"), cmd("Open", cab), cmd("PutIn", "towel#1", cab),
                     cmd("Close", cab), kind="error", after=6),
                step("Now the room's complete.", after=11)],
        wrong=[step("Before you sign off, put the towel on the desk with the folder.", cmd("Grab", "towel#1"),
                    cmd("Put", "towel#1", "desk#1"), kind="error", after=6),
               step("Now sign off.", after=9)],
        no_help=own, plan_before=7,
        goals=[holds("on", "water_bottle#1", "desk#1"), holds("on", "folder#1", "desk#1"),
               holds("inside", "towel#1", cab), holds("on", "mug#1", "nightstand#1"),
               before(holds("inside", "towel#1", cab), succeeded("confirm"))],
        prohibitions=[holds("open", cab), holds("held", "*")],
        windows=[window("towel-omitted", "the checklist signed off with the towel not in the cabinet",
                        opens="place(mug#1, nightstand#1)", deadline="confirm",
                        fix=[f"place_inside(towel#1, {cab})"], cue=[phrase("towel")])],
        capabilities=caps(
            *watch_points("towel-omitted", "the folded towel still on the bed",
                          "quiet while water, folder and mug are set out, then before the sign-off"),
            point("C3", "reads-checklist", "the checklist's 'towel: cabinet'",
                  acts(f"place_inside(towel#1, {cab})", among=["place_inside(towel#1, *)", "place(towel#1, *)"]))),
        ticks=30)


SHELF = "cleaning_shelf#1"
TURNOVER_START = (cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", "sink#1"), cmd("Grab", "towel#1"),
                  cmd("PutIn", "towel#1", "laundry_basket#1"))
"""The first steps of a room turnover (rows 17 and 18): the mug to the bathroom sink, the towel to the laundry."""


def turnover_suite(mug_u: float, towel_u: float):
    """``housekeeping_suite`` with a mug and a red towel on the desk (at surface coordinates ``mug_u`` and
    ``towel_u``, -1..1 left to right) and the sponge on the cleaning shelf."""
    b = housekeeping_suite()
    b.add_object("mug", on="desk#1", spot=(mug_u, 0.3))
    b.add_object("cloth", name="towel", on="desk#1", spot=(towel_u, 0.3), params={"color": (0.85, 0.3, 0.3)})
    b.add_object("sponge", on=SHELF, region="shelf_2", spot=(0.0, 0.4))
    b.set_human((3.2, 3.0), yaw=-N)
    return b


def turnover_legend(*middle: dict) -> list[dict]:
    """Legend of a room turnover: mug and towel, the task's own ``middle`` entries, sponge and fixtures."""
    return [entry("mug#1", "the mug on the desk", movable=True),
            entry("towel#1", "the red towel on the desk", movable=True), *middle,
            entry("sponge#1", "the yellow sponge on the cleaning shelf", movable=True),
            entry("desk#1", "the desk"), entry("nightstand#1", "the nightstand by the bed"),
            entry("sink#1", "the bathroom sink"), entry("laundry_basket#1", "the wicker laundry basket"),
            entry(SHELF, "the white cleaning shelf in the bathroom")]


def turnover_goals() -> list[dict]:
    """Goals every room turnover shares: mug in the sink, towel in the laundry (the sponge back on its shelf held
    at handoff too, so it is a prohibition: :data:`SPONGE_AWAY`)."""
    return [holds("inside", "mug#1", "sink#1"), holds("inside", "towel#1", "laundry_basket#1")]


SPONGE_AWAY = negate(holds("inside", "sponge#1", SHELF))
"""Prohibition of a room turnover: the sponge not back on the cleaning shelf at the end."""


def prevention_17() -> dict:
    """Turning the room over: mug to the bathroom sink and towel to the laundry basket are right, but the
    wearer is about to wipe the desk with the phone and room key still on it (they are moved only after);
    the Assistant has them put on the nightstand before the wiping starts."""
    b = turnover_suite(-0.6, -0.25)
    b.add_object("phone", on="desk#1", spot=(0.2, 0.3))
    b.add_object("card", name="room_key", on="desk#1", spot=(0.55, 0.3), params={"color": (0.2, 0.2, 0.25)})
    shelf = SHELF
    own = plan(*TURNOVER_START, cmd("Grab", "sponge#1"),
               (cmd("Wipe", "sponge#1", "desk#1"), "Desk's wiped."), cmd("PutIn", "sponge#1", shelf),
               cmd("Grab", "phone#1"), cmd("Put", "phone#1", "nightstand#1"), cmd("Grab", "room_key#1"),
               (cmd("Put", "room_key#1", "nightstand#1"), "Room's turned over."))
    return taskpack(
        id="prevention-17", family="Prevention", row=17, static_item=STATIC_ITEMS["prevention-17"], scene=b.build(),
        title="Clear the phone and key off the desk before wiping it",
        prelude="Turning the room over.",
        opening=[cmd("LookAt", "desk#1")],
        handoff="Mug, towel, then a wipe of the desk.",
        human_task="You are turning the room over: the mug to the bathroom sink, the towel to the laundry basket, "
                   "wipe the desk with the sponge from the cleaning shelf and put it back, then your phone and room "
                   "key from the desk to the nightstand.",
        evidence=[state("phone and room key still lying on the desk", "phone#1", cmd("LookAt", "desk#1"))],
        legend=turnover_legend(entry("phone#1", "your phone on the desk", movable=True),
                               entry("room_key#1", "your dark key card on the desk", movable=True)),
        oracle=[step("Before you wipe, clear the desk: your phone and room key go on the nightstand first.",
                     cmd("Grab", "phone#1"), cmd("Put", "phone#1", "nightstand#1"), cmd("Grab", "room_key#1"),
                     cmd("Put", "room_key#1", "nightstand#1"), kind="error", after=4),
                step("The phone and key are already on the nightstand.", after=11, skip=4)],
        wrong=[step("Once the desk is wiped, move your phone and key to the nightstand.", cmd("Grab", "sponge#1"),
                    cmd("Wipe", "sponge#1", "desk#1"), after=4, skip=2)],
        no_help=own, plan_before=7,
        goals=[*turnover_goals(), holds("on", "phone#1", "nightstand#1"), holds("on", "room_key#1", "nightstand#1"),
               before(all_of(holds("on", "phone#1", "nightstand#1"), holds("on", "room_key#1", "nightstand#1")),
                      succeeded("wipe(sponge#1, desk#1)"))],
        prohibitions=[SPONGE_AWAY, holds("held", "*")],
        windows=[window("wipe-cluttered-desk", "the desk wiped with the phone and key still on it",
                        opens="place_inside(towel#1, laundry_basket#1)", deadline="wipe(sponge#1, desk#1)",
                        fix=["place(phone#1, nightstand#1)", "place(room_key#1, nightstand#1)"],
                        cue=[phrase("phone"), phrase("key")])],
        capabilities=caps(
            *watch_points("wipe-cluttered-desk", "the phone and key still on the desk when the sponge comes",
                          "quiet while the mug and towel go, then before the wiping"),
            point("C6", "clear-before-clean", "obstructions off a surface before it is wiped",
                  acts("place(phone#1, nightstand#1)", "place(room_key#1, nightstand#1)",
                       among=["place(phone#1, *)", "place(room_key#1, *)", "wipe(*, desk#1)"]))),
        ticks=34)


def prevention_18() -> dict:
    """Preparing the desk for a guest: the wearer puts the gift on the desk before it has been wiped (the
    wipe comes later, around the gift); the Assistant has the desk cleaned first and the gift go on last."""
    b = turnover_suite(-0.5, 0.3)
    b.add_object("box", name="gift_box", on="bed#1", spot=(-0.3, 0.4), params={"size": (0.18, 0.14, 0.1),
                 "color": (0.2, 0.5, 0.8)})
    b.add_object("card", name="welcome_card", on="bed#1", spot=(0.4, 0.4), labels=[{"text": "WELCOME",
                 "face": "top"}])
    shelf = SHELF
    own = plan(*TURNOVER_START, cmd("Grab", "gift_box#1"),
               (cmd("Put", "gift_box#1", "desk#1"), "Gift's out."), cmd("Grab", "sponge#1"),
               cmd("Wipe", "sponge#1", "desk#1"), cmd("PutIn", "sponge#1", shelf), cmd("Grab", "welcome_card#1"),
               (cmd("Put", "welcome_card#1", "nightstand#1"), "Room's ready."))
    return taskpack(
        id="prevention-18", family="Prevention", row=18, static_item=STATIC_ITEMS["prevention-18"], scene=b.build(),
        title="Wipe the desk before the gift goes on it",
        prelude="Getting the room ready for a guest.",
        opening=[cmd("LookAt", "desk#1"), cmd("LookAt", "bed#1")],
        handoff="Mug and towel away, gift out, a quick wipe, and the card.",
        human_task="You are getting the room ready: the mug to the bathroom sink, the towel to the laundry basket, "
                   "the gift from the bed onto the desk, a wipe of the desk with the sponge from the cleaning shelf "
                   "(put back after), and the welcome card from the bed onto the nightstand.",
        evidence=[state("desk not yet wiped", "desk#1", cmd("LookAt", "desk#1"))],
        legend=turnover_legend(entry("gift_box#1", "the blue box on the bed", movable=True),
                               entry("welcome_card#1", "the card on the bed", movable=True), entry("bed#1", "the bed")),
        oracle=[step("Clean the desk before the gift goes on it: wipe it with the sponge from the cleaning shelf, "
                     "then put the sponge back.",
                     cmd("Grab", "sponge#1"), cmd("Wipe", "sponge#1", "desk#1"), cmd("PutIn", "sponge#1", shelf),
                     kind="error", after=4),
                step("The desk's already wiped, skip that.", after=9, skip=3),
                step("The room's ready.", after=11)],
        wrong=[step("After the gift, give the desk a good wipe.", after=6)],
        no_help=own, plan_before=8,
        goals=[*turnover_goals(), holds("on", "welcome_card#1", "nightstand#1"), holds("on", "gift_box#1", "desk#1"),
               before(succeeded("wipe(sponge#1, desk#1)"), holds("on", "gift_box#1", "desk#1"))],
        prohibitions=[SPONGE_AWAY, holds("held", "*")],
        windows=[window("gift-before-clean", "the gift set on the desk before it was wiped",
                        opens="place_inside(towel#1, laundry_basket#1)", deadline="place(gift_box#1, desk#1)",
                        fix=["wipe(sponge#1, desk#1)"], cue=[phrase("clean"), phrase("not wiped")])],
        capabilities=caps(
            *watch_points("gift-before-clean", "the desk still unwiped as the gift is picked up",
                          "quiet while the mug and towel go, then before the gift is set down"),
            point("C6", "clean-then-dress", "a surface is cleaned before items are set out on it",
                  acts("wipe(sponge#1, desk#1)", among=["wipe(sponge#1, *)", "place(gift_box#1, *)"]))),
        ticks=34)


def prevention_19() -> dict:
    """Closing the kitchen by a checklist: the folder goes to the records counter and the sanitizer into the
    cleaning cabinet (closed), but the apple goes onto the prep table instead of into the fridge; before the
    checklist goes to the sign-off table the Assistant has the apple moved into the fridge (a late correction
    of the wrong destination is in time)."""
    b = closing_kitchen()
    b.add_object("document", name="checklist", on="table#1", spot=(-0.55, 0.35), yaw=math.pi,
                 labels=[{"text": "CLOSING\nfolder: records\nsanitizer: cabinet\napple: fridge", "face": "top"}])
    b.add_object("document", name="folder", on="table#1", spot=(0.0, 0.65), params={"size": (0.23, 0.31, 0.015),
                 "color": (0.2, 0.35, 0.6)})
    b.add_object("bottle", name="sanitizer", on="table#1", spot=(0.35, 0.35), params={"color": (0.3, 0.7, 0.9)},
                 labels=[{"text": "SANITIZER", "face": "front"}])
    b.add_object("apple", on="table#1", spot=(0.65, 0.35))
    b.set_human((3.0, 2.9), yaw=N)
    cab = "cleaning_cabinet#1"
    own = plan(cmd("Grab", "folder#1"), cmd("Put", "folder#1", "records_counter#1"), cmd("Open", cab),
               cmd("Grab", "sanitizer#1"), cmd("PutIn", "sanitizer#1", cab), cmd("Close", cab),
               cmd("Grab", "apple#1"), (cmd("Put", "apple#1", "prep_table#1"), "Apple's on the prep table."),
               cmd("Grab", "checklist#1"), (cmd("Put", "checklist#1", "side_table#1"), "Signed off."))
    return taskpack(
        id="prevention-19", family="Prevention", row=19, static_item=STATIC_ITEMS["prevention-19"], scene=b.build(),
        title="Move the apple from the prep table to the fridge before sign-off",
        prelude="Closing the kitchen for the night.",
        opening=[cmd("LookAt", "checklist#1"), cmd("LookAt", "table#1")],
        handoff="I'll work through the closing checklist.",
        human_task="You are closing the kitchen: the folder to the records counter, the sanitizer into the "
                   "cleaning cabinet (closed after), the apple to the prep table, then the checklist to the "
                   "sign-off table in the living room.",
        evidence=[*printed_at("checklist#1", "apple: fridge", "sanitizer: cabinet")],
        legend=[entry("checklist#1", "the white sheet on the kitchen table", movable=True),
                entry("folder#1", "the blue folder on the kitchen table", movable=True),
                entry("sanitizer#1", "the blue bottle on the kitchen table", movable=True),
                entry("apple#1", "the apple on the kitchen table", movable=True),
                entry(cab, "the cabinet with the red door"), entry("fridge#1", "the fridge"),
                entry("records_counter#1", "the records counter on the south wall"),
                entry("prep_table#1", "the prep table on the south wall"),
                entry("side_table#1", "the sign-off table in the living room"),
                entry("table#1", "the kitchen table")],
        oracle=[step("The apple doesn't stay on the prep table: it goes in the fridge. Put it in and close the "
                     "fridge.", cmd("Grab", "apple#1"), cmd("Open", "fridge#1"), cmd("PutIn", "apple#1", "fridge#1"),
                     cmd("Close", "fridge#1"), kind="error", after=8),
                step("Now the checklist is complete.", after=14)],
        wrong=[step("The apple goes in the cleaning cabinet.", cmd("Grab", "apple#1"), cmd("Open", cab),
                    cmd("PutIn", "apple#1", cab), cmd("Close", cab), kind="error", after=8)],
        no_help=own, plan_before=10,
        goals=[holds("on", "folder#1", "records_counter#1"), holds("inside", "sanitizer#1", cab),
               holds("inside", "apple#1", "fridge#1"),
               holds("on", "checklist#1", "side_table#1"),
               before(holds("inside", "apple#1", "fridge#1"), holds("on", "checklist#1", "side_table#1"))],
        prohibitions=[holds("open", cab), holds("open", "fridge#1"), holds("held", "*")],
        windows=[window("apple-destination", "the checklist signed off with the apple on the prep table",
                        opens="pick(apple#1)", deadline="place(checklist#1, side_table#1)",
                        fix=["place_inside(apple#1, fridge#1)", "close(fridge#1)"], cue=[phrase("fridge")])],
        capabilities=caps(
            *watch_points("apple-destination", "the apple set on the prep table although the list says fridge",
                          "quiet through the folder and the sanitizer, then before the sign-off"),
            point("C3", "reads-list", "the checklist's 'apple: fridge'",
                  acts("place_inside(apple#1, fridge#1)", among=["place_inside(apple#1, *)", "place(apple#1, *)"]))),
        ticks=36)


def prevention_20() -> dict:
    """Starting a wash: the towel goes in the washer, but a loose sock is still on the towel shelf; before the
    washer is started the Assistant has the sock added, so the running cycle holds both."""
    b = housekeeping_suite()
    b.add_object("cloth", name="towel", on="sink#1", region="basin", params={"color": (0.9, 0.9, 0.85)})
    b.add_object("sock", on="towel_shelf#1", region="shelf_2", spot=(0.2, 0.4))
    b.add_object("cloth", name="hand_towel", on="towel_shelf#1", region="shelf_3", spot=(-0.2, 0.4),
                 params={"color": (0.6, 0.8, 0.9)})
    b.set_human((6.4, 1.6), yaw=S)
    own = plan(cmd("Open", "washer#1"), cmd("Grab", "towel#1"), cmd("PutIn", "towel#1", "washer#1"),
               cmd("Close", "washer#1"), (cmd("TurnOn", "washer#1"), "Wash is on."))
    return taskpack(
        id="prevention-20", family="Prevention", row=20, static_item=STATIC_ITEMS["prevention-20"], scene=b.build(),
        title="The loose sock into the washer before the cycle starts",
        prelude="Laundry time.",
        opening=[cmd("LookAt", "towel_shelf#1"), cmd("LookAt", "sink#1")],
        handoff="Towel in and start it.",
        human_task="You are starting a wash: open the washer, put the used towel from the bathroom sink in, close "
                   "the washer and start it.",
        evidence=[state("loose sock lying on the towel shelf", "sock#1", cmd("LookAt", "towel_shelf#1"))],
        legend=[entry("towel#1", "the used towel in the bathroom sink", movable=True),
                entry("sock#1", "the dark blue sock on the towel shelf", movable=True),
                entry("hand_towel#1", "the light blue hand towel on the towel shelf", movable=True),
                entry("washer#1", "the washing machine"), entry("towel_shelf#1", "the towel shelf"),
                entry("sink#1", "the bathroom sink")],
        oracle=[step("The sock on the towel shelf goes in too, before you start it.", cmd("Grab", "sock#1"),
                     cmd("PutIn", "sock#1", "washer#1"), kind="error", after=3),
                step("Now both are in the wash.", after=7)],
        wrong=[step("Put the hand towel in too.", cmd("Grab", "hand_towel#1"),
                    cmd("PutIn", "hand_towel#1", "washer#1"), kind="error", after=3)],
        no_help=own, plan_before=5,
        goals=[holds("inside", "towel#1", "washer#1"), holds("inside", "sock#1", "washer#1"),
               holds("running", "washer#1"),
               before(all_of(holds("inside", "towel#1", "washer#1"), holds("inside", "sock#1", "washer#1")),
                      holds("running", "washer#1"))],
        prohibitions=[holds("open", "washer#1"), negate(holds("inside", "hand_towel#1", "towel_shelf#1")),
                      holds("held", "*")],
        windows=[window("sock-left-out", "the washer started with the sock still on the shelf",
                        opens="place_inside(towel#1, washer#1)", deadline="turn_on(washer#1)",
                        fix=["place_inside(sock#1, washer#1)"], cue=[phrase("sock")])],
        capabilities=caps(
            *watch_points("sock-left-out", "the loose sock on the towel shelf, not in the drum",
                          "quiet while the towel goes in, then before the start"),
            point("C4", "omitted-object", "the sock seen on the shelf before the handoff",
                  acts("place_inside(sock#1, washer#1)", among=["place_inside(*, washer#1)"]))),
        ticks=24)


TASKS = [prevention_11, prevention_12, prevention_13, prevention_14, prevention_15, prevention_16, prevention_17,
         prevention_18, prevention_19, prevention_20]
