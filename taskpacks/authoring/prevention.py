"""Prevention (WATCH) TaskPacks: the wearer follows a private no-advice plan that is mostly right but
contains a consequential error; the Assistant stays quiet during correct work and intervenes before
the error's deadline (paper Table 11). Rows 2, 5, 7, 14 and 19.

Each task declares its intervention window (the plan step the Assistant must pre-empt, the fix, the cue an
intervention must say) and is scored WATCH-binary: the hazard never happened and the safe remainder of the
plan completed. The goals include the plan's last step, so a plan cut short before the error never passes.

The no-help program is the Human's private plan (it contains the error, so the no-help and silent
runs fail). ``after`` on an oracle step is the number of command segments since handoff before the
Assistant speaks, i.e. how many plan steps the wearer has done; a closing acknowledgement step with
no commands lets the rest of the plan run before the Assistant says ``done``.
"""
from __future__ import annotations

import math

from common import (acts, any_of, before, caps, cmd, count, entry, ever, holds, in_window, moved, num, phrase, plan,
                   point, printed, printed_at, says, state, step, taskpack, window)
from scenes import S, board, cafe, hotel_suite, kitchen_house
from common import num, static  # the static variant (paper D.3) and its rule values


def prevention_02() -> dict:
    """Exactly six servings: after the 1-, 3- and one 2-serving box are on the service table, the wearer is
    about to add the second 2-serving box (seven); the Assistant stops that."""
    b = cafe()
    board(b, "wall_board", name="order_card", at=(3.0, 0.06), yaw=S, text="PARTY ORDER\nexactly\n6 servings")
    for i, (n, text) in enumerate(((1, "1 SERVING"), (3, "3 SERVINGS"), (2, "2 SERVINGS"), (2, "2 SERVINGS"))):
        b.add_object("box", name="pastry_box", on="stock_table#1", spot=(-0.75 + 0.5 * i, 0.3),
                     params={"size": (0.16 + 0.03 * n, 0.16, 0.08), "color": (0.95, 0.85, 0.7)},
                     labels=[{"text": text, "face": "front"}])
    b.add_object("plate", on="service_table#1", spot=(0.5, 0.6))
    b.set_human((3.0, 1.0), yaw=S)
    p = lambda i: f"pastry_box#{i}"  # noqa: E731
    own = plan(cmd("Grab", p(1)), cmd("Put", p(1), "service_table#1"), cmd("Grab", p(2)),
               cmd("Put", p(2), "service_table#1"), cmd("Grab", p(3)), cmd("Put", p(3), "service_table#1"),
               (cmd("Grab", p(4)), "And the other two-serving box."), cmd("Put", p(4), "service_table#1"),
               (cmd("Confirm"), "Order's out."))
    return taskpack(
        id="prevention-02", family="Prevention", static_item=STATIC_ITEMS["prevention-02"], row=2, scene=b.build(),
        title="Stop a seventh serving going on the party table",
        prelude="I'm putting out the party order from the stock room.",
        opening=[cmd("LookAt", "order_card#1"), cmd("Walk", "stock_table#1"), cmd("LookAt", p(1)),
                 cmd("LookAt", p(2)), cmd("LookAt", p(3)), cmd("LookAt", p(4)), cmd("Walk", "service_table#1")],
        handoff="Right, I'll carry the pastry boxes out to the service table now.",
        human_task="You are putting out the party order: carrying the pastry boxes from the stock table to the "
                   "service table, one at a time.",
        evidence=[*printed_at("order_card#1", "exactly 6 servings")] +
                 [printed(text, p(i), cmd("LookAt", p(i))) for i, text in
                  ((1, "1 SERVING"), (2, "3 SERVINGS"), (3, "2 SERVINGS"), (4, "2 SERVINGS"))],
        legend=[entry(p(1), "the small pastry box", movable=True), entry(p(2), "the large pastry box", movable=True),
                entry(p(3), "a medium pastry box", movable=True), entry(p(4), "a medium pastry box", movable=True),
                entry("service_table#1", "the service table"), entry("stock_table#1", "the stock table")],
        oracle=[step("Stop, that's already six servings. Leave the last two-serving box in the stock room.",
                     after=6, skip=2),
                step("Good, six servings exactly.", after=7)],
        wrong=[step("Keep going, bring the last box out as well.", cmd("Grab", p(4)), cmd("Put", p(4), "service_table#1"),
                    after=6, skip=2)],
        no_help=own, plan_before=7,
        goals=[holds("on", p(1), "service_table#1"), holds("on", p(2), "service_table#1"),
               any_of(holds("on", p(3), "service_table#1"), holds("on", p(4), "service_table#1")),
               count("on", ["*", "service_table#1"], eq=4), {"succeeded": "confirm"}],
        prohibitions=[holds("held", "*")],
        windows=[window("seventh-serving", "a seventh serving carried out", opens=f"place({p(3)}, service_table#1)",
                        deadline=f"pick({p(4)})", fix=["confirm"], cue=[num(6)])],
        capabilities=caps(
            point("C7", "seventh-serving-caught", "1 + 3 + 2 servings already make the 6 on the order card",
                  in_window("seventh-serving")),
            point("C8", "intervened-in-time", "quiet while the first three boxes go out, then before the fourth",
                  in_window("seventh-serving", quiet_before=True)),
            point("C3", "reads-servings", "the exactly 6 servings printed on the order card",
                  says(num(6), before=f"pick({p(4)})"))),
        ticks=22)


