"""``iw-eval``: run, report, replay, show, validate and hash InteractiveBench TaskPacks.

    iw-eval run                                  # oracle Assistant + scripted Human, every built-in TaskPack
    iw-eval run --assistant openai/gpt-5.5 --human gemini/gemini-3.1-pro --family Decision --seeds 0 1
    iw-eval run --ray --cache ~/.iw-cache --max-cost 20 --assistant openai/gpt-5.5 --seeds 0-4
    iw-eval report runs/2026-11-29T19-00-00      # Markdown + CSV tables and PNG plots
    iw-eval report runs/a runs/b                 # one leaderboard, Assistant x Human matrix, memory, pass^k
    iw-eval report --tasks                       # built-in TaskPacks per family and oracle step counts
    iw-eval replay runs/.../decision-05/seed0    # re-execute the trace, compare each outcome and the digest
    iw-eval show runs/.../decision-05/seed0 --open
    iw-eval show runs/2026-11-29T19-00-00 --video mp4 --sheet   # index page with summary, videos, sheets
    iw-eval validate decision-05                 # static checks + controls
    iw-eval hash taskpacks/decision-05.json      # rewrite the hash of a file being authored
    iw-eval schema                               # the TaskPack JSON Schema
    iw-eval export-usd decision-05 out/d5.usda  # the scene at handoff as USD (the usd extra)

Where TaskPacks come from: a task named by id is a built-in TaskPack, looked up in the folders of
``$IW_TASKPACK_DIR`` (``os.pathsep``-separated; when set, only these are searched), else the source
checkout's ``taskpacks/`` and the installed ``interactiveworld/taskpacks``. A task given as a path
(``*.json`` or containing a path separator) is that file.

Which environment runs the episodes: ``--env module:callable`` (``run``, ``validate``, ``replay``)
names a factory returning an :class:`~interactiveworld.env_types.EnvironmentLike`; it is called
with ``render=True/False`` when it accepts that keyword. The default is the physical world,
``interactiveworld.env:Environment``. A sweep records the factory and the render setting in
``sweep.json`` and in every cell's trace header and ``eval.json``; ``replay`` uses the recorded
ones unless ``--env`` / ``--render`` / ``--no-render`` are given, and a recorded factory only when it
is the default or listed in ``$IW_ENVS`` (a file never decides what code runs).

Sweeps at scale (:mod:`interactiveworld.bench.run_options`): ``--ray [ADDRESS]`` runs the cells as Ray
tasks; ``--cache DIR``, ``--max-concurrency``, ``--max-cost``/``--max-tokens`` (sweep) and
``--cell-max-cost``/``--cell-max-tokens`` (cell) control model calls. A second sweep on a folder in use
is refused (exit 2); ``run`` exits with 1 when cells are left unfinished by the sweep's spending limit.

Model runs (:mod:`interactiveworld.bench.preflight`): a model Assistant is paired with a model Human (its
own model unless ``--human`` names one; several model Assistants need ``--human``); ``--human scripted``
beside a model Assistant prints that it grounds only the oracle's wording; ``--no-render`` with a model
agent needs ``--blind``. Before the first cell: provider keys (bare model names too), a connection to
``--api-base``, and a writable ``--out``. ``--limit N`` keeps the first N TaskPacks; two different
TaskPacks with one id in a selection are refused.

Bad arguments (unknown task id or family, a missing TaskPack file, a malformed model string, an
environment factory that cannot be imported or a scene it cannot load on replay) print a message
and exit with status 2; every argument is checked before TaskPacks are looked for. ``run`` exits
with 1 when VOID cells remain after their re-runs (run the same command again to retry them);
``replay`` and ``validate`` exit with 1 on a mismatch or a failed check. An unreadable cell record
is reported (a warning naming the file) and counted as VOID, never left out silently. Ctrl-C stops
a run with status 130; the interrupted cells are redone when the same command is run again.
"""
from __future__ import annotations

import argparse
import difflib
import errno
import json
import os
import signal
import sys
import textwrap
import threading
import time
import warnings
import webbrowser
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NoReturn, Sequence

import numpy as np

from .cli_support import BODY_MODEL_HELP, UsageError, check_env, check_model, sigterm_as_interrupt, usage_errors

# Each command imports its own modules (the sweep, the world, the web server) when it runs: building the parser,
# for ``iw-eval --help`` or an argument error, loads none of them.


def _seeds(values: list[str]) -> list[int]:
    try:
        return _parse_seeds(values)
    except _SeedError as exc:
        raise UsageError(f"--seeds: {exc} (seeds are non-negative integers: '0 1 2', '0,1' or '0-4')") from None


class _SeedError(ValueError):
    """A ``--seeds`` value that names no seed list; the message says which part and why."""


MAX_SEEDS = 1000  # a typo such as 0-100000 should not start a sweep of millions of cells


def _parse_seeds(values: list[str]) -> list[int]:
    """The seeds of ``--seeds`` values (``0 1``, ``0,1``, ``0-4``): sorted, without repeats.

    Raises:
        _SeedError: an empty part, a part that is neither an integer nor a range, a negative seed, a range written
            downwards, or more than :data:`MAX_SEEDS` seeds.
    """
    out: list[int] = []
    for v in values:
        for part in str(v).split(","):
            part = part.strip()
            if not part:
                raise _SeedError(f"an empty seed in {str(v)!r}")
            lo, dash, hi = part[1:].partition("-")  # a leading '-' is a sign, not a range
            lo = part[0] + lo
            try:
                a, b = (int(lo), int(hi)) if dash else (int(part), int(part))
            except ValueError:
                raise _SeedError(f"{part!r} is neither a seed nor a range of seeds") from None
            if a < 0 or b < 0:
                raise _SeedError(f"{part!r}: a seed is never negative")
            if b < a:
                raise _SeedError(f"the range {part!r} runs downwards; write it from the lower seed ('{b}-{a}')")
            if b - a >= MAX_SEEDS:
                raise _SeedError(f"the range {part!r} holds {b - a + 1} seeds; at most {MAX_SEEDS} are allowed")
            out += range(a, b + 1)
    seeds = sorted(dict.fromkeys(out))
    if not seeds:
        raise _SeedError("no seed given")
    if len(seeds) > MAX_SEEDS:
        raise _SeedError(f"{len(seeds)} seeds; at most {MAX_SEEDS} are allowed")
    return seeds


