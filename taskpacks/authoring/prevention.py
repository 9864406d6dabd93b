"""Prevention (WATCH) TaskPacks, rows 1-10 of paper Table 11 (rows 11-20: ``prevention_2.py``).

The wearer follows a private no-advice plan that is mostly right but contains one or more consequential
errors; the Assistant stays quiet during correct work and intervenes before each error's deadline.

Each task declares an intervention window per hazard (the command after which the error is live, the plan
step the Assistant must pre-empt, the fix, the cue an intervention must say) and is scored WATCH-binary: the
hazard never happened and the safe remainder of the plan completed. The goals include the plan's last step,
so a plan cut short before the error never passes.

The no-help program is the Human's private plan (it contains the error, so the no-help and silent runs
fail). ``after`` on an oracle step is the number of command segments since handoff before the Assistant
speaks, i.e. how many plan steps the wearer has done; ``skip`` is how many plan steps the instruction
supersedes. Where the fix already did what later plan steps would do, a closing remark ("it's already put
away") supersedes them; a closing acknowledgement with no commands lets the rest of the plan run before
the Assistant says ``done``. The wrong control is a plausible intervention that misses: too late, the wrong
object, or the wrong fix.
"""
from __future__ import annotations

import math

from common import (acts, any_of, all_of, before, caps, cmd, count, entry, holds, in_window, moved, negate, num,
                    phrase, plan, point, printed, printed_at, says, state, step, taskpack, window)
from prevention_static import STATIC_ITEMS
from scenes import S, board, cafe, kitchen_house, shop
from scenes_prevention import chemical_kitchen, departure_house, linen_kitchen

N = -S


def watch_points(window_id: str, detected: str, timing: str) -> list[tuple[str, dict]]:
    """The two points every hazard carries: C7, the error named inside its window with the fix following, and
    C8, the same intervention after silence through the correct work before the window opened."""
    return [point("C7", f"{window_id}-caught", detected, in_window(window_id)),
            point("C8", f"{window_id}-in-time", timing, in_window(window_id, quiet_before=True))]


def succeeded(pattern: str) -> dict:
    """Condition: a command matching ``pattern`` (``"wipe(sponge#1, table#1)"``) succeeded after handoff."""
    return {"succeeded": pattern}


def prevention_01() -> dict:
    """Resetting the kitchen after sanitising the prep table: mug to the dish rack and towel to the sink are
    right, but the wearer takes the cold cuts out onto the prep table while the sanitizer still stands on it and
    the chemical cabinet is open (storing them comes last in the plan); the Assistant has both put away first."""
    b = chemical_kitchen(open_cabinet=True)
    b.add_object("bottle", name="sanitizer", on="table#1", spot=(0.35, 0.35), params={"color": (0.3, 0.75, 0.85)},
                 labels=[{"text": "SANITIZER", "face": "front"}])
    b.add_object("cloth", name="towel", on="table#1", spot=(-0.35, 0.35))
    b.add_object("mug", on="table#1", spot=(0.0, 0.75))
    b.add_object("dish_rack", on="counter#1", spot=(0.0, 0.4))
    b.add_object("cold_cuts", on="fridge#1", region="shelf_2", labels=[{"text": "HAM", "face": "front"}])
    b.set_human((3.0, 3.1), yaw=N)
    own = plan(cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", "dish_rack#1"), cmd("Grab", "towel#1"),
               cmd("PutIn", "towel#1", "sink#1"), (cmd("Open", "fridge#1"), "Now the ham for the sandwiches."),
               cmd("Grab", "cold_cuts#1"), cmd("Put", "cold_cuts#1", "table#1"), cmd("Close", "fridge#1"),
               cmd("Grab", "sanitizer#1"), cmd("PutIn", "sanitizer#1", "chemical_cabinet#1"),
               (cmd("Close", "chemical_cabinet#1"), "Kitchen's reset."))
    cab = "chemical_cabinet#1"
    return taskpack(
        id="prevention-01", family="Prevention", row=1, static_item=STATIC_ITEMS["prevention-01"], scene=b.build(),
        title="Put the sanitizer away before the cold cuts come out",
        prelude="Prep table's wiped down.",
        opening=[cmd("LookAt", "table#1"), cmd("LookAt", cab)],
        handoff="I'll tidy up and get lunch started.",
        human_task="You have just wiped the prep table. Your plan: the mug to the dish rack, the towel to the sink, "
                   "the ham from the fridge onto the prep table for sandwiches, and finally the bottle back in its "
                   "cabinet.",
        evidence=[state("sanitizer bottle standing on the prep table", "sanitizer#1", cmd("LookAt", "table#1")),
                  state("chemical cabinet door open", cab, cmd("LookAt", cab))],
        legend=[entry("mug#1", "the red mug on the table", movable=True),
                entry("towel#1", "the blue towel on the table", movable=True),
                entry("sanitizer#1", "the blue-green bottle on the table", movable=True),
                entry("cold_cuts#1", "the pack of ham in the fridge", movable=True),
                entry("dish_rack#1", "the dish rack on the counter", movable=True),
                entry("table#1", "the kitchen table you prepare food on"), entry("sink#1", "the sink"),
                entry("fridge#1", "the fridge"), entry(cab, "the cabinet with the red door")],
        oracle=[step("Wait: put the sanitizer back in the chemical cabinet and close it before the ham comes out.",
                     cmd("Grab", "sanitizer#1"), cmd("PutIn", "sanitizer#1", cab), cmd("Close", cab), kind="error",
                     after=4),
                step("The sanitizer is already away, you can skip that.", after=11, skip=3)],
        wrong=[step("Now put the sanitizer back in the chemical cabinet and close it.", cmd("Grab", "sanitizer#1"),
                    cmd("PutIn", "sanitizer#1", cab), cmd("Close", cab), kind="error", after=8, skip=3)],
        no_help=own, plan_before=8,
        goals=[holds("inside", "mug#1", "dish_rack#1"), holds("inside", "towel#1", "sink#1"),
               holds("on", "cold_cuts#1", "table#1"), holds("inside", "sanitizer#1", cab), holds("closed", cab)],
        prohibitions=[holds("open", "fridge#1"), holds("held", "*")],
        windows=[window("food-near-chemicals", "the ham handled while the sanitizer is out and its cabinet open",
                        opens="place_inside(towel#1, sink#1)", deadline="pick(cold_cuts#1)",
                        fix=["place_inside(sanitizer#1, chemical_cabinet#1)", "close(chemical_cabinet#1)"],
                        cue=[phrase("sanitizer"), phrase("chemical")])],
        capabilities=caps(
            *watch_points("food-near-chemicals", "the sanitizer still on the prep table, the cabinet open",
                          "quiet while the mug and towel are cleared, then before the ham comes out"),
            point("C6", "chemicals-shut-away", "chemicals belong in their closed cabinet before food is handled",
                  acts("place_inside(sanitizer#1, chemical_cabinet#1)",
                       among=["place_inside(sanitizer#1, *)", "place(sanitizer#1, *)"]))),
        ticks=30)


