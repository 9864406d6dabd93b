"""A person at the keyboard: headless Chromium driven by selenium plays both roles of decision-05 on the
physical world (rendered at 320x240 to keep it quick), through ``iw-eval play``. The TaskPack is the first
release of decision-05 (``tests/data/decision-05-first-release.json``: the invoice cards in view at handoff), so
that re-authoring the catalog's copy does not change the keystrokes these tests type.

Needs selenium, FastAPI/uvicorn and Debian's ``chromium`` + ``chromium-driver``; skipped where any is
missing. Screenshots of both roles go to ``$IW_PLAY_SCREENSHOTS`` (else the test's temporary folder),
with ``latency.json``: milliseconds from pressing Enter on a command to the first frame of its interval
drawn in the page (recorded, never asserted: timing lives in benchmarks/).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from iw_browser import browser_missing, chrome, my_turn, start_iw, start_play, stop, typed, wait
from iw_taskpacks import write_packs

pytestmark = [pytest.mark.slow, pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))]
pytest.importorskip("fastapi")
pytest.importorskip("selenium")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from interactiveworld import cli  # noqa: E402
from interactiveworld.bench.logs import read_eval, read_trace  # noqa: E402

FIRST_RELEASE = Path(__file__).parent / "data" / "decision-05-first-release.json"


@pytest.fixture
def shots(tmp_path):
    folder = Path(os.environ.get("IW_PLAY_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser():
    driver = chrome(1280, 800)
    yield driver
    driver.quit()


@pytest.fixture
def play(tmp_path):
    """Start ``iw-eval play decision-05 ARGS`` in a process; returns a function (args) -> (url, out folder)."""
    procs = []

    def start(*args):
        proc, url = start_play(str(FIRST_RELEASE), tmp_path / "runs", *args)
        procs.append(proc)
        return url, tmp_path / "runs"

    yield start
    for proc in procs:
        stop(proc)


def _choose(driver, pattern, shot=None):
    """Move through the completion list with the arrow keys to the option matching ``pattern``; Tab takes it."""
    wait(driver, lambda d: d.find_element(By.ID, "complete").is_displayed(), 10)
    if shot is not None:
        driver.save_screenshot(str(shot))
    for _ in range(40):
        sel = driver.find_element(By.CSS_SELECTOR, "#complete li[aria-selected=true]").text
        if re.search(pattern, sel):
            typed(driver, Keys.TAB)
            return sel
        typed(driver, Keys.ARROW_DOWN)
    raise AssertionError(f"no completion matching {pattern!r}")


def _readable(driver):
    """At 1280x800: no horizontal scrolling, and the frame, the instruction and the input are on screen."""
    assert driver.execute_script("return [window.innerWidth, window.innerHeight]") == [1280, 800]
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    human = driver.find_element(By.ID, "human-form").is_displayed()
    for el_id in ("said", "result", "action", "speak", "send") if human else ("speech", "b-done"):
        box = driver.execute_script(f"return document.getElementById('{el_id}').getBoundingClientRect().toJSON()")
        assert 0 <= box["top"] and box["bottom"] <= 800 and box["right"] <= 1280, (el_id, box)
    wait(driver, lambda d: d.execute_script("return document.getElementById('latest').complete"), 30)
    size = driver.execute_script("const i = document.getElementById('latest'); return [i.naturalWidth, i.width]")
    assert size[0] == 320 and size[1] >= 320  # the 320x240 frame, shown at least at its own size


def test_a_person_plays_the_human_by_keyboard_and_the_cell_passes(browser, play, shots):
    url, out = play("--as", "human")  # partner: the oracle
    browser.get(url)
    wait(browser, lambda d: d.find_element(By.ID, "pseudonym").is_displayed())
    assert browser.switch_to.active_element.get_attribute("id") == "pseudonym"
    typed(browser, "Jane Doe", Keys.ENTER)
    wait(browser, lambda d: "no spaces" in d.find_element(By.ID, "join-error").text)
    typed(browser, Keys.CONTROL, "a")
    typed(browser, "kestrel", Keys.ENTER)

    my_turn(browser, 1)
    assert browser.switch_to.active_element.get_attribute("id") == "action"
    said = browser.find_element(By.ID, "said").text
    assert said == "The assistant says: \u201cPick up the invoice card printed $41.\u201d"
    handles = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#handles button")]
    # the legend gives place and looks, never the price: the person reads "$41" on the middle card in the frames
    assert "<invoice_card> (2) \u2014 a white invoice card, middle of the stock counter" in handles
    assert not any("$" in h for h in handles)
    assert "Your question" in browser.find_element(By.ID, "facts").text  # the Human's own task context
    _readable(browser)
    browser.save_screenshot(str(shots / "human_turn.png"))
    # a typo: the environment refuses it and the refusal is shown beside the input
    typed(browser, "[Grabb] <invoice_card> (2)", Keys.ENTER)

    my_turn(browser, 2)
    result = browser.find_element(By.ID, "result")
    assert "refused" in result.get_attribute("class")
    assert result.text == ("Result: [Grabb] <invoice_card> (2): failed. [Grabb] is not an action. "
                           "Did you mean [Grab]?")
    assert "Put it on the approval desk." in browser.find_element(By.ID, "said").text
    _readable(browser)
    browser.save_screenshot(str(shots / "human_refusal.png"))
    # the oracle went on to its next step, so the card is picked up first; both lines by completion
    typed(browser, "[Gr")
    assert _choose(browser, r"^\[Grab\]$") == "[Grab]"
    typed(browser, "<inv")
    assert "middle" in _choose(browser, r"middle of the stock counter", shot=shots / "human_completion.png")
    typed(browser, Keys.SHIFT, Keys.ENTER)
    typed(browser, "[Pu")
    _choose(browser, r"^\[Put\]$")
    typed(browser, "<inv")
    _choose(browser, r"middle of the stock counter")
    typed(browser, "<appr")
    _choose(browser, r"approval desk")
    action = browser.find_element(By.ID, "action").get_attribute("value")
    assert action == "[Grab] <invoice_card> (2) \n[Put] <invoice_card> (2) <approval_desk> (1) "
    typed(browser, Keys.ENTER)

    wait(browser, lambda d: d.find_element(By.ID, "end").is_displayed())
    end = browser.find_element(By.ID, "end-text").text
    assert "PASS" in end and "completion 100%" in end
    browser.save_screenshot(str(shots / "human_end.png"))
    latency = browser.execute_script("return window.iwLatency")
    (shots / "latency.json").write_text(json.dumps({"human": latency}), encoding="utf-8")
    assert [x["tick"] for x in latency] == [2]  # Grab's frames (the typo at tick 1 rendered none)

    (cell,) = out.glob("oracle__person-kestrel-*/decision-05/seed0")
    rec = read_eval(cell)
    assert (rec["status"], rec["passed"], rec["human"], rec["refused_actions"]) == ("valid", 1, "person:kestrel", 1)
    commands = [r["command"] for r in read_trace(cell / "trace.jsonl") if r["type"] == "command"]
    assert commands == ["[Grabb] <invoice_card> (2)", "[Grab] <invoice_card> (2)",
                        "[Put] <invoice_card> (2) <approval_desk> (1)"]
    assert cli.main(["show", str(cell)]) == 0 and (cell / "episode.html").is_file()


def test_a_person_plays_the_assistant_against_the_scripted_human_and_the_cell_passes(browser, play, shots):
    url, out = play("--as", "assistant", "--partner", "scripted", "--pseudonym", "kestrel")
    browser.get(url)
    my_turn(browser, 1)
    assert browser.switch_to.active_element.get_attribute("id") == "speech"
    lines = browser.find_element(By.ID, "lines").text
    assert "Wearer: Which of these invoices matches the milk we have on the shelf?" in lines
    strip = len(browser.find_elements(By.CSS_SELECTOR, "#strip img"))
    _readable(browser)
    # the Assistant's page carries pixels and words only: no handle, id or Human-only text
    shown = browser.find_element(By.ID, "play").text
    for needle in ("invoice_card", "approval_desk", "> (", "#2", "You cannot answer the question"):
        assert needle not in shown, needle
    typed(browser, "Pick up the invoice card printed $41.", Keys.ENTER)

    my_turn(browser, 2)
    assert browser.find_element(By.ID, "lines").text.endswith("Wearer: OK.")
    _readable(browser)
    browser.save_screenshot(str(shots / "assistant_turn.png"))
    typed(browser, Keys.ENTER)  # an empty box: silent

    my_turn(browser, 3)
    assert "Wearer: Which invoice should I approve?" in browser.find_element(By.ID, "lines").text
    typed(browser, "Put it on the approval desk.", Keys.ENTER)
    my_turn(browser, 4)
    typed(browser, Keys.ALT, "d")  # done

    wait(browser, lambda d: d.find_element(By.ID, "end").is_displayed())
    assert "PASS" in browser.find_element(By.ID, "end-text").text
    browser.save_screenshot(str(shots / "assistant_end.png"))
    (cell,) = out.glob("person-kestrel__scripted-*/decision-05/seed0")
    rec = read_eval(cell)
    assert (rec["status"], rec["passed"], rec["assistant"], rec["stop_reason"]) == ("valid", 1, "person:kestrel",
                                                                                    "done")
    turns = [r for r in read_trace(cell / "trace.jsonl") if r["type"] == "assistant"]
    assert [r["parsed"]["kind"] for r in turns] == ["interrupt", "silent", "interrupt", "done"]
    assert strip == len(turns[0]["frames"]) > 0  # the page showed the frames the episode selected, no more


def test_a_participant_goes_through_a_study_by_keyboard(browser, tmp_path, shots, monkeypatch):
    """Two episodes on the symbolic world (quick): play one, Enter on "Next episode", play the other, done."""
    monkeypatch.setenv("IW_ENVS", "iw_fake_env:FakeEnv")  # a plan names only factories on the allow-list
    pack = write_packs(tmp_path / "packs")["decision-05"]
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"format": "interactiveworld.study/1", "name": "pilot", "partners": ["oracle", "wrong"],
                                "tasks": [str(pack)], "shuffle": False, "env": "iw_fake_env:FakeEnv",
                                "out": str(tmp_path / "study")}), encoding="utf-8")
    proc, url = start_iw("study", str(plan))
    try:
        browser.get(url)
        wait(browser, lambda d: d.find_element(By.ID, "pseudonym").is_displayed())
        typed(browser, "heron", Keys.ENTER)
        for episode in (1, 2):
            wait(browser, lambda d, n=episode: f"episode {n} of 2" in d.find_element(By.ID, "who").text)
            for tick in (1, 2):
                my_turn(browser, tick)
                said = browser.find_element(By.ID, "said").text
                card = "1" if "$39" in said else "2"
                typed(browser, f"[Grab] <invoice_card> ({card})" if tick == 1 else
                      f"[Put] <invoice_card> ({card}) <approval_desk> (1)", Keys.ENTER)
            wait(browser, lambda d: d.find_element(By.ID, "end").is_displayed())
            # in a study the participant is not told whether the episode passed
            assert "PASS" not in browser.find_element(By.ID, "end-text").text
            if episode == 1:
                wait(browser, lambda d: d.switch_to.active_element.get_attribute("id") == "next", 30)
                browser.save_screenshot(str(shots / "study_between_episodes.png"))
                typed(browser, Keys.ENTER)
        wait(browser, lambda d: "Study complete" in d.find_element(By.ID, "status").text, 30)
    finally:
        stop(proc)
    results = {(r["assistant"], r["passed"]) for r in (read_eval(c) for c in (tmp_path / "study").glob("*/*/seed0"))}
    assert results == {("oracle", 1), ("wrong", 0)}
