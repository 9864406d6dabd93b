"""Accessibility (NARRATE) TaskPacks, rows 14, 16 and 17 of paper Table 9: a cleanup guide with
nested hazardous-waste disposal, a search of three laboratory regions and a catering ticket with three off-ticket
picks to undo (the last two in the scenes of ``scenes_accessibility.py``). Scored by CFSS-StateScore with the row's state-transition gates (STG)."""
from __future__ import annotations

import math

from common import (acts, any_of, caps, cmd, entry, ever, holds, moved, negate, order, phrase, point,
                    printed_at, says, state, static, step, taskpack)
from accessibility import ASK_SEE, gate_still
from scenes import S, kitchen_house
from scenes_accessibility import catering, lab


def accessibility_14() -> dict:
    """The wearer holds a cleanup guide after a glass broke in the kitchen: the guide goes back on the table, the
    broken glass into the yellow paper bag and the bag into the red bin (hazard first, bag before bin), then the
    apple and the milk into the fridge (closed) and the cup and the bowl into the sink; the sponge stays."""
    b = kitchen_house()
    b.add_fixture("bin", at=(4.4, 0.35), yaw=S, params={"color": (0.8, 0.1, 0.1)})
    b.add_object("document", name="guide", on="table#1", spot=(-0.5, 0.3), yaw=math.pi,
                 labels=[{"text": "CLEANUP\nGLASS FIRST\nINTO\nYELLOW BAG,\nBAG INTO\nRED BIN", "face": "top"}])
    b.add_object("glass", name="broken_glass", on="counter#1", spot=(0.3, 0.4), params={"height": 0.06})
    b.add_object("sponge", on="counter#1", spot=(-0.4, 0.4))
    b.add_object("box", name="bag", on="counter#2", spot=(0.3, 0.4),
                 params={"size": (0.18, 0.14, 0.16), "color": (0.95, 0.8, 0.2)})
    b.add_object("apple", on="table#1", spot=(0.0, 0.7))
    b.add_object("milk_carton", on="table#1", spot=(0.3, 0.7))
    b.add_object("cup", on="table#1", spot=(0.55, 0.3))
    b.add_object("bowl", on="table#1", spot=(0.0, 0.3))
    b.set_human((4.3, 1.3), yaw=S)
    g, gl, bag, rb, fr = "guide#1", "broken_glass#1", "bag#1", "bin#2", "fridge#1"
    oracle = [step("First put the guide back down on the kitchen table.", cmd("Put", g, "table#1")),
              step("The guide says the glass comes first. The broken glass is on the counter left of the stove, "
                   "at its right. Pick up the broken glass carefully.", cmd("Grab", gl)),
              step("Put it into the yellow paper bag on the counter right of the oven.", cmd("PutIn", gl, bag)),
              step("Now pick up the paper bag with the glass in it.", cmd("Grab", bag)),
              step("Put the bag into the red bin, the bin by the wall behind the table.", cmd("PutIn", bag, rb)),
              step("Now the food: open the fridge.", cmd("Open", fr)),
              step("Pick up the apple from the kitchen table.", cmd("Grab", "apple#1")),
              step("Put the apple in the fridge.", cmd("PutIn", "apple#1", fr)),
              step("Pick up the milk carton from the kitchen table.", cmd("Grab", "milk_carton#1")),
              step("Put the milk in the fridge.", cmd("PutIn", "milk_carton#1", fr)),
              step("Close the fridge.", cmd("Close", fr)),
              step("Last the dishes: pick up the cup from the kitchen table.", cmd("Grab", "cup#1")),
              step("Put the cup in the sink.", cmd("PutIn", "cup#1", "sink#1")),
              step("Pick up the bowl from the kitchen table.", cmd("Grab", "bowl#1")),
              step("Put the bowl in the sink.", cmd("PutIn", "bowl#1", "sink#1"))]
    wrong = oracle[:2] + [step("Drop the broken glass straight into the bin in the corner by the door.",
                               cmd("PutIn", gl, "bin#1"))]
    contained = holds("inside", gl, bag)
    ordinary = any_of(holds("inside", "apple#1", fr), holds("inside", "milk_carton#1", fr),
                      holds("inside", "cup#1", "sink#1"), holds("inside", "bowl#1", "sink#1"))
    return taskpack(
        id="accessibility-14", family="Accessibility", row=14,
        static_item=STATIC_ITEMS["accessibility-14"], scene=b.build(),
        title="Follow a cleanup guide: broken glass bagged and binned first, then the ordinary cleanup",
        prelude="A glass broke in the kitchen and I found the cleanup guide.",
        opening=[cmd("Walk", g), cmd("LookAt", g), cmd("Grab", g), cmd("LookAt", gl), cmd("LookAt", bag),
                 cmd("LookAt", rb)],
        handoff="I have the cleanup guide in my hand but I can't read it. Can you take me through it? The food and "
                "the dishes on the table need putting away too.",
        human_task="A glass broke in the kitchen. You hold the cleanup guide but cannot read it; you want the "
                   "kitchen cleaned up as it says, and the food and the dishes on the table put away.",
        evidence=[*printed_at(g, "GLASS FIRST", "YELLOW BAG", "RED BIN"),
                  state("broken glass at the right of the counter left of the stove", gl, cmd("LookAt", gl))],
        legend=[entry(g, "the cleanup guide in your hand", movable=True, aliases=["guide"]),
                entry(gl, "the broken glass", movable=True),
                entry(bag, "a paper bag, on the counter right of the oven", movable=True, aliases=["paper bag"]),
                entry(rb, "a bin by the wall behind the table"),
                entry("bin#1", "a bin in the corner by the door"),
                entry("apple#1", "an apple, on the kitchen table", movable=True),
                entry("milk_carton#1", "a milk carton, on the kitchen table", movable=True, aliases=["milk"]),
                entry("cup#1", "a cup, on the kitchen table", movable=True),
                entry("bowl#1", "a bowl, on the kitchen table", movable=True),
                entry(fr, "the fridge"), entry("sink#1", "the sink"),
                entry("table#1", "the kitchen table"),
                entry("counter#1", "the counter left of the stove")],
        oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[holds("on", g, "table#1"), holds("inside", gl, bag), holds("inside", bag, rb),
               holds("inside", "apple#1", fr), holds("inside", "milk_carton#1", fr),
               holds("inside", "cup#1", "sink#1"), holds("inside", "bowl#1", "sink#1")],
        prohibitions=[moved("sponge#1"), holds("open", fr), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [
            {"forbidden_before": {"forbidden": holds("inside", bag, rb), "gate": contained}},
            {"forbidden_before": {"forbidden": ordinary, "gate": holds("inside", bag, rb)}},
            negate(ever(holds("inside", gl, "bin#1")))]},
        capabilities=caps(
            point("C3", "reads-guide", "the guide's YELLOW BAG for the broken glass",
                  says(phrase("yellow bag"), phrase("yellow paper bag"), before=f"place_inside({gl}, {bag})")),
            point("C5", "nested-disposal", "glass into the bag, the bag into the red bin, before the rest",
                  order(f"place_inside({gl}, {bag})", f"place_inside({bag}, {rb})", f"place_inside(apple#1, {fr})"))),
        ticks=44)