def prevention_05() -> dict:
    """The dough is about to go into the oven without the X score the recipe asks for; the Assistant has the
    wearer cut it first, then lets the loading, closing and start-up go on."""
    b = kitchen_house(recipe="COUNTRY BREAD\nscore an X on top\nthen bake")
    b.add_object("bread", name="dough", on="counter#1", spot=(-0.1, 0.3), params={"color": (0.93, 0.88, 0.75)})
    b.add_object("knife", on="counter#1", spot=(0.45, 0.25))
    b.add_object("bowl", on="counter#1", spot=(-0.5, 0.4))
    b.add_object("spoon", on="counter#2", spot=(0.0, 0.3))
    b.set_human((2.5, 3.2), yaw=S)
    own = plan(cmd("Open", "oven#1"), cmd("Grab", "dough#1"), cmd("PutIn", "dough#1", "oven#1"),
               cmd("Close", "oven#1"), (cmd("TurnOn", "oven#1"), "Bread's in."))
    return taskpack(
        id="prevention-05", family="Prevention", static_item=STATIC_ITEMS["prevention-05"], row=5, scene=b.build(),
        title="Score the dough before it goes in the oven",
        prelude="The dough has proved; time to bake.",
        opening=[cmd("Walk", "recipe_board#1"), cmd("LookAt", "recipe_board#1"), cmd("LookAt", "dough#1")],
        handoff="I'll get the bread in the oven.",
        human_task="The dough has proved and you are baking it: open the oven, put the dough in, close the oven "
                   "and switch it on.",
        evidence=[*printed_at("recipe_board#1", "score an X on top")],
        legend=[entry("dough#1", "the bread dough", movable=True), entry("knife#1", "the knife", movable=True),
                entry("bowl#1", "the bowl", movable=True), entry("oven#1", "the oven"),
                entry("counter#1", "the counter left of the cooktop")],
        oracle=[step("Wait, score the dough first: take the knife, cut an X into the dough and put the knife back.",
                     cmd("Grab", "knife#1"), cmd("Cut", "dough#1", "knife#1"), cmd("Put", "knife#1", "counter#1"),
                     kind="error", after=1),
                step("Good, now it can bake.", after=8)],
        wrong=[step("Wait, switch the oven on first so it preheats.", cmd("TurnOn", "oven#1"), kind="error", after=1,
                    skip=4),
               step("Now put the dough in and close the oven.", cmd("Grab", "dough#1"),
                    cmd("PutIn", "dough#1", "oven#1"), cmd("Close", "oven#1"))],
        no_help=own, plan_before=5,
        goals=[holds("cut", "dough#1"), holds("inside", "dough#1", "oven#1"), holds("running", "oven#1"),
               before(holds("cut", "dough#1"), holds("inside", "dough#1", "oven#1"))],
        prohibitions=[holds("open", "oven#1"), holds("held", "*")],
        windows=[window("unscored-dough", "the dough baked without its X", opens="open(oven#1)",
                        deadline="place_inside(dough#1, oven#1)", fix=["cut(dough#1, knife#1)"],
                        cue=[phrase("score"), phrase("cut")])],
        capabilities=caps(
            point("C7", "unscored-dough", "the dough on the counter has no X yet", in_window("unscored-dough")),
            point("C8", "before-the-oven", "intervene once the oven is open, before the dough goes in",
                  in_window("unscored-dough", quiet_before=True)),
            point("C3", "reads-recipe", "the recipe board's 'score an X on top'",
                  says(phrase("x"), before="place_inside(dough#1, oven#1)"))),
        ticks=22)


