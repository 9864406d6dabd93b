"""Accessibility (NARRATE) TaskPacks, rows 10 and 12 of paper Table 9: a mug and a folder swapped by someone else
while the blind wearer was out of the room (an offscreen event of the opening), told apart from what the wearer
moved itself; broken glass on the table where a new cup goes, swept into a dustpan with a hand broom first.
Scored by CFSS-StateScore with the row's state-transition gates (STG)."""
from __future__ import annotations

from common import (acts, caps, cmd, entry, holds, moved, negate, order, phrase, point, says, state, static, step,
                    taskpack)
from accessibility import ASK_SEE, gate_still
from scenes import N, S, kitchen_house, office


def offscreen(key: str, support: str, spot: tuple[float, float] | None = None) -> str:
    """An offscreen event line of the opening: someone out of the wearer's view puts ``key`` on ``support``,
    nearest ``spot`` (u, v) when given (:mod:`interactiveworld.actions.offscreen`)."""
    line = cmd("Offscreen", key, support)
    return f"{line} @place_spot={spot[0]:g}:{spot[1]:g}" if spot else line


def accessibility_10() -> dict:
    """The blind wearer moves its phone onto its own desk and hands in its errand sheet on the meeting table,
    then goes to the break counter; out of its view someone swaps the mug on its desk with the folder on the
    other desk. Back at the desks, only the swap is undone: the mug back on the wearer's desk, the folder back on
    the other desk; the phone and the handed-in sheet (the wearer's own changes) stay where the wearer put them."""
    b = office()
    b.add_object("mug", on="desk#1", spot=(-0.45, 0.35), params={"color": (0.85, 0.3, 0.2)})
    b.add_object("document", name="sheet", on="desk#1", spot=(0.0, 0.3), params={"color": (1.0, 0.97, 0.8)})
    b.add_object("folder", on="desk#2", spot=(-0.35, 0.35), params={"color": (0.2, 0.45, 0.75)})
    b.add_object("phone", on="desk#2", spot=(0.35, 0.3))
    b.set_human((2.75, 3.0), yaw=S)
    mug, folder, phone, sheet = "mug#1", "folder#1", "phone#1", "sheet#1"
    mine, other, table, counter = "desk#1", "desk#2", "meeting_table#1", "break_counter#1"
    opening = [cmd("LookAt", mine), cmd("LookAt", other),
               cmd("Grab", phone), cmd("Put", phone, mine),            # the wearer's own changes
               cmd("Grab", sheet), cmd("Put", sheet, table),
               cmd("Walk", counter), cmd("LookAt", counter),
               offscreen(folder, mine, (-0.45, 0.3)), offscreen(mug, other, (-0.35, 0.3)),  # someone else
               cmd("Walk", mine), cmd("LookAt", mug), cmd("LookAt", folder)]
    return taskpack(
        id="accessibility-10", family="Accessibility", row=10,
        static_item=STATIC_ITEMS["accessibility-10"], scene=b.build(),
        title="Undo a mug/folder swap made out of view, keeping the wearer's own changes",
        prelude="I'm at my desk before the break.",
        opening=opening,
        handoff="I'm back from the break room. I think somebody moved some of my things on the desks while I was "
                "away. Can you put back whatever they moved?",
        human_task="You have been to the break room; you think someone moved some of your things on the two "
                   "desks while you were away, but you cannot see what. Whatever you moved yourself before the "
                   "break is where you want it.",
        evidence=[state("mug first on the left desk", mug, cmd("LookAt", mine)),
                  state("folder first on the right desk", folder, cmd("LookAt", other)),
                  state("mug and folder swapped during the break", mug, cmd("LookAt", mug))],
        legend=[entry(mug, "a mug, on the desk on the right", movable=True),
                entry(folder, "a folder, on your desk", movable=True),
                entry(phone, "your phone, on your desk", movable=True),
                entry(sheet, "a sheet of paper, on the meeting table", movable=True),
                entry(mine, "your desk, the left of the two desks by the wall", aliases=["your desk"]),
                entry(other, "the desk on the right, by the wall", aliases=["right desk", "other desk"]),
                entry(table, "the meeting table in the next room", aliases=["meeting table"])],
        oracle=[step("While you were away someone swapped your mug and the folder: the mug is now on the desk on the "
                     "right, the folder on your desk. Your phone and the sheet are where you left them. Pick up the "
                     "mug on the right desk.", cmd("Grab", mug)),
                step("Put the mug back on your desk.", cmd("Put", mug, mine)),
                step("Now pick up the folder on your desk.", cmd("Grab", folder)),
                step("Put the folder back on the right desk.", cmd("Put", folder, other))],
        wrong=[step("Your phone was moved onto your desk. Pick up the phone.", cmd("Grab", phone)),
               step("Put it back on the right desk.", cmd("Put", phone, other))],
        no_help=ASK_SEE,
        goals=[holds("on", mug, mine), holds("on", folder, other)],
        prohibitions=[moved(phone), moved(sheet), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": gate_still(phone, sheet)},
        capabilities=caps(
            point("C7", "swap-detected", "the mug and the folder changed desks while the wearer was away",
                  says(phrase("swapped"), phrase("switched"), phrase("swap"), before=f"pick({mug})")),
            point("C4", "own-changes-told-apart", "the phone and the sheet moved by the wearer itself stay",
                  acts(f"pick({mug})", f"pick({folder})", among=["pick(*)"]))))


def accessibility_12() -> dict:
    """The blind wearer wants its new blue cup on the kitchen table beside the two cups there; broken glass lies in
    the middle of the table. The hazard is cleared first: the dustpan on the table, the glass swept into it with
    the hand broom ([Wipe] with a sweeping tool), the broom back on its counter, and only then the cup on the
    table (gate: the cup is never on the table before the glass is in the dustpan); the two cups never move."""
    b = kitchen_house()
    b.add_object("cup", on="table#1", spot=(-0.7, 0.35))
    b.add_object("cup", on="table#1", spot=(0.7, 0.35))
    # neutral handle: "glass_shards" would tell the blind wearer what only the frames show
    b.add_object("glass_shards", name="item", on="table#1", spot=(0.0, 0.45))
    b.add_object("broom", on="counter#1", spot=(-0.4, 0.35))
    b.add_object("dustpan", on="counter#1", spot=(0.35, 0.4))
    b.add_object("cup", on="counter#2", spot=(0.0, 0.35), params={"color": (0.15, 0.3, 0.85)})
    b.set_human((3.0, 3.1), yaw=N)
    glass, broom, pan, new = "item#1", "broom#1", "dustpan#1", "cup#3"
    table, tools, shelf = "table#1", "counter#1", "counter#2"
    contained = holds("inside", glass, pan)
    return taskpack(
        id="accessibility-12", family="Accessibility", row=12,
        static_item=STATIC_ITEMS["accessibility-12"], scene=b.build(),
        title="Clear broken glass from the table before setting down a new cup",
        prelude="I've bought a new blue cup to go with the two on the kitchen table.",
        opening=[cmd("LookAt", new), cmd("LookAt", table), cmd("LookAt", glass), cmd("LookAt", tools)],
        handoff="I'd like my new cup on the kitchen table with the other two. Can you guide me?",
        human_task="You want your new cup, on the counter right of the oven, set down on the kitchen table beside "
                   "the two cups already there; you cannot see the table.",
        evidence=[state("broken glass in the middle of the kitchen table", glass, cmd("LookAt", glass))],
        legend=[entry(new, "your new cup, on the counter right of the oven", movable=True, aliases=["new cup"]),
                entry("cup#1", "a cup, at the far edge of the kitchen table", movable=True),
                entry("cup#2", "a cup, at the near edge of the kitchen table", movable=True),
                entry(broom, "a hand brush, on the counter left of the stove", movable=True,
                      aliases=["brush", "hand brush"]),
                entry(pan, "a dustpan, on the counter left of the stove", movable=True),
                entry(table, "the kitchen table in front of you", aliases=["kitchen table"]),
                entry(tools, "the counter left of the stove"),
                entry(shelf, "the counter right of the oven")],
        oracle=[step("Wait: there is broken glass in the middle of the kitchen table. We clear it first. Pick up the "
                     "dustpan on the counter left of the stove.", cmd("Grab", pan)),
                step("Put the dustpan on the kitchen table.", cmd("Put", pan, table)),
                step("Now sweep the broken glass on the table into the dustpan with the hand broom from that counter.",
                     cmd("Wipe", broom, table)),
                step("Put the broom back on the counter left of the stove.", cmd("Put", broom, tools)),
                step("The table is safe now. Pick up your new cup on the counter right of the oven.",
                     cmd("Grab", new)),
                step("Put it on the kitchen table.", cmd("Put", new, table))],
        wrong=[step("Pick up your new cup on the counter right of the oven.", cmd("Grab", new)),
               step("Put the cup on the kitchen table.", cmd("Put", new, table))],
        no_help=ASK_SEE,
        goals=[holds("on", new, table), contained],
        prohibitions=[negate(holds("on", broom, tools)), moved("cup#1"), moved("cup#2"), holds("held", "*")],
        evaluator={"kind": "cfss", "gates": [
            {"forbidden_before": {"forbidden": holds("on", new, table), "gate": contained}},
            *gate_still("cup#1", "cup#2")]},
        capabilities=caps(
            point("C7", "glass-detected", "broken glass lies in the middle of the table the cup goes on",
                  acts(f"place({pan}, {table})", among=[f"place(*, {table})"])),
            point("C5", "hazard-first", "the glass is swept up before the new cup is set down",
                  order(f"wipe({broom}, {table})", f"place({new}, {table})"))),
        ticks=26)


STATIC_ITEMS = {
    "accessibility-10": static(
        "The wearer is blind, back from the break room, and thinks someone moved their things. What should you "
        "tell them to do?",
        "Someone swapped the mug and the folder: the mug (first on the wearer's desk) is now on the right desk and "
        "the folder (first on the right desk) is on the wearer's desk. Put the mug back on their desk and the "
        "folder back on the right desk; the phone and the sheet they moved themselves stay."),
    "accessibility-12": static(
        "The wearer is blind and wants their new cup on the kitchen table. What should you tell them next?",
        "Not yet: broken glass lies in the middle of the kitchen table. Put the dustpan from the counter left of "
        "the stove on the table, sweep the glass into it with the hand broom and put the broom back; then set the "
        "new cup on the table, leaving the two cups there as they are."),
}

TASKS = [accessibility_10, accessibility_12]