def accessibility_16() -> dict:
    """The wearer's phone, folder and beaker are somewhere in the three regions of the lab (window bench, sink
    bench, island bench): find each, put the phone on the instructor's desk and the folder and the beaker in
    one of the lab's two cabinets; the coffee, the sponge, the marker and the water stay."""
    b = lab()
    b.add_object("mug", name="coffee", on="window_bench#1", spot=(-0.4, 0.4), params={"color": (0.45, 0.3, 0.2)})
    b.add_object("phone", on="window_bench#1", spot=(0.3, 0.4))
    b.add_object("glass", name="beaker", on="sink_bench#1", spot=(-0.4, 0.4), params={"radius": 0.04, "height": 0.11})
    b.add_object("sponge", on="sink_bench#1", spot=(0.3, 0.4))
    b.add_object("document", name="folder", on="island_bench#1", spot=(-0.45, 0.5),
                 params={"size": (0.24, 0.32, 0.012), "color": (0.2, 0.35, 0.8)})
    b.add_object("pen", name="marker", on="island_bench#1", spot=(0.15, 0.5), params={"color": (0.1, 0.1, 0.1)})
    b.add_object("water_bottle", on="island_bench#1", spot=(0.6, 0.5))
    b.set_human((5.6, 1.6), yaw=math.pi)
    ph, bk, fd, gc, dc = "phone#1", "beaker#1", "folder#1", "glassware_cabinet#1", "document_cabinet#1"
    keep = ["coffee#1", "sponge#1", "marker#1", "water_bottle#1"]
    oracle = [step("Your phone is on the window bench, just right of a coffee mug. Pick up the phone.", cmd("Grab", ph)),
              step("Put it on the instructor's desk by the wall behind you.", cmd("Put", ph, "instructor_desk#1")),
              step("Open the glassware cabinet, the lower of the two cabinets on the right-hand wall.",
                   cmd("Open", gc)),
              step("The beaker is on the sink bench, at its left end. Pick up the beaker.", cmd("Grab", bk)),
              step("Put the beaker in the glassware cabinet.", cmd("PutIn", bk, gc)),
              step("The folder is on the island bench in the middle of the lab, at its left end. Pick up the folder.",
                   cmd("Grab", fd)),
              step("Put the folder in the glassware cabinet too.", cmd("PutIn", fd, gc))]
    wrong = [step("Your phone is the thing in the middle of the island bench. Pick up the marker there.",
                  cmd("Grab", "marker#1")),
             step("Put the marker on the instructor's desk by the wall behind you.",
                  cmd("Put", "marker#1", "instructor_desk#1"))]
    return taskpack(
        id="accessibility-16", family="Accessibility", row=16,
        static_item=STATIC_ITEMS["accessibility-16"], scene=b.build(),
        title="Search three lab regions for a phone, a folder and a beaker",
        prelude="I'm packing up at the end of the lab session.",
        opening=[cmd("Walk", "window_bench#1"), cmd("LookAt", "window_bench#1"), cmd("Walk", "sink_bench#1"),
                 cmd("LookAt", "sink_bench#1"), cmd("Walk", "island_bench#1"), cmd("LookAt", "island_bench#1")],
        handoff="I've lost track of my phone, my folder and the beaker I used. The phone goes on the instructor's "
                "desk and the other two in a cabinet. Can you find them?",
        human_task="At the end of the lab session you want your phone on the instructor's desk and your folder and "
                   "the beaker you used put away in one of the lab's cabinets; you do not know where in the lab "
                   "they are.",
        evidence=[state("phone on the window bench", ph, cmd("LookAt", "window_bench#1")),
                  state("beaker at the left end of the sink bench", bk, cmd("LookAt", "sink_bench#1")),
                  state("folder at the left end of the island bench", fd, cmd("LookAt", "island_bench#1"))],
        legend=[entry(ph, "your phone", movable=True),
                entry(bk, "a beaker", movable=True),
                entry(fd, "your folder", movable=True),
                entry("marker#1", "a marker", movable=True),
                entry("instructor_desk#1", "the instructor's desk, by the wall", aliases=["instructor's desk"]),
                entry(gc, "the glassware cabinet, the lower cabinet on the right-hand wall",
                      aliases=["glassware cabinet"]),
                entry(dc, "the document cabinet, the upper cabinet on the right-hand wall",
                      aliases=["document cabinet"]),
                entry("window_bench#1", "the bench by the window"),
                entry("sink_bench#1", "the bench with the sink"),
                entry("island_bench#1", "the bench in the middle of the lab")],
        oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[holds("on", ph, "instructor_desk#1"), any_of(holds("inside", fd, gc), holds("inside", fd, dc)),
               any_of(holds("inside", bk, gc), holds("inside", bk, dc))],
        prohibitions=[*(moved(k) for k in keep), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gate_still(*keep)},
        capabilities=caps(
            point("C2", "phone-found", "the phone lies on the window bench",
                  says(phrase("is on the window bench"), phrase("phone on the window bench"), phrase("by the window"),
                       before=f"pick({ph})")),
            point("C1", "three-found", "the phone, not the marker, is the wearer's",
                  acts(f"pick({ph})", f"pick({bk})", f"pick({fd})", among=["pick(*)"]))),
        ticks=30)