def prevention_07() -> dict:
    """The wearer takes the milk out and is about to leave the fridge open while fetching the phone from the
    living room; the Assistant has it closed before they go."""
    b = kitchen_house()
    b.add_object("milk_carton", on="fridge#1", region="shelf_2", labels=[{"text": "MILK", "face": "front"}])
    b.add_object("juice_carton", on="fridge#1", region="shelf_2")
    b.add_object("phone", on="side_table#1", spot=(0.0, 0.4))
    b.add_object("plate", on="table#1", spot=(0.0, 0.4))
    b.add_object("cup", on="table#1", spot=(0.4, 0.4))
    b.set_human((2.0, 3.2), yaw=math.pi)
    own = plan(cmd("Open", "fridge#1"), cmd("Grab", "milk_carton#1"), cmd("Put", "milk_carton#1", "table#1"),
               (cmd("Grab", "phone#1"), "Now where's my phone..."), cmd("Put", "phone#1", "table#1"))
    return taskpack(
        id="prevention-07", family="Prevention", static_item=STATIC_ITEMS["prevention-07"], row=7, scene=b.build(),
        title="Close the fridge before leaving for the phone",
        prelude="Breakfast time.",
        opening=[cmd("LookAt", "fridge#1"), cmd("LookAt", "table#1")],
        handoff="I'll get the milk out and fetch my phone from the living room.",
        human_task="Breakfast: you are taking the milk out of the fridge to the breakfast table, then fetching "
                   "your phone from the living room.",
        evidence=[state("fridge left open", "fridge#1")],
        legend=[entry("milk_carton#1", "the milk", movable=True), entry("juice_carton#1", "the juice", movable=True),
                entry("phone#1", "your phone", movable=True), entry("fridge#1", "the fridge"),
                entry("table#1", "the breakfast table"), entry("side_table#1", "the living-room side table")],
        oracle=[step("Close the fridge before you go for your phone.", cmd("Close", "fridge#1"), kind="error",
                     after=3),
                step("All set, enjoy breakfast.", after=6)],
        wrong=[step("Leave the fridge, just get your phone.", cmd("Grab", "phone#1"), cmd("Put", "phone#1", "table#1"),
                    after=3, skip=2)],
        no_help=own, plan_before=5,
        goals=[holds("on", "milk_carton#1", "table#1"), holds("on", "phone#1", "table#1")],
        prohibitions=[holds("open", "fridge#1"), moved("juice_carton#1"), holds("held", "*")],
        windows=[window("open-fridge", "leaving for the phone with the fridge open", opens="open(fridge#1)",
                        deadline="pick(phone#1)", fix=["close(fridge#1)"], cue=[phrase("fridge")])],
        capabilities=caps(
            point("C7", "open-fridge-noticed", "the fridge door still open after the milk came out",
                  in_window("open-fridge")),
            point("C8", "before-leaving", "quiet while the milk comes out, then before the wearer leaves",
                  in_window("open-fridge", quiet_before=True)),
            point("C4", "off-screen-state", "the open door, which leaves the view as the wearer turns away",
                  acts("close(fridge#1)"))),
        ticks=20)


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
        id="prevention-14", family="Prevention", static_item=STATIC_ITEMS["prevention-14"], row=14, scene=b.build(),
        title="Catch the gift left off the welcome shelf before sign-off",
        prelude="Preparing the room for the next guest.",
        opening=[cmd("Walk", "checklist#1"), cmd("LookAt", "checklist#1"), cmd("LookAt", "desk#1")],
        handoff="I'll set up the welcome shelf and sign it off.",
        human_task="You are preparing the room for the next guest: setting up the welcome shelf from what is on "
                   "the desk and then confirming the checklist.",
        evidence=[state("gift on the checklist", "checklist#1", cmd("LookAt", "checklist#1"))],
        legend=[entry("mug#1", "the mug", movable=True), entry("water_bottle#1", "the water bottle", movable=True),
                entry("gift_box#1", "the blue gift box", movable=True), entry("phone#1", "your phone", movable=True),
                entry("welcome_shelf#1", "the welcome shelf"), entry("desk#1", "the desk")],
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
               before(holds("inside", "gift_box#1", "welcome_shelf#1"), {"succeeded": "confirm"})],
        prohibitions=[moved("phone#1"), holds("held", "*")],
        windows=[window("gift-omitted", "the checklist signed off without the gift", opens=
                        "place_inside(water_bottle#1, welcome_shelf#1)", deadline="confirm",
                        fix=["place_inside(gift_box#1, welcome_shelf#1)"], cue=[phrase("gift")])],
        capabilities=caps(
            point("C7", "omission-caught", "the gift box still on the desk", in_window("gift-omitted")),
            point("C8", "before-sign-off", "quiet while mug and water go up, then before the sign-off",
                  in_window("gift-omitted", quiet_before=True)),
            point("C3", "reads-checklist", "the checklist's third line, gift",
                  says(phrase("gift"), before="confirm"))),
        ticks=20)


