"""What makes two evaluation cells the same cell (DESIGN.md "Backends and scale").

A cell's **key** holds everything that can change its result: the TaskPack (by content hash), the
exact Assistant and Human model strings with their call parameters (sampling temperature,
completion cap, endpoint), the Assistant's memory flag, the world seed, the prompt version, the
environment (factory and render setting) and the per-cell spending limits. It is stored in the
cell's trace header and ``eval.json`` (``cell_key`` and ``cell_key_hash``). Transport settings
(timeouts, retries), the response cache and concurrency limits are left out: they change how a
reply is obtained, never which reply.

Folders: ``<out>/<assistant>__<human>-<h>/<task_id>/seed<k>``, where the first part is a readable
slug of the two agents and ``<h>`` the first 8 hex digits of the hash of the agent part of the key,
so two configurations whose names slug alike (``openai/gpt-4o`` and ``openai-gpt-4o``, or one model
at two temperatures) never share a folder. The rest of the key is checked per cell: a resume re-runs
a cell whose stored key differs from the one being asked for (see :mod:`.sweep`).
"""
from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

DEFAULT_ENV = "interactiveworld.env:Environment"
"""The environment factory of a sweep that names none (``module:callable``; part of every cell key)."""

KEY_FORMAT = "interactiveworld.cellkey/1"
_QUERY_SECRET = re.compile(r"(?i)((?:api[_-]?key|key|token|secret|password|passwd|auth|sig|signature)=)[^&#]+")


def slug(text: str) -> str:
    """A folder-safe, readable form of a model or control name (not unique: see :func:`agents_folder`)."""
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", text).strip("-") or "x"


def public_url(url: str | None) -> str | None:
    """A URL with any credentials removed: the user-info part (``user:password@``) and query values of
    parameters named like secrets (``key``, ``api_key``, ``token``, ``secret``, ``password``, ``auth``, ``sig``)."""
    if not url:
        return url
    try:
        parts = urlsplit(url)
    except ValueError:
        return "[unparseable URL]"
    netloc = parts.netloc
    if "@" in netloc:
        netloc = "[REDACTED]@" + netloc.rsplit("@", 1)[1]
    query = _QUERY_SECRET.sub(lambda m: m.group(1) + "[REDACTED]", parts.query)
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def agents_part(spec: Any) -> dict[str, Any]:
    """The agent part of a cell key: model strings, memory flag and call parameters."""
    return {"assistant": spec.assistant, "human": spec.human, "memory": bool(spec.memory),
            "call": {"temperature": float(spec.temperature), "max_completion_tokens": int(spec.max_completion_tokens),
                     "api_base": public_url(spec.api_base)}}


def cell_key(spec: Any, taskpack_hash: str, prompt_version: str) -> dict[str, Any]:
    """The full key of a cell (a JSON-compatible dict; see the module docstring).

    Args:
        spec: a :class:`~interactiveworld.bench.cells.CellSpec`.
        taskpack_hash: ``"sha256:<hex>"`` of the TaskPack file as it will be run.
        prompt_version: the agents' prompt version.
    """
    key = {"format": KEY_FORMAT, "task_id": spec.task_id, "taskpack_hash": taskpack_hash, **agents_part(spec),
           "seed": int(spec.seed), "prompt_version": prompt_version,
           "env": env_part(spec),
           "limits": {"max_cost_usd": spec.cell_max_cost, "max_tokens": spec.cell_max_tokens}}
    release = int(getattr(spec, "release", 1))
    if release != 1:  # release 1 keys stay byte-identical to the keys recorded before releases existed
        key["release"] = release
    return key


def env_part(spec: Any) -> dict[str, Any]:
    """The environment part of a cell key: factory, render setting and, for a body loaded with ``--body-model``,
    its file path and SHA-256 (left out for the built-in body, so keys made before the option stay valid)."""
    env: dict[str, Any] = {"factory": spec.env, "render": bool(spec.render)}
    if getattr(spec, "body_model", None) is not None:
        env["body_model"] = {"path": spec.body_model, "sha256": spec.body_model_sha256}
    return env


def key_hash(key: dict[str, Any]) -> str:
    """``"sha256:<hex>"`` of the canonical JSON of a key."""
    return "sha256:" + _digest(key)


def agents_folder(spec: Any) -> str:
    """``<assistant>__<human>-<8 hex>``: readable, and distinct for distinct agent configurations."""
    label = spec.assistant + ("+memory" if spec.memory else "")
    return f"{slug(label)}__{slug(spec.human)}-{_digest(agents_part(spec))[:8]}"


def split_agents_folder(name: str) -> tuple[str, str]:
    """The (assistant, human) slugs of an :func:`agents_folder` name; the hash suffix is dropped. A name in the
    older ``<assistant>__<human>`` form splits the same way; a name without ``__`` gives ``(name, "")``."""
    assistant, _, human = name.partition("__")
    stem, dash, tail = human.rpartition("-")
    if dash and len(tail) == 8 and all(c in "0123456789abcdef" for c in tail):
        human = stem
    return assistant, human


def cell_path(out: str | Path, spec: Any) -> Path:
    """The folder of a cell inside a sweep folder (no file-system access)."""
    return Path(out) / agents_folder(spec) / spec.task_id / f"seed{int(spec.seed)}"


def key_differences(old: Any, new: dict[str, Any]) -> list[str]:
    """Human-readable differences between a stored key and the one asked for, e.g.
    ``["taskpack_hash: sha256:54ff48f6f3af... -> sha256:ea57f0cbf2c1..."]``; a missing stored key is one
    difference."""
    if not isinstance(old, dict):
        return ["no cell key recorded (made by an older version)"]
    out = []

    def walk(a: Any, b: Any, where: str) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for k in sorted(set(a) | set(b)):
                walk(a.get(k), b.get(k), f"{where}.{k}" if where else k)
        elif a != b:
            out.append(f"{where}: {_short(a)} -> {_short(b)}")

    walk(old, new, "")
    return out