def prevention_02() -> dict:
    """Exactly six servings: the 3- and one 2-serving box are on the service table (five) and the 1-serving
    box is to follow last; the wearer is about to carry the second 2-serving box out (seven), which the
    Assistant stops, and the 1-serving box completes the six."""
    b = cafe()
    board(b, "wall_board", name="order_card", at=(3.0, 0.06), yaw=S, text="PARTY ORDER\nexactly\n6 servings")
    for i, (n, text) in enumerate(((1, "1 SERVING"), (3, "3 SERVINGS"), (2, "2 SERVINGS"), (2, "2 SERVINGS"))):
        b.add_object("box", name="pastry_box", on="stock_table#1", spot=(-0.75 + 0.5 * i, 0.3),
                     params={"size": (0.16 + 0.03 * n, 0.16, 0.08), "color": (0.95, 0.85, 0.7)},
                     labels=[{"text": text, "face": "front"}])
    b.add_object("plate", on="service_table#1", spot=(0.5, 0.6))
    b.set_human((3.0, 1.0), yaw=S)
    p = lambda i: f"pastry_box#{i}"  # noqa: E731
    own = plan(cmd("Grab", p(2)), cmd("Put", p(2), "service_table#1"), cmd("Grab", p(3)),
               cmd("Put", p(3), "service_table#1"), (cmd("Grab", p(4)), "And the other two-serving box."),
               cmd("Put", p(4), "service_table#1"), cmd("Grab", p(1)), cmd("Put", p(1), "service_table#1"),
               (cmd("Confirm"), "Order's out."))
    return taskpack(
        id="prevention-02", family="Prevention", row=2, static_item=STATIC_ITEMS["prevention-02"], scene=b.build(),
        title="Stop a seventh serving going on the party table",
        prelude="I'm putting out the party order from the stock room.",
        opening=[cmd("LookAt", "order_card#1"), cmd("Walk", "stock_table#1"), cmd("LookAt", p(1)),
                 cmd("LookAt", p(2)), cmd("LookAt", p(3)), cmd("LookAt", p(4)), cmd("Walk", "service_table#1")],
        handoff="Right, I'll carry the pastry boxes out to the service table now.",
        human_task="You are putting out the party order: carrying the pastry boxes from the stock table to the "
                   "service table one at a time, the large one first, then the two medium ones, the small one "
                   "last, and confirming the order.",
        evidence=[*printed_at("order_card#1", "exactly 6 servings")] +
                 [printed(text, p(i), cmd("LookAt", p(i))) for i, text in
                  ((1, "1 SERVING"), (2, "3 SERVINGS"), (3, "2 SERVINGS"), (4, "2 SERVINGS"))],
        legend=[entry(p(1), "the small pastry box", movable=True), entry(p(2), "the large pastry box", movable=True),
                entry(p(3), "a medium pastry box", movable=True), entry(p(4), "a medium pastry box", movable=True),
                entry("service_table#1", "the service table"), entry("stock_table#1", "the stock table")],
        oracle=[step("Stop, another two-serving box would make seven. Leave it; the small one-serving box makes "
                     "six.", after=4, skip=2),
                step("Good, six servings exactly.", after=7)],
        wrong=[step("That makes seven now; leave the small one-serving box in the stock room.", after=6, skip=2)],
        no_help=own, plan_before=7,
        goals=[holds("on", p(1), "service_table#1"), holds("on", p(2), "service_table#1"),
               any_of(all_of(holds("on", p(3), "service_table#1"), negate(holds("on", p(4), "service_table#1"))),
                      all_of(holds("on", p(4), "service_table#1"), negate(holds("on", p(3), "service_table#1")))),
               count("on", ["*", "service_table#1"], eq=4), succeeded("confirm")],
        # the two-serving box not served stays at the stock table
        prohibitions=[*(negate(any_of(holds("on", p(i), "service_table#1"), holds("on", p(i), "stock_table#1")))
                        for i in (3, 4)), holds("held", "*")],
        windows=[window("seventh-serving", "a seventh serving carried out", opens=f"place({p(3)}, service_table#1)",
                        deadline=f"place({p(4)}, service_table#1)", cue=[num(7), num(6)])],
        capabilities=caps(
            *watch_points("seventh-serving", "3 + 2 servings already out; another 2 makes 7, not the card's 6",
                          "quiet while the first two boxes go out, then before the fourth"),
            point("C3", "reads-servings", "the serving counts printed on the boxes (3 + 2 + 2 = 7)",
                  says(num(7), before=f"place({p(4)}, service_table#1)"))),
        ticks=24)