def prevention_19() -> dict:
    """Closing list: the sanitizer goes in the pantry cabinet (done right), but the wearer is about to put the
    apple on the counter instead of in the fridge; the Assistant redirects it into the fridge."""
    b = kitchen_house()
    board(b, "wall_board", name="closing_list", at=(0.06, 2.6), yaw=0.0,
          text="CLOSING LIST\nsanitizer: cabinet\napple: fridge")
    b.add_object("bottle", name="sanitizer", on="table#1", spot=(-0.3, 0.3), params={"color": (0.3, 0.7, 0.9)},
                 labels=[{"text": "SANITIZER", "face": "front"}])
    b.add_object("apple", on="table#1", spot=(0.3, 0.3))
    b.add_object("mug", on="table#1", spot=(0.0, 0.7))
    b.add_object("cutting_board", on="counter#2", spot=(0.0, 0.4))
    b.set_human((3.0, 0.6), yaw=S)
    own = plan(cmd("Open", "pantry_cabinet#1"), cmd("Grab", "sanitizer#1"),
               cmd("PutIn", "sanitizer#1", "pantry_cabinet#1"), cmd("Close", "pantry_cabinet#1"),
               cmd("Grab", "apple#1"), (cmd("Put", "apple#1", "counter#2"), "Apple's on the prep counter."))
    return taskpack(
        id="prevention-19", family="Prevention", static_item=STATIC_ITEMS["prevention-19"], row=19, scene=b.build(),
        title="Redirect the apple to the fridge instead of the prep counter",
        prelude="Closing the kitchen for the night.",
        opening=[cmd("Walk", "closing_list#1"), cmd("LookAt", "closing_list#1"), cmd("LookAt", "table#1")],
        handoff="I'll work through the closing list.",
        human_task="You are closing the kitchen for the night, putting away what is on the kitchen table.",
        evidence=[*printed_at("closing_list#1", "apple: fridge", "sanitizer: cabinet")],
        legend=[entry("sanitizer#1", "the sanitizer bottle", movable=True), entry("apple#1", "the apple", movable=True),
                entry("mug#1", "the mug", movable=True), entry("pantry_cabinet#1", "the pantry cabinet"),
                entry("fridge#1", "the fridge"), entry("counter#2", "the prep counter by the sink")],
        oracle=[step("Not the counter, the apple goes in the fridge: open the fridge, put it in and close it.",
                     cmd("Open", "fridge#1"), cmd("PutIn", "apple#1", "fridge#1"), cmd("Close", "fridge#1"),
                     kind="error", after=5, skip=1)],
        wrong=[step("Not the counter, the apple goes in the pantry cabinet.", cmd("Open", "pantry_cabinet#1"),
                    cmd("PutIn", "apple#1", "pantry_cabinet#1"), cmd("Close", "pantry_cabinet#1"), kind="error",
                    after=5, skip=1)],
        no_help=own, plan_before=5,
        goals=[holds("inside", "sanitizer#1", "pantry_cabinet#1"), holds("inside", "apple#1", "fridge#1")],
        prohibitions=[ever(holds("on", "apple#1", "counter#2")), holds("open", "fridge#1"),
                      holds("open", "pantry_cabinet#1"), moved("mug#1")],
        windows=[window("apple-counter", "the apple left on the prep counter", opens="pick(apple#1)",
                        deadline="place(apple#1, counter#2)", fix=["place_inside(apple#1, fridge#1)"],
                        cue=[phrase("fridge")])],
        capabilities=caps(
            point("C7", "wrong-destination", "the apple carried towards the prep counter",
                  in_window("apple-counter")),
            point("C8", "before-put-down", "quiet through the sanitizer, then before the apple is put down",
                  in_window("apple-counter", quiet_before=True)),
            point("C3", "reads-list", "the closing list's 'apple: fridge'",
                  acts("place_inside(apple#1, fridge#1)", among=["place_inside(apple#1, *)", "place(apple#1, *)"]))),
        ticks=20)


