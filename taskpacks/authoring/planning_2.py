"""Planning (ORCHESTRATE) TaskPacks, continued (paper Table 8): rows 6 onwards. The Human knows the requested
outcome but may not make, reorder or repair the plan; the Assistant decomposes it into subtasks."""
from __future__ import annotations

import math

from common import (acts, caps, cmd, count, entry, holds, moved, negate, num, order, phrase, plan, point, printed,
                    printed_at, says, step, taskpack)
from planning import ASK_PLAN
from scenes import E, N, S, W, board, hotel_suite, kitchen_house
from scenes_planning import five_room_house, grocery_aisle


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
        id="planning-06", family="Planning", row=6, scene=b.build(),
        title="Repair a three-way grocery misplacement in one continuous route",
        prelude="Somebody restocked this aisle in a hurry.",
        opening=[cmd("LookAt", "aisle_sign#2"), cmd("LookAt", "item#1"), cmd("Walk", "aisle_shelf#1"),
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


TASKS = [planning_06]
