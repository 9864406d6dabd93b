"""Planning (ORCHESTRATE) TaskPacks that replan when the world changes (paper Table 8, rows 4, 19 and 20): mould
found only when a loaf is cut, a spoken plan to recover after a phone call moved the phone, a spill that appears
late in a close-down. They use the world's hidden mould, surface soil and scripted events
(:mod:`interactiveworld.world.soil`, :mod:`interactiveworld.world.events`)."""
from __future__ import annotations

from common import (acts, any_of, before, caps, cmd, count, entry, ever, holds, moved, negate, order, point,
                    printed, printed_at, state, static, step, taskpack)
from planning import ASK_PLAN
from scenes import N, S, board, cafe, kitchen_house
from scenes_planning import two_lounge_house


COUNTER = "supply_counter#1"
"""Where planning-20's sponge and towel live."""


def soiled(surface: str, kind: str) -> dict:
    """Condition: ``surface`` carries soil of ``kind`` (grime, spill) in the world's physical state."""
    return {"soiled": [surface, kind]}


def set_state(scene: dict, key: str, **state) -> dict:
    """``scene`` with ``state`` merged into the state of entity ``key`` (a fixture of a shared scene)."""
    name, _, idx = key.partition("#")
    e = next(e for e in scene["entities"] if e["name"] == name and e["index"] == int(idx))
    e["state"].update(state)
    return scene


def planning_04() -> dict:
    """Prepare a snack from the loaf already out on the counter, with cheese and an apple, on the plate at the
    service pass. The loaf is mouldy inside, which only shows once it is cut (the frames of the Cut show mouldy slices):
    the Assistant has it thrown in the bin, the fresh loaf from the bread box cut instead and plated with the
    cheese and the apple (exactly three things on the plate, the mouldy loaf never on it), the plate at the
    service pass and the knife back on its counter."""
    b = kitchen_house()
    b.add_fixture("table", name="service_pass", at=(5.2, 1.6), params={"width": 0.8, "depth": 0.6, "height": 0.9})
    loaf = {"size": (0.09, 0.16, 0.07), "color": (0.8, 0.6, 0.3)}
    b.add_object("bread", on="counter#1", spot=(-0.5, 0.4), params=loaf, state={"mouldy": True})
    b.add_object("knife", on="counter#1", spot=(0.6, 0.5))
    b.add_object("box", name="bread_box", on="table#1", spot=(-0.45, 0.5),
                 params={"size": (0.26, 0.3, 0.12), "color": (0.75, 0.2, 0.15)})
    b.add_object("bread", on="bread_box#1", region="interior", params=loaf)
    b.add_object("cheese", on="counter#2", spot=(0.35, 0.4))
    b.add_object("apple", on="counter#2", spot=(0.75, 0.4))
    b.add_object("plate", on="table#1", spot=(0.5, 0.5), params={"radius": 0.2})
    b.set_human((3.0, 3.4), yaw=S)
    mouldy, fresh = "bread#1", "bread#2"
    oracle = [step("Take the knife and cut the loaf on the counter left of the cooktop.", cmd("Grab", "knife#1"),
                   cmd("Cut", mouldy, "knife#1")),
              step("Stop: that loaf is mouldy inside. Put the knife back on the counter and throw the loaf in the bin.",
                   cmd("Put", "knife#1", "counter#1"), cmd("Grab", mouldy), cmd("PutIn", mouldy, "bin#1")),
              step("Take the fresh loaf out of the red bread box and put it on the counter left of the cooktop.",
                   cmd("Grab", fresh), cmd("Put", fresh, "counter#1")),
              step("Cut the fresh loaf with the knife and put the knife back on the counter.", cmd("Grab", "knife#1"),
                   cmd("Cut", fresh, "knife#1"), cmd("Put", "knife#1", "counter#1")),
              step("Take the plate from the kitchen table to the service pass.", cmd("Grab", "plate#1"),
                   cmd("Put", "plate#1", "service_pass#1")),
              # spots side by side: the default spot puts the cut loaf in the middle and leaves no room beside it
              step("On that plate: the cut fresh loaf, the cheese and the apple.",
                   *[c for k, spot in ((fresh, "-1:0.5"), ("cheese#1", "1:0.15"), ("apple#1", "1:0.85"))
                     for c in (cmd("Grab", k), f"{cmd('Put', k, 'plate#1')} @place_spot={spot}")])]
    wrong = [oracle[0],
             step("Good. Put the knife back on the counter.", cmd("Put", "knife#1", "counter#1")),
             oracle[4],
             step("On that plate: the loaf you just cut, the cheese and the apple.",
                  *[c for k in (mouldy, "cheese#1", "apple#1") for c in (cmd("Grab", k), cmd("Put", k, "plate#1"))])]
    return taskpack(
        id="planning-04", family="Planning", static_item=STATIC_ITEMS["planning-04"], row=4, scene=b.build(),
        title="Prepare a snack and replan when cutting reveals mould",
        prelude="Snack time: some bread with cheese and an apple, for the service pass.",
        opening=[cmd("Walk", "counter#1"), cmd("LookAt", mouldy), cmd("LookAt", "knife#1"),
                 cmd("Walk", "bread_box#1"), cmd("LookAt", "bread_box#1"), cmd("LookAt", "counter#2")],
        handoff="Plan my snack for me, one job at a time. Start with the loaf that's already out on the counter.",
        human_task="A snack of cut bread with the cheese and the apple on the plate at the service pass, made from "
                   "the loaf already out on the counter left of the cooktop, and the knife back on that counter "
                   "afterwards.",
        evidence=[state("mould inside the cut loaf", mouldy)],
        legend=[entry(mouldy, "the loaf on the counter left of the cooktop", movable=True),
                entry(fresh, "the loaf in the red bread box", movable=True),
                entry("cheese#1", "the yellow cheese on the counter right of the oven", movable=True),
                entry("apple#1", "the red apple on the counter right of the oven", movable=True),
                entry("knife#1", "the knife on the counter left of the cooktop", movable=True),
                entry("bread_box#1", "the red bread box on the kitchen table", movable=True),
                entry("plate#1", "the white plate on the kitchen table", movable=True),
                entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven"),
                entry("bin#1", "the bin by the door"), entry("table#1", "the kitchen table"),
                entry("service_pass#1", "the high table by the door, the service pass")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("cut", mouldy), holds("inside", mouldy, "bin#1"),
               before(holds("cut", mouldy), holds("inside", mouldy, "bin#1")),
               holds("cut", fresh), holds("on", fresh, "plate#1"), holds("on", "cheese#1", "plate#1"),
               holds("on", "apple#1", "plate#1"), count("on", ["*", "plate#1"], eq=3),
               holds("on", "plate#1", "service_pass#1")],
        prohibitions=[ever(holds("on", mouldy, "plate#1")), negate(holds("on", "knife#1", "counter#1")),
                      holds("held", "*")],
        capabilities=caps(
            point("C7", "spots-mould", "the mouldy slices in the frames of the cut loaf",
                  acts(f"place_inside({mouldy}, bin#1)", among=[f"place({mouldy}, *)", f"place_inside({mouldy}, *)"])),
            point("C5", "replans-fresh-loaf", "the mouldy loaf out, then the fresh loaf cut and plated instead",
                  order(f"place_inside({mouldy}, bin#1)", f"cut({fresh}, knife#1)", f"place({fresh}, plate#1)"))),
        ticks=44)


