"""The analyses' subcommands of ``iw-eval``: ``static`` and ``label``, and ``report --horizon``.

    iw-eval static --assistant openai/gpt-5.5 --judge openai/gpt-5.5-mini --interactive runs/gpt --out runs/static
    iw-eval label runs/gpt --judge openai/gpt-5.5-mini          # propose first-error labels of failed cells
    iw-eval label runs/gpt/<cell> --set R3 --by alice --note "ignored the label"
    iw-eval label runs/gpt --serve --by alice                    # confirm or change them in the episode pages
    iw-eval label runs/gpt                                       # list the labels in force
    iw-eval report --horizon runs/a runs/b                       # Figures 6 and 9 and the slope test

Bad arguments raise :class:`CommandError` (the command line prints it and exits with status 2).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..agents.providers import check_model_string
from ..bench.identity import DEFAULT_ENV
from .categories import CATEGORIES

if TYPE_CHECKING:
    from .judging import CallSettings

# The commands' own modules (the sweep, the world, the web page) are imported where they run: building the
# parser, for ``iw-eval --help`` or an argument error, loads none of them.

__all__ = ["CommandError", "add_static_parser", "add_label_parser", "cmd_static", "cmd_label", "horizon_report"]


class CommandError(Exception):
    """A bad argument of an analysis command (exit status 2)."""


def _model(value: str, flag: str) -> str:
    try:
        check_model_string(value)
    except ValueError as exc:
        raise CommandError(f"{flag}: {exc}") from None
    return value


def _add_call_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("model calls")
    g.add_argument("--api-base", help="base URL of an OpenAI-compatible server")
    g.add_argument("--cache", metavar="DIR", help="response cache folder (a re-run answers from it)")
    g.add_argument("--max-concurrency", type=int, metavar="N", help="calls in flight per provider (default: 4 threads)")
    g.add_argument("--max-cost", type=float, metavar="USD", help="spend at most USD on model calls")
    g.add_argument("--max-tokens", type=int, metavar="N", help="spend at most N tokens")
    g.add_argument("--timeout", type=float, default=120.0, help="model call timeout [s]")


def _calls(args: argparse.Namespace) -> CallSettings:
    from .judging import CallSettings

    for flag, v in (("--max-concurrency", args.max_concurrency), ("--max-tokens", args.max_tokens)):
        if v is not None and v < 1:
            raise CommandError(f"{flag}: expected >= 1, got {v}")
    if args.max_cost is not None and not args.max_cost > 0:
        raise CommandError(f"--max-cost: expected a positive number, got {args.max_cost}")
    if not args.timeout > 0:
        raise CommandError(f"--timeout: expected a positive number of seconds, got {args.timeout}")
    return CallSettings(api_base=args.api_base, cache=args.cache, max_concurrency=args.max_concurrency,
                        max_cost_usd=args.max_cost, max_tokens=args.max_tokens, timeout_s=args.timeout)


def _preflight(args: argparse.Namespace, models: list[str]) -> None:
    """The checks ``iw-eval run`` makes before its first call: provider keys, or a reachable ``--api-base``, and a
    price for every model when ``--max-cost`` is given."""
    from ..bench import preflight
    from ..bench.run_options import unpriced_problem

    problem = unpriced_problem(models, "--max-cost", "--max-tokens") if args.max_cost is not None else None
    if problem:
        raise CommandError(problem)
    try:
        preflight.check_provider(models, args.api_base)
    except preflight.PreflightError as exc:
        raise CommandError(str(exc)) from None


def _spend_line(calls: CallSettings) -> str:
    s = calls.stats()
    # as the run summary does: a cost litellm cannot price is '?', never a reassuring $0
    n = s.get("unpriced", 0)
    cost = f"${s.get('cost_usd', 0.0):.4f}" + (f" + ? ({n} call(s) of unpriced models)" if n else "")
    if n and n == s.get("calls", 0):
        cost = f"$? ({n} call(s) of unpriced models)"
    return (f"model calls: {s.get('calls', 0)} made, {s.get('cache_hits', 0)} from the cache; spent "
            f"{cost}, {s.get('tokens', 0)} tokens")


# ---------------------------------------------------------------------------------------------- static
_STATIC_DESCRIPTION = """\
The static variant (paper appendix D.3): each TaskPack's static item is a question asked once, with the frames
the Assistant saw up to a cut of the reference run and the wearer's words so far; a judge model compares the
reply with the reference (and a failed rule of the item makes it wrong). Results go to <out>/static.jsonl; a
re-run skips the items already scored. --interactive compares with sweeps of the same models.

  iw-eval static --assistant openai/gpt-5.5 --judge openai/gpt-5.5-mini --interactive runs/gpt --out runs/static
