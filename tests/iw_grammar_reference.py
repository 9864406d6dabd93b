"""The action-block splitting rule of language/grammar.py written the straightforward way, as a reference for the
linear splitter (tests/test_grammar.py) and as the quadratic peer of benchmarks/bench_parsing.py."""
from __future__ import annotations


def reference_split(text: str) -> list[str]:
    """The splitting rule written the straightforward way (one slice and lstrip per candidate ", "; quadratic on
    inputs such as ", " * N): the linear splitter must agree with it on every input."""
    out = []
    for raw_line in str(text).splitlines():
        line = raw_line.strip()
        if not line or line.startswith("```"):
            continue
        depth, start, i = 0, 0, 0
        while i < len(line):
            ch = line[i]
            if ch in "<([":
                depth += 1
            elif ch in ">)]":
                depth = max(0, depth - 1)
            elif ch == "," and depth == 0 and line[i + 1 : i + 2] == " ":
                rest = line[i + 2 :].lstrip()
                if rest and (rest[0] == "[" or rest[0].isalpha()):
                    if line[start:i].strip():
                        out.append(line[start:i].strip())
                    start = i + 2
                    i += 1
            i += 1
        if line[start:].strip():
            out.append(line[start:].strip())
    return out
