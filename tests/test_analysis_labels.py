"""First-error labels (paper appendix D.1): the trace rendering, proposals by a scripted judge through litellm,
a person's confirmation on the command line and in the served episode page (headless Chromium), the append-only
history and the distribution report."""
from __future__ import annotations

import json
import os
import shutil
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from iw_analysis_server import AnalysisServer

from interactiveworld.analysis.judging import CallSettings
from interactiveworld.analysis.label_web import LabelServer
from interactiveworld.analysis.labels import (LABELS_NAME, LabelFileError, current_label, distribution,
                                              failed_cells, label_records, propose_label, read_labels, render_trace,
                                              set_label)
from interactiveworld.bench.logs import find_cells, load_eval
from interactiveworld.cli import main

TASKS = ["decision-05", "prevention-05"]


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    """State-only cells of the oracle (passes), silent and wrong controls (fail) on two tasks."""
    out = tmp_path_factory.mktemp("sweep")
    assert main(["run", "--assistant", "oracle", "silent", "wrong", "--tasks", *TASKS, "--no-render",
                 "--out", str(out), "--no-progress"]) == 0
    return out


@pytest.fixture
def run(sweep, tmp_path):
    """A private copy of the sweep (labels are written into it)."""
    dst = tmp_path / "run"
    shutil.copytree(sweep, dst)
    return dst


@pytest.fixture(scope="module")
def server():
    srv = AnalysisServer()
    yield srv
    srv.close()


def _cell(run: Path, assistant: str, task: str) -> Path:
    return next(c for c in find_cells(run) if c.parts[-2] == task and c.parts[-3].startswith(assistant + "__"))


def test_failed_cells_are_the_valid_failures(run):
    cells = failed_cells(run)
    assert len(cells) == 4  # silent and wrong on two tasks; the oracle passes
    assert all(load_eval(c)["passed"] == 0 for c in cells)
    assert not any(c.parts[-3].startswith("oracle__") for c in cells)


def test_trace_rendering_names_what_the_judge_needs(run):
    text = render_trace(_cell(run, "wrong", "decision-05"))
    assert "Task decision-05 (Decision, ASK): Approve the invoice" in text
    assert "Result: FAIL" in text and "goal[0]: on(invoice_card#2, approval_desk#1)" in text
    assert 't1 ASSISTANT (interrupt): "Pick up the invoice card printed $39."' in text
    assert "COMMAND [Grab] <invoice_card> (1) -> ok" in text
    assert 'Reference guidance (what a correct Assistant said): 1. "Pick up the invoice card printed $41."' in text
    prevention = render_trace(_cell(run, "silent", "prevention-05"))
    assert "COMMAND [PutIn] <dough> (1) <oven> (1) -> ok" in prevention and "ASSISTANT (" not in prevention


def test_scripted_judge_proposes_and_a_person_confirms_or_changes(run, server):
    calls = CallSettings(api_base=server.base)
    silent = _cell(run, "silent", "decision-05")
    wrong = _cell(run, "wrong", "decision-05")
    e1, problem = propose_label(silent, "openai/labeller", calls)
    assert problem is None and (e1.category, e1.tick, e1.kind, e1.by) == ("R6", 1, "proposed", "judge:openai/labeller")
    e2, _ = propose_label(wrong, "openai/labeller", calls)
    assert (e2.category, e2.tick) == ("R1", 1)
    # the judge saw the trace rendering under the fixed prompt
    req = [b for b in server.requests if b["model"] == "labeller"][-1]
    assert req["messages"][0]["content"].startswith("You analyse a failed episode")
    assert "$39" in req["messages"][1]["content"] and req.get("temperature") == 0.0
    first = json.loads((wrong / LABELS_NAME).read_text())["history"]
    # a person keeps R1 (confirmed), another changes it to R3 (changed); earlier entries stay as they were
    assert set_label(wrong, "r1", by="alice").kind == "confirmed"
    changed = set_label(wrong, "R3", by="bob", note="the price was read right; the sum was wrong")
    assert (changed.kind, changed.tick) == ("changed", 1)
    history = read_labels(wrong)
    assert [h.kind for h in history] == ["proposed", "confirmed", "changed"]
    assert [h.model_dump(mode="json") for h in history[:1]] == first
    assert current_label(wrong).category == "R3" and current_label(wrong).by == "bob"
    # a later proposal (label --judge --redo) joins the history but never overrides a person's label
    e3, _ = propose_label(wrong, "openai/labeller", calls)
    assert e3.kind == "proposed" and len(read_labels(wrong)) == 4
    assert current_label(wrong).model_dump(include={"category", "by"}) == {"category": "R3", "by": "bob"}
    with pytest.raises(ValueError, match="category"):
        set_label(wrong, "R9", by="carol")
    # the episode has ticks 0 to its eval.json's 'ticks'; a person's tick outside them is refused like the judge's
    ticks = load_eval(wrong)["ticks"]
    with pytest.raises(ValueError, match=f"tick: {ticks + 1} is outside the episode \\(its ticks are 0 to {ticks}\\)"):
        set_label(wrong, "R3", by="carol", tick=ticks + 1)
    assert set_label(wrong, "R3", by="carol", tick=ticks).tick == ticks
    # a person labelling a cell that had no label sets it
    silent_p = _cell(run, "silent", "prevention-05")
    assert read_labels(silent_p) == [] and set_label(silent_p, "R6", by="zoe").kind == "set"
    with pytest.raises(ValueError, match="only failed valid cells"):
        set_label(_cell(run, "oracle", "decision-05"), "R1", by="carol")


