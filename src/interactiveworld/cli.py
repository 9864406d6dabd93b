"""``iw-eval``: run, report, replay, show, validate and hash InteractiveBench TaskPacks.

    iw-eval run                                  # oracle Assistant + scripted Human, every built-in TaskPack
    iw-eval run --assistant openai/gpt-5.5 --human gemini/gemini-3.1-pro --family Decision --seeds 0 1
    iw-eval report runs/2026-11-29T19-00-00      # Markdown + CSV tables and PNG plots
    iw-eval report --tasks                       # built-in TaskPacks per family and oracle step counts
    iw-eval replay runs/.../decision-05/seed0    # re-execute the trace, compare the final state digest
    iw-eval show runs/.../decision-05/seed0 --open
    iw-eval validate decision-05                 # static checks + controls
    iw-eval hash taskpacks/decision-05.json      # rewrite the hash of a file being authored
    iw-eval schema                               # the TaskPack JSON Schema

Bad arguments (unknown task id or family, a missing TaskPack file, a malformed model string) print
a message and exit with status 2. ``run`` exits with 1 when VOID cells remain after their re-runs
(run the same command again to retry them); ``replay`` and ``validate`` exit with 1 on a mismatch or
a failed check.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Sequence


class UsageError(Exception):
    """A bad argument: reported on stderr with exit status 2."""


def _seeds(values: list[str]) -> list[int]:
    try:
        return _parse_seeds(values)
    except ValueError:
        raise UsageError(f"--seeds: expected non-negative integers (e.g. '0 1 2' or '0-4'), got {values}") from None


def _parse_seeds(values: list[str]) -> list[int]:
    out = []
    for v in values:
        for part in str(v).split(","):
            part = part.strip()
            if not part:
                continue
            if "-" in part[1:]:
                a, b = part.split("-", 1)
                out += list(range(int(a), int(b) + 1))
            else:
                out.append(int(part))
    if not out or any(s < 0 for s in out):
        raise ValueError(values)
    return sorted(dict.fromkeys(out))


def _check_agents(assistant: str, human: str, memory: bool) -> None:
    from .agents.controls import CONTROL_ASSISTANTS

    if assistant not in CONTROL_ASSISTANTS:
        _check_model(assistant, "--assistant", f"a control ({', '.join(CONTROL_ASSISTANTS)}) or a litellm model")
    elif memory:
        raise UsageError("--assistant-memory applies to model Assistants only, not to the control "
                         f"{assistant!r}")
    if human != "scripted":
        _check_model(human, "--human", "'scripted' or a litellm model")


def _check_model(model: str, flag: str, expected: str) -> None:
    from .agents.model import check_model_string

    try:
        check_model_string(model)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc} (expected {expected})") from None


def _check_env(ref: str) -> None:
    from .bench.sweep import load_factory

    try:
        load_factory(ref)
    except (ImportError, ValueError) as exc:
        raise UsageError(f"--env: the environment factory {ref!r} cannot be loaded ({type(exc).__name__}: {exc})") \
            from None


def cmd_run(args: argparse.Namespace) -> int:
    from .bench.sweep import CellSpec, run_sweep
    from .bench.taskpack import TaskPackError, load_taskpack, select_taskpacks

    assistants = list(dict.fromkeys(args.assistant))
    humans = list(dict.fromkeys(args.human))
    for a in assistants:
        for h in humans:
            _check_agents(a, h, args.assistant_memory)
    seeds = _seeds(args.seeds)
    try:
        paths = select_taskpacks(args.tasks, args.family)
        packs = [(p, load_taskpack(p)) for p in paths]
    except (TaskPackError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    _check_env(args.env)
    if args.workers < 1:
        raise UsageError(f"--workers: expected >= 1, got {args.workers}")
    out = Path(args.out or os.path.join("runs", time.strftime("%Y-%m-%dT%H-%M-%S")))
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
                           render=not args.no_render, timeout_s=args.timeout, max_retries=args.max_retries)
                  for h in humans for p, tp in chosen for s in seeds]
    mem = "+memory" if args.assistant_memory else ""
    print(f"iw-eval run: {len(cells)} cell(s): {len(assistants)} Assistant(s) x {len(humans)} Human(s) x "
          f"{len(packs)} TaskPack(s) x {len(seeds)} seed(s); Assistant {', '.join(a + mem for a in assistants)}, "
          f"Human {', '.join(humans)} -> {out}", file=sys.stderr)
    summary = run_sweep(cells, out, workers=args.workers, void_retries=args.void_retries,
                        progress=not args.no_progress,
                        manifest={"assistants": assistants, "humans": humans, "seeds": seeds,
                                  "memory": args.assistant_memory, "render": not args.no_render, "env": args.env,
                                  "taskpacks": {tp.id: tp.hash for _, tp in packs}})
    from .bench.metrics import family_table, load_results
    from .bench.report import markdown_table

    labels = {(c.assistant_label, c.human) for c in cells}
    records = [r for r in load_results(out) if (r.get("assistant"), r.get("human")) in labels]
    print(f"{summary['ran']} ran, {summary['skipped']} already finished, {summary['void']} VOID", file=sys.stderr)
    if records:
        cols = [("family", "Family"), ("tasks", "Tasks"), ("void", "VOID"), ("pass_rate", "Pass %"), ("mcr", "MCR %")]
        if len(labels) > 1:
            cols.insert(0, ("agents", "Assistant | Human"))
        print(markdown_table(family_table(records), cols))
    print(f"results: {out}")
    return 1 if summary["void"] else 0


def cmd_report(args: argparse.Namespace) -> int:
    if args.tasks:
        return _report_tasks()
    if not args.run_dir:
        raise UsageError("report: give a run folder, or --tasks to list the built-in TaskPacks")
    from .bench.report import write_report

    try:
        res = write_report(args.run_dir, args.out, plots=not args.no_plots)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    print(res["markdown"])
    print("\nwritten: " + ", ".join(res["files"]), file=sys.stderr)
    return 0


def _report_tasks() -> int:
    from .bench.families import Family
    from .bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack

    packs = builtin_taskpacks()
    if not packs:
        raise UsageError("no TaskPacks are installed")
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


def _find_taskpack(task_id: str, explicit: str | None, expected_hash: str | None):
    from .bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack

    try:
        if explicit:
            tp = load_taskpack(explicit)
        else:
            packs = builtin_taskpacks()
            if task_id not in packs:
                raise UsageError(f"TaskPack {task_id!r} is not installed; pass --taskpack FILE")
            tp = load_taskpack(packs[task_id])
    except TaskPackError as exc:
        raise UsageError(str(exc)) from None
    if expected_hash and tp.hash != expected_hash:
        raise UsageError(f"TaskPack {tp.id} has hash {tp.hash} but the trace was recorded with {expected_hash}")
    return tp


def cmd_replay(args: argparse.Namespace) -> int:
    from .bench.logs import TRACE_NAME, read_eval, read_trace
    from .bench.sweep import make_env

    _check_env(args.env)
    cell = Path(args.cell)
    if not (cell / TRACE_NAME).is_file():
        raise UsageError(f"{cell}: no {TRACE_NAME} (not a cell folder)")
    trace = read_trace(cell / TRACE_NAME)
    header = next((r for r in trace if r["type"] == "header"), None)
    if header is None:
        raise UsageError(f"{cell}: the trace has no header record")
    tp = _find_taskpack(header["task_id"], args.taskpack, header.get("taskpack_hash"))
    ev = read_eval(cell) or {}
    expected = ev.get("final_digest") or next((r["digest"] for r in trace if r["type"] == "final"), None)
    if expected is None:
        raise UsageError(f"{cell}: the episode did not finish (no final state digest to compare)")
    env = make_env(args.env, render=False)
    env.reset(tp.reset_scene(), seed=int(header.get("seed", 0)))
    for r in trace:
        if r["type"] == "opening_command":
            env.execute(r["command"])
        elif r["type"] == "baseline":
            env.mark_baseline()
        elif r["type"] == "command":
            out = env.execute(r["command"])
            if out.ok != r["outcome"]["ok"]:
                print(f"tick {r['tick']}: {r['command']!r} ok={out.ok} on replay, ok={r['outcome']['ok']} recorded")
    digest = env.state_digest()
    same = digest == expected
    print(f"replay {'MATCH' if same else 'MISMATCH'}: final state digest {digest} (recorded {expected})")
    return 0 if same else 1


def cmd_show(args: argparse.Namespace) -> int:
    from .bench.html import render_episode_html
    from .bench.logs import TRACE_NAME

    target = Path(args.path)
    if not target.exists():
        raise UsageError(f"{target}: no such folder")
    cells = [target] if (target / TRACE_NAME).is_file() else sorted(p.parent for p in target.rglob(TRACE_NAME))
    if not cells:
        raise UsageError(f"{target}: no episode traces found")
    pages = [render_episode_html(c) for c in cells]
    if args.video or args.sheet:
        for cell in cells:
            for written in _episode_media(cell, video=args.video, sheet=args.sheet):
                print(written)
    if len(pages) > 1:
        import html as _html

        index = target / "index.html"
        from .bench.logs import read_eval

        def status(cell: Path) -> str:
            ev = read_eval(cell) or {}
            if ev.get("status") != "valid":
                return ev.get("status", "unfinished").upper()
            return ("PASS" if ev.get("passed") else "FAIL") + f" ({100 * (ev.get('completion') or 0):.0f}%)"

        links = "".join(f'<li><a href="{_html.escape(str(p.relative_to(target)))}">'
                        f'{_html.escape(str(p.parent.relative_to(target)))}</a> {_html.escape(status(p.parent))}</li>'
                        for p in pages)
        index.write_text(f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>episodes</title></head>"
                         f"<body><h1>Episodes</h1><ul>{links}</ul></body></html>\n", encoding="utf-8")
        shown = index
    else:
        shown = pages[0]
    print(shown)
    if args.open:
        import webbrowser

        webbrowser.open(shown.resolve().as_uri())
    return 0


def _episode_media(cell: Path, *, video: str | None, sheet: bool) -> list[Path]:
    """Assemble a cell's frames (``frames/*.png``, in episode order) into ``episode.<video>`` and/or
    ``contact_sheet.png`` inside the cell folder."""
    import numpy as np
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
    from .bench.sweep import make_env
    from .bench.taskpack import TaskPackError, load_taskpack, select_taskpacks
    from .bench.validate import ValidationReport, run_controls, static_checks

    _check_env(args.env)

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
            if not args.static_only:
                run_controls(tp, lambda: make_env(args.env, render=False), rep,
                             out_dir=Path(args.out) if args.out else None)
        except Exception as exc:  # report, keep validating the others
            rep.add("checks ran", False, f"{type(exc).__name__}: {exc}")
        print(f"{'ok  ' if rep.ok else 'FAIL'} {tp.id}")
        for c in rep.checks:
            print(f"    [{'x' if c.ok else ' '}] {c.name}{': ' + c.detail if c.detail else ''}")
        failures += not rep.ok
    print(f"{len(paths) - failures}/{len(paths)} TaskPack(s) valid")
    return 1 if failures else 0


def cmd_hash(args: argparse.Namespace) -> int:
    from .bench.taskpack import TaskPackError, load_taskpack, rehash_file

    bad = 0
    for f in args.files:
        try:
            h = rehash_file(f)
        except TaskPackError as exc:
            raise UsageError(str(exc)) from None
        print(f"{f}: {h}")
        try:
            load_taskpack(f)
        except TaskPackError as exc:
            print(str(exc), file=sys.stderr)
            bad += 1
    return 1 if bad else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .bench.taskpack import TaskPack

    print(json.dumps(TaskPack.model_json_schema(), indent=2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    from .bench.sweep import DEFAULT_ENV

    p = argparse.ArgumentParser(prog="iw-eval", description="Evaluate egocentric assistants on InteractiveBench.")
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("run", help="run Assistant x Human over TaskPacks and seeds (resumable)")
    r.add_argument("--tasks", nargs="+", metavar="ID|FILE", help="TaskPack ids or files (default: all built-in)")
    r.add_argument("--family", help="only this family (name or protocol)")
    r.add_argument("--assistant", nargs="+", default=["oracle"], metavar="NAME",
                   help="one or more of: oracle | silent | wrong | early | nohelp | a litellm model string "
                        "(default: oracle)")
    r.add_argument("--human", nargs="+", default=["scripted"], metavar="NAME",
                   help="one or more of: scripted | a litellm model string (default: scripted)")
    r.add_argument("--assistant-memory", action="store_true", help="the inference-time memory variant")
    r.add_argument("--seeds", nargs="+", default=["0"], help="seeds: '0 1 2', '0,1' or '0-4' (default 0)")
    r.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
    r.add_argument("--out", help="sweep folder (default runs/<timestamp>); re-use it to resume")
    r.add_argument("--no-render", action="store_true", help="state only, no frames")
    r.add_argument("--api-base", help="base URL for model calls (e.g. a local OpenAI-compatible server)")
    r.add_argument("--env", default=DEFAULT_ENV, help=f"environment factory module:callable (default {DEFAULT_ENV})")
    r.add_argument("--timeout", type=float, default=120.0, help="model call timeout [s]")
    r.add_argument("--max-retries", type=int, default=3, help="model call retries on transport faults")
    r.add_argument("--void-retries", type=int, default=2, help="re-runs of a VOID cell within this sweep")
    r.add_argument("--no-progress", action="store_true", help="no progress bar")
    r.set_defaults(func=cmd_run)

    rp = sub.add_parser("report", help="tables and plots of a run folder; --tasks lists built-in TaskPacks")
    rp.add_argument("run_dir", nargs="?")
    rp.add_argument("--tasks", action="store_true", help="task count per family and oracle step counts")
    rp.add_argument("--out", help="report folder (default <run_dir>/report)")
    rp.add_argument("--no-plots", action="store_true")
    rp.set_defaults(func=cmd_report)

    rl = sub.add_parser("replay", help="re-execute a cell's commands and check the final state digest")
    rl.add_argument("cell")
    rl.add_argument("--taskpack", help="TaskPack file (default: the built-in one named in the trace)")
    rl.add_argument("--env", default=DEFAULT_ENV)
    rl.set_defaults(func=cmd_replay)

    sh = sub.add_parser("show", help="static HTML page(s) of episodes")
    sh.add_argument("path", help="a cell folder or a run folder")
    sh.add_argument("--open", action="store_true", help="open in a browser")
    sh.add_argument("--video", choices=("mp4", "gif"), help="also write episode.<fmt> of the frames in each cell")
    sh.add_argument("--sheet", action="store_true", help="also write contact_sheet.png of the frames in each cell")
    sh.set_defaults(func=cmd_show)

    v = sub.add_parser("validate", help="static checks and controls of TaskPacks")
    v.add_argument("tasks", nargs="*", metavar="ID|FILE")
    v.add_argument("--family")
    v.add_argument("--env", default=DEFAULT_ENV)
    v.add_argument("--static-only", action="store_true", help="skip the control runs")
    v.add_argument("--out", help="keep the control runs' logs here")
    v.set_defaults(func=cmd_validate)

    h = sub.add_parser("hash", help="rewrite the hash of TaskPack file(s) being authored")
    h.add_argument("files", nargs="+")
    h.set_defaults(func=cmd_hash)

    sc = sub.add_parser("schema", help="print the TaskPack JSON Schema (for authoring tools)")
    sc.set_defaults(func=cmd_schema)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:
        print(f"iw-eval {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted; finished cells are on disk, run the same command again to resume", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