def accessibility_17() -> dict:
    """A catering ticket asks for an apple, a water and a sandwich; the wearer has already carried three
    off-ticket items (an orange, a soda can, a juice carton) to the conference table. Each wrong pick goes back
    before any ticket item is set out (gates), then the three ticket items go on the table; the five other
    off-ticket items never move."""
    b = catering()
    b.add_object("card", name="ticket", on="conference_table#1", spot=(-0.8, 0.3), yaw=math.pi,
                 params={"size": (0.12, 0.18, 0.003)},
                 labels=[{"text": "TICKET\nAPPLE\nWATER\nSANDWICH", "face": "top"}])
    shelf = [("orange", "item"), ("apple", "item"), ("tomato", "item"), ("potato", "item")]
    for i, (kind, name) in enumerate(shelf):
        b.add_object(kind, name=name, on="stock_shelf#1", region="shelf_2", spot=(-0.75 + 0.5 * i, 0.4))
    counter = [("can", "item"), ("water_bottle", "item"), ("juice_carton", "item"), ("bread", "item")]
    for i, (kind, name) in enumerate(counter):
        b.add_object(kind, name=name, on="stock_counter#1", spot=(-0.75 + 0.5 * i, 0.35),
                     **({"params": {"size": (0.1, 0.14, 0.06)}} if kind == "bread" else {}))
    for i, kind in enumerate(("milk_carton", "cup", "bowl")):
        b.add_object(kind, name="item", on="stock_shelf#1", region="shelf_1", spot=(-0.6 + 0.6 * i, 0.4))
    b.set_human((3.5, 2.6), yaw=math.pi / 2)
    orange, apple, tomato, potato, can, water, juice, sandwich, milk, cup, bowl = (f"item#{i}" for i in range(1, 12))
    wrong_picks = [(orange, "stock_shelf#1"), (can, "stock_counter#1"), (juice, "stock_counter#1")]
    ticket = [(apple, "stock_shelf#1"), (water, "stock_counter#1"), (sandwich, "stock_counter#1")]
    others = [tomato, potato, milk, cup, bowl]
    conf = "conference_table#1"
    opening = [cmd("Walk", "ticket#1"), cmd("LookAt", "ticket#1")]
    for (k, _), u in zip(wrong_picks, (-0.35, 0.1, 0.55)):  # set apart, so no pick rests on another
        opening += [cmd("Grab", k), f"{cmd('Put', k, conf)} @place_spot={u}:0.5"]
    opening += [cmd("LookAt", conf), cmd("LookAt", "stock_counter#1")]
    where = {orange: "at the left", can: "in the middle", juice: "at the right"}
    oracle = []
    for k, home in wrong_picks:
        what = {orange: "an orange", can: "a soda can", juice: "a juice carton"}[k]
        dest = "the stock shelf" if home == "stock_shelf#1" else "the stock counter"
        oracle += [step(f"The thing {where[k]} of the conference table is {what}, which is not on the ticket. Pick "
                        f"up the thing {where[k]} of the table.", cmd("Grab", k)),
                   step(f"Put {what} back on {dest}.", cmd("Put", k, home))]
    oracle += [step("Now the ticket items. The apple is on the middle shelf of the stock shelf, second from the "
                    "left. Pick up that round thing.", cmd("Grab", apple)),
               step("Put the apple on the conference table.", cmd("Put", apple, conf)),
               step("The water is the bottle on the stock counter, second from the left. Pick up the bottle.",
                    cmd("Grab", water)),
               step("Put the water on the conference table.", cmd("Put", water, conf)),
               step("The sandwich is the soft package at the right end of the stock counter. Pick up the soft package.",
                    cmd("Grab", sandwich)),
               step("Put the sandwich on the conference table.", cmd("Put", sandwich, conf))]
    wrong = oracle[6:]
    legend = [entry(orange, "a thing at the left of the conference table", movable=True,
                    aliases=["thing at the left"]),
              entry(can, "a thing in the middle of the conference table", movable=True,
                    aliases=["thing in the middle"]),
              entry(juice, "a thing at the right of the conference table", movable=True,
                    aliases=["thing at the right"]),
              entry(apple, "a round thing on the middle shelf of the stock shelf, second from the left",
                    movable=True, aliases=["round thing"]),
              entry(water, "a bottle on the stock counter, second from the left", movable=True,
                    aliases=["bottle"]),
              entry(sandwich, "a soft package at the right end of the stock counter", movable=True,
                    aliases=["soft package"]),
              entry("stock_shelf#1", "the stock shelf by the far wall"),
              entry("stock_counter#1", "the stock counter by the far wall, right of the shelf"),
              entry(conf, "the conference table in front of you")]
    gates = [negate(ever({"all": [holds("on", t, conf), holds("on", w, conf)]})) for t, _ in ticket
             for w, _ in wrong_picks]
    return taskpack(
        id="accessibility-17", family="Accessibility", row=17,
        static_item=STATIC_ITEMS["accessibility-17"], scene=b.build(),
        title="Undo three off-ticket picks and fill a catering ticket",
        prelude="I'm setting out a catering order on the conference table.",
        opening=opening,
        handoff="I've put three things on the table already, but I can't read the ticket. Is this right? Help me "
                "finish the order.",
        human_task="You are setting out a catering order on the conference table from the stock shelf and the "
                   "stock counter; you have already put three things there, but you cannot read the ticket or "
                   "tell what you picked.",
        evidence=[*printed_at("ticket#1", "APPLE", "WATER", "SANDWICH"),
                  state("orange, soda can and juice carton on the conference table", conf, cmd("LookAt", conf))],
        legend=legend, oracle=oracle, wrong=wrong, no_help=ASK_SEE,
        goals=[*(any_of(holds("on", k, home), holds("inside", k, home)) for k, home in wrong_picks),
               *(holds("on", k, conf) for k, _ in ticket)],
        prohibitions=[*(moved(k) for k in others), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gates},
        reduction="The wearer's three off-ticket picks are made in the opening, before the Assistant is asked, "
                  "so they are corrected one after another rather than each as it happens (the scripted wearer "
                  "makes no picks of its own after the handoff).",
        capabilities=caps(
            point("C3", "reads-ticket", "the ticket lists APPLE, WATER and SANDWICH; the orange is not on it",
                  says(phrase("not on the ticket"), before=f"place({orange}, stock_shelf#1)")),
            point("C7", "wrong-picks-first", "the three items on the table are all off-ticket",
                  acts(f"pick({orange})", f"pick({can})", f"pick({juice})", among=["pick(*)"]))),
        ticks=40)


STATIC_ITEMS = {
    "accessibility-14": static(
        "The wearer is blind and holds a cleanup guide after a glass broke. What should you tell them next?",
        "Put the guide back on the table, then the broken glass first: into the yellow paper bag, the bag into the "
        "red bin; only then the apple and milk into the fridge and the cup and bowl into the sink."),
    "accessibility-16": static(
        "The wearer is blind and has lost track of their phone, folder and beaker in the lab. What should you "
        "tell them?",
        "The phone is on the window bench (right of a coffee mug): put it on the instructor's desk; the beaker at "
        "the left of the sink bench and the folder at the left of the island bench go into a lab cabinet."),
    "accessibility-17": static(
        "The wearer is blind and has put three things on the conference table for a catering ticket. What should "
        "you tell them?",
        "None of the three is on the ticket (orange, soda can, juice): put each back first, then set out the apple, "
        "the water and the sandwich the ticket lists."),
}

TASKS = [accessibility_14, accessibility_16, accessibility_17]
