"""Helpers for driving the play page in headless Chromium (selenium + Debian's chromium-driver).

Used by tests/test_web_browser.py and benchmarks/bench_play.py. Nothing is downloaded: the browser
and its driver are the system's ``chromium`` and ``chromedriver``.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for module in ("fastapi", "uvicorn", "selenium"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed"
    if not (Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()):
        return "chromium and chromium-driver (Debian packages) are not installed"
    return None


def chrome(width: int = 1280, height: int = 800):
    """Headless Chromium whose page area is exactly ``width`` x ``height`` pixels."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--window-size={width},{height}", "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--no-first-run"):
        opts.add_argument(a)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_window_size(width, height)
    w, h = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(width + (width - w), height + (height - h))  # the window's bars take some of it
    return driver


def start_iw(*args: str) -> tuple[subprocess.Popen, str]:
    """Start ``iw-eval ARGS --port 0`` (play, study or watch) with tests/ importable; returns the process and
    the page address it prints."""
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "interactiveworld.cli", *args, "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environ)
    line = proc.stdout.readline()
    m = re.search(r"open (http://127\.0\.0\.1:\d+/\?token=[\w-]+)", line)
    if not m:
        proc.kill()
        raise RuntimeError(f"iw-eval did not start: {line!r} {proc.stderr.read()}")
    return proc, m.group(1)


def ws_url(url: str, path: str = "ws") -> str:
    """The websocket address of a page address printed by a server (``http://127.0.0.1:P/?token=T`` ->
    ``ws://127.0.0.1:P/ws?token=T``): the token travels in the query, as a command-line client sends no cookie."""
    base, _, query = url.partition("?")
    return base.replace("http://", "ws://", 1) + path + ("?" + query if query else "")


def start_play(task: str, out: Path, *args: str, env: str = "iw_small_env:small") -> tuple[subprocess.Popen, str]:
    """``iw-eval play TASK ARGS`` writing under ``out`` (by default on the 320x240 world)."""
    return start_iw("play", task, *args, "--env", env, "--out", str(out))


def stop(proc: subprocess.Popen) -> None:
    """Stop a play server as Ctrl-C would (SIGTERM), killing it if it does not stop within a minute."""
    proc.terminate()
    try:
        proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()


def wait(driver, cond, timeout: float = 240):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: cond(d))


def my_turn(driver, tick: int, timeout: float = 240) -> None:
    """Wait until the page opens a turn at ``tick`` (the title says so and the facts show the tick)."""
    from selenium.webdriver.common.by import By

    def ready(d):
        facts = d.find_element(By.ID, "facts").text
        return d.title.startswith("Your turn") and re.search(rf"Tick\s+{tick}\b", facts)
    wait(driver, ready, timeout)


def typed(driver, *keys) -> None:
    """Type into whatever has the keyboard focus (the page is used by keyboard alone)."""
    driver.switch_to.active_element.send_keys(*keys)
