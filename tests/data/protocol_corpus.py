"""Tricky model replies with their expected parse, per role (rules: agents/protocol.py module docstring).

Every expectation was worked out by hand from the documented rules. ``SECRET`` marks text that sits in a
private block (or in text that cannot be told apart from one): the tests also check that it never reaches
the speech of any Human case.

Assistant rows: ``(case id, raw reply, kind, speech, memory, expect_memory, repair substring or None)``.
Human rows: ``(case id, raw reply, reasoning, action, speak, valid, repair substring or None)``.
"""

DEEP = "[" * 5000
LONG = "interrupt " + "a" * 20_001

ASSISTANT_CASES = [
    # strict forms
    ("a01-silent", "silent", "silent", "", None, False, None),
    ("a02-done", "done", "done", "", None, False, None),
    ("a03-done-tag", "<done/>", "done", "", None, False, None),
    ("a04-interrupt", "interrupt Pick up the card printed $41.", "interrupt", "Pick up the card printed $41.",
     None, False, None),
    ("a05-error", "error You are putting the milk in the oven; use the fridge.", "error",
     "You are putting the milk in the oven; use the fridge.", None, False, None),
    # case and markup variants
    ("a06-upper-silent", "SILENT", "silent", "", None, False, "case"),
    ("a07-capital-done", "Done", "done", "", None, False, "case"),
    ("a08-done-period", "DONE.", "done", "", None, False, "case"),
    ("a09-colon", "Interrupt: take the red mug", "interrupt", "take the red mug", None, False, "punctuation"),
    ("a10-bold-colon", "**Interrupt:** take the red mug", "interrupt", "take the red mug", None, False,
     "punctuation"),
    ("a11-dash", "ERROR - that is the oven, not the fridge.", "error", "that is the oven, not the fridge.", None,
     False, "punctuation"),
    ("a12-backticks", "`done`", "done", "", None, False, "punctuation"),
    ("a13-brackets", "[interrupt] open the fridge", "interrupt", "open the fridge", None, False, "punctuation"),
    ("a14-quoted-speech", 'interrupt "Go to the shelf by the door."', "interrupt", "Go to the shelf by the door.",
     None, False, None),
    ("a15-spaced-tag", "< Done />", "done", "", None, False, None),
    ("a16-upper-tag-pair", "<DONE></DONE>", "done", "", None, False, None),
    ("a17-heading", "## Interrupt\nOpen the fridge.", "interrupt", "Open the fridge.", None, False, "punctuation"),
    ("a18-quote-marker", "> done", "done", "", None, False, "punctuation"),
    ("a19-exclaim", "done!", "done", "", None, False, None),
    ("a20-emoji", "Done \u2705", "done", "", None, False, None),
    # questioned, negated or extended done: never done
    ("a21-done-question-not-yet", "Done? Not yet - first open the fridge.", "interrupt",
     "Not yet - first open the fridge.", None, False, "does not mean finished"),
    ("a22-done-wait-no", "done - wait, no: put the knife back first", "interrupt",
     "wait, no: put the knife back first", None, False, "does not mean finished"),
    ("a23-done-also", "Done. Also, please close the fridge door.", "interrupt", "Also, please close the fridge door.",
     None, False, "does not mean finished"),
    ("a24-done-statement", "Done. The milk is in the fridge.", "interrupt", "The milk is in the fridge.", None,
     False, "does not mean finished"),
    ("a25-done-question-alone", "Done?", "invalid", "", None, False, "asks"),
    ("a26-not-done", "Not done yet, keep going.", "invalid", "", None, False, "no control keyword"),
    ("a27-sentence-done", "I think we are done.", "invalid", "", None, False, "no control keyword"),
    ("a28-done-tag-then-words", "<done/> Also close the fridge door.", "interrupt", "Also close the fridge door.",
     None, False, "does not mean finished"),
    ("a29-json-done-with-speech", '{"action": "done", "speech": "Please put the knife back first."}', "interrupt",
     "Please put the knife back first.", None, False, "does not mean finished"),
    ("a30-json-done-null-speech", '{"action": "done", "speech": null}', "done", "", None, False, "JSON"),
    # JSON
    ("a31-json-interrupt", '{"action": "interrupt", "speech": "open the fridge"}', "interrupt", "open the fridge",
     None, False, "JSON"),
    ("a32-json-null-speech", '{"action": "interrupt", "speech": null}', "invalid", "", None, False,
     "interrupt without speech"),
    ("a33-json-null-action", '{"action": null, "speech": "open the fridge"}', "invalid", "", None, False,
     "without a usable action"),
    ("a34-json-type-message", '{"type": "error", "message": "Wrong shelf."}', "error", "Wrong shelf.", None, False,
     "JSON"),
    ("a35-json-no-kind", '{"foo": 1}', "invalid", "", None, False, "without a usable action"),
    ("a36-json-silent", '{"action": "silent"}', "silent", "", None, False, "JSON"),
    ("a37-text-then-json", 'Sure, here it is: {"action": "interrupt", "speech": "turn left"}', "interrupt",
     "turn left", None, False, "text around the JSON object"),
    ("a38-fenced-json", '```json\n{"action": "interrupt", "speech": "turn left"}\n```', "interrupt", "turn left",
     None, False, "fence"),
    ("a39-deep-nesting", DEEP, "invalid", "", None, False, "no control keyword"),
    ("a40-json-number-kind", '{"action": 5}', "invalid", "", None, False, "without a usable action"),
    # tags, nested and unclosed
    ("a41-interrupt-tag", "<interrupt>go left</interrupt>", "interrupt", "go left", None, False, "as a tag"),
    ("a42-error-tag", "<error>Stop, that is bleach.</error>", "error", "Stop, that is bleach.", None, False,
     "as a tag"),
    ("a43-nested-done-in-interrupt", "<interrupt>Say <done/> when you are back</interrupt>", "interrupt",
     "Say <done/> when you are back", None, False, "as a tag"),
    ("a44-unclosed-interrupt", "<interrupt>go left", "interrupt", "go left", None, False, "missing </interrupt>"),
    ("a45-silent-tag", "<silent/>", "silent", "", None, False, "silent written as a tag"),
    ("a46-two-kinds", "<interrupt>go left</interrupt><error>wrong</error>", "invalid", "", None, False,
     "several control responses"),
    ("a47-empty-interrupt-tag", "<interrupt></interrupt>", "invalid", "", None, False, "without speech"),
    ("a48-mixed-case-tag", "<Interrupt>Open the fridge.</INTERRUPT>", "interrupt", "Open the fridge.", None, False,
     "as a tag"),
    ("a49-two-interrupt-tags", "<interrupt>a</interrupt> <interrupt>b</interrupt>", "interrupt", "a b", None, False,
     "as a tag"),
    ("a50-text-before-tag", "Sure. <interrupt>Open the fridge.</interrupt>", "interrupt", "Open the fridge.", None,
     False, "text outside"),
    ("a51-keyword-names-a-tag", "interrupt Don't press the <error> button.", "interrupt",
     "Don't press the <error> button.", None, False, None),
    # private reasoning
    ("a52-think-then-keyword", "<think>The wearer is done? No.</think>\ninterrupt Open the fridge.", "interrupt",
     "Open the fridge.", None, False, None),
    ("a53-reasoning-then-silent", "<reasoning>I will say done later</reasoning>silent", "silent", "", None, False,
     None),
    ("a54-unclosed-think", "<think>I should say <done/> now", "invalid", "", None, False, "empty reply"),
    ("a55-think-then-done", "<think>All steps are complete, say done.</think> done", "done", "", None, False, None),
    ("a56-thinking-then-tag", "<thinking>x</thinking><done/>", "done", "", None, False, None),
    ("a57-unclosed-think-then-tag", "<think>The knife is near the edge.\n<interrupt>Move the knife back.</interrupt>",
     "interrupt", "Move the knife back.", None, False, "missing </think>"),
    # memory variant
    ("a58-memory-tag", "interrupt Go to the shelf.\n<memory>5 VAN, 4 CHOC cartons on the shelf</memory>",
     "interrupt", "Go to the shelf.", "5 VAN, 4 CHOC cartons on the shelf", True, None),
    ("a59-memory-line", "silent\nMemory: the wearer holds the milk", "silent", "", "the wearer holds the milk", True,
     "Memory:"),
    ("a60-memory-off-never-spoken", "done\n<memory>milk in the fridge</memory>", "done", "", None, False,
     "memory block dropped"),
    ("a61-memory-only", "<memory>shelf has 5 VAN</memory>", "invalid", "", "shelf has 5 VAN", True, "empty reply"),
    ("a62-done-with-memory", "done <memory>x</memory>", "done", "", "x", True, None),
    # fences and odd shapes
    ("a63-fence", "```\nsilent\n```", "silent", "", None, False, "fence"),
    ("a64-fence-lang", "```text\ninterrupt Walk to the fridge.\n```", "interrupt", "Walk to the fridge.", None,
     False, "fence"),
    ("a65-fence-one-line", "```done```", "done", "", None, False, "fence"),
    ("a66-empty", "", "invalid", "", None, False, "empty reply"),
    ("a67-none", None, "invalid", "", None, False, "empty reply"),
    ("a68-blank", "   \n ", "invalid", "", None, False, "empty reply"),
    ("a69-prose", "I think you should grab the mug", "invalid", "", None, False, "no control keyword"),
    ("a70-bare-interrupt", "interrupt", "invalid", "", None, False, "interrupt without speech"),
    ("a71-interrupt-colon-blank", "interrupt:   ", "invalid", "", None, False, "interrupt without speech"),
    ("a72-interrupting", "Interrupting now: grab the mug", "invalid", "", None, False, "no control keyword"),
    ("a73-multiline-speech", "interrupt Go left.\nThen open the fridge.", "interrupt",
     "Go left.\nThen open the fridge.", None, False, None),
    ("a74-silent-with-note", "silent (the wearer is still walking)", "silent", "", None, False,
     "text after 'silent' ignored"),
    ("a75-silent-then-instruction", "Silent. Actually, open the fridge.", "silent", "", None, False,
     "text after 'silent' ignored"),
    ("a76-over-long", LONG, "invalid", "", None, False, "reply too long"),
    ("a77-bare-error", "error", "invalid", "", None, False, "error without speech"),
    ("a78-done-and-silent-tags", "<done/><silent/>", "invalid", "", None, False, "several control responses"),
]