def test_invalid_judge_replies_leave_no_label(run, server):
    calls = CallSettings(api_base=server.base)
    cell = _cell(run, "silent", "prevention-05")
    entry, problem = propose_label(cell, "openai/farlabeller", calls)
    assert entry is None and "tick" in problem and "less than or equal" in problem
    entry, problem = propose_label(cell, "openai/broken", calls)
    assert entry is None and "no JSON object" in problem
    assert read_labels(cell) == []


def test_unusable_labels_file_is_reported_and_never_overwritten(run):
    cell = _cell(run, "silent", "decision-05")
    (cell / LABELS_NAME).write_text("{not json")
    with pytest.raises(LabelFileError):
        set_label(cell, "R2", by="alice")
    assert (cell / LABELS_NAME).read_text() == "{not json"
    assert label_records(cell)[0]["problem"]


def test_cli_label_propose_set_list_and_report(run, server, capsys):
    assert main(["label", str(run), "--judge", "openai/labeller", "--api-base", server.base]) == 0
    err = capsys.readouterr().err
    assert "4 failed cell(s) to label" in err
    cell = _cell(run, "wrong", "prevention-05")
    assert main(["label", str(cell), "--set", "R4", "--by", "dana", "--tick", "2"]) == 0
    assert current_label(cell).model_dump(include={"category", "tick", "by", "kind"}) == {
        "category": "R4", "tick": 2, "by": "dana", "kind": "changed"}
    assert main(["label", str(cell), "--set", "R4"]) == 2  # who sets it must be named
    assert main(["label", str(_cell(run, "oracle", "decision-05")), "--set", "R1", "--by", "x"]) == 2
    capsys.readouterr()
    assert main(["label", str(run)]) == 0
    listing = capsys.readouterr().out
    assert listing.count("\tR6\tproposed\tjudge:openai/labeller") == 2 and "\tR4\tchanged\tdana" in listing
    # a second proposal run leaves labelled cells alone
    assert main(["label", str(run), "--judge", "openai/labeller", "--api-base", server.base]) == 0
    assert "0 failed cell(s) to label with openai/labeller (4 already labelled)" in capsys.readouterr().err
    # the report plots the distribution per model and family
    assert main(["report", str(run)]) == 0
    text = capsys.readouterr().out
    assert "# First-error labels" in text
    dist = distribution(label_records(run), "assistant")
    assert dist["silent"]["R6"] == 2 and dist["wrong"]["R1"] == 1 and dist["wrong"]["R4"] == 1
    assert (run / "report" / "error_types.png").stat().st_size > 1000
    assert main(["label", str(run), "--judge", "openai/broken", "--api-base", server.base, "--redo"]) == 1


def test_show_page_carries_the_label_read_only(run, server):
    cell = _cell(run, "silent", "decision-05")
    propose_label(cell, "openai/labeller", CallSettings(api_base=server.base))
    assert main(["show", str(cell)]) == 0
    page = (cell / "episode.html").read_text()
    assert 'id="label-in-force">In force: <b>R6</b>' in page and "iw-eval label RUN --serve" in page
    assert "<form" not in page


@pytest.fixture(params=["http.server", "fastapi"])
def backend(request):
    """Both servers that carry the label pages: FastAPI (web extra) and the standard library's."""
    if request.param == "fastapi":
        pytest.importorskip("fastapi", reason="the web extra is not installed (pip install '.[web]')")
    return request.param


