"""Finding (FIND) TaskPack, paper Table 12 row 3: two identical glasses, one filled from the water bottle and one
from the vodka bottle, then moved, then a phone call; the glass that holds vodka is scored by its persistent
contents (the world's ``received`` record), not by its hidden identity, under WATCH-binary as the row asks."""
from __future__ import annotations

import math

from common import (acts, caps, cmd, entry, holds, moved, phrase, plan, point, printed_at, received, state, static, step,
                    taskpack)
from scenes import S, kitchen_house

WHERE = plan((None, "I don't remember which glass is which. Which one is it?"))
GLASSES = ("glass#1", "glass#2")


def holding(contents: str, destination: str) -> dict:
    """Goal: whichever glass received exactly ``contents`` stands on ``destination``."""
    return {"any": [{"all": [received(g, contents), holds("on", g, destination)]} for g in GLASSES]}


def finding_03() -> dict:
    """Water poured into the left glass, vodka into the right one; the vodka glass is then set down at the left
    end of the counter (now left of the water glass); a phone call takes the wearer to the living room. The
    alcohol-free glass goes to the guest table, the vodka glass to the adult counter."""
    b = kitchen_house()
    b.add_fixture("counter", name="adult_counter", at=(1.6, 0.35), yaw=S, params={"width": 1.2})
    b.add_fixture("table", name="guest_table", at=(9.4, 1.0), params={"width": 1.0, "depth": 0.6})
    b.add_object("glass", on="counter#2", spot=(-0.2, 0.4))
    b.add_object("glass", on="counter#2", spot=(0.3, 0.4))
    b.add_object("water_bottle", name="bottle", on="counter#1", spot=(-0.5, 0.4), state={"contents": "water"},
                 labels=[{"text": "WATER", "face": "front"}])
    b.add_object("bottle", on="counter#1", spot=(0.1, 0.4), state={"contents": "vodka"},
                 params={"color": (0.85, 0.9, 0.92)}, labels=[{"text": "VODKA", "face": "front"}])
    b.add_object("phone", on="table#1", spot=(0.3, 0.4))
    b.set_human((1.9, 3.7), yaw=math.pi / 2)
    water, vodka = "bottle#1", "bottle#2"
    g_water, g_vodka = GLASSES
    moved_left = cmd("Put", g_vodka, "counter#2") + " @place_spot=-0.8:0.4"
    return taskpack(
        id="finding-03", family="Finding", static_item=STATIC_ITEMS["finding-03"], row=3, scene=b.build(),
        title="Track which of two identical glasses received vodka across a phone call",
        prelude="Two drinks: a plain one for my niece and a vodka for me.",
        opening=[cmd("LookAt", water), cmd("Grab", water), cmd("Pour", g_water, water), cmd("Put", water, "counter#1"),
                 cmd("LookAt", vodka), cmd("Grab", vodka), cmd("Pour", g_vodka, vodka), cmd("Put", vodka, "counter#1"),
                 cmd("Grab", g_vodka), moved_left, cmd("LookAt", "counter#2"),
                 cmd("Grab", "phone#1"), cmd("AnswerPhone", "phone#1"), cmd("Wait"),
                 cmd("Walk", "coffee_table#1"), cmd("Put", "phone#1", "coffee_table#1")],
        handoff="Sorry, that call took ages. Which glass was which? Help me get them where they belong.",
        human_task="You are looking for the two drinks you made before the call: the one without alcohol goes to "
                   "your niece on the guest table, the one with alcohol on the adult counter. The two glasses look the "
                   "same to you.",
        evidence=[*printed_at(vodka, "VODKA"), *printed_at(water, "WATER"),
                  state("vodka into the right glass", g_vodka, cmd("Pour", g_vodka, vodka)),
                  state("that glass then set at the far left end", g_vodka, moved_left)],
        legend=[entry(g_water, "a drinking glass", movable=True), entry(g_vodka, "a drinking glass", movable=True),
                entry("counter#2", "the kitchen counter by the sink"),
                entry("adult_counter#1", "the adult counter by the kitchen's south wall"),
                entry("guest_table#1", "the guest table in the living room")],
        oracle=[step("The vodka is in the glass at the far left of the counter by the sink. Go there and take "
                     "that left glass.", cmd("Walk", "counter#2"), cmd("Grab", g_vodka)),
                step("Put it on the adult counter.", cmd("Put", g_vodka, "adult_counter#1")),
                step("The other glass by the sink is the plain one. Go back and take it.", cmd("Walk", "counter#2"),
                     cmd("Grab", g_water)),
                step("Put it on the guest table in the living room.", cmd("Put", g_water, "guest_table#1"))],
        wrong=[step("The vodka is the glass on the right by the sink. Go there and take the right glass.",
                    cmd("Walk", "counter#2"), cmd("Grab", g_water)),
               step("Set that one on the adult counter.", cmd("Put", g_water, "adult_counter#1")),
               step("The other glass is the plain one. Go back and take it.", cmd("Walk", "counter#2"),
                    cmd("Grab", g_vodka)),
               step("Set that one on the guest table in the living room.", cmd("Put", g_vodka, "guest_table#1"))],
        no_help=WHERE,
        goals=[holding("water", "guest_table#1"), holding("vodka", "adult_counter#1")],
        prohibitions=[moved(water), moved(vodka), holds("held", "*")],
        evaluator={"kind": "watch_binary"},
        capabilities=caps(
            point("C4", "tracks-vodka-glass", "vodka went into the right glass, which was then set at the far left",
                  acts(f"place({g_vodka}, adult_counter#1)",
                       among=[f"place({g}, adult_counter#1)" for g in GLASSES])),
            point("C4", "plain-glass-for-guest", "the glass filled from the WATER bottle is the alcohol-free one",
                  acts(f"place({g_water}, guest_table#1)", among=[f"place({g}, guest_table#1)" for g in GLASSES]))),
        ticks=24)


STATIC_ITEMS = {
    "finding-03": static(
        "Which glass has the vodka in it?",
        "The glass at the far left of the counter by the sink: the vodka went into the right glass, which was then "
        "moved to the left end; the other glass by the sink holds only water.",
        require=[[phrase("left")]], kind="location"),
}

TASKS = [finding_03]
