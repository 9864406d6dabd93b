"""Run a TaskPack's opening and one of its programs straight against the Environment, printing every
command's outcome and the score: the quick loop while authoring (``iw-eval validate`` runs the full
controls through the episode loop).

    python taskpacks/authoring/trypack.py decision-05            # opening + oracle commands
    python taskpacks/authoring/trypack.py decision-05 --program wrong
    python taskpacks/authoring/trypack.py prevention-02 --program nohelp
"""
from __future__ import annotations

import argparse
import sys

from interactiveworld.bench import scoring
from interactiveworld.bench.families import command_targets
from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack


def program_commands(tp, program: str) -> list[str]:
    """The commands of a program in execution order (WATCH: own plan up to each intervention)."""
    if program == "nohelp":
        return [s.command for s in tp.no_help.steps if s.command]
    steps = tp.oracle.steps if program == "oracle" else tp.controls.wrong.steps
    plan = [s.command for s in tp.no_help.steps if s.command] if tp.protocol_name == "WATCH" else []
    out: list[str] = []
    cursor = done = 0
    for s in steps:
        while tp.protocol_name == "WATCH" and done < s.after_segments and cursor < len(plan):
            out.append(plan[cursor])
            cursor += 1
            done += 1
        cursor += s.skip_plan
        out += list(s.commands)
        done += len(s.commands)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("task")
    ap.add_argument("--program", default="oracle", choices=("oracle", "wrong", "nohelp"))
    args = ap.parse_args(argv)
    from interactiveworld.env import Environment

    path = builtin_taskpacks().get(args.task, args.task)
    tp = load_taskpack(path)
    env = Environment(render=False)
    env.reset(tp.reset_scene())
    for c in tp.opening.commands:
        o = env.execute(c)
        print(f"  opening {'ok ' if o.ok else 'ERR'} {c} {'' if o.ok else o.message}")
    env.mark_baseline()
    baseline = env.relations()
    trace = []
    for i, c in enumerate(program_commands(tp, args.program), 1):
        o = env.execute(c)
        trace.append(scoring.TraceStep(i, o.primitive, command_targets(c), o.ok, env.relations()))
        print(f"  {args.program} {'ok ' if o.ok else 'ERR'} {c} {'' if o.ok else o.message}")
    res = scoring.score_episode(tp.completion, final=env.relations(), baseline=baseline, trace=trace)
    print(f"{tp.id} {args.program}: passed={int(res.passed)} completion={res.completion:.2f}")
    for p in res.points:
        print(f"    [{'x' if p.satisfied else ' '}] {p.label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