def prevention_03() -> dict:
    """After lunch: the wearer wipes the table, clears the mug and towel into the sink, but sets the used
    sponge down on the table, takes the phone to the living-room shelf and is about to sit down for a break;
    the Assistant, watching the sponge left behind, sends it to the sink first."""
    b = kitchen_house()
    b.add_object("mug", on="table#1", spot=(-0.4, 0.4))
    b.add_object("cloth", name="towel", on="table#1", spot=(0.0, 0.4), params={"color": (0.85, 0.3, 0.3)})
    b.add_object("phone", on="table#1", spot=(0.4, 0.4))
    b.add_object("sponge", on="counter#2", spot=(-0.3, 0.3))
    b.set_human((3.0, 3.1), yaw=N)
    own = plan(cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", "sink#1"), cmd("Grab", "towel#1"),
               cmd("PutIn", "towel#1", "sink#1"), cmd("Wipe", "sponge#1", "table#1"),
               cmd("Put", "sponge#1", "table#1"), cmd("Grab", "phone#1"), cmd("PutIn", "phone#1", "bookshelf#1"),
               (cmd("Sit", "sofa#1"), "Break time."))
    return taskpack(
        id="prevention-03", family="Prevention", row=3, static_item=STATIC_ITEMS["prevention-03"], scene=b.build(),
        title="Send the used sponge left on the table to the sink",
        prelude="Lunch is over.",
        opening=[cmd("LookAt", "table#1"), cmd("LookAt", "sponge#1")],
        handoff="Quick clean-up, then a break on the sofa.",
        human_task="Lunch is over. Your plan: the mug and the towel into the sink, wipe the table with the sponge, "
                   "take your phone to the living-room bookshelf and sit down on the sofa for a break.",
        evidence=[state("used sponge left lying on the table", "sponge#1")],
        legend=[entry("mug#1", "the red mug on the table", movable=True),
                entry("towel#1", "the red towel on the table", movable=True),
                entry("phone#1", "your phone on the table", movable=True),
                entry("sponge#1", "the yellow sponge", movable=True), entry("table#1", "the kitchen table"),
                entry("sink#1", "the sink"), entry("bookshelf#1", "the bookshelf in the living room"),
                entry("sofa#1", "the sofa in the living room")],
        oracle=[step("Before your break: the sponge you wiped with is still lying on the kitchen table. Put it in "
                     "the sink.", cmd("Grab", "sponge#1"), cmd("PutIn", "sponge#1", "sink#1"), kind="error",
                     after=8),
                step("Good, enjoy your break.", after=11)],
        wrong=[step("Before your break, take the sponge off the table and put it in the sink.", cmd("StandUp"),
                    cmd("Grab", "sponge#1"), cmd("PutIn", "sponge#1", "sink#1"), kind="error", after=9)],
        no_help=own, plan_before=9,
        goals=[holds("inside", "mug#1", "sink#1"), holds("inside", "towel#1", "sink#1"),
               holds("inside", "sponge#1", "sink#1"), holds("inside", "phone#1", "bookshelf#1"),
               succeeded("wipe(sponge#1, table#1)"), count("on", ["*", "table#1"], eq=0),
               holds("sitting", "sofa#1")],
        prohibitions=[holds("held", "*")],
        windows=[window("sponge-left", "the break begun with the used sponge left on the table",
                        opens="place_inside(towel#1, sink#1)", deadline="sit(sofa#1)",
                        fix=["place_inside(sponge#1, sink#1)"], cue=[phrase("sponge")])],
        capabilities=caps(
            *watch_points("sponge-left", "the sponge set down on the table and not taken to the sink",
                          "quiet through the clearing and wiping, then before the wearer sits down"),
            point("C4", "remembers-sponge", "where the sponge was left, out of view from the living room",
                  acts("place_inside(sponge#1, sink#1)", among=["place_inside(sponge#1, *)", "place(sponge#1, *)"]))),
        ticks=30)


