"""``iw-eval play``, ``iw-eval study`` and ``iw-eval watch``: the browser front ends (paper appendix D.5).

    iw-eval play decision-05 --as human                       # follow the oracle's guidance yourself
    iw-eval play decision-05 --as assistant --partner scripted
    iw-eval play finding-08 --as human --partner openai/gpt-5.5 --port 8800
    iw-eval study plan.json                                   # a participant's list of tasks x partners
    iw-eval watch runs/2026-11-29T19-00-00                    # a live, read-only view of a running sweep

Each serves a local page on 127.0.0.1 and prints its address. The web front ends need the ``web``
extra (``pip install 'interactiveworld[web]'``: FastAPI, uvicorn, websockets); the page itself loads
nothing from the network.
"""
from __future__ import annotations

import argparse
import sys
import webbrowser
from pathlib import Path
from typing import Any

from ..cli_support import BODY_MODEL_HELP, UsageError, check_env, check_model, sigterm_as_interrupt, usage_errors

# The commands' own modules (the web app, the episode loop, the world) are imported where they run: building the
# parsers, for ``iw-eval --help``, loads none of them.

DEFAULT_PORT = 8765


def _web() -> Any:
    """The web modules; imported on use because FastAPI and uvicorn are an optional extra."""
    try:
        from . import app, study, watch
    except ImportError as exc:
        raise UsageError(f"the web front end needs FastAPI and uvicorn ({exc}); install them with "
                         "pip install 'interactiveworld[web]'") from None
    return app, study, watch


def check_partner(role: str, partner: str, api_base: str | None) -> None:
    """A partner that can play the role the person does not, with what it needs to run.

    Raises:
        UsageError: an unknown control, a malformed model string, a model without credentials, or an
            ``api_base`` nothing answers at.
    """
    from ..agents.controls import CONTROL_ASSISTANTS
    from ..bench import preflight

    if (role == "human" and partner in CONTROL_ASSISTANTS) or (role == "assistant" and partner == "scripted"):
        return
    expected = (f"a control Assistant ({', '.join(CONTROL_ASSISTANTS)}) or a litellm model" if role == "human"
                else "'scripted' or a litellm model")
    check_model(partner, "--partner", expected)
    with usage_errors(preflight.PreflightError):
        preflight.check_provider([partner], api_base)


def _bind(app_mod: Any, port: int) -> Any:
    if not 0 <= port <= 65535:
        raise UsageError(f"--port: expected 0-65535, got {port}")
    try:
        return app_mod.bind(port)
    except OSError as exc:
        raise UsageError(str(exc)) from None


def _guard(sock: Any) -> Any:
    """The bound server's guard (Host, Origin, a fresh secret token, body size: :mod:`.guard`)."""
    return guard_mod().LocalGuard(sock.getsockname()[1], guard_mod().new_token())


def announce(line: str) -> None:
    """Print the line with the page's address and token (:func:`.guard.announce`)."""
    guard_mod().announce(line)


def guard_mod() -> Any:
    """The guard module (standard library only; loaded on use like the other web modules)."""
    from . import guard

    return guard


def _serve(app_mod: Any, app: Any, sock: Any, guard: Any, on_stop: Any = None) -> None:
    """Serve until Ctrl-C or SIGTERM (both stop it the same way: the open episode ends VOID and resumes)."""
    with sigterm_as_interrupt():
        try:
            app_mod.serve(app, sock, guard=guard, on_stop=on_stop)
        except KeyboardInterrupt:
            pass


