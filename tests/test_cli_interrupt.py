"""Ctrl-C early in a run and ``--out`` inside another sweep (found by trying the CLI as a newcomer)."""
from __future__ import annotations

import os
import signal

from interactiveworld import cli


def test_an_interrupt_swallowed_during_startup_still_stops_the_run(tmp_path, monkeypatch, capsys):
    """A library that catches BaseException while it is imported (trimesh does) must not make the run go on."""
    real = cli._check_scenes

    def swallowing_check(packs, env):
        try:
            os.kill(os.getpid(), signal.SIGINT)
        except BaseException:  # what a careless optional import does
            pass
        return real(packs, env)

    monkeypatch.setattr(cli, "_check_scenes", swallowing_check)
    out = tmp_path / "run"
    # Ctrl-C as a terminal delivers it, whatever this process inherited (a job started in the background with
    # nohup or '&' begins with SIGINT ignored)
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        rc = cli.main(["run", "--tasks", "decision-01", "--no-render", "--no-progress", "--out", str(out)])
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is put back
    finally:
        signal.signal(signal.SIGINT, inherited)
    assert rc == 130
    assert "iw-eval run: interrupted before the sweep started; no cell ran" in capsys.readouterr().err
    assert not list(out.rglob("eval.json"))  # no cell ran


def test_out_inside_another_sweep_is_refused(tmp_path, capsys):
    sweep = tmp_path / "sweep"
    sweep.mkdir()
    (sweep / "sweep.json").write_text("{}", encoding="utf-8")
    rc = cli.main(["run", "--tasks", "decision-01", "--no-render", "--no-progress", "--out", str(sweep / "report")])
    err = capsys.readouterr().err
    assert rc == 2 and "inside the sweep folder" in err
    assert not (sweep / "report").exists()
