"""Episode records: an append-only, crash-safe JSON-lines trace per cell and its ``eval.json``
(paper appendix B.3.2 "Logging", C.2.5; DESIGN.md "One tick").

Every record is one line, written whole. The episode loop hands its records to the operating system
before every agent turn and at the end of every tick, so a killed process loses at most the records
since its last agent turn (:func:`read_trace` skips a torn last line); :meth:`TraceWriter.sync`
additionally forces the file to the disk (``fsync``), which the loop does once per tick so that even a
machine crash loses at most the current tick. ``eval.json`` is written atomically (temporary file +
rename) and only at the end of a cell: its presence is what marks the cell finished.

Secrets never reach a log: every line passes through :class:`Scrubber`, which replaces the value
of each environment variable that looks like a credential (``*KEY*``, ``*TOKEN*``, ``*SECRET*``,
``*PASSWORD*``), anything shaped like a bearer token or an API key, and credentials written into a
URL (``https://user:password@host``, ``?api_key=...``).

Model text is written as it came, except that a lone surrogate (valid in JSON, not encodable as
UTF-8) is kept as its ``\\uXXXX`` escape instead of failing the write.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from . import jsonsafe

TRACE_NAME = "trace.jsonl"
EVAL_NAME = "eval.json"
MAX_EVAL_BYTES = 16 * 1024 * 1024
"""Largest ``eval.json`` read [bytes] (2,116 records on this project's disks measured at most 7,805 bytes)."""
MAX_TRACE_BYTES = 256 * 1024 * 1024
"""Largest ``trace.jsonl`` read [bytes] (2,010 traces on this project's disks measured at most 768,832 bytes; a
model run with long replies writes more, hence the margin)."""
FRAMES_DIR = "frames"
ATTEMPTS_DIR = "attempts"
"""Inside a cell folder: earlier, unfinished or VOID attempts archived on a re-run (not cells themselves)."""
REDACTED = "[REDACTED]"

_SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)", re.I)
_BEARER = re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._\-+/=~]{8,}")
_BASIC = re.compile(r"(?i)(basic\s+)([A-Za-z0-9+/=_\-]{6,})")
_CRED_MARK = re.compile(r"[0-9+/=_\-]|.[A-Z]")


def _credential_like(value: str) -> bool:
    """A value shaped like a key or base64 rather than a word: it holds a digit or one of ``+/=_-``, or a capital
    letter after its first character ("basic idea", "authorization: required" stay as they are)."""
    return _CRED_MARK.search(value) is not None
_KEY_HEADER = re.compile(r"(?i)((?:x-api-key|api-key|x-goog-api-key|anthropic-api-key|x-functions-key|"
                         r"ocp-apim-subscription-key|x-auth-token|authorization|proxy-authorization)\\*[\"']?\s*[:=]\s*"
                         r"\\*[\"']?(?:[A-Za-z]+\s+)?)([^\s\"',;{}\[\]\\]{6,})")
"""Key headers as an HTTP client sends them and a provider may echo them (``x-api-key: ...``, litellm's Azure
``api-key``, Google's ``x-goog-api-key``...), in header, dict or JSON spelling; ``Authorization`` with any
scheme (``token ...``, ``Basic ...``)."""
_KEYLIKE = re.compile(r"\b(sk|pk|rk|ghp|gho|xox[abp])[-_][A-Za-z0-9_\-]{12,}\b")
_KEY_HINTS = (re.compile(r"k[-_]"), re.compile(r"gh[po][-_]"), re.compile(r"xox[abp][-_]"))
"""Cheap tests of which every :data:`_KEYLIKE` match passes one: the end of one of its prefixes and the ``-`` or ``_``
after it. Each starts with a literal, which the regular-expression engine finds with a fast character scan; one
pattern holding the three alternatives (or a look-behind) is tried at every position instead, about 3x slower on a
trace line."""
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@\"'<>]+@")
_URL_QUERY_SECRET = re.compile(r"(?i)([?&](?:api[_-]?key|key|token|access[_-]?token|secret|password|passwd|auth|sig|"
                               r"signature)=)[^&#\s\"'<>\\]+")


