"""Vectorised rollouts of ``InteractiveWorld-v0``: 4 environments stepping random valid commands (entities taken from
each observation's handles; the world refuses some of them, as it would an agent's), in worker processes
(``gymnasium.vector.AsyncVectorEnv``) against the same 4 environments in this process
(``gymnasium.vector.SyncVectorEnv``, the peer), state-only and rendered (320x240, one frame per command).

Reported: environment steps per second (4 x steps / wall time) of both, and sync/async time ratios (> 1: the
worker processes are faster). Resets (scene build and opening) are outside the timed steps. On a machine with
fewer cores than environments the ratio is bounded by the cores.

Run: ``.venv/bin/python -m pytest benchmarks/bench_gym.py --benchmark-enable -q -s``
"""
from __future__ import annotations

import statistics
import time

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from iw_gym import random_command  # noqa: E402

import interactiveworld.gym  # noqa: E402,F401  (registers the environments)

NUM_ENVS = 4
STEPS = 8
TASKS = ["decision-05", "guidance-05", "planning-01", "prevention-02"]


def _vector(mode: str, state_only: bool):
    kwargs = {"task": list(TASKS), "state_only": state_only}
    if mode == "async":  # Text observations cross processes by pipe (see tests/test_gym.py)
        return gymnasium.make_vec("InteractiveWorld-v0", num_envs=NUM_ENVS, vectorization_mode="async",
                                  vector_kwargs={"shared_memory": False}, **kwargs)
    return gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("InteractiveWorld-v0", **kwargs)
                                           for _ in range(NUM_ENVS)])


def _rollout(vec, obs, rng) -> int:
    executed = 0
    for _ in range(STEPS):
        actions = tuple(random_command(obs["handles"][i], obs["held"][i], rng) for i in range(NUM_ENVS))
        obs, _, _, _, _ = vec.step(actions)
        executed += sum(o.endswith("done.") for o in obs["last_outcome"])
    return executed


@pytest.mark.parametrize("state_only", [True, False], ids=["state_only", "rendered"])
def test_vector_rollout_steps_per_second(benchmark, ratios, state_only, capsys):
    rounds = 1 if getattr(benchmark, "disabled", False) else 3
    per_mode: dict[str, list[float]] = {"async": [], "sync": []}
    executed: dict[str, int] = {}
    for mode in ("async", "sync"):
        vec = _vector(mode, state_only)
        seeds = iter(range(100, 100 + rounds))

        def setup():
            seed = next(seeds)
            obs, _ = vec.reset(seed=seed)
            return (obs, np.random.default_rng(seed)), {}

        def timed_rollout(obs, rng):
            t0 = time.perf_counter()
            executed[mode] = _rollout(vec, obs, rng)
            per_mode[mode].append(time.perf_counter() - t0)

        try:
            if mode == "async":  # ours: the pytest-benchmark measurement
                benchmark.pedantic(timed_rollout, setup=setup, rounds=rounds, iterations=1)
            else:
                for _ in range(rounds):
                    args, _ = setup()
                    timed_rollout(*args)
        finally:
            vec.close()
    # same seeds, same random policy, same worlds: both modes did the same work
    assert executed["async"] == executed["sync"] > 0
    group = f"gym rollout 4x{STEPS} {'state' if state_only else 'rendered'}"
    ratios.add(group, "ours", (min(per_mode["async"]), statistics.median(per_mode["async"])))
    ratios.add(group, "sync_vector_env", (min(per_mode["sync"]), statistics.median(per_mode["sync"])))
    sps = {m: NUM_ENVS * STEPS / min(t) for m, t in per_mode.items()}
    benchmark.extra_info.update({"async_steps_per_s": sps["async"], "sync_steps_per_s": sps["sync"],
                                 "commands_succeeded": executed["async"]})
    with capsys.disabled():
        print(f"\n[bench_gym] {'state-only' if state_only else 'rendered 320x240'}: {NUM_ENVS} envs x {STEPS} steps, "
              f"random valid commands ({executed['async']} of {NUM_ENVS * STEPS} succeeded)")
        print(f"[bench_gym] AsyncVectorEnv {sps['async']:.2f} steps/s, SyncVectorEnv {sps['sync']:.2f} steps/s, "
              f"speed-up {sps['async'] / sps['sync']:.2f}x")
