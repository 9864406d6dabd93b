"""Code from the project's documentation, for tests that follow it literally: the fenced blocks of one
section of a Markdown file, and the walkthrough TaskPack of ``taskpacks/README.md``."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TASKPACK_README = ROOT / "taskpacks" / "README.md"
WALKTHROUGH = "## Writing a TaskPack from scratch"


def section(path: Path, heading: str) -> str:
    """The text of a Markdown section: from its heading line to the next heading of the same level."""
    text = path.read_text(encoding="utf-8")
    start = text.index(heading + "\n")
    level = heading.split(" ", 1)[0]
    nxt = re.search(rf"^{re.escape(level)} ", text[start + len(heading):], re.M)
    return text[start:start + len(heading) + (nxt.start() if nxt else len(text))]


def blocks(text: str, lang: str) -> list[str]:
    """The fenced code blocks of one language in a piece of Markdown, in order."""
    return re.findall(rf"^```{lang}\n(.*?)^```", text, re.M | re.S)


def commands(text: str, program: str = "iw-eval") -> list[str]:
    """The command lines of the ``bash`` blocks that run ``program`` (trailing comments removed)."""
    out = []
    for block in blocks(text, "bash"):
        for line in block.splitlines():
            line = line.split(" # ", 1)[0].strip()
            if line.startswith(program + " "):
                out.append(line)
    return out


def walkthrough_file() -> tuple[str, str]:
    """(file name, JSON text) of the TaskPack the walkthrough saves."""
    text = section(TASKPACK_README, WALKTHROUGH)
    name = re.search(r"Save this as `([^`]+)`", text).group(1)
    return name, blocks(text, "json")[0]