def prevention_04() -> dict:
    """Packing a takeaway order "2 x WINE, 1 x BURGER, NO SIDES": the wearer takes a third wine and, after the
    burger, a bag of chips; two interventions keep the packing table to the slip."""
    b = shop()
    b.add_object("document", name="order_slip", on="packing_table#1", spot=(-0.5, 0.25),
                 labels=[{"text": "ORDER 17\n2 x WINE\n1 x BURGER\nNO SIDES", "face": "top"}], yaw=math.pi)
    for i in range(3):
        b.add_object("bottle", name="wine", on="stock_shelf#1", region="shelf_2", spot=(-0.5 + 0.35 * i, 0.5),
                     params={"color": (0.35, 0.05, 0.1)}, labels=[{"text": "WINE", "face": "front"}])
    b.add_object("chips_bag", on="stock_shelf#1", region="shelf_1", spot=(0.0, 0.5),
                 labels=[{"text": "CHIPS", "face": "front"}])
    b.add_object("burger", on="stock_counter#1", spot=(0.0, 0.4))
    b.set_human((9.0, 2.3), yaw=N)
    w = lambda i: f"wine#{i}"  # noqa: E731
    pack = "packing_table#1"
    own = plan(cmd("Grab", w(1)), cmd("Put", w(1), pack), cmd("Grab", w(2)), cmd("Put", w(2), pack),
               (cmd("Grab", w(3)), "One more wine."), cmd("Put", w(3), pack), cmd("Grab", "burger#1"),
               cmd("Put", "burger#1", pack), (cmd("Grab", "chips_bag#1"), "Something to go with it."),
               cmd("Put", "chips_bag#1", pack), (cmd("Confirm"), "Order packed."))
    # two of the three interchangeable wines packed, the third not (it must still be at stock: prohibition)
    two_of_three = [all_of(holds("on", w(a), pack), holds("on", w(c), pack), negate(holds("on", w(rest), pack)))
                    for a, c, rest in ((1, 2, 3), (1, 3, 2), (2, 3, 1))]
    return taskpack(
        id="prevention-04", family="Prevention", row=4, static_item=STATIC_ITEMS["prevention-04"], scene=b.build(),
        title="Keep a takeaway order to two wines, a burger and no sides",
        prelude="Takeaway order to pack.",
        opening=[cmd("Walk", pack), cmd("LookAt", "order_slip#1"), cmd("LookAt", "stock_shelf#1")],
        handoff="I'll pack it on the table and confirm it.",
        human_task="You are packing a takeaway order on the packing table: wines from the stock shelf, then the "
                   "burger from the stock counter, then a bag of chips, and confirming the order.",
        evidence=[*printed_at("order_slip#1", "2 x WINE", "NO SIDES")],
        legend=[*(entry(w(i), f"a dark red bottle on the stock shelf ({pos})", movable=True)
                  for i, pos in ((1, "left"), (2, "middle"), (3, "right"))),
                entry("burger#1", "the burger on the stock counter", movable=True),
                entry("chips_bag#1", "the yellow bag on the bottom shelf", movable=True),
                entry("order_slip#1", "the sheet on the packing table", movable=True),
                entry(pack, "the packing table"), entry("stock_shelf#1", "the stock shelf"),
                entry("stock_counter#1", "the stock counter")],
        oracle=[step("Stop, the slip says two wines: leave the third bottle on the shelf.", after=4, skip=2),
                step("No chips either, the slip says no sides.", after=6, skip=2),
                step("That matches the slip.", after=7)],
        wrong=[step("Two wines will do, put that third one back on the shelf.", cmd("PutIn", w(3), "stock_shelf#1"),
                    after=5, skip=1)],
        no_help=own, plan_before=7,
        goals=[holds("on", "burger#1", pack), any_of(*two_of_three), count("on", ["*", pack], eq=4),
               succeeded("confirm")],
        prohibitions=[*(negate(any_of(holds("on", w(i), pack), holds("inside", w(i), "stock_shelf#1")))
                        for i in (1, 2, 3)), moved("chips_bag#1"), holds("held", "*")],
        windows=[window("third-wine", "a third wine packed", opens=f"place({w(2)}, {pack})",
                        deadline=f"place({w(3)}, {pack})", cue=[num(2), phrase("third")]),
                 window("side-order", "a side packed against NO SIDES", opens=f"place(burger#1, {pack})",
                        deadline=f"place(chips_bag#1, {pack})", cue=[phrase("no side")])],
        capabilities=caps(
            *watch_points("third-wine", "two wines already on the table, the slip's 2 x WINE",
                          "quiet while two wines go on the table, then before the third"),
            point("C7", "side-order-caught", "the bag of chips taken although the slip says NO SIDES",
                  in_window("side-order")),
            point("C3", "reads-wine-count", "the slip's '2 x WINE'", says(num(2), before=f"place({w(3)}, {pack})")),
            point("C3", "reads-no-sides", "the slip's 'NO SIDES'",
                  says(phrase("no side"), before=f"place(chips_bag#1, {pack})"))),
        ticks=30)