def cmd_play(args: argparse.Namespace) -> int:
    from ..bench.preflight import PreflightError, check_body_model
    from ..bench.taskpack import TaskPackError, load_taskpack, select_taskpacks
    from .person import check_pseudonym
    from .session import CellPlan

    app_mod, _, _ = _web()

    partner = args.partner or ("oracle" if args.role == "human" else "scripted")
    check_partner(args.role, partner, args.api_base)
    check_env(args.env)
    with usage_errors(PreflightError):
        body = check_body_model(args.body_model, args.env)
    try:
        (path,) = select_taskpacks([args.task])
        tp = load_taskpack(path)
        if partner == "wrong" and tp.controls.wrong is None:
            raise ValueError(f"--partner wrong: TaskPack {tp.id} declares no wrong-guidance control")
        if args.seed < 0:
            raise ValueError(f"--seed: expected a non-negative integer, got {args.seed}")
        if args.pseudonym is not None:
            check_pseudonym(args.pseudonym)
    except (TaskPackError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    plan = CellPlan(taskpack=str(path), role=args.role, partner=partner, seed=args.seed, out=args.out,
                    env=args.env, api_base=args.api_base, timeout_s=args.timeout, max_retries=args.max_retries,
                    body_model=body and body["path"], body_model_sha256=body and body["sha256"])
    sock = _bind(app_mod, args.port)  # before the episode starts: a taken port must not leave a half-run cell
    controller = app_mod.PlayController(plan, pseudonym=args.pseudonym)
    guard = _guard(sock)
    url = guard.url()
    announce(f"iw-eval play: {args.task} as the {args.role} with {partner}; open {url} (Ctrl-C stops; "
             "run the same command again to resume)")
    if args.open:
        webbrowser.open(url)
    _serve(app_mod, app_mod.create_app(controller), sock, guard, controller.close)
    s = controller.session
    rec = s.record if s is not None else None
    if rec and rec.get("status") == "valid":
        print(f"{rec.get('status')}: stop {rec.get('stop_reason')}, passed={rec.get('passed')}; cell {s.cell}")
        return 0
    print("stopped before the episode finished; run the same command again to resume", file=sys.stderr)
    return 130


def cmd_study(args: argparse.Namespace) -> int:
    from ..bench.preflight import PreflightError, check_body_model

    app_mod, study, _ = _web()
    try:
        plan = study.load_plan(args.plan)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for partner in plan.partners:
        check_partner(plan.role, partner, plan.api_base)
    check_env(plan.env)
    with usage_errors(PreflightError):
        plan.body = check_body_model(args.body_model, plan.env)
    sock = _bind(app_mod, args.port)
    try:
        controller = study.StudyController(plan, pseudonym=args.pseudonym)
    except ValueError as exc:
        sock.close()
        raise UsageError(str(exc)) from None
    guard = _guard(sock)
    url = guard.url()
    announce(f"iw-eval study: {plan.name}: {len(plan.cells)} episode(s) as the {plan.role} -> {plan.out}; open {url}")
    _serve(app_mod, app_mod.create_app(controller), sock, guard, controller.close)
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    app_mod, _, watch = _web()
    sweep = Path(args.sweep)
    if not sweep.is_dir():
        raise UsageError(f"{sweep}: no such sweep folder")
    sock = _bind(app_mod, args.port)
    guard = _guard(sock)
    announce(f"iw-eval watch: {sweep} (read-only); open {guard.url()}")
    _serve(app_mod, watch.create_watch_app(sweep), sock, guard)
    return 0


def add_web_commands(sub: Any, env_default: str) -> None:
    """Register ``play``, ``study`` and ``watch`` on the ``iw-eval`` sub-command parser."""
    pl = sub.add_parser("play", help="play the Human or the Assistant of a task yourself, in a browser",
                        description="Serve a local page on which you play one role of a TaskPack; the other role "
                                    "is the partner. The cell is recorded like any sweep cell (trace.jsonl, eval.json) "
                                    "under --out, with you as person:<pseudonym>.")
    pl.add_argument("task", metavar="ID|FILE", help="a built-in TaskPack id or a TaskPack file")
    pl.add_argument("--as", dest="role", choices=("human", "assistant"), required=True, help="the role you play")
    pl.add_argument("--partner", metavar="NAME",
                    help="the other role: a control Assistant (oracle, silent, wrong, early, nohelp) when you are "
                         "the Human (default oracle); 'scripted' when you are the Assistant (default); or a "
                         "litellm model string")
    pl.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port on 127.0.0.1 (default {DEFAULT_PORT}; "
                                                                   "0: any free port)")
    pl.add_argument("--pseudonym", help="start at once as this pseudonym (otherwise the page asks)")
    pl.add_argument("--seed", type=int, default=0, help="world seed (default 0)")
    pl.add_argument("--out", default="runs/play", help="folder the cell is written under (default runs/play)")
    pl.add_argument("--env", default=env_default, metavar="MODULE:CALLABLE", help="environment factory")
    pl.add_argument("--api-base", help="base URL for a model partner")
    pl.add_argument("--timeout", type=float, default=120.0,
                   help="model call deadline per attempt, connect to last byte [s]")
    pl.add_argument("--max-retries", type=int, default=3, help="model call retries on transport faults")
    pl.add_argument("--open", action="store_true", help="open the page in the default browser")
    pl.add_argument("--body-model", metavar="PATH", help=BODY_MODEL_HELP)
    pl.set_defaults(func=cmd_play)

    st = sub.add_parser("study", help="walk a participant through a study plan (tasks x partners) in a browser",
                        description="Serve the episodes of a study plan one after another (paper appendix D.5). "
                                    "Finished episodes are skipped and an interrupted one resumes, so the same "
                                    "command continues a participant's session.")
    st.add_argument("plan", help="PLAN.json (see 'interactiveworld.web.study' for its fields)")
    st.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port on 127.0.0.1 (default {DEFAULT_PORT})")
    st.add_argument("--pseudonym", help="start at once as this pseudonym (otherwise the page asks)")
    st.add_argument("--body-model", metavar="PATH", help=BODY_MODEL_HELP + " (every episode of the study)")
    st.set_defaults(func=cmd_study)

    w = sub.add_parser("watch", help="a live, read-only page of a running sweep's cells")
    w.add_argument("sweep", help="the sweep folder (as given to iw-eval run --out)")
    w.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port on 127.0.0.1 (default {DEFAULT_PORT})")
    w.set_defaults(func=cmd_watch)


__all__ = ["add_web_commands", "check_partner", "cmd_play", "cmd_study", "cmd_watch"]