def planning_19() -> dict:
    """Recover a spoken plan after a phone call and work: before the call the wearer says the towel goes to the
    kitchen and the incident folder to the other living room; the call moves the phone from the living-room table
    to the dining-room sideboard (the opening interference: the phone goal can only be earned because the opening
    moved it), then the wearer works at the computer and has forgotten the plan. The Assistant recovers it: phone
    back on the living-room table, towel to the kitchen, the INCIDENT REPORT folder (not the MINUTES one) to the
    table in the other living room."""
    b = two_lounge_house()
    b.add_object("cloth", name="towel", on="sofa#1", spot=(0.4, 0.4), params={"size": (0.25, 0.2, 0.03),
                 "color": (0.95, 0.95, 0.95)})
    # the covers read upright from the near edge of the table, where the wearer stands
    b.add_object("folder", on="coffee_table#1", spot=(-0.9, 0.5),
                 params={"color": (0.8, 0.2, 0.2)}, labels=[{"text": "INCIDENT\nREPORT", "face": "top"}])
    b.add_object("folder", on="coffee_table#1", spot=(0.0, 0.5),
                 params={"color": (0.2, 0.35, 0.8)}, labels=[{"text": "MINUTES", "face": "top"}])
    b.add_object("phone", on="coffee_table#1", spot=(0.8, 0.5))
    b.add_object("mug", on="dining_table#1", spot=(0.3, 0.5))
    b.set_human((1.5, 5.4), yaw=S)
    oracle = [step("Your phone was on the living-room table before the call: bring it back from the dining-room "
                   "sideboard.", cmd("Grab", "phone#1"), cmd("Put", "phone#1", "coffee_table#1")),
              step("You said the towel goes to the kitchen: take it from the sofa to the kitchen counter.",
                   cmd("Grab", "towel#1"), cmd("Put", "towel#1", "counter#1")),
              step("And the incident report, the red folder, goes to the table in the other living room.",
                   cmd("Grab", "folder#1"), cmd("Put", "folder#1", "coffee_table#2"))]
    wrong = [oracle[0], oracle[1],
             step("And the blue folder goes to the table in the other living room.", cmd("Grab", "folder#2"),
                  cmd("Put", "folder#2", "coffee_table#2"))]
    return taskpack(
        id="planning-19", family="Planning", static_item=STATIC_ITEMS["planning-19"], row=19, scene=b.build(),
        title="Recover a spoken plan after work and a phone call",
        prelude="Before I forget: after this, the towel goes to the kitchen and the incident folder goes over to "
                "the other living room.",
        opening=[cmd("LookAt", "towel#1"), cmd("LookAt", "folder#1"), cmd("LookAt", "folder#2"),
                 cmd("Grab", "phone#1"), cmd("AnswerPhone", "phone#1"), cmd("Walk", "sideboard#1"), cmd("Wait"),
                 cmd("Put", "phone#1", "sideboard#1"), cmd("Walk", "desk#1"), cmd("UseComputer", "computer#1")],
        handoff="Right, that's done. What was I going to do before the call? Help me finish it, one thing at a time.",
        human_task="Before the phone call and your work you told the assistant what you meant to tidy up next, and "
                   "now you cannot remember it. You want that done, and anything the call disturbed put back.",
        evidence=[*printed_at("folder#1", "INCIDENT REPORT"), *printed_at("folder#2", "MINUTES"),
                  state("phone lay on the living-room table before the call", "phone#1", cmd("Grab", "phone#1")),
                  state("towel to the kitchen", "towel#1"),
                  state("incident folder to the other living room", "folder#1")],
        legend=[entry("phone#1", "your phone", movable=True),
                entry("towel#1", "the white towel on the sofa", movable=True),
                entry("folder#1", "the red folder", movable=True),
                entry("folder#2", "the blue folder", movable=True),
                entry("mug#1", "the mug on the dining table", movable=True),
                entry("coffee_table#1", "the low table by the sofa where you started"),
                entry("coffee_table#2", "the low table in the second lounge, through the door by the desk"),
                entry("sofa#1", "the sofa where you started"), entry("counter#1", "the counter by the window"),
                entry("table#1", "the small square table near the fridge"),
                entry("sideboard#1", "the sideboard"), entry("dining_table#1", "the dining table")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("on", "phone#1", "coffee_table#1"),
               any_of(holds("on", "towel#1", "counter#1"), holds("on", "towel#1", "table#1"),
                      holds("inside", "towel#1", "fridge#1")),
               holds("on", "folder#1", "coffee_table#2")],
        prohibitions=[moved("folder#2"), moved("mug#1"), holds("held", "*")],
        capabilities=caps(
            point("C4", "recalls-phone-place", "the phone lay on the living-room table before the call",
                  acts("place(phone#1, coffee_table#1)", among=["place(phone#1, *)"])),
            point("C4", "recalls-towel", "the spoken plan: the towel goes to the kitchen",
                  acts("place(towel#1, counter#1)", "place(towel#1, table#1)",
                       among=["place(towel#1, *)", "place_inside(towel#1, *)"])),
            point("C3", "reads-incident-folder", "the INCIDENT REPORT cover among the two folders",
                  acts("pick(folder#1)", among=["pick(folder#1)", "pick(folder#2)"]))),
        ticks=24)


