"""Latency of the play page: from pressing Enter on a command to the first frame of its interval drawn in
the browser, against the world producing the same command's frames in-process.

Ours: ``iw-eval play decision-05 --as human`` (oracle partner) in its own process, headless Chromium
driven by selenium; the page records ``performance.now()`` when the command is sent and again when the
first streamed frame of that tick has loaded (``window.iwLatency``). It covers the websocket, the
episode loop, the command's execution and rendering (``Environment.execute``), PNG encoding and the
frame's HTTP fetch; the served episode's trace gives the command's own execution time, the rest is the
web path. Peer: the same command executed by a bare ``Environment`` in this process after
the same opening (the floor: frames exist only once ``execute`` returns). Both the Grab and the Put of
the oracle's guidance are timed. With ``--benchmark-enable`` the frames are 640x480 (the default);
in the suite's single-shot mode 320x240, to keep it quick.

Run: ``.venv/bin/python -m pytest benchmarks/bench_play.py --benchmark-enable -q -s``
"""
from __future__ import annotations

import time

import pytest
from iw_browser import browser_missing, chrome, my_turn, start_play, stop, typed, wait

from interactiveworld.bench.logs import read_trace
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack
from interactiveworld.env import Environment

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))

COMMANDS = ["[Grab] <invoice_card> (2)", "[Put] <invoice_card> (2) <approval_desk> (1)"]


def _bare_execute_s(size: tuple[int, int]) -> list[float]:
    tp = load_taskpack(builtin_taskpacks()["decision-05"])
    env = Environment(render=True, width=size[0], height=size[1])
    env.reset(tp.reset_scene(), seed=0)
    for cmd in tp.opening.commands:
        env.execute(cmd)
    env.mark_baseline()
    out = []
    for cmd in COMMANDS:
        t0 = time.perf_counter()
        assert env.execute(cmd).ok
        out.append(time.perf_counter() - t0)
    return out


def _browser_latency_s(out, env_ref: str) -> list[float]:
    from selenium.webdriver.common.keys import Keys

    proc, url = start_play("decision-05", out, "--as", "human", "--pseudonym", "bench", env=env_ref)
    driver = chrome()
    try:
        driver.get(url)
        for tick, cmd in enumerate(COMMANDS, start=1):
            my_turn(driver, tick)
            typed(driver, cmd, Keys.ENTER)
            wait(driver, lambda d, n=tick: len(d.execute_script("return window.iwLatency")) >= n, 120)
        return [x["ms"] / 1e3 for x in driver.execute_script("return window.iwLatency")]
    finally:
        driver.quit()
        stop(proc)


def test_command_to_first_frame(benchmark, ratios, tmp_path):
    full = not getattr(benchmark, "disabled", False)
    size, env_ref = ((640, 480), "interactiveworld.env:Environment") if full else ((320, 240), "iw_small_env:small")
    bare = _bare_execute_s(size)
    page = _browser_latency_s(tmp_path / "runs", env_ref)
    # the same commands' own execution time in the served episode, from its trace: the rest is the web path
    (cell,) = (tmp_path / "runs").glob("oracle__person-bench-*/decision-05/seed0")
    served = [sum(r["outcome"]["timing"].values()) for r in read_trace(cell / "trace.jsonl") if r["type"] == "command"]
    benchmark.extra_info["web_path_ms"] = [1e3 * (p - s) for p, s in zip(page, served)]
    for cmd, ours, peer in zip(("grab", "put"), page, bare):
        ratios.add(f"play {cmd} {size[0]}x{size[1]}", "ours", ours)
        ratios.add(f"play {cmd} {size[0]}x{size[1]}", "bare Environment.execute", peer)
        benchmark.extra_info[f"{cmd}_page_ms"] = 1e3 * ours
        benchmark.extra_info[f"{cmd}_execute_ms"] = 1e3 * peer
    benchmark(lambda: None)
    print(f"\ncommand -> first frame in the page [ms]: grab {1e3 * page[0]:.0f}, put {1e3 * page[1]:.0f}; "
          f"bare execute: grab {1e3 * bare[0]:.0f}, put {1e3 * bare[1]:.0f}; of the page's time, execute in the "
          f"served episode: grab {1e3 * served[0]:.0f}, put {1e3 * served[1]:.0f} ({size[0]}x{size[1]})")
