"""A static HTML page per episode: frames, dialogue and actions side by side, tick by tick.

The page is written into the cell folder as ``episode.html`` and refers to the PNG frames beside
it by relative path, so the folder can be copied or served as it is. All text from the trace is
HTML-escaped.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from .logs import EVAL_NAME, TRACE_NAME, EvalFileError, load_eval, read_trace
from .metrics import eval_record_problem

PAGE_NAME = "episode.html"

_CSS = """
body{font-family:system-ui,sans-serif;margin:16px;background:#f8fafc;color:#0f172a}
h1{font-size:20px;margin:0 0 4px} .meta{color:#334155;margin-bottom:12px}
.badge{display:inline-block;padding:2px 8px;border-radius:10px;font-weight:600;color:#fff}
.pass{background:#15803d}.fail{background:#b91c1c}.void{background:#6b7280}
table.ep{border-collapse:collapse;width:100%} table.ep td,table.ep th{border-top:1px solid #cbd5e1;
vertical-align:top;padding:6px} table.ep th{text-align:left;background:#e2e8f0}
td.tick{width:40px;font-weight:700;color:#475569} td.frames{width:44%} td.dialogue{width:30%}
.frames img{width:calc(25% - 6px);height:auto;margin:2px;border:1px solid #94a3b8}
.say{border-radius:8px;padding:6px 8px;margin:3px 0}
.assistant{background:#dbeafe;border-left:4px solid #1d4ed8}
.human{background:#fef3c7;border-left:4px solid #b45309}
.wearer{background:#fef3c7;border-left:4px solid #b45309}
.silent{color:#64748b;font-style:italic} .private{color:#64748b;font-size:12px}
.cmd{font-family:ui-monospace,monospace;font-size:13px} .ok{color:#15803d}.err{color:#b91c1c}
.delta{font-size:12px;color:#334155} table.caps td,table.caps th{padding:2px 8px;border-bottom:1px solid #e2e8f0}
"""


def _e(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _imgs(frames: list[Any]) -> str:
    return "".join(f'<img src="{_e(f)}" alt="frame {_e(f)}">' for f in frames if isinstance(f, str) and f)


def _delta(outcome: dict[str, Any]) -> str:
    d = outcome.get("relation_delta") or {}
    parts = ["+(" + ", ".join(r) + ")" for r in d.get("added", [])]
    parts += ["\u2212(" + ", ".join(r) + ")" for r in d.get("removed", [])]
    return f'<div class="delta">{_e(" ".join(parts))}</div>' if parts else ""


def episode_eval(cell: Path) -> tuple[dict[str, Any], str, str | None]:
    """(record, status, problem) of a cell's ``eval.json`` for the pages: ``({}, "unfinished", None)`` when there
    is none; ``({}, "unreadable", line)`` when it cannot be read (:func:`.logs.load_eval`) or a field the pages
    read has the wrong type (:func:`.metrics.eval_record_problem`), the line naming the file and the field."""
    try:
        ev = load_eval(cell)
    except EvalFileError as exc:
        return {}, "unreadable", str(exc)
    if ev is None:
        return {}, "unfinished", None
    why = eval_record_problem(ev)
    if why is not None:
        return {}, "unreadable", f"{cell / EVAL_NAME}: {why}"
    return ev, str(ev["status"]), None


def render_episode_html(cell_dir: str | Path) -> Path:
    """Write ``episode.html`` for a cell folder and return its path.

    An ``eval.json`` that cannot be read, or whose fields have the wrong types, shows as UNREADABLE
    (:func:`episode_eval`).

    Raises:
        FileNotFoundError: the folder has no ``trace.jsonl``.
        ValueError: a trace line other than the last is not JSON.
        KeyError / TypeError: a trace record lacks a field its type needs.
    """
    cell = Path(cell_dir)
    trace = read_trace(cell / TRACE_NAME)
    ev, status, why = episode_eval(cell)
    header = next((r for r in trace if r["type"] == "header"), {})

    if status != "valid":
        badge = f'<span class="badge void">{_e(status.upper())}</span>'
    else:
        badge = f'<span class="badge {"pass" if ev.get("passed") else "fail"}">{"PASS" if ev.get("passed") else "FAIL"}</span>'
    comp = ev.get("completion")
    meta = (f'{_e(header.get("family", ""))} ({_e(header.get("protocol", ""))}) &middot; Assistant '
            f'<b>{_e(header.get("assistant", ""))}</b> &middot; Human <b>{_e(header.get("human", ""))}</b> &middot; '
            f'seed {_e(header.get("seed", ""))} &middot; stop: {_e(ev.get("stop_reason", "-"))} &middot; '
            f'completion {"-" if comp is None else f"{100 * comp:.0f}%"} &middot; actions {_e(ev.get("actions", "-"))}'
            f' (oracle {_e(ev.get("oracle_actions", "-"))})')

    opening_frames: list[str] = []
    opening_cmds: list[str] = []
    opening_say: list[str] = []
    rows: dict[int, dict[str, list[str]]] = {}

    def row(t: int) -> dict[str, list[str]]:
        return rows.setdefault(t, {"frames": [], "dialogue": [], "actions": []})

    for r in trace:
        typ = r["type"]
        if typ == "opening_command":
            opening_frames += [f for f in r.get("frames", []) if isinstance(f, str)]
            ok = r["outcome"]["ok"]
            opening_cmds.append(f'<div class="cmd {"ok" if ok else "err"}">{_e(r["command"])}</div>')
        elif typ == "speech" and r.get("tick") == 0:
            opening_say.append(f'<div class="say wearer"><b>Wearer:</b> {_e(r["text"])}</div>')
        elif typ in ("assistant", "human") and isinstance((r.get("prompt") or {}).get("correction"), dict):
            c = r["prompt"]["correction"]
            row(r["tick"])["dialogue"].append(
                f'<div class="private">{_e(typ.capitalize())} reply rejected ({_e(c.get("problem", ""))}): '
                f'{_e(str(c.get("rejected", ""))[:200])} &mdash; correction sent: {_e(c.get("message", ""))}</div>')
        if typ == "assistant":
            p = r["parsed"]
            if p["kind"] in ("interrupt", "error"):
                row(r["tick"])["dialogue"].append(
                    f'<div class="say assistant"><b>Assistant ({_e(p["kind"])}):</b> {_e(p["speech"])}</div>')
            elif p["kind"] == "done":
                row(r["tick"])["dialogue"].append('<div class="say assistant"><b>Assistant:</b> done</div>')
            elif p["kind"] == "invalid":
                row(r["tick"])["dialogue"].append(
                    f'<div class="silent">Assistant output not understood: {_e(r.get("raw", "")[:200])}</div>')
            else:
                row(r["tick"])["dialogue"].append('<div class="silent">Assistant: silent</div>')
        elif typ == "speech" and r.get("speaker") == "wearer" and r.get("source") == "human":
            row(r["tick"])["dialogue"].append(f'<div class="say human"><b>Human:</b> {_e(r["text"])}</div>')
        elif typ == "human":
            reasoning = r["parsed"].get("reasoning", "")
            if reasoning:
                row(r["tick"])["dialogue"].append(f'<div class="private">(private) {_e(reasoning[:300])}</div>')
        elif typ == "command":
            out = r["outcome"]
            cls = "ok" if out["ok"] else "err"
            msg = "ok" if out["ok"] else _e((out.get("error") or {}).get("message", "failed"))
            row(r["tick"])["actions"].append(f'<div class="cmd {cls}">{_e(r["command"])} &rarr; {msg}</div>'
                                             + _delta(out))
            row(r["tick"])["frames"] += [f for f in r.get("frames", []) if isinstance(f, str)]
        elif typ == "parse_error":
            row(r["tick"])["actions"].append(f'<div class="cmd err">unreadable commands: {_e(r["action"])}</div>')
        elif typ in ("preempt", "flush"):
            row(r["tick"])["actions"].append(f'<div class="private">{_e(typ)}: {_e("; ".join(r["dropped"]))}</div>')
        elif typ == "leak":
            row(r["tick"])["dialogue"].append(f'<div class="private">redacted from Human speech: '
                                              f'{_e(", ".join(x["text"] for x in r["leaks"]))}</div>')

    body = [f'<h1>{_e(header.get("task_id", cell.name))} {badge}</h1>', f'<div class="meta">{meta}</div>',
            '<table class="ep"><tr><th></th><th>Frames</th><th>Dialogue</th><th>Actions</th></tr>',
            f'<tr><td class="tick">open</td><td class="frames">{_imgs(opening_frames)}</td>'
            f'<td class="dialogue">{"".join(opening_say)}</td><td>{"".join(opening_cmds)}</td></tr>']
    for t in sorted(rows):
        rw = rows[t]
        body.append(f'<tr><td class="tick">{t}</td><td class="frames">{_imgs(rw["frames"])}</td>'
                    f'<td class="dialogue">{"".join(rw["dialogue"])}</td><td>{"".join(rw["actions"])}</td></tr>')
    body.append("</table>")
    points = [p for p in ev.get("points") or [] if isinstance(p, dict)]  # a stranger's file: skip odd entries
    if points:
        body.append('<h2>Score points</h2><table class="caps"><tr><th>Point</th><th>Met</th><th>Note</th></tr>')
        body += [f'<tr><td>{_e(p.get("label", ""))}</td><td class="{"ok" if p.get("satisfied") else "err"}">'
                 f'{"yes" if p.get("satisfied") else "no"}</td><td>'
                 f'{"true at handoff: no credit" if p.get("baseline_excluded") else ""}</td></tr>' for p in points]
        body.append("</table>")
    caps = ev.get("capabilities") or []
    if caps:
        body.append('<h2>Capability points</h2><table class="caps"><tr><th>Capability</th><th>Point</th>'
                    '<th>Label</th></tr>')
        body += [f'<tr><td>{_e(c["capability"])} {_e(c.get("atom", ""))}</td><td>{_e(c.get("point", ""))}</td>'
                 f'<td>{_e(c["label"])}</td></tr>' for c in caps]
        body.append("</table>")
    if ev.get("void_reason"):
        body.append(f'<p class="err">VOID: {_e(ev["void_reason"])}</p>')
    if why is not None:
        body.append(f'<p class="err">UNREADABLE: {_e(why)}</p>')
    page = (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{_e(header.get("task_id", "episode"))}'
            f'</title><style>{_CSS}</style></head><body>{"".join(body)}</body></html>\n')
    out = cell / PAGE_NAME
    out.write_text(page, encoding="utf-8")
    return out


INDEX_NAME = "index.html"
VIDEO_NAMES = ("episode.mp4", "episode.gif")
SHEET_NAME = "contact_sheet.png"


def _index_row(root: Path, page: Path) -> tuple[dict[str, Any], str]:
    """One episode's eval record (``{}`` when unreadable) and its table row."""
    cell = page.parent
    ev, status, _why = episode_eval(cell)
    if status == "valid":
        verdict, cls = ("PASS", "pass") if ev.get("passed") else ("FAIL", "fail")
    else:
        verdict, cls = str(status).upper(), "void"
    comp = ev.get("completion")
    rel = cell.relative_to(root)
    links = [f'<a href="{_e((rel / page.name).as_posix())}">episode</a>']
    video = next((cell / v for v in VIDEO_NAMES if (cell / v).is_file()), None)
    links.append(f'<a href="{_e((rel / video.name).as_posix())}">video</a>' if video else
                 '<span class="private">no video</span>')
    links.append(f'<a href="{_e((rel / SHEET_NAME).as_posix())}">contact sheet</a>' if (cell / SHEET_NAME).is_file()
                 else '<span class="private">no sheet</span>')
    cost = ev.get("cost_usd")
    cells = [_e(ev.get("task_id", rel.as_posix())), _e(ev.get("assistant", "")), _e(ev.get("human", "")),
             _e(ev.get("seed", "")), f'<span class="badge {cls}">{_e(verdict)}</span>',
             "-" if comp is None else f"{100 * comp:.0f}%", _e(ev.get("actions", "-")),
             f'{_e(ev.get("invalid_assistant_turns", 0))}/{_e(ev.get("invalid_human_turns", 0))}',
             _e(ev.get("calls", 0)), "?" if cost is None and ev.get("calls") else f"{cost or 0:.4f}",
             " &middot; ".join(links)]
    return ev, "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def render_index_html(root: str | Path, pages: list[Path]) -> Path:
    """Write ``index.html`` in ``root``: a summary of the episodes and one row per episode page, with links
    to the page, the episode video (``episode.mp4``/``.gif``) and contact sheet when they were written.

    The summary counts cells, PASS / FAIL / VOID, the pass rate and mean completion over valid cells, and
    the model calls: invalid Assistant and Human turns, corrections, calls, tokens and cost.
    """
    root = Path(root)
    rows, evs = [], []
    for page in pages:
        ev, row = _index_row(root, page)
        evs.append(ev)
        rows.append(row)
    valid = [e for e in evs if e.get("status") == "valid"]
    passed = sum(1 for e in valid if e.get("passed"))
    calls = sum(int(e.get("calls") or 0) for e in evs)
    costs = [e.get("cost_usd") for e in evs if e.get("calls")]
    corr = sum(sum((e.get("corrections") or {}).values()) for e in evs if isinstance(e.get("corrections"), dict))
    summary = [f"{len(pages)} episode(s): {passed} PASS, {len(valid) - passed} FAIL, {len(pages) - len(valid)} "
               f"VOID or unfinished"]
    if valid:
        mean = sum(float(e.get("completion") or 0) for e in valid) / len(valid)
        summary.append(f"pass rate {100 * passed / len(valid):.1f}%, mean completion {100 * mean:.1f}% "
                       f"(valid cells, seeds not averaged)")
    if calls:
        tokens = sum(int(e.get("prompt_tokens") or 0) + int(e.get("completion_tokens") or 0) for e in evs)
        cost = "?" if any(c is None for c in costs) else f"${sum(costs):.4f}"
        summary.append(f"{calls} model calls, {sum(int(e.get('invalid_assistant_turns') or 0) for e in evs)} "
                       f"invalid Assistant and {sum(int(e.get('invalid_human_turns') or 0) for e in evs)} invalid "
                       f"Human turn(s), {corr} correction(s), {tokens} tokens, cost {cost}")
    head = "".join(f"<th>{h}</th>" for h in ("Task", "Assistant", "Human", "Seed", "Verdict", "Completion", "Actions",
                                              "Invalid A/H", "Calls", "Cost $", "Links"))
    page = (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>episodes</title><style>{_CSS}</style></head>'
            f'<body><h1>Episodes</h1><div class="meta">{"<br>".join(_e(x) for x in summary)}</div>'
            f'<table class="ep"><tr>{head}</tr>{"".join(rows)}</table></body></html>\n')
    out = root / INDEX_NAME
    out.write_text(page, encoding="utf-8")
    return out


__all__ = ["episode_eval", "render_episode_html", "render_index_html", "PAGE_NAME", "INDEX_NAME", "SHEET_NAME", "VIDEO_NAMES"]