def test_served_page_posts_a_label(run, server, backend):
    cell = _cell(run, "wrong", "decision-05")
    propose_label(cell, "openai/labeller", CallSettings(api_base=server.base))
    web = LabelServer(run, port=0, default_by="erin", backend=backend)
    auth = {"Authorization": f"token {web.token}"}  # what the printed address's ?token= gives a browser

    def req(url, data=None):
        return urllib.request.Request(url, data=data, headers=auth)

    try:
        index = urllib.request.urlopen(web.open_url).read().decode()
        assert index.count("<li>") == 4 and "R1 (proposed by judge:openai/labeller)" in index
        page = urllib.request.urlopen(req(web.page_url(cell))).read().decode()
        assert 'id="label-form"' in page and 'value="erin"' in page
        form = urllib.parse.urlencode({"cell": cell.relative_to(run).as_posix(), "category": "R2", "tick": "3",
                                       "by": "erin"}).encode()
        urllib.request.urlopen(req(web.url + "label", form))
        assert current_label(cell).model_dump(include={"category", "tick", "by", "kind"}) == {
            "category": "R2", "tick": 3, "by": "erin", "kind": "changed"}
        rel = cell.relative_to(run).as_posix()
        for bad in ({"cell": "../..", "category": "R2", "by": "x"}, {"cell": rel, "category": "R7", "by": "x"},
                    {"cell": rel, "category": "R2", "by": "x", "tick": "abc"},
                    {"cell": rel, "category": "R2", "by": "x", "tick": "999"}):
            with pytest.raises(urllib.error.HTTPError) as exc:
                urllib.request.urlopen(req(web.url + "label", urllib.parse.urlencode(bad).encode()))
            assert exc.value.code == 400
            said = exc.value.read().decode()
            assert "invalid literal" not in said
            if bad.get("tick") == "abc":
                assert "tick: &#x27;abc&#x27; is not a whole number of ticks" in said or \
                    "tick: 'abc' is not a whole number of ticks" in said, said
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(req(web.url + "..%2F..%2Fetc%2Fpasswd"))
        assert exc.value.code == 403
    finally:
        web.close()
    assert len(read_labels(cell)) == 2


def _chrome():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium not installed (pip install '.[test]')")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    if not (os.path.exists(driver_path) and os.path.exists(browser)):
        pytest.skip("chromium and chromium-driver are not installed (Debian packages 'chromium', 'chromium-driver')")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        opts.add_argument(flag)
    opts.binary_location = browser
    return webdriver.Chrome(service=Service(driver_path), options=opts)


def test_label_confirmed_through_the_page_in_headless_chromium(run, server, backend):
    """A person opens the served episode page, sees the scripted judge's proposal, confirms it, then changes it."""
    cell = _cell(run, "silent", "prevention-05")
    propose_label(cell, "openai/labeller", CallSettings(api_base=server.base))
    web = LabelServer(run, port=0, backend=backend)
    driver = _chrome()
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as ec
        from selenium.webdriver.support.ui import Select, WebDriverWait

        def shows(text: str) -> None:  # the page after the form's redirect has loaded and says it
            WebDriverWait(driver, 20).until(ec.text_to_be_present_in_element((By.ID, "label-in-force"), text))

        driver.implicitly_wait(10)
        driver.get(web.open_url)
        next(a for a in driver.find_elements(By.TAG_NAME, "a") if "prevention-05" in a.text
             and a.text.startswith("silent")).click()
        shows("In force: R6")
        assert Select(driver.find_element(By.ID, "label-category")).first_selected_option.get_attribute("value") == "R6"
        driver.find_element(By.ID, "label-by").send_keys("frank")
        driver.find_element(By.ID, "label-save").click()
        shows("confirmed by frank")
        Select(driver.find_element(By.ID, "label-category")).select_by_value("R5")
        driver.find_element(By.ID, "label-by").send_keys("gina")
        driver.find_element(By.ID, "label-note").send_keys("asked for an action the wearer could not take")
        driver.find_element(By.ID, "label-save").click()
        shows("changed by gina")
        assert "In force: R5" in driver.find_element(By.ID, "label-in-force").text
        assert driver.current_url.endswith("episode.html#labels")
    finally:
        driver.quit()
        web.close()
    history = read_labels(cell)
    assert [(h.category, h.kind, h.by) for h in history] == [("R6", "proposed", "judge:openai/labeller"),
                                                            ("R6", "confirmed", "frank"), ("R5", "changed", "gina")]
    assert history[-1].note == "asked for an action the wearer could not take"
