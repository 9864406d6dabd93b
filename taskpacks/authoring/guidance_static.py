"""Static variant of the Guidance TaskPacks (paper appendix D.3): for each task, the question asked with the frames
of the oracle run cut before its first step (right after the handoff), the reference answer, which states only
what the opening frames show or the wearer said, and a rule where a numeric answer backs it."""
from __future__ import annotations

from common import num, static

STATIC_ITEMS = {
    "guidance-01": static(
        "How should the seven drinks be split over the three boxes on the packing bench?",
        "600 mL box: one MILK 500 and one WATER 100; 700 mL box: one MILK 500 and one JUICE 200; 800 mL box: the "
        "last MILK 500, JUICE 200 and WATER 100. Start with a milk bottle into the 600 mL box.",
        require=[[num(500, "mL")], [num(200, "mL")], [num(100, "mL")]]),
    "guidance-02": static(
        "Which cartons seen before the call should go into which order box?",
        "600 mL order: a 500 mL and a 100 mL carton; 750 mL order: a 500 mL and a 250 mL carton; 850 mL order: the "
        "last 500, 250 and 100 mL cartons. Start with a 500 mL carton into the 600 mL box; the phone stays put.",
        require=[[num(250, "mL")], [num(100, "mL")]]),
    "guidance-03": static(
        "What should the wearer do first to set up the visitor table the way the board says?",
        "Archive the old briefing first: put the briefing marked OLD (March) from the meeting table into the archive "
        "cabinet, before the NEW briefing goes on the table."),
    "guidance-04": static(
        "Where should each promo item and its price card go?",
        "Candy ($2.10, cheapest) with its CANDY card under the LOW sign (middle table), bread ($3.40) with the BREAD "
        "card under MID (right table), chocolate ($4.75, dearest) with the CHOCOLATE card under HIGH (left table); "
        "start with the candy box."),
    "guidance-05": static(
        "What is the next step the wearer should take to make the recipe on the board?",
        "Cut the tomato: pick up the knife on the counter and cut the tomato with it (recipe step 1), before it is "
        "cooked in the pan."),
    "guidance-06": static(
        "Following the rule on the wall, what should the wearer do first with the four boxes on the table?",
        "Start sorting by the rule: sweets go on the open display shelf (candy, chocolate), coffee and coriander "
        "in the dark pantry cabinet; for example, pick up the candy box and put it on the open shelf."),
    "guidance-07": static(
        "How should the wearer cool the lemonade, the puree and the phone?",
        "The lemonade and the puree go into the fridge, closed again afterwards; the phone (battery too hot) never "
        "goes in the fridge: lay it on the counter in front of the desk fan and switch the fan on. Start by "
        "opening the fridge."),
    "guidance-08": static(
        "How should the wearer dry the towel and the boot?",
        "The cotton towel goes alone into the dryer, door closed before it is started; the leather boot must never "
        "be tumble dried: it goes on the shoe rack in the bedroom. Start by opening the dryer."),
    "guidance-09": static(
        "How should the wearer clean the things on the desk, following the rule on the wall?",
        "Wipe the mug and both bottles with the blue sponge and the camera and phone with the yellow cloth, then put "
        "those five on the meeting table; never wipe the paper, file it in the file cabinet. Start by wiping the mug "
        "with the blue sponge."),
    "guidance-10": static(
        "Where does each of the three misplaced objects belong?",
        "By the reset map: the phone (now in the fridge) in the secure locker, the water (now on the desk) in the "
        "fridge, the folder (now in the secure locker) on the desk. Start by opening the secure locker."),
    "guidance-11": static(
        "How many of the soy cartons can go on the drink shelf, and what should the wearer do first?",
        "Two: the shelf takes at most 3.2 litres and already holds 1 L of milk and 0.6 L of juice, so two 800 mL "
        "cartons fit; pick up one soy carton from the packing table and put it on the drink shelf.",
        require=[[num(2)]]),
    "guidance-12": static(
        "What is the next step of the breakfast plan?",
        "The ham stage is done (ham on the plate, stove off); next the scone goes into the oven, the oven is closed "
        "and the scone baked. Start by opening the oven."),
    "guidance-13": static(
        "How should the wearer pack the IT return kit?",
        "The phone goes into the secure locker, which is closed again; the mouse pad goes into the return box first "
        "and the headset after it. Start by opening the secure locker."),
    "guidance-14": static(
        "What should the wearer do first to prepare for the visitors?",
        "Close the open staff locker first; only then put the sign-in sheet, the pen and both badges on the visitor "
        "table, and the spare folder into the return locker, closed again."),
    "guidance-15": static(
        "What is the next step of the afternoon-service plan?",
        "Steps 1 and 2 (water, towel) are done; step 3: the apple onto the setup table; step 4: the mug from the "
        "shelf onto the first supply table, the one the water left."),
    "guidance-16": static(
        "What is the next item of the room reset?",
        "The folder and the water are done; next the towel onto the bathroom shelf, then the soap and the toilet "
        "roll onto the same shelf."),
    "guidance-17": static(
        "How should the wearer close the tea station?",
        "Milk into the fridge, tea into the dry cupboard (both closed again), the paper into the bin, the station "
        "wiped with the cloth and the cloth put back on its shelf, and only then one mug on the station. Start by "
        "opening the fridge."),
    "guidance-18": static(
        "How should the wearer get the cooking station ready?",
        "Clear the cooktop first: the mug into the sink, the paper bag into the bin, the bottle into the fridge; then "
        "the pan on the cooktop and only then switch the cooktop on. Start with the mug."),
    "guidance-19": static(
        "What should the wearer do first to make the stir-fry on the board?",
        "Clear the mug off the counter into the sink first; then cut the onion and the potato, fry both in the pan, "
        "switch the stove off and serve both on the plate on the table."),
    "guidance-20": static(
        "Which bottles should the wearer put into the kit box?",
        "The GIN 200 mL, RUM 300 mL and WINE 500 mL bottles, which make exactly one litre, one at a time.",
        require=[[num(200, "mL")], [num(300, "mL")], [num(500, "mL")]]),
}
