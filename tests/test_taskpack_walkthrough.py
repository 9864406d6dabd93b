"""taskpacks/README.md's walkthrough, followed literally: the TaskPack it shows is saved under the name it
gives, then every iw-eval command it lists runs in that folder (hash, validate, run, show)."""
import json
import shlex
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from iw_readme import TASKPACK_README, WALKTHROUGH, commands, section, walkthrough_file  # noqa: E402

from interactiveworld.bench.metrics import load_results  # noqa: E402
from interactiveworld.bench.taskpack import compute_hash, load_taskpack  # noqa: E402
from interactiveworld.cli import main  # noqa: E402


@pytest.mark.slow
def test_the_walkthrough_works_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    name, text = walkthrough_file()
    data = json.loads(text)
    assert "catalog" not in data and "hash" not in data  # written from scratch: no catalog row, hashed below
    Path(name).write_text(text, encoding="utf-8")
    lines = commands(section(TASKPACK_README, WALKTHROUGH))
    assert [ln.split()[1] for ln in lines] == ["hash", "validate", "run", "show"]
    for line in lines:
        assert main(shlex.split(line)[1:]) == 0, line
    out = capsys.readouterr().out
    tp = load_taskpack(name)
    assert tp.id == data["id"] and tp.hash == compute_hash(json.loads(Path(name).read_text()))
    assert "1/1 TaskPack(s) valid" in out and "[x] oracle control passes" in out
    run = shlex.split(next(ln for ln in lines if ln.split()[1] == "run"))
    (rec,) = load_results(run[run.index("--out") + 1])
    assert rec["task_id"] == tp.id and rec["passed"] == 1 and rec["assistant"] == "oracle"
    assert len(list(Path(run[run.index("--out") + 1]).rglob("contact_sheet.png"))) == 1