HUMAN_CASES = [
    ("h01-canonical", "<reasoning>The $41 card.</reasoning>\n<action>[Grab] <invoice_card> (2)</action>\n"
     "<speak>Got it.</speak>", "The $41 card.", "[Grab] <invoice_card> (2)", "Got it.", True, None),
    ("h02-reasoning-mentions-speak", "<reasoning>I must reply inside <speak>. Private: SECRET note.</reasoning>"
     "<action></action><speak>Where should I look?</speak>", "I must reply inside <speak>. Private: SECRET note.",
     "", "Where should I look?", True, None),
    ("h03-unclosed-reasoning-mentions-speak", "<reasoning>I must reply inside <speak>. SECRET<action></action>"
     "<speak>Where should I look?</speak>", "I must reply inside <speak>. SECRET", "", "Where should I look?", True,
     "missing </reasoning>"),
    ("h04-reasoning-mentions-its-close", "<reasoning>I close with </reasoning> and SECRET stays</reasoning>"
     "<action></action><speak>Hi</speak>", "I close with", "", "Hi", True, "stray </reasoning>"),
    ("h05-unclosed-reasoning-with-speak-pair", "<reasoning>I could say <speak>SECRET gift is on the side table"
     "</speak>", "I could say <speak>SECRET gift is on the side table</speak>", "", "", False, "never closed"),
    ("h06-unclosed-reasoning-only", "<reasoning>SECRET. Where is it?", "SECRET. Where is it?", "", "", False,
     "never closed"),
    ("h07-reasoning-last-unclosed", "<action>[Grab] <mug> (1)</action><speak>ok</speak><reasoning>because SECRET",
     "because SECRET", "[Grab] <mug> (1)", "ok", True, "never closed"),
    ("h08-reasoning-inside-speak", "<reasoning>r</reasoning><action></action><speak>Sure.<reasoning>SECRET"
     "</reasoning> Which shelf?</speak>", "r\nSECRET", "", "Sure. Which shelf?", True, None),
    ("h09-think-tag", "<think>SECRET plan</think><action>[Open] <fridge> (1)</action><speak>Opening it.</speak>",
     "SECRET plan", "[Open] <fridge> (1)", "Opening it.", True, None),
    ("h10-unclosed-action", "<reasoning>x</reasoning><action>[Grab] <mug> (1)\n[Put] <mug> (1) <table> (1)"
     "<speak>ok", "x", "[Grab] <mug> (1)\n[Put] <mug> (1) <table> (1)", "ok", True, "missing </action>"),
    ("h11-unclosed-reasoning-and-fields", "<reasoning>SECRET<action>[Grab] <mug> (1)<speak>ok",
     "SECRET<action>[Grab] <mug> (1)<speak>ok", "", "", False, "never closed"),
    ("h12-untagged-command-and-prose", "[Grab] <mug> (1)\nSure, grabbing it.", "", "[Grab] <mug> (1)", "", True,
     "other text not spoken"),
    ("h13-untagged-prose", "I am not sure what to do.", "", "", "", False, "no <action> or <speak>"),
    ("h14-empty", "", "", "", "", False, "empty reply"),
    ("h15-none", None, "", "", "", False, "empty reply"),
    ("h16-placeholder-action", "<reasoning>r</reasoning><action>none</action><speak>Which one?</speak>", "r", "",
     "Which one?", True, "placeholder"),
    ("h17-placeholder-speak", "<action></action><speak>None</speak>", "", "", "", True, None),
    ("h18-case-variants", "<REASONING>r</REASONING><Action>[Grab] <mug> (1)</Action><SPEAK>ok</SPEAK>", "r",
     "[Grab] <mug> (1)", "ok", True, None),
    ("h19-spaces-in-tags", "< reasoning >r</ reasoning >< action >[Sit] <sofa> (1)</ action >< speak >Sitting."
     "</ speak >", "r", "[Sit] <sofa> (1)", "Sitting.", True, None),
    ("h20-self-closing-action", "<reasoning>r</reasoning><action/><speak>Where is it?</speak>", "r", "",
     "Where is it?", True, None),
    ("h21-json", '{"reasoning": "SECRET", "action": "[Grab] <mug> (1)", "speak": "Got it."}', "SECRET",
     "[Grab] <mug> (1)", "Got it.", True, "JSON"),
    ("h22-json-nulls", '{"reasoning": null, "action": null, "speak": "Which one?"}', "", "", "Which one?", True,
     "JSON"),
    ("h23-json-null-speak", '{"reasoning": "SECRET", "action": "[Grab] <mug> (1)", "speak": null}', "SECRET",
     "[Grab] <mug> (1)", "", True, "JSON"),
    ("h24-json-action-list", '{"action": ["[Walk] <fridge> (1)", "[Open] <fridge> (1)"], "speak": "ok"}', "",
     "[Walk] <fridge> (1)\n[Open] <fridge> (1)", "ok", True, "JSON"),
    ("h25-text-then-json", 'Here is my reply: {"reasoning": "SECRET", "action": "", "speak": "Which shelf?"}',
     "SECRET", "", "Which shelf?", True, "not spoken"),
    ("h26-fenced-json", '```json\n{"action": "[Sit] <sofa> (1)", "speak": ""}\n```', "", "[Sit] <sofa> (1)", "",
     True, "fence"),
    ("h27-speak-nested-in-action", "<reasoning>r</reasoning><action><speak>SECRET</speak></action>"
     "<speak>ok</speak>", "r", "<speak>SECRET</speak>", "ok", True, None),
    ("h28-speak-nested-in-speak", "<reasoning>r</reasoning><action></action><speak>I said <speak>hi</speak> twice"
     "</speak>", "r", "", "I said <speak>hi", True, "stray </speak>"),
    ("h29-fenced-reply", "```xml\n<reasoning>r</reasoning>\n<action>[Open] <fridge> (1)</action>\n"
     "<speak>Opening.</speak>\n```", "r", "[Open] <fridge> (1)", "Opening.", True, "fence"),
    ("h30-fence-inside-action", "<reasoning>r</reasoning><action>```\n[Open] <fridge> (1)\n```</action>"
     "<speak></speak>", "r", "[Open] <fridge> (1)", "", True, "fence"),
    ("h31-two-speak-fields", "<reasoning>r</reasoning><action></action><speak>Hello.</speak>"
     "<speak>Where now?</speak>", "r", "", "Hello. Where now?", True, "2 <speak> fields joined"),
    ("h32-two-action-fields", "<action>[Walk] <fridge> (1)</action><action>[Open] <fridge> (1)</action>"
     "<speak></speak>", "", "[Walk] <fridge> (1)\n[Open] <fridge> (1)", "", True, "2 <action> fields joined"),
    ("h33-text-outside-fields", "Sure thing! SECRET <action>[Sit] <sofa> (1)</action><speak>ok</speak>", "",
     "[Sit] <sofa> (1)", "ok", True, "outside the fields"),
    ("h34-stray-close-first", "</speak><reasoning>r</reasoning><action></action><speak>ok</speak>", "r", "", "ok",
     True, "stray </speak>"),
    ("h35-reasoning-mentions-action", "<reasoning>I should put [Grab] in <action> SECRET</reasoning>"
     "<action>[Grab] <mug> (1)</action><speak>Grabbing.</speak>", "I should put [Grab] in <action> SECRET",
     "[Grab] <mug> (1)", "Grabbing.", True, None),
    ("h36-unclosed-reasoning-mentions-action", "<reasoning>Put it in <action>. SECRET\n<action>[Grab] <mug> (1)"
     "</action>\n<speak>Grabbing.</speak>", "Put it in <action>. SECRET", "[Grab] <mug> (1)", "Grabbing.", True,
     "missing </reasoning>"),
    ("h37-mismatched-private-close", "<reasoning>SECRET</think><action></action><speak>hm</speak>",
     "SECRET</think>", "", "hm", True, "missing </reasoning>"),
    ("h38-truncated-speak", "<reasoning>r</reasoning><action></action><speak>I'm at the fridge", "r", "",
     "I'm at the fridge", True, "missing </speak>"),
    ("h39-reasoning-only", "<reasoning>I will wait.</reasoning>", "I will wait.", "", "", False,
     "no <action> or <speak>"),
    ("h40-thinking-and-reasoning", "<thinking>SECRET 1</thinking><reasoning>SECRET 2</reasoning><action></action>"
     "<speak>Ready.</speak>", "SECRET 1\nSECRET 2", "", "Ready.", True, None),
    ("h41-speak-placeholder-parenthesised", "<action></action><speak>(none)</speak>", "", "", "", True, None),
    ("h42-action-placeholder-sentence", "<action>No action.</action><speak>Waiting.</speak>", "", "", "Waiting.",
     True, "placeholder"),
    ("h43-over-long", "<speak>" + "a" * 20_001 + "</speak>", "", "", "", False, "reply too long"),
    ("h44-speak-mentions-reasoning", "<reasoning>r</reasoning><action></action><speak>Do you want my <reasoning>?"
     "</speak>", "r\n?</speak>", "", "Do you want my", True, "never closed"),
    ("h45-untagged-after-reasoning", "<reasoning>SECRET</reasoning>\n[Open] <fridge> (1)\nOpening the fridge now.",
     "SECRET", "[Open] <fridge> (1)", "", True, "other text not spoken"),
    ("h46-attributes-not-tags", "<speak lang='en'>hi</speak>", "", "", "", False, "no <action> or <speak>"),
    ("h47-json-capital-keys", '{"Reasoning": "r", "Action": "", "Speak": "Which one?"}', "r", "", "Which one?", True,
     "JSON"),
    ("h48-json-number-speak", '{"action": "", "speak": 42}', "", "", "", True, "of type int ignored"),
    ("h49-deep-braces", "{" * 3000, "", "", "", False, "no <action> or <speak>"),
    ("h50-handle-in-speech-kept", "<reasoning>r</reasoning><action></action><speak>Is it <invoice_card> (2)?"
     "</speak>", "r", "", "Is it <invoice_card> (2)?", True, None),
    ("h51-emoji", "<action></action><speak>Got it \U0001F44D</speak>", "", "", "Got it \U0001F44D", True, None),
    ("h52-reasoning-between-fields", "<action>[Open] <fridge> (1)</action><reasoning>SECRET</reasoning>"
     "<speak>Opening.</speak>", "SECRET", "[Open] <fridge> (1)", "Opening.", True, None),
    ("h53-crlf", "<reasoning>r</reasoning>\r\n<action>[Open] <fridge> (1)</action>\r\n<speak>ok</speak>", "r",
     "[Open] <fridge> (1)", "ok", True, None),
    ("h54-reasoning-mentions-speak-close", "<reasoning>End with </speak>. SECRET</reasoning><action></action>"
     "<speak>Here.</speak>", "End with </speak>. SECRET", "", "Here.", True, None),
    ("h55-speak-then-reasoning-with-speak", "<speak>Hello</speak><reasoning>then <speak>SECRET</speak>"
     "</reasoning>", "then <speak>SECRET</speak>", "", "Hello", True, None),
    ("h56-unclosed-think-with-speak", "<think>SECRET <speak>leak?", "SECRET <speak>leak?", "", "", False,
     "never closed"),
    ("h57-unclosed-reasoning-action-only", "<reasoning>SECRET\n<action>[Sit] <sofa> (1)</action>",
     "SECRET\n<action>[Sit] <sofa> (1)</action>", "", "", False, "never closed"),
    ("h58-think-inside-action", "<action>[Grab] <mug> (1)\n<think>SECRET</think>\n[Put] <mug> (1) <table> (1)"
     "</action><speak>ok</speak>", "SECRET", "[Grab] <mug> (1)\n[Put] <mug> (1) <table> (1)", "ok", True, None),
    # placement and movement a person can say, and the queue (an empty <action> lets waiting commands go on)
    ("h59-beside", "<reasoning>Left of the plate.</reasoning><action>[Put] <mug> (1) <table> (1) "
     "@beside=<plate> (1) left</action><speak>There.</speak>", "Left of the plate.",
     "[Put] <mug> (1) <table> (1) @beside=<plate> (1) left", "There.", True, None),
    ("h60-level", "<reasoning>upper shelf</reasoning><action>[PutIn] <can> (1) <drink_shelf> (1) <upper></action>"
     "<speak></speak>", "upper shelf", "[PutIn] <can> (1) <drink_shelf> (1) <upper>", "", True, None),
    ("h61-step-back-and-side", "<reasoning>back up</reasoning><action>[Forward] -1 m\n[Forward] left 0.5 m"
     "</action><speak>Stepping back.</speak>", "back up", "[Forward] -1 m\n[Forward] left 0.5 m", "Stepping back.",
     True, None),
    ("h62-empty-action-keeps-queue", "<reasoning>Still walking; the waiting commands go on.</reasoning>"
     "<action></action><speak></speak>", "Still walking; the waiting commands go on.", "", "", True, None),
    ("h63-resend-after-cancel", "<reasoning>The new instruction cancelled my waiting [Put]; I give it again."
     "</reasoning><action>[Put] <mug> (1) <counter> (1) @place_spot=-0.5:0.2</action><speak>OK.</speak>",
     "The new instruction cancelled my waiting [Put]; I give it again.",
     "[Put] <mug> (1) <counter> (1) @place_spot=-0.5:0.2", "OK.", True, None),
    ("h64-level-by-number", "<reasoning>second from the bottom</reasoning><action>[Put] <box> (1) <shelf> (1) "
     "<shelf> (2)</action><speak>Done.</speak>", "second from the bottom", "[Put] <box> (1) <shelf> (1) <shelf> (2)",
     "Done.", True, None),
]