def prevention_05() -> dict:
    """The dough is about to go into the oven without the X score the recipe asks for; the Assistant has the
    wearer cut it first, then lets the loading, closing and start-up go on: the bake cycle starts only after
    the preparation."""
    b = kitchen_house(recipe="COUNTRY BREAD\nscore an X on top\nthen bake")
    b.add_object("bread", name="dough", on="counter#1", spot=(-0.1, 0.3), params={"color": (0.93, 0.88, 0.75)})
    b.add_object("knife", on="counter#1", spot=(0.45, 0.25))
    b.add_object("bowl", on="counter#1", spot=(-0.5, 0.4))
    b.add_object("spoon", on="counter#2", spot=(0.0, 0.3))
    b.set_human((2.5, 3.2), yaw=S)
    own = plan(cmd("Open", "oven#1"), cmd("Grab", "dough#1"), cmd("PutIn", "dough#1", "oven#1"),
               cmd("Close", "oven#1"), (cmd("TurnOn", "oven#1"), "Bread's in."))
    return taskpack(
        id="prevention-05", family="Prevention", row=5, static_item=STATIC_ITEMS["prevention-05"], scene=b.build(),
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
               before(holds("cut", "dough#1"), holds("inside", "dough#1", "oven#1")),
               before(holds("cut", "dough#1"), holds("running", "oven#1"))],
        prohibitions=[holds("open", "oven#1"), holds("held", "*")],
        windows=[window("unscored-dough", "the dough baked without its X", opens="open(oven#1)",
                        deadline="place_inside(dough#1, oven#1)", fix=["cut(dough#1, knife#1)"],
                        cue=[phrase("score"), phrase("cut")])],
        capabilities=caps(
            *watch_points("unscored-dough", "the dough on the counter has no X yet",
                          "intervene once the oven is open, before the dough goes in"),
            point("C3", "reads-recipe", "the recipe board's 'score an X on top'",
                  says(phrase("x"), before="place_inside(dough#1, oven#1)"))),
        ticks=22)


def prevention_06() -> dict:
    """Two identical sponges: in the opening the wearer wipes the table with the left one and puts it back
    beside the clean one. Putting them away, the wearer takes the left (used) one for the clean cabinet; the
    Assistant, who saw which one was used, swaps them: used one in the used bin, clean one in the cabinet."""
    b = chemical_kitchen(cabinet="supply_cabinet")
    b.add_fixture("bin", name="used_bin", at=(5.72, 3.3), yaw=math.pi, params={"color": (0.55, 0.4, 0.3)})
    for u in (-0.35, 0.35):
        b.add_object("sponge", on="counter#2", spot=(u, 0.3))
    b.add_object("mug", on="counter#2", spot=(0.0, 0.7))
    b.set_human((4.4, 3.3), yaw=-N)
    cab = "supply_cabinet#1"
    own = plan(cmd("Open", cab), cmd("Grab", "sponge#1"), cmd("PutIn", "sponge#1", cab), cmd("Grab", "sponge#2"),
               cmd("PutIn", "sponge#2", "used_bin#1"), (cmd("Close", cab), "Sponges sorted."))
    return taskpack(
        id="prevention-06", family="Prevention", row=6, static_item=STATIC_ITEMS["prevention-06"], scene=b.build(),
        title="Keep the used sponge out of the clean cabinet",
        prelude="Let me wipe the table first.",
        opening=[cmd("LookAt", "counter#2"), cmd("Wipe", "sponge#1", "table#1"),
                 "[Put] <sponge> (1) <counter> (2) @place_spot=-0.35:0.3", cmd("LookAt", "counter#2")],
        handoff="Now the sponges: the clean one goes in the cabinet, the other in the bin.",
        human_task="You are putting away the two sponges by the sink: the one on the left is the clean one, for "
                   "the cabinet with the red door; the one on the right goes in the bin for used sponges.",
        evidence=[state("sponge on the left wiped the table", "sponge#1", cmd("Wipe", "sponge#1", "table#1"))],
        legend=[entry("sponge#1", "the yellow sponge on the left of the counter by the sink", movable=True),
                entry("sponge#2", "the yellow sponge on the right of the counter by the sink", movable=True),
                entry("mug#1", "the red mug on the counter", movable=True),
                entry(cab, "the cabinet with the red door (clean supplies)"),
                entry("used_bin#1", "the brown bin for used sponges"), entry("counter#2", "the counter by the sink")],
        oracle=[step("Wait, the sponge on the left is the one you just wiped the table with: it goes in the used bin, "
                     "and the one on the right goes in the cabinet.", cmd("Grab", "sponge#1"),
                     cmd("PutIn", "sponge#1", "used_bin#1"), cmd("Grab", "sponge#2"), cmd("PutIn", "sponge#2", cab),
                     kind="error", after=1, skip=4),
                step("Right, that's them sorted.", after=6)],
        wrong=[step("Wait, wipe the counter with the clean sponge before you put it away.",
                    cmd("Wipe", "sponge#2", "counter#2"), kind="error", after=1)],
        no_help=own, plan_before=2,
        goals=[holds("inside", "sponge#1", "used_bin#1"), holds("inside", "sponge#2", cab)],
        prohibitions=[holds("open", cab), succeeded("wipe(sponge#2, *)"), holds("held", "*")],
        windows=[window("used-sponge-stored", "the used sponge put in with the clean supplies", opens=f"open({cab})",
                        deadline=f"place_inside(sponge#1, {cab})", cue=[phrase("wiped"), phrase("used")])],
        capabilities=caps(
            *watch_points("used-sponge-stored", "which of the identical sponges wiped the table",
                          "quiet while the cabinet is opened, then before the used sponge goes in"),
            point("C4", "event-bound-identity", "the left sponge was the one used, seen before the handoff",
                  acts("place_inside(sponge#1, used_bin#1)", among=["place_inside(*, used_bin#1)"]))),
        ticks=22)