"""


def add_static_parser(sub: Any) -> None:
    """Register ``iw-eval static``."""
    p = sub.add_parser("static", help="the static variant: ask each TaskPack's static item with its frames (paper "
                                      "D.3)", description=_STATIC_DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--assistant", nargs="+", required=True, metavar="MODEL", help="litellm model string(s) to ask")
    p.add_argument("--judge", metavar="MODEL", help="judge model (default: the first --assistant; give a fixed "
                                                    "judge to compare models)")
    p.add_argument("--tasks", nargs="+", metavar="ID|FILE", help="TaskPacks (default: all built-in)")
    p.add_argument("--family", action="append", help="only this family; repeat for several")
    p.add_argument("--out", default="runs/static", help="output folder (items, static.jsonl, report/); re-use to "
                                                        "resume (default runs/static)")
    p.add_argument("--interactive", nargs="+", metavar="SWEEP", default=[],
                   help="interactive sweep folder(s) for the static-versus-interactive comparison")
    p.add_argument("--interactive-as", nargs="+", metavar="MODEL=NAME", default=[],
                   help="the Assistant name in the sweep to compare a model with (default: the same model string); "
                        "a bare NAME applies to a single --assistant")
    p.add_argument("--env", default=DEFAULT_ENV, metavar="MODULE:CALLABLE", help="environment of the reference run")
    p.add_argument("--no-plots", action="store_true")
    _add_call_options(p)
    p.set_defaults(func=cmd_static)


def cmd_static(args: argparse.Namespace) -> int:
    """Run ``iw-eval static`` (see :mod:`.static`); exit 1 when items stay VOID, unasked or unbuilt."""
    from ..bench.taskpack import TaskPackError, load_taskpack, select_taskpacks
    from .static import load_static_results, run_static
    from .static_report import write_static_report

    assistants = [_model(a, "--assistant") for a in dict.fromkeys(args.assistant)]
    judge = _model(args.judge, "--judge") if args.judge else assistants[0]
    interactive_as = _pairs(args.interactive_as, assistants)
    calls = _calls(args)
    _preflight(args, [*assistants, judge])
    for d in args.interactive:
        if not Path(d).is_dir():
            raise CommandError(f"--interactive: {d}: no such sweep folder")
    try:
        packs = [load_taskpack(p) for p in select_taskpacks(args.tasks, args.family)]
    except (TaskPackError, ValueError) as exc:
        raise CommandError(str(exc)) from None
    missing = [tp.id for tp in packs if tp.static_item is None]
    if missing:
        print(f"note: no static_item in {', '.join(missing)}; skipped", file=sys.stderr)
    packs = [tp for tp in packs if tp.static_item is not None]
    if not packs:
        raise CommandError("no selected TaskPack has a static_item")
    if not args.judge:
        print(f"note: judging with {judge} (give --judge to hold the judge fixed across models)", file=sys.stderr)
    print(f"iw-eval static: {len(packs)} item(s) x {len(assistants)} model(s), judge {judge} -> {args.out}",
          file=sys.stderr)
    t0 = time.perf_counter()
    summary = run_static(packs, args.out, assistants=assistants, judge=judge, calls=calls, env=args.env,
                         progress=lambda line: print(line, file=sys.stderr))
    hashes = {tp.id: tp.hash for tp in packs}
    results = [r for r in load_static_results(args.out) if r["judge"] == judge and r["assistant"] in assistants
               and hashes.get(r["task_id"]) == r["taskpack_hash"]]
    rep = write_static_report(results, Path(args.out) / "report", interactive=args.interactive,
                              interactive_as=interactive_as,
                              plots=not args.no_plots)
    print(rep["markdown"])
    for line in summary["errors"] + rep["warnings"]:
        print(f"warning: {line}", file=sys.stderr)
    print(f"{summary['built']} item(s) built, {summary['asked']} asked, {summary['skipped']} already scored, "
          f"{summary['void']} VOID, {summary['unfinished']} left unasked"
          f"{' by ' + summary['limit'] if summary.get('limit') else ''}; {_spend_line(calls)}; "
          f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
    print("written: " + ", ".join(rep["files"]), file=sys.stderr)
    return 1 if summary["void"] or summary["unfinished"] or summary["errors"] else 0


def _pairs(values: list[str], assistants: list[str]) -> dict[str, str]:
    """``--interactive-as`` values as {model: name in the sweep}."""
    out = {}
    for v in values:
        model, sep, name = v.rpartition("=")
        if not sep:
            if len(assistants) > 1 or len(values) > 1:
                raise CommandError(f"--interactive-as: {v!r}: write MODEL=NAME when several models are asked")
            model, name = assistants[0], v
        if model not in assistants or not name:
            raise CommandError(f"--interactive-as: {v!r}: expected MODEL=NAME with MODEL one of the --assistant models")
        out[model] = name
    return out


# ---------------------------------------------------------------------------------------------- labels
def add_label_parser(sub: Any) -> None:
    """Register ``iw-eval label``."""
    p = sub.add_parser("label", help="first-error labels R1-R6 of failed cells: propose with a judge, set, serve "
                                     "the form (paper D.1)",
                       description="Categories: " + "; ".join(f"{k} {v}" for k, v in CATEGORIES.items()))
    p.add_argument("path", help="a cell folder or a sweep folder")
    p.add_argument("--judge", metavar="MODEL", help="propose a label for every failed cell without one")
    p.add_argument("--redo", action="store_true", help="with --judge: propose again for cells already labelled")
    p.add_argument("--set", dest="set_category", metavar="R1..R6", help="a person's label for one cell")
    p.add_argument("--by", help="who sets it (with --set; the name filled in the form with --serve)")
    p.add_argument("--tick", type=int, help="tick of the first error (with --set; default: the proposed one)")
    p.add_argument("--note", help="a secondary note (with --set)")
    p.add_argument("--serve", action="store_true", help="serve the episode pages with the label form on 127.0.0.1")
    p.add_argument("--port", type=int, default=8765, help="port of --serve (0: any free port; default 8765)")
    p.add_argument("--no-open", action="store_true", help="with --serve: do not open a browser")
    _add_call_options(p)
    p.set_defaults(func=cmd_label)


def cmd_label(args: argparse.Namespace) -> int:
    """Run ``iw-eval label``: ``--set``, ``--judge``, ``--serve``, or list the labels in force."""
    from ..agents.calls import BudgetExceeded
    from .judging import run_parallel
    from .labels import LabelFileError, failed_cells, label_records, propose_label, set_label

    path = Path(args.path)
    if not path.is_dir():
        raise CommandError(f"{path}: no such folder")
    modes = sum(bool(x) for x in (args.set_category, args.judge, args.serve))
    if modes > 1:
        raise CommandError("give one of --set, --judge and --serve")
    if args.set_category:
        if not args.by:
            raise CommandError("--set needs --by NAME (who sets the label)")
        try:
            entry = set_label(path, args.set_category, by=args.by, tick=args.tick, note=args.note)
        except (ValueError, FileNotFoundError, LabelFileError) as exc:
            raise CommandError(str(exc)) from None
        print(f"{path}: {entry.category} {entry.kind} by {entry.by}")
        return 0
    if args.serve:
        return _serve(path, args)
    cells = failed_cells(path)
    if args.judge:
        judge = _model(args.judge, "--judge")
        calls = _calls(args)
        todo = [c for c in cells if args.redo or not _labelled(c)]
        if todo:
            _preflight(args, [judge])
        print(f"iw-eval label: {len(todo)} failed cell(s) to label with {judge} ({len(cells) - len(todo)} already "
              f"labelled)", file=sys.stderr)

        def one(cell: Path) -> str | None:
            try:
                entry, problem = propose_label(cell, judge, calls)
            except BudgetExceeded as exc:
                return f"{cell}: not labelled ({exc})"
            print(f"{cell}: " + (f"{entry.category} at tick {entry.tick}: {entry.reason}" if entry else
                                 f"no label ({problem})"), file=sys.stderr)
            return None if entry else f"{cell}: {problem}"

        problems = [p for p in run_parallel(one, todo, calls.workers) if p]
        print(_spend_line(calls), file=sys.stderr)
    else:
        problems = []
    rows = label_records(path)
    if not rows:
        print(f"{path}: no failed cell to label (labels are the first errors of failed cells; --judge MODEL proposes "
              "them, --set R1..R6 sets one)", file=sys.stderr)
    for r in rows:
        where = Path(r["cell"]).relative_to(path) if Path(r["cell"]) != path else Path(".")
        print(f"{where}\t{r['category'] or '-'}\t{r['kind'] or 'unlabelled'}\t{r['by'] or ''}\t{r['reason'] or ''}")
    for p in problems + [r["problem"] for r in rows if r["problem"]]:
        print(f"warning: {p}", file=sys.stderr)
    return 1 if problems else 0


def _labelled(cell: Path) -> bool:
    from .labels import label_records

    rows = label_records(cell)
    return bool(rows and rows[0]["category"])


def _serve(path: Path, args: argparse.Namespace) -> int:
    from .label_web import LabelServer

    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port: expected 0-65535, got {args.port}")
    try:
        server = LabelServer(path, port=args.port, default_by=args.by or "")
    except OSError as exc:
        raise CommandError(f"--port {args.port}: cannot listen ({exc}); try --port 0") from None
    from ..web.guard import announce

    announce(f"serving first-error labels of {path} at {server.open_url} with {server.backend} (Ctrl-C to stop)",
             sys.stderr)
    if not args.no_open:
        webbrowser.open(server.open_url)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


# ---------------------------------------------------------------------------------------------- horizon
def horizon_report(run_dirs: list[str], out: str | None, *, plots: bool = True) -> int:
    """``iw-eval report --horizon``: write the horizon study of the sweeps and print its numbers."""
    from .horizon import write_horizon_report

    dirs = list(dict.fromkeys(run_dirs))
    if not dirs:
        raise CommandError("report --horizon: give one or more sweep folders")
    base = Path(dirs[0]) if len(dirs) == 1 else Path(os.path.commonpath([str(Path(d).resolve()) for d in dirs]))
    try:
        res = write_horizon_report(dirs, Path(out) if out else base / "report" / "horizon", plots=plots)
    except FileNotFoundError as exc:
        raise CommandError(str(exc)) from None
    print(res["markdown"])
    for line in res["warnings"]:
        print(f"warning: {line}", file=sys.stderr)
    print("written: " + ", ".join(res["files"]), file=sys.stderr)
    return 0
