"""The work behind ``iw-eval export-usd`` (the parser lives in :mod:`.cli`, which loads this module only when
the command runs, so that ``iw-eval`` starts without the world or usd-core)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..bench import jsonsafe
from ..bench.preflight import file_above
from ..bench.taskpack import FORMAT as TASKPACK_FORMAT
from ..bench.taskpack import (MAX_TASKPACK_BYTES, TaskPack, TaskPackError, builtin_taskpacks, load_taskpack,
                              unknown_id_message)
from ..env import Environment
from ..world.serialize import SCENE_FORMAT
from . import usd

__all__ = ["cmd_export_usd", "scene_at_handoff"]


class _Refused(Exception):
    """A message for the user and the exit status."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


def _load_source(source: str) -> tuple[dict[str, Any], TaskPack | None]:
    """(scene dict, TaskPack or None) of a TaskPack id, TaskPack file or scene file."""
    path = Path(source)
    if path.is_file():
        try:
            data = jsonsafe.read_json_file(path, max_bytes=MAX_TASKPACK_BYTES)
        except jsonsafe.JSONLimitError as exc:  # a scene file is held to a TaskPack's limits
            raise _Refused(str(exc), 1) from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise _Refused(f"{path}: not a readable JSON file ({exc})", 2) from None
        fmt = data.get("format") if isinstance(data, dict) else None
        if fmt == SCENE_FORMAT:
            return data, None
        if fmt == TASKPACK_FORMAT:
            tp = _taskpack(path)
            return tp.reset_scene(), tp
        raise _Refused(f"{path}: format is {fmt!r}; expected a TaskPack ({TASKPACK_FORMAT!r}) or a scene "
                       f"({SCENE_FORMAT!r})", 2)
    builtin = builtin_taskpacks()
    if source not in builtin:
        raise _Refused(f"{source}: neither a file nor a built-in TaskPack id: "
                       f"{unknown_id_message(source, list(builtin))}", 2)
    tp = _taskpack(builtin[source])
    return tp.reset_scene(), tp


def _taskpack(path: Path) -> TaskPack:
    try:
        return load_taskpack(path)
    except TaskPackError as exc:
        raise _Refused(str(exc), 2) from None


def scene_at_handoff(taskpack: TaskPack, *, seed: int = 0) -> Environment:
    """A state-only Environment after ``taskpack``'s opening commands (the handoff state).

    Raises:
        RuntimeError: an opening command is refused (the message names it and the world's reason).
    """
    env = Environment(render=False)
    env.reset(taskpack.reset_scene(), seed=seed)
    for cmd in taskpack.opening.commands:
        outcome = env.execute(cmd)
        if not outcome.ok:
            raise RuntimeError(f"{taskpack.id}: opening command {cmd!r} failed: {outcome.message}")
    env.mark_baseline()
    return env


def _writable(out: Path) -> None:
    """``out`` can be written: not a folder, and no file where one of its folders should be (missing folders are
    made)."""
    if out.is_dir():
        raise _Refused(f"{out}: is a folder; give the file to write", 2)
    blocked = file_above(out.parent)
    if blocked is not None:
        raise _Refused(f"{out}: lies below {blocked}, which is a file", 2)


def _write_error(out: Path, exc: Exception) -> _Refused:
    # usd-core's errors read "Error in '<function>' at line N in file <source> : '<reason>'": keep the reason
    text = str(exc).strip()
    reason = text.splitlines()[-1].strip() if text else type(exc).__name__
    if " : '" in reason and reason.endswith("'"):
        reason = reason.rsplit(" : '", 1)[1][:-1]
    return _Refused(f"{out}: cannot be written ({reason})", 1)


def cmd_export_usd(args: argparse.Namespace) -> int:
    """Run ``iw-eval export-usd`` (see the module docstring); returns the exit status."""
    try:
        if args.import_usd:
            return _import(args)
        return _export(args)
    except _Refused as exc:
        print(f"iw-eval export-usd: error: {exc}", file=sys.stderr)
        return exc.status


def _export(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.suffix.lower() not in usd.USD_SUFFIXES:
        raise _Refused(f"{out}: the output name must end in one of {', '.join(usd.USD_SUFFIXES)}", 2)
    _writable(out)
    scene, tp = _load_source(args.source)
    meta: dict[str, Any] = {"source": args.source}
    try:
        if tp is not None and not args.before_opening:
            env = scene_at_handoff(tp)
        else:
            env = Environment(render=False)
            env.reset(scene)
    except Exception as exc:  # noqa: BLE001 - the world's own message names the fault
        raise _Refused(f"{args.source}: the scene does not load or its opening fails: {exc}", 1) from None
    if tp is not None:
        meta.update(task_id=tp.id, taskpack_hash=tp.hash,
                    state="initial" if args.before_opening else "handoff")
    body = None if args.no_human else env.executor.motion.model
    try:
        result = usd.export_scene(env.scene, out, body=body, metadata=meta)
    except (OSError, RuntimeError) as exc:  # a read-only or special file system; pxr's errors are RuntimeErrors
        raise _write_error(out, exc) from None
    joints = sum(len(e.model.joints) for e in env.scene.entities.values())
    print(f"wrote {result.path}: {len(result.prims)} entities, {joints} joint(s), {len(result.textures)} label "
          f"texture(s){'' if body is None else ', the human skeleton (52 joints)'}")
    return 0


def _import(args: argparse.Namespace) -> int:
    if args.out != "-":
        _writable(Path(args.out))
    try:
        scene = usd.import_scene(args.source)
    except usd.UsdLimitError as exc:  # a file over a reading limit: refused like a scene the world refuses
        raise _Refused(str(exc), 1) from None
    except (FileNotFoundError, usd.UsdFormatError) as exc:
        raise _Refused(str(exc), 2) from None
    except RecursionError:  # a structure the limits above missed: still one line, not a traceback
        raise _Refused(f"{args.source}: nested too deeply to read (RecursionError)", 1) from None
    try:
        Environment(render=False).reset(scene)
    except Exception as exc:  # noqa: BLE001 - the loader's message names the field
        raise _Refused(f"{args.source}: the imported scene does not load: {exc}", 1) from None
    text = json.dumps(scene, indent=2, ensure_ascii=False) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        out = Path(args.out)
        tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")  # same folder: renamed into place when whole
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, out)
        except OSError as exc:
            raise _write_error(out, exc) from None
        finally:
            if tmp.exists():
                tmp.unlink()
        print(f"wrote {args.out}: {len(scene['entities'])} entities, {len(scene['doors'])} door(s)")
    return 0