def _short(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 40 else s[:37] + "..."


def variant_of(rec: dict[str, Any]) -> str:
    """What a stored result was computed under, apart from the task and the seed: the hash of its key
    with ``seed`` left out (the TaskPack hash stays in, so two versions of a task are two variants).
    Records without a key fall back to their header fields."""
    key = rec.get("cell_key")
    if isinstance(key, dict):
        return _digest({k: v for k, v in key.items() if k != "seed"})[:12]
    env = rec.get("env") if isinstance(rec.get("env"), dict) else {}
    return _digest({"task_id": rec.get("task_id"), "taskpack_hash": rec.get("taskpack_hash"),
                    "assistant": rec.get("assistant"), "human": rec.get("human"),
                    "prompt_version": rec.get("prompt_version"), "env": env})[:12]


def _sweep_name(rec: dict[str, Any]) -> str:
    """The name of the sweep folder a record comes from (the nearest folder above it with a sweep.json)."""
    path = Path(rec.get("_path", "."))
    for parent in [path, *path.parents]:
        if (parent / "sweep.json").is_file():
            return parent.name
    return path.parents[2].name if len(path.parents) > 2 else path.name


def result_id(rec: dict[str, Any]) -> tuple[str, int | None] | None:
    """What identifies a stored result: (its key without the seed, see :func:`variant_of`; its seed). Two records
    with the same id are copies of one cell (a copied sweep folder, a folder named twice). None for a record
    whose ``eval.json`` was unreadable (it has no key to compare)."""
    if rec.get("status") == "unreadable":
        return None
    seed = rec.get("seed")
    return variant_of(rec), seed if isinstance(seed, int) and not isinstance(seed, bool) else None


_STATUS_RANK = {"valid": 0, "void": 1}


def merge_copies(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Keep one record per cell (:func:`result_id`), so that a cell read from several folders counts once.

    Of the copies, a scored (``valid``) record wins over a VOID one, then the first in reading order. Returns
    the records in their original order and one note per merged cell naming the copies (their ``_path``).
    Unreadable records are all kept (each is its own VOID row)."""
    kept: dict[tuple, int] = {}
    copies: dict[tuple, list[str]] = defaultdict(list)
    out: list[dict[str, Any] | None] = []
    for r in records:
        rid = result_id(r)
        if rid is None:
            out.append(r)
            continue
        copies[rid].append(str(r.get("_path", "?")))
        if rid not in kept:
            kept[rid] = len(out)
            out.append(r)
        elif _STATUS_RANK.get(r.get("status"), 2) < _STATUS_RANK.get(out[kept[rid]].get("status"), 2):
            out[kept[rid]] = r
    notes = []
    for rid, paths in copies.items():
        if len(paths) > 1:
            r = out[kept[rid]]
            notes.append(f"{r.get('task_id')} seed {r.get('seed')} for {r.get('assistant')} | {r.get('human')}: "
                         f"{len(paths)} copies of one cell (same key and seed) counted once, "
                         f"kept {r.get('_path', '?')}; merged {', '.join(p for p in paths if p != r.get('_path'))}")
    return [r for r in out if r is not None], notes


def separate_keys(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Relabel the Assistant of records whose (Assistant, Human, task) appears under several keys so
    that no table merges them; returns the records and one warning per conflicting task.

    Rows are split by sweep folder when each folder holds one key per task, else by key digest.
    Records whose ``eval.json`` was unreadable carry no key and take no part (they stay VOID rows).
    """
    slots: dict[tuple, dict[str, dict[str, Any]]] = defaultdict(dict)
    per_sweep: dict[tuple, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for r in records:
        if r.get("status") == "unreadable":
            continue
        slot, v = (r.get("assistant"), r.get("human"), r.get("task_id")), variant_of(r)
        slots[slot].setdefault(v, r)
        per_sweep[slot][_sweep_name(r)].add(v)
    conflicted = {(a, h) for (a, h, _), vs in slots.items() if len(vs) > 1}
    if not conflicted:
        return records, []
    split_by_variant = any(len(vs) > 1 for slot, sweeps in per_sweep.items() if slot[:2] in conflicted
                           for vs in sweeps.values())
    out = []
    for r in records:
        if (r.get("assistant"), r.get("human")) in conflicted and r.get("status") != "unreadable":
            tag = f"key {variant_of(r)[:6]}" if split_by_variant else _sweep_name(r)
            r = {**r, "assistant": f"{r.get('assistant')} [{tag}]"}
        out.append(r)
    notes = []
    for (a, h, t), vs in sorted(slots.items(), key=lambda kv: tuple(str(x) for x in kv[0])):
        if len(vs) > 1:
            first, *others = list(vs.values())
            diffs = sorted({d.split(":")[0] for o in others for d in key_differences(
                {k: v for k, v in (first.get("cell_key") or {}).items() if k != "seed"},
                {k: v for k, v in (o.get("cell_key") or {}).items() if k != "seed"})})
            notes.append(f"{t} for {a} | {h} was run under {len(vs)} different keys (differing in "
                         f"{', '.join(diffs) or 'recorded fields'}); not merged: reported as separate rows by "
                         f"{'key' if split_by_variant else 'sweep folder'}")
    return out, notes


__all__ = ["DEFAULT_ENV", "KEY_FORMAT", "agents_folder", "agents_part", "cell_key", "cell_path", "key_differences", "key_hash",
           "merge_copies", "public_url", "result_id", "separate_keys", "slug", "split_agents_folder", "variant_of"]