# Static variant (paper appendix D.3): the oracle run is cut at its intervention, after the wearer's plan has made
# the error live and before the Assistant speaks.
STOP = "The wearer is following their own plan. Should you interrupt now? If so, say what is wrong and what to do."
STATIC_ITEMS = {
    "prevention-02": static(
        STOP, "Yes: the 1-, 3- and 2-serving boxes already on the service table make the exactly six servings the "
              "order card asks for; the other two-serving box must stay in the stock room (it would make seven).",
        require=[[num(6)]]),
    "prevention-05": static(
        STOP, "Yes: the recipe says to score an X on top, and the dough is still unscored; before it goes in the "
              "oven, cut an X into it with the knife and put the knife back."),
    "prevention-07": static(
        STOP, "Yes: the fridge door is still open after the milk came out; close the fridge before going to fetch "
              "the phone."),
    "prevention-14": static(
        STOP, "Yes: the checklist lists a mug, water and a gift, and the gift box is still on the desk; put it on "
              "the welcome shelf before signing off."),
    "prevention-19": static(
        STOP, "Yes: the closing list says the apple goes in the fridge; now that it is in hand, put it in the fridge "
              "and close it rather than leaving it on the prep counter."),
}

TASKS = [prevention_02, prevention_05, prevention_07, prevention_14, prevention_19]