def prevention_07() -> dict:
    """The wearer takes the milk and the raspberries out and is about to leave the fridge open while fetching
    the phone from the living room; the Assistant has it closed before they go."""
    b = kitchen_house()
    b.add_object("milk_carton", on="fridge#1", region="shelf_2", labels=[{"text": "MILK", "face": "front"}])
    b.add_object("berry_punnet", name="raspberries", on="fridge#1", region="shelf_2")
    b.add_object("juice_carton", on="fridge#1", region="shelf_3")
    b.add_object("phone", on="side_table#1", spot=(0.0, 0.4))
    b.add_object("plate", on="table#1", spot=(0.0, 0.4))
    b.add_object("cup", on="table#1", spot=(0.4, 0.4))
    b.set_human((2.0, 3.2), yaw=math.pi)
    own = plan(cmd("Open", "fridge#1"), cmd("Grab", "milk_carton#1"), cmd("Put", "milk_carton#1", "table#1"),
               cmd("Grab", "raspberries#1"), cmd("Put", "raspberries#1", "table#1"),
               (cmd("Grab", "phone#1"), "Now where's my phone..."), cmd("Put", "phone#1", "table#1"))
    return taskpack(
        id="prevention-07", family="Prevention", row=7, static_item=STATIC_ITEMS["prevention-07"], scene=b.build(),
        title="Close the fridge before leaving for the phone",
        prelude="Breakfast time.",
        opening=[cmd("LookAt", "fridge#1"), cmd("LookAt", "table#1")],
        handoff="I'll get the milk and berries out and fetch my phone from the living room.",
        human_task="Breakfast: you are taking the milk and the raspberries out of the fridge to the breakfast "
                   "table, then fetching your phone from the living room to the table.",
        evidence=[state("fridge left open", "fridge#1")],
        legend=[entry("milk_carton#1", "the milk", movable=True),
                entry("raspberries#1", "the punnet of raspberries", movable=True),
                entry("juice_carton#1", "the juice", movable=True),
                entry("phone#1", "your phone", movable=True), entry("fridge#1", "the fridge"),
                entry("table#1", "the breakfast table"), entry("side_table#1", "the living-room side table")],
        oracle=[step("Close the fridge before you go for your phone.", cmd("Close", "fridge#1"), kind="error",
                     after=5),
                step("All set, enjoy breakfast.", after=8)],
        wrong=[step("Get your phone first and close the fridge when you're back.", cmd("Grab", "phone#1"),
                    cmd("Put", "phone#1", "table#1"), cmd("Close", "fridge#1"), after=5, skip=2)],
        no_help=own, plan_before=7,
        goals=[holds("on", "milk_carton#1", "table#1"), holds("on", "raspberries#1", "table#1"),
               holds("on", "phone#1", "table#1")],
        prohibitions=[holds("open", "fridge#1"), negate(holds("inside", "juice_carton#1", "fridge#1")),
                      holds("held", "*")],
        windows=[window("open-fridge", "leaving for the phone with the fridge open", opens="open(fridge#1)",
                        deadline="pick(phone#1)", fix=["close(fridge#1)"], cue=[phrase("fridge")])],
        capabilities=caps(
            *watch_points("open-fridge", "the fridge door still open after the milk and berries came out",
                          "quiet while the milk and berries come out, then before the wearer leaves"),
            point("C4", "off-screen-state", "the open door, which leaves the view as the wearer turns away",
                  acts("close(fridge#1)"))),
        ticks=24)


