"""Planning (ORCHESTRATE) TaskPacks scored on the order ingredients went in (paper Table 8, rows 7 and 18): the
world keeps a persistent record of what was poured into or onto each entity (``received``), so the scorer reads
"rice, then water, then heat" and "soy sauce, then vinegar" from the world state, not from the command trace."""
from __future__ import annotations

from common import (acts, any_of, before, caps, cmd, count, entry, holds, negate, order, point, printed_at, received,
                    static, step, taskpack)
from planning import ASK_PLAN
from planning_2 import OVEN_SHUT, OVEN_SPOTS
from scenes import N, S, board, kitchen_house

WOOD = (0.35, 0.22, 0.12)


def planning_07() -> dict:
    """Porridge by the recipe card: the pot on the cooktop, rice poured in first, then the water, and only then
    the heat; cooked, heat off; the rice bag back in the closed pantry cabinet and the knife that opened it back
    in the knife block. The pot's persistent record must read exactly rice, water."""
    b = kitchen_house(recipe="PORRIDGE\nrice first\nwater second\nheat last")
    b.add_object("pot", on="counter#1", spot=(0.55, 0.4))
    b.add_object("carton", name="rice_bag", on="counter#1", spot=(-0.6, 0.4), state={"contents": "rice"},
                 params={"size": (0.12, 0.08, 0.2), "color": (0.92, 0.88, 0.75)},
                 labels=[{"text": "RICE", "face": "front"}])
    b.add_object("knife", on="counter#1", spot=(-0.05, 0.6))
    b.add_object("jug", on="counter#2", spot=(-0.55, 0.4), state={"contents": "water"},
                 params={"color": (0.75, 0.85, 0.95)})
    # a wooden block with a slot region: the catalog's open box in block proportions
    b.add_object("box", name="knife_block", on="counter#2", spot=(0.35, 0.4),
                 params={"size": (0.3, 0.12, 0.1), "color": WOOD})
    b.set_human((2.4, 3.5), yaw=S)
    pot, rice, jug, knife = "pot#1", "rice_bag#1", "jug#1", "knife#1"
    oracle = [step("First put the pot on the cooktop.", cmd("Grab", pot), cmd("Put", pot, "cooktop#1")),
              step("Pour the rice from the bag into the pot.", cmd("Grab", rice), cmd("Pour", pot, rice)),
              step("Put the rice bag back in the pantry cabinet and close it.", cmd("Open", "pantry_cabinet#1"),
                   cmd("PutIn", rice, "pantry_cabinet#1"), cmd("Close", "pantry_cabinet#1")),
              step("Now pour the water from the jug into the pot and put the jug down.", cmd("Grab", jug),
                   cmd("Pour", pot, jug), cmd("Put", jug, "counter#2")),
              step("Only now switch the cooktop on, cook the porridge, then switch it off.",
                   cmd("TurnOn", "cooktop#1"), cmd("Cook", pot), cmd("TurnOff", "cooktop#1")),
              step("Last, put the knife back in the knife block.", cmd("Grab", knife),
                   cmd("PutIn", knife, "knife_block#1"))]
    wrong = [oracle[0],
             step("Pour the water from the jug into the pot first and put the jug down.", cmd("Grab", jug),
                  cmd("Pour", pot, jug), cmd("Put", jug, "counter#2")),
             step("Then pour the rice from the bag into the pot.", cmd("Grab", rice), cmd("Pour", pot, rice)),
             oracle[2], oracle[4], oracle[5]]
    return taskpack(
        id="planning-07", family="Planning", static_item=STATIC_ITEMS["planning-07"], row=7, scene=b.build(),
        title="Schedule rice and water before the heat, then reset the ingredients and tools",
        prelude="Porridge for breakfast; the recipe card is over the counter.",
        opening=[cmd("Walk", "recipe_board#1"), cmd("LookAt", "recipe_board#1"), cmd("LookAt", "counter#1"),
                 cmd("LookAt", rice), cmd("Walk", "counter#2"), cmd("LookAt", "counter#2")],
        handoff="Let's make the porridge and leave the kitchen tidy. Plan it for me, one job at a time.",
        human_task="Porridge made in the pot on the cooktop the way the recipe card over the counter says, then the "
                   "kitchen reset: the bag back in the pantry cabinet with its door shut, the knife back in the "
                   "wooden block and the cooktop off.",
        evidence=[*printed_at("recipe_board#1", "rice first", "water second", "heat last")],
        legend=[entry(pot, "the steel pot on the counter left of the cooktop", movable=True),
                entry(rice, "the pale bag on the counter left of the cooktop", movable=True),
                entry(knife, "the knife on the counter left of the cooktop", movable=True),
                entry(jug, "the pale blue jug on the counter right of the oven", movable=True),
                entry("knife_block#1", "the wooden block on the counter right of the oven"),
                entry("cooktop#1", "the cooktop"), entry("pantry_cabinet#1", "the pantry cabinet by the west wall"),
                entry("counter#1", "the counter left of the cooktop"),
                entry("counter#2", "the counter right of the oven")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[holds("on", pot, "cooktop#1"), received(pot, "rice", "water"), holds("cooked", pot),
               holds("inside", rice, "pantry_cabinet#1"), holds("inside", knife, "knife_block#1")],
        prohibitions=[holds("running", "cooktop#1"), holds("open", "pantry_cabinet#1"), holds("held", "*")],
        evaluator={"kind": "plan_score", "order": [
            before(received(pot, "rice", "water"), holds("running", "cooktop#1"))]},
        capabilities=caps(
            point("C3", "reads-recipe", "the card's 'rice first': the first thing poured into the pot is rice",
                  acts(f"pour({pot}, {rice})", among=[f"pour({pot}, *)"])),
            point("C5", "heat-last", "rice, then water, and the cooktop switched on only after both",
                  order(f"pour({pot}, {rice})", f"pour({pot}, {jug})", "turn_on(cooktop#1)"))),
        ticks=44)


def planning_18() -> dict:
    """Roast chicken and bread together: the card says the soy sauce soaks in first and the vinegar goes on just
    before roasting, so the chicken is seasoned soy, then vinegar (its persistent record exactly that), then
    roasted with the bread in one oven run; each on its own plate on the service counter; oven off and closed."""
    b = kitchen_house()
    board(b, "wall_board", name="roast_card", at=(4.4, 4.94), yaw=N, width=1.0, height=0.75,
          text="ROAST CHICKEN\nsoy soaks in first\nvinegar just before\nroasting, bread too")
    b.add_fixture("counter", name="service_counter", at=(1.6, 0.35), yaw=S, params={"width": 1.2})
    b.add_object("potato", name="chicken", on="counter#2", spot=(-0.6, 0.4),
                 params={"radii": (0.07, 0.055, 0.045), "color": (0.95, 0.85, 0.65)})
    b.add_object("bread", on="counter#2", spot=(-0.15, 0.4), params={"size": (0.1, 0.16, 0.07)})
    b.add_object("bottle", name="soy", on="counter#1", spot=(-0.5, 0.4), state={"contents": "soy sauce"},
                 params={"color": (0.25, 0.12, 0.05)}, labels=[{"text": "SOY", "face": "front"}])
    b.add_object("bottle", name="vinegar", on="counter#1", spot=(0.0, 0.4), state={"contents": "vinegar"},
                 params={"color": (0.9, 0.88, 0.7)}, labels=[{"text": "VINEGAR", "face": "front"}])
    for u in (-0.45, 0.45):
        b.add_object("plate", on="service_counter#1", spot=(u, 0.4), params={"radius": 0.12})
    b.set_human((3.4, 3.4), yaw=S)
    chicken, bread, soy, vinegar = "chicken#1", "bread#1", "soy#1", "vinegar#1"
    plates = ["plate#1", "plate#2"]

    def season(first: str, then: str) -> list[dict]:
        name = {soy: "soy sauce", vinegar: "vinegar"}
        return [step(f"Season the chicken with the {name[first]} first, then put the bottle back.",
                     cmd("Grab", first), cmd("Pour", chicken, first), cmd("Put", first, "counter#1")),
                step(f"Now the {name[then]} on the chicken, and the bottle back.", cmd("Grab", then),
                     cmd("Pour", chicken, then), cmd("Put", then, "counter#1"))]

    roast = [step("Open the oven and put the chicken and the bread in.", cmd("Open", "oven#1"),
                  *[c for k, (u, v) in zip((chicken, bread), OVEN_SPOTS)
                    for c in (cmd("Grab", k), cmd("PutIn", k, "oven#1") + f" @place_spot={u}:{v}")]),
             dict(step("Close the oven door.", cmd("Close", "oven#1")), optional=OVEN_SHUT),
             step("Turn the oven on and roast both together, then turn it off and open it.", cmd("TurnOn", "oven#1"),
                  cmd("Cook", chicken), cmd("Cook", bread), cmd("TurnOff", "oven#1"), cmd("Open", "oven#1")),
             step("Serve each on its own plate on the service counter, then close the oven.",
                  *[c for k, p in zip((chicken, bread), plates) for c in (cmd("Grab", k), cmd("Put", k, p))],
                  cmd("Close", "oven#1"))]
    oracle = season(soy, vinegar) + roast
    wrong = [dict(s, say="So: " + s["say"]) for s in season(vinegar, soy)] + roast
    return taskpack(
        id="planning-18", family="Planning", static_item=STATIC_ITEMS["planning-18"], row=18, scene=b.build(),
        title="Infer the seasoning order and roast chicken and bread together",
        prelude="Roast chicken with bread tonight; the card is on the wall by the oven.",
        opening=[cmd("Walk", "roast_card#1"), cmd("LookAt", "roast_card#1"), cmd("LookAt", "counter#2"),
                 cmd("Walk", "counter#1"), cmd("LookAt", "soy#1"), cmd("LookAt", "vinegar#1")],
        handoff="Season it right and get both out together. Plan it for me, one job at a time.",
        human_task="The chicken seasoned the way the card by the oven says and roasted with the bread, each served "
                   "on its own plate on the service counter, and the oven left off and shut.",
        evidence=[*printed_at("roast_card#1", "soy soaks in first", "vinegar just before")],
        legend=[entry(chicken, "the chicken on the counter right of the oven", movable=True),
                entry(bread, "the bread on the counter right of the oven", movable=True),
                entry(soy, "the dark bottle on the counter left of the cooktop", movable=True),
                entry(vinegar, "the pale bottle on the counter left of the cooktop", movable=True)] +
               [entry(p, f"the {side} plate on the service counter", movable=True)
                for p, side in zip(plates, ("left", "right"))] +
               [entry("oven#1", "the oven"), entry("counter#1", "the counter left of the cooktop"),
                entry("service_counter#1", "the service counter by the south wall")],
        oracle=oracle, wrong=wrong, no_help=ASK_PLAN,
        goals=[received(chicken, "soy sauce", "vinegar"), holds("cooked", chicken), holds("cooked", bread),
               any_of(*[holds("on", chicken, p) for p in plates]), any_of(*[holds("on", bread, p) for p in plates]),
               *[count("on", ["*", p], eq=1) for p in plates]],
        prohibitions=[*[negate(holds("on", p, "service_counter#1")) for p in plates], holds("running", "oven#1"),
                      holds("open", "oven#1"), holds("held", "*")],
        evaluator={"kind": "plan_score", "order": [
            before(received(chicken, "soy sauce", "vinegar"), holds("cooked", chicken))]},
        capabilities=caps(
            point("C3", "reads-card", "the card's 'soy soaks in first': the soy sauce goes on before the vinegar",
                  acts(f"pour({chicken}, {soy})", among=[f"pour({chicken}, *)"])),
            point("C5", "one-roast", "seasoned before roasting, chicken and bread loaded before the oven goes on",
                  order(f"pour({chicken}, {vinegar})", f"place_inside({chicken}, oven#1)",
                        f"place_inside({bread}, oven#1)", "turn_on(oven#1)"))),
        ticks=50)


STATIC_ITEMS = {
    "planning-07": static(
        "Plan the porridge and the clean-up for me.",
        "Pot on the cooktop; pour the rice in first, then the water, and only then switch the cooktop on and cook; "
        "switch it off, put the rice bag back in the pantry cabinet and close it, and the knife back in its block."),
    "planning-18": static(
        "How do we season and roast the chicken and the bread?",
        "Soy sauce on the chicken first, then the vinegar just before roasting; chicken and bread into the oven "
        "together, roast, oven off; each on its own plate on the service counter, and close the oven."),
}

TASKS = [planning_07, planning_18]