class Scrubber:
    """Replaces secret values in text before it is written anywhere.

    Forms it knows: the values of environment variables named like secrets (``*KEY*``, ``*TOKEN*``,
    ``*SECRET*``, ``*PASSWORD*``, ``*CREDENTIAL*``); ``Bearer`` and ``Basic`` credentials; key headers and
    ``Authorization`` with any scheme (``x-api-key``, ``api-key``, ``x-goog-api-key``, ``anthropic-api-key``...);
    ``user:password@`` in URLs; query values named like secrets (``key``, ``api_key``, ``token``, ``sig``...); and
    provider key shapes (``sk-``, ``ghp_``, ``xoxb-``...).

    Args:
        environ: the environment to collect secrets from (default ``os.environ``); values shorter
            than 8 characters are ignored (they would redact ordinary words).
        extra: further literal secrets to redact.
    """

    def __init__(self, environ: Mapping[str, str] | None = None, extra: tuple[str, ...] = ()):
        env = os.environ if environ is None else environ
        secrets = {v for k, v in env.items() if _SECRET_NAME.search(k) and v and len(v) >= 8}
        secrets |= {s for s in extra if s and len(s) >= 8}
        self._secrets = sorted(secrets, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for s in self._secrets:
            if s in text:
                text = text.replace(s, REDACTED)
        # substring tests first: the regular expressions run only on text that could match (every
        # trace line passes through here, so this is on the per-tick path)
        low = text.lower()
        if "bearer" in low:
            text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
        if "basic" in low:
            text = _BASIC.sub(lambda m: m.group(1) + REDACTED if _credential_like(m.group(2)) else m.group(0), text)
        if "key" in low or "auth" in low:
            text = _KEY_HEADER.sub(lambda m: m.group(1) + REDACTED if _credential_like(m.group(2)) else m.group(0),
                                   text)
        if "://" in text:
            text = _URL_USERINFO.sub(lambda m: m.group(1) + REDACTED + "@", text)
        if "=" in text and ("?" in text or "&" in text):  # a query string, with or without a scheme
            text = _URL_QUERY_SECRET.sub(lambda m: m.group(1) + REDACTED, text)
        if any(h.search(text) for h in _KEY_HINTS):
            text = _KEYLIKE.sub(REDACTED, text)
        return text


def _default(obj: Any) -> Any:
    if hasattr(obj, "to_log"):
        return obj.to_log()
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json")
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    if hasattr(obj, "item"):
        return obj.item()
    if hasattr(obj, "tolist"):
        return obj.tolist()
    return str(obj)


def _line_encoder(*, ensure_ascii: bool) -> Callable[[Any], str]:
    """``encode`` of a compact JSON encoder, built once: json.dumps with keyword arguments builds a new encoder on
    every call, and ``JSONEncoder.encode`` builds a new C encoder on every call (a trace line per record), so the C
    encoder is built here once, with the arguments ``JSONEncoder.iterencode`` gives it, where this Python has one
    that writes what ``encode`` writes. No circular-reference bookkeeping: records are trees built by the loop (a
    cycle would raise RecursionError)."""
    enc = json.JSONEncoder(default=_default, ensure_ascii=ensure_ascii, separators=(",", ":"), check_circular=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    text = getattr(json.encoder, "c_encode_basestring_ascii" if ensure_ascii else "c_encode_basestring", None)
    if make is None or text is None:
        return enc.encode
    try:
        once = make(None, enc.default, text, None, enc.key_separator, enc.item_separator, enc.sort_keys,
                    enc.skipkeys, enc.allow_nan)
        probe = {"k": [1, -2.5, 1e300, None, True, "\u00e9\u2028\"\n"], "d": {"t": ("x",), "s": {"y"}}}
        if "".join(once(probe, 0)) != enc.encode(probe):
            return enc.encode
    except TypeError:  # another signature in another Python version
        return enc.encode
    return lambda record: "".join(once(record, 0))


_LINE = _line_encoder(ensure_ascii=False)
_LINE_ASCII = _line_encoder(ensure_ascii=True)


def dumps(record: Any, scrub: Scrubber | None = None, *, ascii_only: bool = False) -> str:
    """One record as a single JSON line (secrets scrubbed); ``ascii_only`` escapes every non-ASCII
    character (used when the text holds a lone surrogate, which UTF-8 cannot encode)."""
    line = (_LINE_ASCII if ascii_only else _LINE)(record)
    return scrub(line) if scrub else line


_NEWLINE = os.linesep
"""Line end of a trace record: what a text-mode file writes for ``"\\n"`` (record text never holds a raw line break)."""


class TraceWriter:
    """Append-only JSON-lines writer.

    Records get ``seq`` (0-based order) and ``t`` (seconds since the writer opened) fields. Unbuffered (the
    default), each :meth:`write` reaches the operating system before it returns. With ``buffered``, records are
    held until :meth:`flush`, :meth:`sync` or :meth:`close`, then scrubbed and written in one system call (the
    episode loop flushes before every agent turn and syncs at the end of every tick, so a killed process loses at
    most the records since its last agent turn, and nothing waits in memory during a model call). With ``fsync``,
    :meth:`sync` and :meth:`close` force the file to the disk.
    """

    def __init__(self, path: str | os.PathLike[str], *, scrub: Scrubber | None = None, fsync: bool = True,
                 buffered: bool = False):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # raw file: each flush is one write to the operating system, with no second buffer to drain
        self._f = open(self.path, "ab", buffering=0)
        self._scrub = scrub or Scrubber()
        self._fsync = fsync
        self._buffered = buffered
        self._pending: list[str] = []
        self._seq = 0
        self._t0 = time.perf_counter()

    def write(self, type_: str, **fields: Any) -> None:
        record = {"seq": self._seq, "type": type_, "t": round(time.perf_counter() - self._t0, 6), **fields}
        line = _LINE(record)
        if not line.isascii():
            try:
                line.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: keep it escaped
                line = _LINE_ASCII(record)
        self._pending.append(line + _NEWLINE)
        self._seq += 1
        if not self._buffered:
            self.flush()

    def flush(self) -> None:
        """Scrub the held records and hand them to the operating system in one write."""
        if not self._pending:
            return
        # one scrub over the joined lines redacts what scrubbing each would: no pattern can span a line end (every
        # record ends with "}", and the patterns need a secret's characters on both sides of a match)
        data = self._scrub("".join(self._pending)).encode("utf-8")
        self._pending.clear()
        done = self._f.write(data)
        while done < len(data):  # a raw write may take only part of the text
            done += self._f.write(data[done:])

    def sync(self) -> None:
        """Write the held records and force everything written so far to the disk (no fsync without ``fsync``)."""
        if self._f.closed:
            return
        self.flush()
        if self._fsync:
            os.fsync(self._f.fileno())

    def close(self) -> None:
        if not self._f.closed:
            self.sync()
            self._f.close()

    def __enter__(self) -> "TraceWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def read_trace(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """All complete records of a trace file; a torn (unterminated or unparseable) last line is skipped.

    Raises:
        FileNotFoundError: no such trace.
        ValueError: a line other than the last is not valid JSON (the file was edited or corrupted).
    """
    return list(iter_trace(path))


def iter_trace(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """Records of a trace file one by one (see :func:`read_trace`); a file over :data:`MAX_TRACE_BYTES` or a
    record nested deeper than :data:`.jsonsafe.MAX_DEPTH` is refused (ValueError naming the file and record)."""
    size = Path(path).stat().st_size
    if size > MAX_TRACE_BYTES:
        raise ValueError(f"{path}: {size} bytes, over the limit of {MAX_TRACE_BYTES} bytes for a trace "
                         f"(MAX_TRACE_BYTES)")
    lines = [ln for ln in Path(path).read_text(encoding="utf-8").split("\n") if ln.strip()]
    for i, line in enumerate(lines):
        try:
            rec = jsonsafe.loads(line, source=f"{path}: record {i + 1}", allow_duplicate_keys=True)
        except jsonsafe.JSONLimitError as exc:
            raise ValueError(str(exc)) from None
        except json.JSONDecodeError as exc:
            if i == len(lines) - 1:
                return  # torn last line of a killed writer
            raise ValueError(f"{path}: record {i + 1} is not valid JSON ({exc})") from exc
        if not isinstance(rec, dict):
            raise ValueError(f"{path}: record {i + 1} is not a JSON object")
        yield rec


@functools.lru_cache(maxsize=1)
def _umask() -> int:
    """The process's umask, read once (by setting it and putting it back: the only portable way, and not
    thread-safe, hence once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_json_atomic(path: str | os.PathLike[str], obj: Any, *, scrub: Scrubber | None = None,
                      fsync: bool = True) -> None:
    """Write JSON to ``path`` via a temporary file in the same folder and an atomic rename.

    With ``fsync`` (the default) the text is forced to the disk before the rename, so that even a machine crash
    leaves the old file or the whole new one; without it a killed process still does."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(obj, default=_default, ensure_ascii=False, indent=2)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from model text: keep it escaped
        text = json.dumps(obj, default=_default, ensure_ascii=True, indent=2)
    text = (scrub or Scrubber())(text)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); results get the mode any other file would (0666 less the umask)
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
            f.flush()
            if fsync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class EvalFileError(ValueError):
    """A cell's ``eval.json`` exists but cannot be used (unreadable, not JSON, or not an object).

    Attributes:
        path: the file.
        reason: what is wrong with it.
    """

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


def load_eval(cell_dir: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The cell's ``eval.json``, or None when the cell has not written one.

    Raises:
        EvalFileError: the file exists but cannot be read, is not UTF-8 JSON, or is not a JSON object.
    """
    p = Path(cell_dir) / EVAL_NAME
    if not p.exists():
        return None
    try:
        data = jsonsafe.read_json_file(p, max_bytes=MAX_EVAL_BYTES)
    except jsonsafe.JSONLimitError as exc:  # its message starts with the path
        raise EvalFileError(p, str(exc).removeprefix(f"{p}: ")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise EvalFileError(p, f"cannot read ({type(exc).__name__}: {exc})") from exc
    except json.JSONDecodeError as exc:
        raise EvalFileError(p, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    if not isinstance(data, dict):
        raise EvalFileError(p, f"expected a JSON object, got {type(data).__name__}")
    return data


def read_eval(cell_dir: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The cell's ``eval.json``, or None when the cell has not finished or the file is unusable
    (see :func:`load_eval` to learn why)."""
    try:
        return load_eval(cell_dir)
    except EvalFileError:
        return None


def read_header(cell_dir: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The ``header`` record of a cell's trace (its first line), or None when missing or unreadable (a first
    line over :data:`MAX_EVAL_BYTES` or nested deeper than :data:`.jsonsafe.MAX_DEPTH` counts as unreadable)."""
    p = Path(cell_dir) / TRACE_NAME
    try:
        with open(p, "rb") as f:
            line = f.readline(MAX_EVAL_BYTES + 1)  # never more than the limit, however long the line
        if len(line) > MAX_EVAL_BYTES:
            return None
        rec = jsonsafe.loads(line.decode("utf-8"), source=str(p), allow_duplicate_keys=True)
    except (OSError, ValueError):  # UnicodeDecodeError, JSONDecodeError and JSONLimitError are ValueErrors
        return None
    return rec if isinstance(rec, dict) and rec.get("type") == "header" else None


def find_cells(root: str | os.PathLike[str]) -> list[Path]:
    """Cell folders (holding ``trace.jsonl`` or ``eval.json``) at or below ``root``, in path order.

    Attempts archived under a cell's ``attempts/`` folder are not cells and are left out, and so is
    anything reached through a symbolic link below ``root`` (a link is never followed out of a sweep).
    """
    root = Path(root)
    found = set()
    for name in (TRACE_NAME, EVAL_NAME):
        for p in root.rglob(name):
            rel = p.relative_to(root).parts
            if ATTEMPTS_DIR in rel or has_symlink(root, p.parent):
                continue
            if p.is_file() or name == EVAL_NAME:  # an eval.json that is not a file is still a broken cell
                found.add(p.parent)
    return sorted(found)


class ScrubbedStream:
    """A text stream that passes every write through a :class:`Scrubber` (for stdout and stderr, so
    that no message, progress bar or warning prints a credential). Other attributes are the wrapped
    stream's."""

    def __init__(self, stream: Any, scrub: Scrubber):
        self._stream = stream
        self._scrub = scrub

    def write(self, text: str) -> int:
        """Write ``text`` with secrets replaced; returns ``len(text)`` as a stream does."""
        self._stream.write(self._scrub(text))
        return len(text)

    def write_unscrubbed(self, text: str) -> int:
        """Write ``text`` as it is: only for a secret this program made to be shown to the person at the terminal
        (a local page server's token in the address it prints)."""
        self._stream.write(text)
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def scrubbed_streams(scrub: Scrubber | None = None) -> Iterator[None]:
    """Within the block, ``sys.stdout`` and ``sys.stderr`` are :class:`ScrubbedStream` s."""
    scrub = scrub or Scrubber()
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = ScrubbedStream(out, scrub), ScrubbedStream(err, scrub)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def has_symlink(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """True when ``path`` or a folder between ``root`` (excluded) and it is a symbolic link."""
    root, path = Path(root), Path(path)
    cur = root
    for part in path.relative_to(root).parts:
        cur = cur / part
        if cur.is_symlink():
            return True
    return False


__all__ = ["TRACE_NAME", "EVAL_NAME", "FRAMES_DIR", "ATTEMPTS_DIR", "EvalFileError", "Scrubber", "ScrubbedStream",
           "TraceWriter", "read_trace", "iter_trace", "write_json_atomic", "load_eval", "read_eval", "read_header",
           "find_cells", "dumps", "has_symlink", "scrubbed_streams", "MAX_EVAL_BYTES", "MAX_TRACE_BYTES"]