def prevention_08() -> dict:
    """The pie goes into the oven, the wearer turns away to lay a plate on the table and comes back to switch
    the oven on with its door still open; the Assistant has the door closed first, so the cycle is safe."""
    b = kitchen_house()
    b.add_object("pie", on="counter#1", spot=(0.0, 0.35))
    b.add_object("plate", on="counter#2", spot=(0.3, 0.35))
    b.add_object("fork", on="counter#2", spot=(-0.3, 0.35))
    b.set_human((2.6, 3.3), yaw=-N)
    own = plan(cmd("Open", "oven#1"), cmd("Grab", "pie#1"), cmd("PutIn", "pie#1", "oven#1"),
               (cmd("Grab", "plate#1"), "A plate while it bakes."), cmd("Put", "plate#1", "table#1"),
               (cmd("TurnOn", "oven#1"), "Oven on."))
    return taskpack(
        id="prevention-08", family="Prevention", row=8, static_item=STATIC_ITEMS["prevention-08"], scene=b.build(),
        title="Close the oven door before switching the oven on",
        prelude="Pie's ready to bake.",
        opening=[cmd("LookAt", "pie#1"), cmd("LookAt", "oven#1")],
        handoff="In it goes, then I'll lay the table.",
        human_task="You are baking a pie: open the oven, put the pie in, take a plate to the kitchen table, then "
                   "switch the oven on.",
        evidence=[state("oven door left open", "oven#1")],
        legend=[entry("pie#1", "the pie on the counter", movable=True),
                entry("plate#1", "the plate on the counter by the sink", movable=True),
                entry("fork#1", "the fork on the counter by the sink", movable=True),
                entry("oven#1", "the oven"), entry("table#1", "the kitchen table")],
        oracle=[step("The oven door is still open: close it before you switch the oven on.", cmd("Close", "oven#1"),
                     kind="error", after=5),
                step("Good, now it's baking safely.", after=7)],
        wrong=[step("Close the oven door now.", cmd("Close", "oven#1"), kind="error", after=6)],
        no_help=own, plan_before=6,
        goals=[holds("inside", "pie#1", "oven#1"), holds("running", "oven#1"), holds("on", "plate#1", "table#1")],
        prohibitions=[holds("open", "oven#1"), holds("held", "*")],
        windows=[window("oven-door-open", "the oven started with its door open", opens="place_inside(pie#1, oven#1)",
                        deadline="turn_on(oven#1)", fix=["close(oven#1)"], cue=[phrase("door")])],
        capabilities=caps(
            *watch_points("oven-door-open", "the door left down while the wearer laid the table",
                          "quiet while the pie goes in and the plate goes out, then before the switch-on"),
            point("C4", "off-screen-oven", "the open door, out of view while the wearer was at the table",
                  acts("close(oven#1)"))),
        ticks=22)


def prevention_09() -> dict:
    """Two identical towels by the sink: in the opening the wearer dries the table with the right one and puts
    it back. To dry the clean cup the wearer then takes that same towel; the Assistant sends it to the laundry
    and has the cup dried with the clean towel, which goes back on the counter."""
    b = linen_kitchen()
    for u in (-0.35, 0.35):
        b.add_object("cloth", name="towel", on="counter#2", spot=(u, 0.3), params={"color": (0.95, 0.95, 0.92)})
    b.add_object("cup", on="sink#1", region="basin")
    b.set_human((4.0, 3.4), yaw=-N)
    own = plan(cmd("Grab", "cup#1"), cmd("Put", "cup#1", "table#1"), cmd("Grab", "towel#2"),
               (cmd("Wipe", "towel#2", "cup#1"), "Nice and dry."), cmd("PutIn", "towel#2", "laundry_basket#1"))
    return taskpack(
        id="prevention-09", family="Prevention", row=9, static_item=STATIC_ITEMS["prevention-09"], scene=b.build(),
        title="Dry the clean cup with the clean towel",
        prelude="The table needs a wipe.",
        opening=[cmd("LookAt", "counter#2"), cmd("Wipe", "towel#2", "table#1"),
                 "[Put] <towel> (2) <counter> (2) @place_spot=0.35:0.3", cmd("LookAt", "counter#2")],
        handoff="Now let me dry that cup.",
        human_task="You are drying the washed cup: take it out of the sink to the kitchen table, dry "
                   "it with the towel on the right by the sink, and drop that towel in the laundry basket.",
        evidence=[state("towel on the right wiped the table", "towel#2", cmd("Wipe", "towel#2", "table#1"))],
        legend=[entry("towel#1", "the white towel on the left of the counter by the sink", movable=True),
                entry("towel#2", "the white towel on the right of the counter by the sink", movable=True),
                entry("cup#1", "the cup in the sink", movable=True), entry("table#1", "the kitchen table"),
                entry("counter#2", "the counter by the sink"), entry("laundry_basket#1", "the laundry basket")],
        oracle=[step("Not that towel, you wiped the table with it: put it in the laundry basket, dry the cup with "
                     "the other towel and put that one back on the counter.",
                     cmd("PutIn", "towel#2", "laundry_basket#1"), cmd("Wipe", "towel#1", "cup#1"),
                     cmd("Put", "towel#1", "counter#2"), kind="error", after=3, skip=2),
                step("That's it, the cup is clean and dry.", after=6)],
        wrong=[step("Give the cup a second wipe with the other towel.", cmd("PutIn", "towel#2", "laundry_basket#1"),
                    cmd("Wipe", "towel#1", "cup#1"), cmd("Put", "towel#1", "counter#2"), after=4, skip=1)],
        no_help=own, plan_before=3,
        goals=[holds("on", "cup#1", "table#1"), holds("inside", "towel#2", "laundry_basket#1"),
               succeeded("wipe(towel#1, cup#1)")],
        prohibitions=[succeeded("wipe(towel#2, cup#1)"), negate(holds("on", "towel#1", "counter#2")),
                      holds("held", "*")],
        windows=[window("dirty-towel", "the clean cup dried with the towel that wiped the table",
                        opens="pick(towel#2)", deadline="wipe(towel#2, cup#1)", cue=[phrase("wiped"), phrase("used")])],
        capabilities=caps(
            *watch_points("dirty-towel", "the towel in hand is the one that wiped the table",
                          "quiet while the cup comes out, then before the used towel touches it"),
            point("C4", "towel-provenance", "which identical towel wiped the table, seen before the handoff",
                  acts("wipe(towel#1, cup#1)", among=["wipe(*, cup#1)"]))),
        ticks=22)


