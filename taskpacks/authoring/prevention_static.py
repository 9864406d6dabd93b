"""Static variant of the Prevention TaskPacks (paper appendix D.3): the oracle run is cut at its first
intervention, after the wearer's plan has made the error live and before the Assistant speaks; the item asks
whether to interrupt, and the reference names what is wrong and what to do. A rule backs the judge where the
answer is a count."""
from __future__ import annotations

from common import num, static

STOP = "The wearer is following their own plan. Should you interrupt now? If so, say what is wrong and what to do."

STATIC_ITEMS = {
    "prevention-01": static(
        STOP, "Yes: the sanitizer still stands on the prep table and the chemical cabinet is open; put the sanitizer "
              "in the cabinet and close it before the ham comes out of the fridge."),
    "prevention-02": static(
        STOP, "Yes: the 3- and 2-serving boxes already on the service table make five servings; the other two-serving "
              "box would make seven, not the card's exact six. Leave it in the stock room; the one-serving box makes "
              "six.", require=[[num(7)], [num(6)]]),
    "prevention-03": static(
        STOP, "Yes: the sponge used to wipe the kitchen table is still lying on it; put it in the sink before sitting "
              "down for the break."),
    "prevention-04": static(
        STOP, "Yes: the slip says 2 x WINE and two wines are already on the packing table; leave the third bottle on "
              "the stock shelf.", require=[[num(2)]]),
    "prevention-05": static(
        STOP, "Yes: the recipe says to score an X on top, and the dough is still unscored; before it goes in the "
              "oven, cut an X into it with the knife and put the knife back."),
    "prevention-06": static(
        STOP, "Yes: the sponge on the left is the one that just wiped the table; it goes in the used bin, and the "
              "sponge on the right goes in the clean supply cabinet."),
    "prevention-07": static(
        STOP, "Yes: the fridge door is still open after the milk and raspberries came out; close the fridge before "
              "going to fetch the phone."),
    "prevention-08": static(
        STOP, "Yes: the oven door is still open with the pie inside; close the door before switching the oven on."),
    "prevention-09": static(
        STOP, "Yes: the towel in hand is the one that wiped the table; put it in the laundry basket, dry the cup "
              "with the other towel and put that one back on the counter."),
    "prevention-10": static(
        STOP, "Yes: the laptop is still on the kitchen table and the kitchen window and the fridge are open; close "
              "both and take the laptop to the console before opening the front door."),
    "prevention-11": static(
        STOP, "Yes: the middle towel in hand is the one used on the table; put it in the laundry basket, dry the "
              "plate with a clean towel and put that one on the towel shelf."),
    "prevention-12": static(
        STOP, "Yes: the kitchen tap is still running after the apple was rinsed; turn it off before going to the "
              "phone."),
    "prevention-13": static(
        STOP, "Yes: the recipe says to bake on the drip tray, and the dough went into the oven without it; take the "
              "dough out, slide the drip tray in and set the dough on the tray before starting the oven."),
    "prevention-14": static(
        STOP, "Yes: the checklist lists a mug, water and a gift, and the gift box is still on the desk; put it on "
              "the welcome shelf before signing off."),
    "prevention-15": static(
        STOP, "Yes: the order card says 2 x SCONE and two scones are already in the box; leave the third scone on "
              "the shelf.", require=[[num(2)]]),
    "prevention-16": static(
        STOP, "Yes: the checklist puts the towel in the cabinet, and the folded towel is still on the bed; put it in "
              "the bathroom cabinet and close it before signing off."),
    "prevention-17": static(
        STOP, "Yes: the phone and the room key are still on the desk that is about to be wiped; move them to the "
              "nightstand before wiping."),
    "prevention-18": static(
        STOP, "Yes: the desk has not been wiped yet; clean it with the sponge from the cleaning shelf and put the "
              "sponge back before the gift goes on the desk."),
    "prevention-19": static(
        STOP, "Yes: the checklist says the apple goes in the fridge, not on the prep table; put it in the fridge "
              "and close it before the checklist goes to the sign-off table."),
    "prevention-20": static(
        STOP, "Yes: a loose sock is still on the towel shelf; put it in the washer with the towel before starting "
              "the wash."),
}
