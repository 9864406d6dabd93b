"""The scrubber against every credential form an HTTP client sends, through every output: stderr (the command
line's scrubbed streams), the trace, eval.json, the report and the pages' event stream.

Forms covered: ``Authorization: Bearer``, ``Authorization: Basic`` (base64 of ``user:password``, what a password
in an ``--api-base`` URL becomes), ``Authorization: token``, key headers (``x-api-key``, ``api-key``,
``x-goog-api-key``, ``anthropic-api-key``, ``ocp-apim-subscription-key``) in header, dict and JSON spelling,
``user:password@`` in a URL, query keys (``?key=``, ``&api_key=``, ``?token=``, ``&sig=``), provider key shapes
(``sk-``) and the value of an environment variable named like a secret."""
from __future__ import annotations

import base64
import io
import json
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interactiveworld.bench.logs import (REDACTED, Scrubber, ScrubbedStream, TraceWriter, read_trace,
                                         write_json_atomic)
from interactiveworld.bench.report import write_report
from interactiveworld.web.person import Channel

FORMS = {
    "bearer": lambda s: f"Authorization: Bearer {s}",
    "basic": lambda s: "Authorization: Basic " + base64.b64encode(f"alice:{s}".encode()).decode(),
    "token": lambda s: f"authorization: token {s}",
    "x-api-key header": lambda s: f"x-api-key: {s}",
    "api-key dict": lambda s: f"{{'api-key': '{s}'}}",
    "x-goog-api-key json": lambda s: json.dumps({"x-goog-api-key": s}),
    "anthropic-api-key": lambda s: f"anthropic-api-key={s}",
    "ocp-apim-subscription-key": lambda s: f"Ocp-Apim-Subscription-Key: {s}",
    "userinfo": lambda s: f"http://alice:{s}@10.0.0.5:8000/v1",
    "query key": lambda s: f"https://host.example/v1/chat?key={s}",
    "query api_key": lambda s: f"https://host.example/v1?model=x&api_key={s}",
    "query token": lambda s: f"wss://host.example/ws?token={s}&x=1",
    "query sig": lambda s: f"https://blob.example/f.png?sv=1&sig={s}",
    "sk- key": lambda s: f"key sk-{s}",
    "environment": lambda s: f"echo {s} back",
}
SECRET_CHARS = string.ascii_letters + string.digits
# a secret: a distinctive head (so that surrounding text cannot make it by chance), a digit, random tail
secrets_ = st.builds(lambda tail: "Zq9" + tail, st.text(SECRET_CHARS, min_size=10, max_size=40))
noise = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)


def _leaks(text: str, secret: str, form: str) -> bool:
    """The secret (or, for Basic, its base64 form) is still in ``text``."""
    if secret in text:
        return True
    return form == "basic" and base64.b64encode(f"alice:{secret}".encode()).decode() in text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(secret=secrets_, form=st.sampled_from(sorted(FORMS)), before=noise, after=noise)
def test_every_credential_form_is_scrubbed_from_every_output(tmp_path_factory, secret, form, before, after):
    text = f"{before} {FORMS[form](secret)} {after}"
    environ = {"MY_PROVIDER_API_KEY": secret} if form == "environment" else {}
    scrub = Scrubber(environ=environ)
    out = scrub(text)
    assert not _leaks(out, secret, form), (form, out)
    assert REDACTED in out
    # stderr: the command line's scrubbed stream
    buf = io.StringIO()
    ScrubbedStream(buf, scrub).write(text)
    assert not _leaks(buf.getvalue(), secret, form)
    # trace and eval.json
    d = tmp_path_factory.mktemp("out")
    with TraceWriter(d / "trace.jsonl", scrub=scrub, fsync=False) as w:
        w.write("human", raw=text, call={"error": text})
    assert not _leaks((d / "trace.jsonl").read_text(encoding="utf-8"), secret, form)
    assert read_trace(d / "trace.jsonl")[0]["type"] == "human"
    write_json_atomic(d / "eval.json", {"void_reason": text}, scrub=scrub)
    assert not _leaks((d / "eval.json").read_text(encoding="utf-8"), secret, form)


def test_the_report_and_the_pages_are_scrubbed(tmp_path, monkeypatch):
    secret = "Zq9reportSECRET12345"
    monkeypatch.setenv("SOME_SERVICE_TOKEN", "Zq9envSECRET99999")
    basic = base64.b64encode(f"alice:{secret}".encode()).decode()
    reason = (f"transport: at http://alice:{secret}@127.0.0.1:1/v1: Authorization: Basic {basic} "
              f"x-api-key: {secret} env Zq9envSECRET99999")
    # a stranger's eval.json holding credentials in its VOID reason (written without the scrubber)
    cell = tmp_path / "run" / "openai-m__scripted-0123abcd" / "decision-05" / "seed0"
    cell.mkdir(parents=True)
    (cell / "trace.jsonl").write_text("")
    (cell / "eval.json").write_text(json.dumps({
        "format": "interactiveworld.eval/1", "task_id": "decision-05", "family": "Decision", "assistant": "openai/m",
        "human": "scripted", "seed": 0, "status": "void", "stop_reason": "void", "void_reason": reason,
        "passed": None, "completion": None, "capabilities": []}))
    res = write_report(tmp_path / "run", tmp_path / "report", plots=False)
    for f in res["files"]:
        data = open(f, encoding="utf-8").read()
        assert secret not in data and basic not in data and "Zq9envSECRET99999" not in data, f
    # the pages: every event a page is sent
    ch = Channel()
    ch.publish({"type": "end", "void_reason": reason})
    ch.publish({"type": "status", "text": f"partner said Bearer {secret}"})
    for line in ch.subscribe(None, None):
        assert secret not in line and basic not in line and "Zq9envSECRET99999" not in line