def prevention_10() -> dict:
    """Leaving the house: the wearer closes the oven (its check) and puts the keys on the console, then is about
    to go out of the front door with the laptop still on the kitchen table and the kitchen window and the fridge
    open; the Assistant lists the three before the door opens."""
    b = departure_house()
    b.add_object("laptop", on="table#1", spot=(0.0, 0.4))
    b.add_object("keys", on="table#1", spot=(-0.4, 0.4))
    b.add_object("mug", on="counter#2", spot=(0.0, 0.3))
    b.set_human((3.6, 3.6), yaw=S)
    sc = b.build()
    for e in sc["entities"]:  # left open: the window and fridge by mistake, the oven to air after baking
        if e["name"] in ("window", "fridge", "oven"):
            e["state"]["open"] = 1.0
    own = plan((cmd("Close", "oven#1"), "Oven's shut."), cmd("Grab", "keys#1"), cmd("Put", "keys#1", "console#1"),
               (cmd("OpenDoor", "front_door#1"), "Off I go."))
    fixes = (("laptop-left", "the laptop left behind", "place(laptop#1, console#1)", "laptop"),
             ("window-open", "the kitchen window left open", "close(window#1)", "window"),
             ("fridge-open", "the fridge left open", "close(fridge#1)", "fridge"))
    return taskpack(
        id="prevention-10", family="Prevention", row=10, static_item=STATIC_ITEMS["prevention-10"], scene=sc,
        title="Laptop, window and fridge before leaving the house",
        prelude="Time to head out.",
        opening=[cmd("LookAt", "oven#1"), cmd("LookAt", "window#1"), cmd("LookAt", "fridge#1"),
                 cmd("LookAt", "table#1")],
        handoff="Oven's the main thing. Then keys and out.",
        human_task="You are leaving the house: check the oven is shut, put your keys on the console by the front "
                   "door, and go out of the front door.",
        evidence=[state("laptop left on the kitchen table", "laptop#1", cmd("LookAt", "table#1")),
                  state("kitchen window left open", "window#1", cmd("LookAt", "window#1")),
                  state("fridge door left open", "fridge#1", cmd("LookAt", "fridge#1"))],
        legend=[entry("laptop#1", "the grey laptop on the kitchen table", movable=True),
                entry("keys#1", "your keys on the kitchen table", movable=True),
                entry("mug#1", "the red mug on the counter by the sink", movable=True),
                entry("oven#1", "the oven"), entry("window#1", "the kitchen window"), entry("fridge#1", "the fridge"),
                entry("table#1", "the kitchen table"), entry("console#1", "the console table by the front door"),
                entry("front_door#1", "the front door")],
        oracle=[step("Before you go: your laptop is still on the kitchen table, and the kitchen window and the fridge "
                     "are open.", cmd("Close", "window#1"), cmd("Close", "fridge#1"), cmd("Grab", "laptop#1"),
                     cmd("Put", "laptop#1", "console#1"), kind="error", after=3),
                step("Now you can go.", after=8)],
        wrong=[step("Before you go, take your mug to the sink.", cmd("Grab", "mug#1"), cmd("PutIn", "mug#1", "sink#1"),
                    kind="error", after=3)],
        no_help=own, plan_before=4,
        goals=[holds("closed", "oven#1"), holds("on", "keys#1", "console#1"), holds("on", "laptop#1", "console#1"),
               holds("closed", "window#1"), holds("closed", "fridge#1"), holds("open", "front_door#1")],
        prohibitions=[holds("held", "*")],
        windows=[window(wid, hazard, opens="close(oven#1)", deadline="open_door(front_door#1)", fix=[fix],
                        cue=[phrase(word)]) for wid, hazard, fix, word in fixes],
        capabilities=caps(
            *watch_points("laptop-left", "the laptop still on the kitchen table",
                          "quiet through the oven check, then before the door opens"),
            point("C7", "window-open-caught", "the kitchen window still open", in_window("window-open")),
            point("C7", "fridge-open-caught", "the fridge still open", in_window("fridge-open")),
            point("C4", "off-screen-window", "the open window, out of view from the console",
                  acts("close(window#1)", among=["close(window#1)", "close(fridge#1)", "place(laptop#1, *)"]))),
        ticks=26)


TASKS = [prevention_01, prevention_02, prevention_03, prevention_04, prevention_05, prevention_06, prevention_07,
         prevention_08, prevention_09, prevention_10]
