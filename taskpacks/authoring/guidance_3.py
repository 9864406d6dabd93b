"""Guidance (GUIDE) TaskPacks, rows 15-20 of paper Table 7 (see ``guidance.py``)."""
from __future__ import annotations

import math

from common import (acts, any_of, before, caps, cmd, count, entry, ever, holds, moved, negate, num, order, point,
                    printed_at, says, step, taskpack)
from guidance import ASK_NEXT, HELD_NOTHING, succeeded, ticks_for, wiped
from scenes import N, S, board, cafe, hotel_suite, kitchen_house, shop
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
        id="guidance-20", family="Guidance", row=20, scene=b.build(),
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


TASKS = [guidance_20]