def _check_agents(assistant: str, human: str, memory: bool) -> None:
    from .agents.controls import CONTROL_ASSISTANTS

    if assistant not in CONTROL_ASSISTANTS:
        check_model(assistant, "--assistant", f"a control ({', '.join(CONTROL_ASSISTANTS)}) or a litellm model")
    elif memory:
        raise UsageError("--assistant-memory applies to model Assistants only, not to the control "
                         f"{assistant!r}")
    if human != "scripted":
        check_model(human, "--human", "'scripted' or a litellm model")


def _check_scenes(packs: list[Any], env: str) -> None:
    """A TaskPack whose scene the world's loader rejects is a configuration error (not a VOID cell):
    checked up front for the world's environment and for scenes that declare a format."""
    from .bench.identity import DEFAULT_ENV
    from .bench.validate import is_world_scene, world_scene_problem

    bad = [f"{tp.id}: {problem}" for tp in packs if env == DEFAULT_ENV or is_world_scene(tp.scene)
           if (problem := world_scene_problem(tp))]
    if bad:
        raise UsageError("the scene of a TaskPack does not load (run 'iw-eval validate' on it):\n  "
                         + "\n  ".join(bad))


def _check_run_numbers(args: argparse.Namespace) -> None:
    if args.workers < 1:
        raise UsageError(f"--workers: expected >= 1, got {args.workers}")
    if args.void_retries < 0:
        raise UsageError(f"--void-retries: expected >= 0, got {args.void_retries}")
    if args.max_retries < 0:
        raise UsageError(f"--max-retries: expected >= 0, got {args.max_retries}")
    if not args.timeout > 0:  # also rejects nan
        raise UsageError(f"--timeout: expected a positive number of seconds, got {args.timeout}")
    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit: expected >= 1 TaskPack, got {args.limit}")


def _agents_and_preflight(args: argparse.Namespace) -> tuple[list[str], list[str], list[str]]:
    """(Assistants, Humans, notes to print) of a run, after the checks that need no TaskPack: the Human a
    model Assistant gets, blind runs, credentials (bare model names too), the reachability of --api-base and one
    minimal call per model route (a 401, 403 or 404 stops the run before the first cell)."""
    from .bench import preflight

    assistants = list(dict.fromkeys(args.assistant))
    try:
        humans, notes = preflight.choose_humans(assistants, list(dict.fromkeys(args.human)) if args.human else None)
        for a in assistants:
            for h in humans:
                _check_agents(a, h, args.assistant_memory)
        models = [m for m in assistants + humans if preflight.is_model(m)]
        preflight.check_blind(assistants + humans, no_render=args.no_render, blind=args.blind)
        preflight.check_provider(models, args.api_base)
        notes += preflight.check_routes(models, args.api_base, timeout_s=min(float(args.timeout), 30.0))
    except preflight.PreflightError as exc:
        raise UsageError(str(exc)) from None
    return assistants, humans, notes


def cmd_run(args: argparse.Namespace) -> int:
    from .bench.pool import discard_workers, prestart_workers

    if args.workers > 1 and args.ray is None:
        prestart_workers(args.workers)  # the workers import while the TaskPacks load and the scenes are checked
    try:
        return _run_command(args)
    finally:
        discard_workers()  # the sweep did not start (a usage error, nothing left to run): stop them