def planning_20() -> dict:
    """Close down the cafe from the card on the wall: grime off the service table with the sponge, the apple onto
    the return cart, both tools back on the counter. Once the apple is on the cart a spill appears on the table (a
    scripted event); only the towel dries it (a sponge only pushes a spill around), so the Assistant replans: the
    spill wiped with the towel, the table dry, the towel back too. Grime and spill are the table's physical soil
    state, read by the scorer, not the wipe commands."""
    b = cafe()
    table = "service_table#1"
    board(b, "wall_board", name="closing_card", at=(3.6, 4.94), yaw=N, width=0.9, height=0.75, mount_z=1.35,
          text="CLOSE-DOWN\ngrime: sponge\nspills: towel\napple: return cart\ntools: counter")
    b.add_fixture("table", name="return_cart", at=(3.0, 1.05), yaw=S,
                  params={"width": 0.8, "depth": 0.5, "height": 0.85, "color": (0.6, 0.62, 0.65)})
    b.add_object("sponge", on="supply_counter#1", spot=(0.3, 0.3))
    b.add_object("cloth", name="towel", on="supply_counter#1", spot=(0.7, 0.3), params={"size": (0.25, 0.2, 0.03),
                 "color": (0.95, 0.95, 0.95)})
    b.add_object("apple", on="service_table#1", spot=(0.75, 0.8))
    b.add_object("mug", on="supply_counter#1", spot=(-0.6, 0.5))
    # the spill: once the apple is on the cart, a wet patch appears on the table
    b.add_event("spill-after-apple", [{"on": ["apple#1", "return_cart#1"]}],
                [(table, {"soil": {"spill": {"spot": [-0.75, 0.5], "radius": 0.14}}})])
    b.set_human((3.0, 3.4), yaw=S)
    scene = set_state(b.build(), table, soil={"grime": {"spot": [-0.1, 0.45], "radius": 0.13}})
    oracle = [step("Wipe the grime off the middle table with the sponge from the counter, then put the sponge "
                   "back on the counter.", cmd("Wipe", "sponge#1", table), cmd("Put", "sponge#1", COUNTER)),
              step("Put the apple from the table on the return cart.", cmd("Grab", "apple#1"),
                   cmd("Put", "apple#1", "return_cart#1")),
              step("Something spilled on the table just now: dry it with the towel from the counter, then put the "
                   "towel back on the counter.", cmd("Wipe", "towel#1", table), cmd("Put", "towel#1", COUNTER))]
    wrong = [oracle[0], oracle[1],
             step("Something spilled on the table just now: wipe it with the sponge, then put the sponge back.",
                  cmd("Wipe", "sponge#1", table), cmd("Put", "sponge#1", COUNTER))]
    return taskpack(
        id="planning-20", family="Planning", static_item=STATIC_ITEMS["planning-20"], row=20, scene=scene,
        title="Replan a close-down when a late spill appears",
        prelude="We're closing; the close-down card is on the wall.",
        opening=[cmd("Walk", "closing_card#1"), cmd("LookAt", "closing_card#1"), cmd("LookAt", COUNTER),
                 cmd("Walk", table), cmd("LookAt", table)],
        handoff="Plan the close-down for me, one job at a time.",
        human_task="The cafe closed down the way the close-down card on the wall says, with the middle table clean "
                   "and dry at the end.",
        evidence=[*printed_at("closing_card#1", "grime: sponge", "spills: towel", "apple: return cart",
                              "tools: counter"),
                  state("grime on the middle table", table, cmd("LookAt", table)),
                  state("spill on the middle table after the apple left it", table)],
        legend=[entry("sponge#1", "the yellow sponge on the counter", movable=True),
                entry("towel#1", "the white towel on the counter", movable=True),
                entry("apple#1", "the red apple on the middle table", movable=True),
                entry("mug#1", "the red mug on the counter", movable=True),
                entry(table, "the middle table"), entry("return_cart#1", "the grey cart beside the middle table"),
                entry(COUNTER, "the counter by the back wall")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[negate(soiled(table, "grime")), holds("on", "apple#1", "return_cart#1"),
               negate(soiled(table, "spill"))],
        prohibitions=[negate(holds("on", "sponge#1", COUNTER)), negate(holds("on", "towel#1", COUNTER)),
                      moved("mug#1"), holds("held", "*")],
        capabilities=caps(
            point("C3", "reads-card", "the card's 'grime: sponge' for the dried grime",
                  acts(f"wipe(sponge#1, {table})", among=[f"wipe(*, {table})"])),
            point("C5", "replans-spill", "the spill that appeared once the apple was on the cart, dried with the "
                  "towel after it",
                  order("place(apple#1, return_cart#1)", f"wipe(towel#1, {table})"))),
        ticks=20)


# Static variant (paper appendix D.3): asked with the frames of the oracle run cut before its first step.
STATIC_ITEMS = {
    "planning-04": static(
        "What is the full plan for the snack?",
        "Cut the loaf on the counter left of the cooktop with the knife there; then put the cut bread, the cheese "
        "and the apple on the plate, which goes from the kitchen table to the service pass; the knife back on the "
        "counter. The fresh loaf in the red bread box is the spare."),
    "planning-19": static(
        "What was the wearer going to do before the call, and what else needs putting back?",
        "The towel goes to the kitchen and the red INCIDENT REPORT folder (not the blue MINUTES one) to the table "
        "in the other living room; the phone, put down on the dining-room sideboard during the call, goes back on "
        "the living-room table."),
    "planning-20": static(
        "What is the full close-down plan?",
        "Wipe the grime off the middle table with the sponge, put the apple on the return cart, and put the sponge "
        "and the towel back on the counter; a spill is dried with the towel, not the sponge."),
}


TASKS = [planning_04, planning_19, planning_20]