def _run_command(args: argparse.Namespace) -> int:
    from .bench import run_options
    from .bench.cells import CellSpec, UnsafeCellFolder
    from .bench.pool import WorkerDied
    from .bench.preflight import PreflightError, check_body_model, check_out, is_model, make_out
    from .bench.ray_engine import InfeasibleCells, RayEngine
    from .bench.sweep import SweepLocked, run_sweep
    from .bench.taskpack import TaskPackError, load_taskpack, select_taskpacks, unique_taskpacks

    # every argument is checked before the TaskPacks are looked for
    if args.blind:
        args.no_render = True
    _check_run_numbers(args)
    seeds = _seeds(args.seeds)
    out_name = args.out if args.out is not None else os.path.join("runs", time.strftime("%Y-%m-%dT%H-%M-%S"))
    try:
        check_out(out_name)
    except PreflightError as exc:
        raise UsageError(str(exc)) from None
    assistants, humans, notes = _agents_and_preflight(args)
    check_env(args.env)
    with usage_errors(PreflightError):
        body = check_body_model(args.body_model, args.env)
    for problem in run_options.check(args, [m for m in assistants + humans if is_model(m)]):
        raise UsageError(problem)
    try:
        paths = select_taskpacks(args.tasks, args.family, release=args.release)
        packs = unique_taskpacks([(p, load_taskpack(p)) for p in paths])
    except (TaskPackError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if args.limit is not None:
        packs = packs[:args.limit]
    _check_scenes([tp for _, tp in packs], args.env)
    try:
        out = make_out(out_name)
    except PreflightError as exc:
        raise UsageError(str(exc)) from None
    for note in notes:
        print(note, file=sys.stderr)
    cells = []
    for a in assistants:
        chosen = packs
        if a == "wrong":
            skipped = [tp.id for _, tp in packs if tp.controls.wrong is None]
            if skipped:
                print(f"note: no wrong-guidance control declared in {', '.join(skipped)}; skipped", file=sys.stderr)
            chosen = [(p, tp) for p, tp in packs if tp.controls.wrong is not None]
        cells += [CellSpec(taskpack=str(p), task_id=tp.id, assistant=a, human=h, seed=s,
                           memory=args.assistant_memory, api_base=args.api_base, env=args.env,
                           render=not args.no_render, timeout_s=args.timeout, max_retries=args.max_retries,
                           body_model=body and body["path"], body_model_sha256=body and body["sha256"],
                           release=args.release, **run_options.cell_fields(args))
                  for h in humans for p, tp in chosen for s in seeds]
    mem = "+memory" if args.assistant_memory else ""
    print(f"iw-eval run: {len(cells)} cell(s): {len(assistants)} Assistant(s) x {len(humans)} Human(s) x "
          f"{len(packs)} TaskPack(s) x {len(seeds)} seed(s); Assistant {', '.join(a + mem for a in assistants)}, "
          f"Human {', '.join(humans)} -> {out}", file=sys.stderr)
    check_interrupted()
    engine = RayEngine(address=args.ray or None, cpus=args.ray_cpus) if args.ray is not None else None
    with sigterm_as_interrupt():
        try:
            summary = run_sweep(cells, out, workers=args.workers, void_retries=args.void_retries,
                                progress=not args.no_progress, engine=engine,
                                manifest={"assistants": assistants, "humans": humans, "seeds": seeds,
                                          "memory": args.assistant_memory, "render": not args.no_render,
                                          "env": args.env, "release": args.release,
                                          "max_reply_tokens": args.max_reply_tokens,
                                          **({"body_model": body} if body else {}),
                                          "taskpacks": {tp.id: tp.hash for _, tp in packs}},
                                **run_options.sweep_kwargs(args))
        except (SweepLocked, UnsafeCellFolder, TaskPackError, InfeasibleCells) as exc:
            raise UsageError(str(exc)) from None
        except (WorkerDied, ConnectionError) as exc:
            print(f"iw-eval run: {exc}", file=sys.stderr)
            return 1
    from .bench.metrics import family_table, load_results
    from .bench.report import AGENT_COLUMNS, markdown_table
    from .bench.usage import USAGE_COLUMNS, usage_table

    labels = {(c.assistant_label, c.human) for c in cells}
    problems: list[str] = []
    records = [r for r in load_results(out, problems=problems) if (r.get("assistant"), r.get("human")) in labels]
    print(f"{summary['ran']} ran, {summary['skipped']} already finished, {summary['void']} VOID", file=sys.stderr)
    for line in run_options.summary_lines(summary):
        print(line, file=sys.stderr)
    _print_void_reasons(summary["records"])
    for line in problems:
        print(f"warning: {line}", file=sys.stderr)
    if records:
        cols = [("family", "Family"), ("tasks", "Tasks"), ("void", "VOID"), ("pass_rate", "Pass %"), ("mcr", "MCR %")]
        if len(labels) > 1:
            cols = [*AGENT_COLUMNS, *cols]
        print(markdown_table(family_table(records), cols))
        usage = usage_table(records)
        if usage:
            print("\nModel calls (finished cells; invalid turns stayed unusable after one correction):")
            print(markdown_table(usage, [*AGENT_COLUMNS, *USAGE_COLUMNS]))
    print(f"results: {out}")
    if summary.get("stopped"):  # a permanent call error: every later cell would meet it too
        left = f"; {summary['unfinished']} cell(s) not run" if summary["unfinished"] else ""
        print(f"iw-eval run: stopped: {summary['stopped']}{left} (fix it and run the same command again to resume)",
              file=sys.stderr)
        return 2
    return 1 if summary["void"] or summary["unfinished"] else 0


def _print_void_reasons(records: list[dict[str, Any]], limit: int = 5) -> None:
    """The distinct reasons of this run's VOID cells (the first ``limit``), on stderr."""
    reasons: dict[str, list[str]] = {}
    for r in records:
        if r.get("status") != "valid":
            reasons.setdefault(str(r.get("void_reason")), []).append(f"{r.get('task_id')} seed {r.get('seed')}")
    for reason, cells in list(reasons.items())[:limit]:
        more = f" and {len(cells) - 1} more" if len(cells) > 1 else ""
        print(f"VOID {cells[0]}{more}: {reason}", file=sys.stderr)
    if len(reasons) > limit:
        print(f"... {len(reasons) - limit} more VOID reason(s); see 'iw-eval report'", file=sys.stderr)


def cmd_report(args: argparse.Namespace) -> int:
    if args.tasks:
        return _report_tasks()
    if args.horizon:
        from .analysis.commands import horizon_report

        return horizon_report(args.run_dir, args.out, plots=not args.no_plots)
    if not args.run_dir:
        raise UsageError("report: give a run folder (or several to compare), or --tasks to list the built-in TaskPacks")
    from .bench.compare import write_comparison
    from .bench.report import write_report

    dirs = list(dict.fromkeys(args.run_dir))
    try:
        if len(dirs) == 1:
            res = write_report(dirs[0], args.out, plots=not args.no_plots)
            comp = write_comparison(dirs, Path(args.out) if args.out else Path(dirs[0]) / "report",
                                    plots=not args.no_plots)
            extra = comp["markdown"].split("\n## ")[2:]  # what the per-sweep tables do not show
            text = res["markdown"] + "".join("\n## " + sec for sec in extra)
            warned = list(dict.fromkeys(res["warnings"] + comp["warnings"]))
            from .analysis.labels import has_labels, write_label_report

            if has_labels(dirs[0]):  # first-error labels of failed cells (paper D.1, Figure 4)
                lab = write_label_report(dirs, Path(args.out) if args.out else Path(dirs[0]) / "report",
                                         plots=not args.no_plots)
                text += "\n\n" + lab["markdown"]
                comp["files"] += lab["files"]
        else:
            parent = Path(os.path.commonpath([str(Path(d).resolve()) for d in dirs]))
            comp = write_comparison(dirs, args.out or parent / "report", plots=not args.no_plots)
            res, text, warned = {"files": []}, comp["markdown"], comp["warnings"]
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    print(text)
    for line in warned:
        print(f"warning: {line}", file=sys.stderr)
    print("\nwritten: " + ", ".join(res["files"] + comp["files"]), file=sys.stderr)
    return 0


def _report_tasks() -> int:
    from .bench.families import Family
    from .bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack

    packs = builtin_taskpacks()
    if not packs:
        from .bench.taskpack import searched_folders

        raise UsageError(f"no TaskPacks found ({searched_folders()})")
    by_family: dict[str, list[tuple[str, int]]] = {f.value: [] for f in Family}
    bad = []
    for tid, path in packs.items():
        try:
            tp = load_taskpack(path)
        except TaskPackError as exc:
            bad.append(str(exc).splitlines()[0])
            continue
        by_family[tp.family.value].append((tp.id, tp.oracle_actions))
    print("| Family | Protocol | Tasks | Oracle steps per task |")
    print("| --- | --- | --- | --- |")
    for f in Family:
        items = sorted(by_family[f.value])
        steps = ", ".join(f"{i}: {n}" for i, n in items) or "-"
        print(f"| {f.value} | {f.protocol} | {len(items)} | {steps} |")
    total = sum(len(v) for v in by_family.values())
    print(f"\n{total} TaskPack(s)")
    for b in bad:
        print(f"invalid: {b}", file=sys.stderr)
    return 1 if bad else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .bench.logs import read_eval
    from .bench.replay import ReplayError, cells_to_replay, replay_cell, replay_cells

    if args.env is not None:
        check_env(args.env)
    try:
        cells = cells_to_replay(Path(args.cell))
    except ReplayError as exc:
        raise UsageError(str(exc)) from None
    if args.workers < 1:
        raise UsageError(f"--workers: expected >= 1, got {args.workers}")
    if len(cells) > 1:  # a sweep folder: its valid cells
        cells = [c for c in cells if (read_eval(c) or {}).get("status") == "valid"]
    if len(cells) == 1:
        try:
            one = replay_cell(cells[0], taskpack=args.taskpack, env=args.env, render=args.render,
                              body_model=args.body_model)
        except ReplayError as exc:
            raise UsageError(str(exc)) from None
        except RuntimeError as exc:
            print(f"replay FAILED {cells[0]}: {exc}", file=sys.stderr)
            return 1
        results = iter([(cells[0], one, None)])
    else:
        results = replay_cells(cells, workers=args.workers, taskpack=args.taskpack, env=args.env, render=args.render,
                               body_model=args.body_model)
    failed = 0
    for cell, res, problem in results:
        if res is None:
            print(f"replay FAILED {cell}: {problem}", file=sys.stderr)
            failed += 1
            continue
        if len(cells) == 1:
            print(f"replay: environment {res.factory} ({res.source})", file=sys.stderr)
        for note in res.notes:
            print(f"note: {cell}: {note}" if len(cells) > 1 else f"note: {note}", file=sys.stderr)
        for line in res.mismatches:
            print(f"{cell}: {line}" if len(cells) > 1 else line)
        skipped = f", {res.skipped} withheld command(s) not executed" if res.skipped else ""
        print(f"replay {'MATCH' if res.matched else 'MISMATCH'}: final state digest {res.digest} (recorded "
              f"{res.expected}) after {res.steps} command(s){skipped}, {len(res.mismatches)} outcome mismatch(es)"
              + (f" [{cell}]" if len(cells) > 1 else ""))
        failed += not res.matched
    if len(cells) > 1:
        print(f"replayed {len(cells)} cell(s): {len(cells) - failed} MATCH, {failed} MISMATCH or FAILED")
    return 1 if failed else 0


def cmd_show(args: argparse.Namespace) -> int:
    from .bench.html import episode_eval, render_episode_html, render_index_html
    from .bench.logs import TRACE_NAME, find_cells

    target = Path(args.path)
    if not target.is_dir():
        raise UsageError(f"{target}: no such folder")
    cells = [c for c in find_cells(target) if (c / TRACE_NAME).is_file()]
    if not cells:
        raise UsageError(f"{target}: no episode traces found (give a cell folder or a run folder)")
    pages, failed = [], 0
    from .analysis.label_web import annotate_page

    for c in cells:
        try:
            pages.append(render_episode_html(c))
            annotate_page(pages[-1])  # the first-error label of a failed cell, read-only
        except (ValueError, KeyError, TypeError, OSError) as exc:  # UnicodeDecodeError is a ValueError
            print(f"warning: {c}: cannot render the episode page ({type(exc).__name__}: {exc})", file=sys.stderr)
            failed += 1
            continue
        why = episode_eval(c)[2]
        if why is not None:  # the page is written, its result shown as UNREADABLE
            print(f"warning: {why}; shown as UNREADABLE", file=sys.stderr)
            failed += 1
    if not pages:
        print(f"iw-eval show: no page written ({failed} unreadable trace(s))", file=sys.stderr)
        return 1
    cells = [p.parent for p in pages]
    if args.video or args.sheet:
        for cell in cells:
            for written in _episode_media(cell, video=args.video, sheet=args.sheet):
                print(written)
    if len(pages) > 1:
        shown = render_index_html(target, pages)
    else:
        shown = pages[0]
    print(shown)
    if args.open:
        webbrowser.open(shown.resolve().as_uri())
    return 1 if failed else 0


def _episode_media(cell: Path, *, video: str | None, sheet: bool) -> list[Path]:
    """Assemble a cell's frames (``frames/*.png``, in episode order) into ``episode.<video>`` and/or
    ``contact_sheet.png`` inside the cell folder."""
    from PIL import Image

    from .render import contact_sheet, save_png, write_video

    files = sorted((cell / "frames").glob("*.png"))
    if not files:
        print(f"{cell}: no frames recorded (run without --no-render to keep frames)", file=sys.stderr)
        return []
    frames = [np.asarray(Image.open(f).convert("RGB")) for f in files]
    out: list[Path] = []
    if video:
        out.append(Path(write_video(frames, cell / f"episode.{video}", fps=4)))
    if sheet:
        step = max(1, len(frames) // 48)  # a sheet a person can take in at once
        picked = list(range(0, len(frames), step))
        path = cell / "contact_sheet.png"
        save_png(contact_sheet([frames[i] for i in picked], [files[i].stem for i in picked]), path)
        out.append(path)
    return out


def cmd_validate(args: argparse.Namespace) -> int:
    from .bench.factory import make_env as _make_env
    from .bench.preflight import PreflightError, check_body_model
    from .bench.taskpack import TaskPackError, load_taskpack, select_taskpacks
    from .bench.validate import ValidationReport, frame_audit_check, run_battery, run_controls, static_checks

    check_env(args.env)
    with usage_errors(PreflightError):
        body = check_body_model(args.body_model, args.env)
    battery: list[dict] = []

    def make_env(ref: str, *, render: bool):
        return _make_env(ref, render=render, body_model=body and body["path"])

    try:
        paths = select_taskpacks(args.tasks or None, args.family)
    except (TaskPackError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    failures = 0
    for p in paths:
        try:
            tp = load_taskpack(p)
        except TaskPackError as exc:
            print(f"FAIL {p}\n{exc}")
            failures += 1
            continue
        rep = ValidationReport(tp.id)
        rep.add("schema and hash", True)
        try:
            static_checks(tp, make_env(args.env, render=False), rep)
            scene_ok = all(c.ok for c in rep.checks if c.name in ("scene loads", "opening runs"))
            if scene_ok and not args.no_audit:
                frame_audit_check(tp, make_env(args.env, render=False), rep)
            scene_ok = all(c.ok for c in rep.checks if c.name == "scene loads")
            if not args.static_only and scene_ok:
                run_controls(tp, lambda: make_env(args.env, render=False), rep,
                             out_dir=Path(args.out) if args.out else None)
                if not args.no_battery:
                    battery += run_battery(tp, lambda: make_env(args.env, render=False),
                                           out_dir=Path(args.out) if args.out else None)
        except Exception as exc:  # report, keep validating the others
            rep.add("checks ran", False, f"{type(exc).__name__}: {exc}")
        print(f"{'ok  ' if rep.ok else 'FAIL'} {tp.id}")
        for c in rep.checks:
            print(f"    [{'x' if c.ok else ' '}] {c.name}{': ' + c.detail if c.detail else ''}")
        failures += not rep.ok
    print(f"{len(paths) - failures}/{len(paths)} TaskPack(s) valid")
    return 1 if _print_battery(battery) or failures else 0


def _battery_breach(row: dict) -> str:
    """Which limit a battery row breaks, in words (a VOID cell is a broken TaskPack or world, not a score)."""
    from .bench.validate import BATTERY_MAX_CLEAN_PASS, BATTERY_MAX_MCR

    why = []
    if row["void"]:
        why.append(f"{row['void']} VOID: a TaskPack that does not run")
    if row["passed"]:
        why.append(f"passed {row['passed']}")
    if row["top_clean_pass"] > BATTERY_MAX_CLEAN_PASS:
        why.append(f"clean_pass {row['top_clean_pass']:g} % on {row['top_capability']}")
    if row["top_mcr"] > BATTERY_MAX_MCR:
        why.append(f"MCR {row['top_mcr']:g} % on {row['top_family']}")
    return "; ".join(why) or "limit broken"


def _print_battery(records: list[dict]) -> bool:
    """Print the degenerate-Assistant battery table; True when a row breaks a limit."""
    from .bench.report import markdown_table
    from .bench.validate import BATTERY_MAX_CLEAN_PASS, BATTERY_MAX_MCR, battery_table

    if not records:
        return False
    rows = battery_table(records)
    print(f"\nDegenerate Assistants (scripted Human; limits: pass 0, clean_pass <= {BATTERY_MAX_CLEAN_PASS:g} % "
          f"per capability, MCR <= {BATTERY_MAX_MCR:g} % per family)")
    print(markdown_table([{**r, "ok": "ok" if r["ok"] else "FAIL (" + _battery_breach(r) + ")"} for r in rows],
                         [("assistant", "Assistant"), ("tasks", "Tasks"), ("void", "VOID"), ("passed", "Passed"),
                          ("top_capability", "Top capability"), ("top_clean_pass", "clean_pass %"),
                          ("top_family", "Top family"), ("top_mcr", "MCR %"), ("ok", "Within limits")]))
    return not all(r["ok"] for r in rows)


def cmd_estimate(args: argparse.Namespace) -> int:
    from .bench.estimate import estimate, format_estimate
    from .bench.factory import make_env as _make_env
    from .bench.taskpack import TaskPackError, load_taskpack, select_taskpacks, unique_taskpacks

    check_env(args.env)
    try:
        paths = select_taskpacks(args.tasks or None, args.family)
        packs = [tp for _, tp in unique_taskpacks([(p, load_taskpack(p)) for p in paths])]
    except (TaskPackError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if args.limit is not None:
        packs = packs[:args.limit]
    seeds = _seeds(args.seeds)
    human = args.human  # as for run: the Assistant's own model unless named; "scripted" for no Human calls
    if human is None:
        if len(args.assistant) > 1:
            raise UsageError("--human is required with several model Assistants (the Human is held fixed across "
                             "them, as for run); --human scripted for the scripted Human")
        human = args.assistant[0]
    try:
        result = estimate(packs, lambda: _make_env(args.env, render=not args.no_render),
                          assistant_models=args.assistant, human_model=None if human == "scripted" else human,
                          measure=args.measure,
                          seeds=len(seeds), reply_tokens=args.reply_tokens,
                          latency_s=args.latency, workers=args.workers,
                          progress=None if args.quiet else (lambda line: print(line, file=sys.stderr)))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except RuntimeError as exc:
        print(f"iw-eval estimate: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{len(packs)} TaskPack(s) x {len(seeds)} seed(s); nothing was sent.")
        print(format_estimate(result))
    return 0


def cmd_hash(args: argparse.Namespace) -> int:
    from .bench.taskpack import TaskPackError, read_taskpack_json, rehash_file
    from .bench.validate import is_world_scene, world_scene_problem

    bad = 0
    for f in args.files:
        try:
            read_taskpack_json(Path(f))
        except TaskPackError as exc:
            raise UsageError(str(exc)) from None
        try:  # an invalid file, or one whose scene does not load, is left as it is
            h = rehash_file(f, check=lambda tp: world_scene_problem(tp) if is_world_scene(tp.scene) else None)
        except TaskPackError as exc:
            print(f"{exc}\n{f}: not hashed (fix the fields above first)", file=sys.stderr)
            bad += 1
            continue
        print(f"{f}: {h}")
    return 1 if bad else 0


def cmd_assets(args: argparse.Namespace) -> int:
    from .render import Renderer
    from .render.asset_sheet import model_sheet
    from .render.sheets import save_png
    from .world.assets import build_asset
    from .world.assets.families import catalog_rows

    rows = catalog_rows(check_textures=not args.no_check)
    if args.movable:
        rows = [r for r in rows if r.movable]
    yes = {True: "yes", False: "no", None: "-"}
    print(f"{'category':28s} {'group':12s} {'family':10s} {'variants':>8s} textured")
    for r in rows:
        print(f"{r.kind:28s} {r.group:12s} {r.family:10s} {r.variants:8d} {yes[r.textured]}")
    movable = [r for r in rows if r.movable]
    checked = [r for r in rows if r.textured is not None]
    print(f"{len(rows)} kinds; {len(movable)} movable categories, {sum(r.variants for r in movable)} movable models; "
          f"textured {sum(bool(r.textured) for r in checked)}/{len(checked)}")
    if args.sheet:
        out = Path(args.sheet)
        renderer = Renderer(width=200, height=200)
        for r in rows:
            if args.only and r.kind not in args.only:
                continue
            models = [build_asset(r.kind, {"variant": v} if r.variants > 1 else None) for v in range(r.variants)]
            caps = [f"{r.kind} v{v}" if r.variants > 1 else r.kind for v in range(r.variants)]
            save_png(model_sheet(renderer, models, caps, columns=min(5, len(models)), thumb_width=160),
                     out / f"{r.kind}.png")
        print(f"sheets in {out}")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .bench.taskpack import TaskPack

    print(json.dumps(TaskPack.model_json_schema(), indent=2))
    return 0


_TASKPACK_HELP = (
    "TaskPacks: ids name built-in TaskPacks, found in the folders of $IW_TASKPACK_DIR (os.pathsep-separated; "
    "when set, only these are searched), else in the source checkout's taskpacks/ and the installed "
    "interactiveworld/taskpacks. A path (*.json, or containing '/') names a TaskPack file.")

_ENV_HELP = (
    "Environment: --env MODULE:CALLABLE names a factory returning the environment (anything implementing "
    "interactiveworld.env_types.EnvironmentLike), called with render=True/False when it takes that keyword; the "
    "module must be importable (on PYTHONPATH). Default: {default}, the physical world.")


def _version() -> str:
    """The installed package's version (``unknown`` when run from an uninstalled source tree)."""
    try:
        return version("interactiveworld")
    except PackageNotFoundError:
        return "unknown"


def _paras(*texts: str) -> str:
    """Help paragraphs wrapped for a terminal (the formatter keeps them as written)."""
    return "\n\n".join(textwrap.fill(t, 100) for t in texts)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are two lines (the problem, and where the options are listed) instead of
    argparse's usage block, which for ``run`` is twenty lines of options above the one that matters. Options are
    never abbreviated (``--task`` is refused, not taken for ``--tasks``): an abbreviation that works today would
    change meaning or break when an option is added."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # subparsers are made with this class too
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n('{self.prog} --help' lists the options)\n")

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> argparse.Namespace:
        """As argparse's, but an unknown option is reported by the subcommand that was given it (whose ``--help``
        lists the options), with the closest option it has."""
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            parser: argparse.ArgumentParser = self
            for action in self._actions:
                if isinstance(action, argparse._SubParsersAction) and getattr(ns, action.dest, None) in action.choices:
                    parser = action.choices[getattr(ns, action.dest)]
            # compared without the leading '--', which every option shares ('--bogus' is not near '--out')
            known = {o[2:]: o for a in parser._actions for o in a.option_strings if o.startswith("--")}
            hints = []
            for e in extras:
                name = e.split("=", 1)[0]
                close = difflib.get_close_matches(name[2:], known, n=1, cutoff=0.6) if e.startswith("--") else []
                if close:
                    hints.append(f"{name}: did you mean {known[close[0]]}?")
            parser.error(f"unrecognized arguments: {' '.join(extras)}" + (f" ({'; '.join(hints)})" if hints else ""))
        return ns


def build_parser() -> argparse.ArgumentParser:
    from .bench import run_options
    from .bench.identity import DEFAULT_ENV
    from .interop.cli import add_export_usd_parser

    env_help = _ENV_HELP.format(default=DEFAULT_ENV)
    raw = argparse.RawDescriptionHelpFormatter
    p = _Parser(prog="iw-eval", description="Evaluate egocentric assistants on InteractiveBench.")
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("run", help="run Assistant x Human over TaskPacks and seeds (resumable)", formatter_class=raw,
                       epilog=_paras(_TASKPACK_HELP, env_help + " The factory and the render setting are "
                                     "recorded in sweep.json, each trace header and eval.json (replay uses them)."))
    r.add_argument("--tasks", nargs="+", metavar="ID|FILE", help="TaskPack ids or files (default: all built-in)")
    r.add_argument("--family", action="append", help="only this family (name or protocol); repeat for several")
    r.add_argument("--assistant", nargs="+", default=["oracle"], metavar="NAME",
                   help="one or more of: oracle | silent | wrong | early | nohelp | hello | generic | nagger | "
                        "echo | random | a litellm model string (default: oracle)")
    r.add_argument("--human", nargs="+", default=None, metavar="NAME",
                   help="one or more of: scripted | a litellm model string (default: scripted for control "
                        "Assistants; for one model Assistant, the same model; several model Assistants need it). "
                        "The scripted Human grounds only the TaskPack's oracle wording")
    r.add_argument("--assistant-memory", action="store_true", help="the inference-time memory variant")
    r.add_argument("--seeds", nargs="+", default=["0"], help="seeds: '0 1 2', '0,1' or '0-4' (default 0)")
    r.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
    r.add_argument("--out", help="sweep folder (default runs/<timestamp>); re-use it to resume")
    r.add_argument("--no-render", action="store_true", help="state only, no frames (with a model agent: --blind)")
    r.add_argument("--blind", action="store_true", help="run model agents without any image on purpose (implies "
                                                        "--no-render)")
    r.add_argument("--limit", type=int, metavar="N", help="only the first N TaskPacks of the selection (in id order)")
    r.add_argument("--release", type=int, choices=(1, 2), default=1,
                   help="InteractiveBench release: 1 (default) or 2, the TaskPacks re-hosted in the generated "
                        "layouts (recorded in sweep.json and, for release 2, in every cell key)")
    r.add_argument("--api-base", help="base URL for model calls (e.g. a local OpenAI-compatible server)")
    r.add_argument("--env", default=DEFAULT_ENV, metavar="MODULE:CALLABLE",
                   help=f"environment factory (default {DEFAULT_ENV}; see below)")
    r.add_argument("--body-model", metavar="PATH", help=BODY_MODEL_HELP)
    r.add_argument("--timeout", type=float, default=120.0,
                   help="model call deadline per attempt, connect to last byte [s]")
    r.add_argument("--max-retries", type=int, default=3, help="model call retries on transport faults")
    r.add_argument("--void-retries", type=int, default=2, help="re-runs of a VOID cell within this sweep")
    r.add_argument("--no-progress", action="store_true", help="no progress bar")
    run_options.add_arguments(r)
    r.set_defaults(func=cmd_run)

    rp = sub.add_parser("report", help="tables and plots of run folders (several: one comparison); --tasks lists "
                                       "built-in TaskPacks", formatter_class=raw, epilog=_paras(_TASKPACK_HELP))
    rp.add_argument("run_dir", nargs="*", help="sweep folder(s); several give one leaderboard, the Assistant x Human "
                                               "matrix and the memory comparison")
    rp.add_argument("--tasks", action="store_true", help="task count per family and oracle step counts")
    rp.add_argument("--out", help="report folder (default <run_dir>/report; for several, <common parent>/report)")
    rp.add_argument("--no-plots", action="store_true", help="tables and CSV files only, no PNG plots")
    rp.add_argument("--horizon", action="store_true", help="task horizon study of the sweep folder(s): Firth fits, "
                                                          "task-bootstrap bands, family-adjusted slope (paper D.4)")
    rp.set_defaults(func=cmd_report)

    rl = sub.add_parser("replay", help="re-execute a cell's commands and check each outcome and the final state "
                                       "digest", formatter_class=raw, epilog=_paras(
                                           env_help, "Replay takes the factory from --env, or the recorded one when it "
                                           "is on the allow-list: the default world and the comma-separated entries "
                                           "of $IW_ENVS; it never runs code a file names."))
    rl.add_argument("cell", help="a cell folder, or a sweep folder (every valid cell in it)")
    rl.add_argument("--body-model", metavar="PATH", help="the SMPL+H model file the cell was recorded with "
                    "(checked by its SHA-256)")
    rl.add_argument("--taskpack", help="TaskPack file (default: the built-in one named in the trace)")
    rl.add_argument("--env", metavar="MODULE:CALLABLE",
                    help="environment factory (default: the one recorded with the cell if allowed, else "
                         + DEFAULT_ENV + ")")
    rl.add_argument("--render", action=argparse.BooleanOptionalAction, default=None,
                    help="rendering on/off (default: as recorded with the cell, else off)")
    rl.add_argument("--workers", type=int, default=1,
                    help="local worker processes replaying the cells of a sweep folder (default 1)")
    rl.set_defaults(func=cmd_replay)

    sh = sub.add_parser("show", help="static HTML page(s) of episodes")
    sh.add_argument("path", help="a cell folder or a run folder")
    sh.add_argument("--open", action="store_true", help="open in a browser")
    sh.add_argument("--video", choices=("mp4", "gif"), help="also write episode.<fmt> of the frames in each cell")
    sh.add_argument("--sheet", action="store_true", help="also write contact_sheet.png of the frames in each cell")
    sh.set_defaults(func=cmd_show)

    v = sub.add_parser("validate", help="static checks and controls of TaskPacks", formatter_class=raw,
                       description=_paras(
                           "Check TaskPacks: schema and hash, the scene loads (with the world's loader, "
                           "interactiveworld.world.serialize.scene_from_dict, for a world scene), handles exist, "
                           "the opening runs and satisfies no goal, the answer is not public; then the control "
                           "runs and the degenerate-Assistant battery (silent, hello, generic, nagger, echo, random): "
                           "each must pass nothing and stay within the clean_pass and MCR limits."),
                       epilog=_paras(_TASKPACK_HELP, env_help))
    v.add_argument("tasks", nargs="*", metavar="ID|FILE", help="TaskPack ids or files (default: all built-in)")
    v.add_argument("--family", action="append", help="only this family (name or protocol); repeat for several")
    v.add_argument("--env", default=DEFAULT_ENV, metavar="MODULE:CALLABLE",
                   help=f"environment factory (default {DEFAULT_ENV}; see below)")
    v.add_argument("--body-model", metavar="PATH", help="SMPL+H model file or folder for the body (as for run)")
    v.add_argument("--static-only", action="store_true", help="skip the control runs")
    v.add_argument("--no-battery", action="store_true", help="skip the degenerate-Assistant battery")
    v.add_argument("--no-audit", action="store_true",
                   help="skip the frame audit (eye clear of geometry, body share, targets in view, blank frames)")
    v.add_argument("--out", help="keep the control runs' logs here")
    v.set_defaults(func=cmd_validate)

    es = sub.add_parser("estimate", help="what a sweep will send and cost, before any call", formatter_class=raw,
                        description=_paras(
                            "Estimate, before spending anything, what `iw-eval run` with model agents will send and "
                            "cost: calls, images, megabytes, prompt tokens, cost from litellm's prices ('?' when a "
                            "model is unpriced) and wall time, per Assistant model and in total, as a range from "
                            "episodes as direct as the oracle's (low) to episodes that run to the tick budget "
                            "(high). A few oracle cells are played and every message the model agents would send "
                            "is built and measured; nothing is sent. The assumptions are printed with the table."))
    es.add_argument("tasks", nargs="*", metavar="ID|FILE", help="TaskPack ids or files (default: all built-in)")
    es.add_argument("--family", action="append", help="only this family (name or protocol); repeat for several")
    es.add_argument("--assistant", nargs="+", required=True, metavar="MODEL", help="litellm model string(s)")
    es.add_argument("--human", metavar="MODEL", help="model Human, as for run (default: the Assistant's own model; "
                                                     "'scripted' for the scripted Human, which makes no calls)")
    es.add_argument("--seeds", nargs="+", default=["0"], help="seeds as for run (default 0)")
    es.add_argument("--workers", type=int, default=1, help="parallel cells assumed for wall time (default 1)")
    es.add_argument("--limit", type=int, metavar="N", help="only the first N TaskPacks of the selection")
    es.add_argument("--measure", type=int, default=1, metavar="N", help="oracle cells measured per family (default 1)")
    es.add_argument("--reply-tokens", type=int, default=400, metavar="N",
                    help="completion tokens assumed per call, for pricing (default 400)")
    es.add_argument("--latency", type=float, default=6.0, metavar="S",
                    help="seconds assumed per model call, for wall time (default 6)")
    es.add_argument("--no-render", action="store_true", help="as run --no-render (no images are sent)")
    es.add_argument("--env", default=DEFAULT_ENV, metavar="MODULE:CALLABLE", help="environment factory, as for run")
    es.add_argument("--json", action="store_true", help="print the estimate as JSON")
    es.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    es.set_defaults(func=cmd_estimate)

    h = sub.add_parser("hash", help="rewrite the hash of TaskPack file(s) being authored")
    h.add_argument("files", nargs="+", metavar="FILE", help="TaskPack JSON file(s); each 'hash' field is rewritten "
                                                           "to the sha256 of its canonical content")
    h.set_defaults(func=cmd_hash)

    a = sub.add_parser("assets", help="list the asset catalog (category, family, variants, textured); --sheet DIR "
                                      "renders one contact sheet per category")
    a.add_argument("--sheet", metavar="DIR", help="write DIR/<category>.png: every variant rendered alone")
    a.add_argument("--movable", action="store_true", help="only movable objects (not fixtures)")
    a.add_argument("--only", nargs="+", metavar="KIND", help="with --sheet: only these categories")
    a.add_argument("--no-check", action="store_true", help="do not build each kind to check its textures")
    a.set_defaults(func=cmd_assets)

    sc = sub.add_parser("schema", help="print the TaskPack JSON Schema (for authoring tools)",
                        description="Print the JSON Schema of a TaskPack file on standard output, for an editor or "
                                    "a validator to check TaskPacks being authored: "
                                    "iw-eval schema > taskpack.schema.json")
    sc.set_defaults(func=cmd_schema)

    add_export_usd_parser(sub)

    from .web.cli import add_web_commands

    add_web_commands(sub, DEFAULT_ENV)

    from .analysis import commands as analysis_commands  # static variant and first-error labels (paper D.1, D.3)

    analysis_commands.add_static_parser(sub)
    analysis_commands.add_label_parser(sub)
    return p


_WARNING_PROG = ["iw-eval"]


def _plain_warnings(prog: str) -> None:
    """Our own warnings (a TaskPack file left out, ...) as one line each, like the errors, without Python's
    source-line echo; other libraries' warnings keep their usual form. Installed once per process (``main`` runs
    many times in one test process); later calls only change the program name."""
    _WARNING_PROG[0] = prog
    if getattr(warnings.formatwarning, "_iw_plain", False):
        return
    default = warnings.formatwarning

    def fmt(message, category, filename, lineno, line=None):
        if category.__module__.startswith("interactiveworld."):
            return f"{_WARNING_PROG[0]}: warning: {message}\n"
        return default(message, category, filename, lineno, line)

    fmt._iw_plain = True
    warnings.formatwarning = fmt


_INTERRUPTED = [False]
"""Set by the Ctrl-C handler of :func:`main`: a library that swallows ``KeyboardInterrupt`` while it is imported
(trimesh's optional imports catch ``BaseException``) cannot make a run ignore the interrupt."""

def _interrupt_message(command: str | None) -> str:
    """What an interrupted command says: for ``run``, how many cells are finished on disk and whether a rerun
    resumes."""
    if command != "run":
        return f"iw-eval {command}: interrupted" if command else "iw-eval: interrupted"
    sweep = sys.modules.get("interactiveworld.bench.sweep")
    prog = sweep.last_progress() if sweep is not None else None
    if prog is None:
        return "iw-eval run: interrupted before the sweep started; no cell ran"
    done = prog.earlier + prog.finished
    if done == 0:
        return "iw-eval run: interrupted before any cell finished; run the same command again to start the sweep"
    return (f"iw-eval run: interrupted; {done} of {prog.total} cells are finished on disk in {prog.out} "
            f"({prog.finished} in this run); run the same command again to resume")


def _on_interrupt(signum: int, frame: Any) -> None:
    _INTERRUPTED[0] = True
    raise KeyboardInterrupt


def check_interrupted() -> None:
    """Raise ``KeyboardInterrupt`` when Ctrl-C arrived earlier and was swallowed on the way."""
    if _INTERRUPTED[0]:
        raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    _INTERRUPTED[0] = False
    if threading.current_thread() is not threading.main_thread():
        return _main_piped(argv)
    previous = signal.signal(signal.SIGINT, _on_interrupt)
    try:
        return _main_piped(argv)
    finally:
        signal.signal(signal.SIGINT, previous)


def _main_piped(argv: Sequence[str] | None) -> int:
    """:func:`_main`, stopping quietly with exit status 141 (128 + SIGPIPE, as a shell tool killed by it) when
    the reader of standard output goes away (``iw-eval schema | head``)."""
    try:
        return _main(argv)
    except BrokenPipeError:
        try:  # the interpreter flushes stdout once more at exit: let that write go nowhere
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 141


WRITE_FAULTS = frozenset({errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""errno values of a write the file system refused (full, read-only, not permitted, over quota, too large, I/O
error): the command ends with one line and exit status 1."""


def _main(argv: Sequence[str] | None) -> int:
    try:
        from .analysis.commands import CommandError
        from .bench.logs import scrubbed_streams
    except KeyboardInterrupt:
        print(_interrupt_message(None), file=sys.stderr)
        return 130

    parser = build_parser()
    args = parser.parse_args(argv)
    _plain_warnings(f"iw-eval {args.command}")
    sweep = sys.modules.get("interactiveworld.bench.sweep")
    if sweep is not None:  # an earlier command of this process ran a sweep
        sweep.clear_progress()
    with scrubbed_streams():  # no credential reaches the terminal either
        try:
            return int(args.func(args) or 0)
        except (UsageError, CommandError) as exc:
            if _INTERRUPTED[0]:
                print(_interrupt_message(args.command), file=sys.stderr)
                return 130
            print(f"iw-eval {args.command}: error: {exc}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(_interrupt_message(args.command), file=sys.stderr)
            return 130
        except OSError as exc:
            if exc.errno not in WRITE_FAULTS:
                raise
            # a failed write (disk full, read-only folder): one line; results already written stay whole
            where = f" {exc.filename}" if exc.filename else ""
            print(f"iw-eval {args.command}: error: cannot write{where}: {exc.strerror or exc}; what was finished "
                  f"is kept", file=sys.stderr)
            return 1
        except Exception:
            if _INTERRUPTED[0]:  # an import cut short by Ctrl-C fails later with an unrelated error
                print(_interrupt_message(args.command), file=sys.stderr)
                return 130
            raise

if __name__ == "__main__":
    sys.exit(main())
