"""The Gymnasium environments: Gymnasium's own checker, the oracle earning the full reward on every TaskPack,
controls that must earn nothing, budgets, the Finding boundary, the assistant side against the benchmark's own
episode, and vectorised runs in worker processes."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from iw_catalog import params as catalog_params  # noqa: E402
from iw_chat_server import ChatServer  # noqa: E402
from iw_gym import oracle_run, random_command  # noqa: E402

import interactiveworld.gym  # noqa: E402,F401  (registers the environments)
from interactiveworld.agents.controls import OracleAssistant, ScriptedHuman  # noqa: E402
from interactiveworld.bench.taskpack import TaskPackError, builtin_taskpacks, load_taskpack  # noqa: E402
from interactiveworld.gym import CHARSET, InteractiveWorldAssistantEnv, InteractiveWorldEnv  # noqa: E402
from interactiveworld.gym.assistant import read_utterance  # noqa: E402
from interactiveworld.gym.spaces import fit_text  # noqa: E402

TASKS = sorted(builtin_taskpacks())
_FAMILY_FIRST: dict[str, str] = {}
for _t in TASKS:
    _FAMILY_FIRST.setdefault(_t.split("-")[0], _t)
# the first TaskPack of each family runs by default; the rest are marked slow (CI runs them all)
EVERY_TASK = catalog_params(TASKS, lambda t: [] if t in _FAMILY_FIRST.values() else [pytest.mark.slow])
SMALL = {"width": 64, "height": 48}


def _pack(task_id):
    return load_taskpack(builtin_taskpacks()[task_id])


@pytest.mark.parametrize("env_id", ["InteractiveWorld-v0", "InteractiveWorldAssistant-v0"])
@pytest.mark.parametrize("state_only", [True, False])
def test_gymnasium_check_env(env_id, state_only):
    # a two-command opening keeps the checker's repeated resets quick when frames are rendered
    kwargs = {"task": "prevention-05", "state_only": state_only, **({} if state_only else SMALL)}
    if env_id == "InteractiveWorldAssistant-v0" and not state_only:
        kwargs["frames_per_command"] = 1
    env = gymnasium.make(env_id, **kwargs)
    # the render check builds the environment again with render_mode="rgb_array": a state-only one has no frames
    check_env(env.unwrapped, skip_render_check=state_only)
    env.close()


@pytest.mark.parametrize("task_id", EVERY_TASK)
def test_oracle_earns_the_full_reward_on_both_sides(task_id, tmp_path):
    """The benchmark's oracle run gives the command sequence (acting side) and the utterances (Assistant side);
    through either environment they earn rewards summing to 1 with the strict pass, and the Assistant side
    reproduces the benchmark's own cell record."""
    tp = _pack(task_id)
    ref, commands = oracle_run(tp)
    env = InteractiveWorldEnv(tp, state_only=True)
    obs, info = env.reset(seed=0)
    assert info["completion"] == 0.0 and obs["task"]
    total = 0.0
    for cmd in commands:
        obs, reward, terminated, truncated, info = env.step(cmd)
        assert obs["last_outcome"] == f"{cmd}: done." and not (terminated or truncated), (cmd, obs["last_outcome"])
        total += reward
    obs, reward, terminated, truncated, info = env.step("done")
    total += reward
    assert terminated and not truncated
    assert total == pytest.approx(1.0, abs=1e-12)
    assert info["is_success"] is True and info["completion"] == 1.0

    env = InteractiveWorldAssistantEnv(tp, state_only=True, log_dir=tmp_path)
    oracle = OracleAssistant(tp)
    env.reset(seed=0)
    oracle.reset(tp.protocol_name)
    total, done = 0.0, False
    while not done:
        said = oracle.act(env.episode.assistant_observation()).action.render()
        _, reward, terminated, truncated, info = env.step(said)
        total += reward
        done = terminated or truncated
    assert terminated and info["stop_reason"] == "done" and info["is_success"]
    assert total == pytest.approx(1.0, abs=1e-12)
    got = info["eval"]
    for field in ("passed", "completion", "ticks", "actions", "interventions", "final_digest", "stop_reason"):
        assert got[field] == ref[field], field
    # the episode's logs are kept where asked, as the benchmark writes them
    cell = tmp_path / task_id / "episode00001"
    assert json.loads((cell / "eval.json").read_text())["final_digest"] == ref["final_digest"]


@pytest.mark.parametrize("task_id", ["decision-05", "prevention-02", "finding-08"])
def test_controls_earn_nothing(task_id):
    tp = _pack(task_id)
    env = InteractiveWorldEnv(tp, state_only=True)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step("done")  # declaring success changes nothing
    assert terminated and reward == 0.0 and info["is_success"] is False
    # the wrong control's commands (deliberately wrong help) never reach the strict pass
    env.reset(seed=0)
    wrong = [c for step in tp.controls.wrong.steps for c in step.commands]
    total = 0.0
    for cmd in wrong:
        _, r, te, tr, info = env.step(cmd)
        total += r
        if te or tr:
            break
    _, r, te, tr, info = env.step("done")
    assert info["is_success"] is False and total + r == pytest.approx(info["completion"], abs=1e-12)
    # a random agent: rewards always sum to the completion they reach (no reward for undoing and redoing)
    rng = np.random.default_rng(7)
    obs, info = env.reset(seed=0)
    total, done = 0.0, False
    while not done:
        obs, r, te, tr, info = env.step(random_command(obs["handles"], obs["held"], rng))
        total += r
        done = te or tr
    assert tr and total == pytest.approx(info["completion"], abs=1e-12)


def test_rewards_telescope_when_a_goal_is_undone_and_redone():
    tp = _pack("decision-05")
    env = InteractiveWorldEnv(tp, state_only=True)
    env.reset(seed=0)
    steps = ["[Grab] <invoice_card> (2)", "[Put] <invoice_card> (2) <approval_desk> (1)", "[Grab] <invoice_card> (2)",
             "[Put] <invoice_card> (2) <approval_desk> (1)"]
    rewards = [env.step(c)[1] for c in steps]
    assert rewards == pytest.approx([0.0, 1.0, -1.0, 1.0])


def test_budgets_truncate_and_refusals_count():
    tp = _pack("decision-05")
    env = InteractiveWorldEnv(tp, state_only=True)
    env.reset(seed=0)
    for t in range(1, tp.budgets.ticks + 1):
        _, _, terminated, truncated, info = env.step("")
        assert info["ticks"] == t and info["actions"] == 0 and not terminated
        assert truncated == (t == tp.budgets.ticks)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step("")
    env.reset(seed=0)
    for a in range(1, tp.budgets.actions + 1):
        obs, _, terminated, truncated, info = env.step("[Grab] <no_such_thing> (1)")
        assert info["refused"] == a and "failed" in obs["last_outcome"]
        assert truncated == (a == tp.budgets.actions)


def test_action_blocks_parse_errors_and_bad_actions():
    env = InteractiveWorldEnv("decision-05", state_only=True)
    env.reset(seed=0)
    obs, _, _, _, info = env.step("[Grab] <invoice_card> (2)\n[Put] <invoice_card> (2) <approval_desk> (1)")
    assert info["actions"] == 2 and info["passed"] and obs["held"] == ""
    obs, _, _, _, info = env.step("[Grab] <missing> (1), [Grab] <invoice_card> (1)")
    assert info["actions"] == 3 and info["refused"] == 1  # a refusal drops the rest of the block
    obs, _, _, _, info = env.step("x" * 1001)
    assert info["refused"] == 2 and "more than 1000" in obs["last_outcome"]
    obs, _, _, _, info = env.step("[Grab] <invoice_card")
    assert info["refused"] == 3 and "Unclosed '<'" in obs["last_outcome"]  # the grammar's own refusal
    with pytest.raises(TypeError, match="string"):
        env.step(3)


def test_finding_targets_exist_only_while_visible():
    tp = _pack("finding-08")
    env = InteractiveWorldEnv(tp, state_only=True)
    obs, _ = env.reset(seed=0)
    targets = [e.handle for e in tp.human_context.legend if e.movable]
    hidden = [k for k in targets if f"<{k.split('#')[0]}> ({k.split('#')[1]})" not in obs["handles"]]
    assert hidden, "the task hides at least one movable target at handoff"
    name, index = hidden[0].split("#")
    obs, _, _, _, info = env.step(f"[Grab] <{name}> ({index})")
    assert "you cannot see it from here" in obs["last_outcome"] and info["refused"] == 1


def test_observation_frame_and_render():
    env = InteractiveWorldEnv("decision-05", render_mode="rgb_array", **SMALL)
    obs, _ = env.reset(seed=0)
    assert obs["frame"].shape == (48, 64, 3) and obs["frame"].dtype == np.uint8 and obs["frame"].std() > 0
    np.testing.assert_array_equal(env.render(), obs["frame"])
    before = obs["frame"].copy()
    obs, *_ = env.step("[Walk] <stock_counter> (1)")   # decision-05's handoff stands at the approval desk
    assert not np.array_equal(obs["frame"], before)  # the view moved with the body
    assert obs in env.observation_space
    with pytest.raises(ValueError, match="state_only"):
        InteractiveWorldEnv("decision-05", state_only=True, render_mode="rgb_array")


def test_task_pool_family_and_seeds():
    env = InteractiveWorldEnv(family="Planning", state_only=True)
    assert set(env.pool.ids) == {t for t in TASKS if t.startswith("planning")}
    drawn = {env.reset(seed=s)[1]["task_id"] for s in range(12)}
    assert drawn <= set(env.pool.ids) and len(drawn) > 1
    assert env.reset(seed=3)[1]["task_id"] == env.reset(seed=3)[1]["task_id"]
    assert env.reset(seed=1, options={"task": "planning-05"})[1]["task_id"] == "planning-05"
    with pytest.raises(ValueError, match="not in this environment's pool"):
        env.reset(options={"task": "decision-05"})
    with pytest.raises(TaskPackError, match="unknown task id"):
        InteractiveWorldEnv("decision-99")
    with pytest.raises(ValueError, match="unknown family"):
        InteractiveWorldEnv(family="Cooking")


def test_text_is_fitted_to_the_charset():
    assert fit_text("caf\u00e9 \u2014 \u201cok\u201d\t\u4e2d", 100) == 'cafe - "ok" ?'
    assert fit_text("a" * 50, 10) == "aaaaaaa..."
    assert all(c in CHARSET for c in fit_text("".join(chr(i) for i in range(0, 600)), 2000))


def test_read_utterance():
    assert read_utterance("").kind == "silent"
    assert read_utterance("done").kind == "done"
    assert (read_utterance("Pick up the $41 card.").kind, read_utterance("Pick up the $41 card.").speech) == \
        ("interrupt", "Pick up the $41 card.")
    assert read_utterance("error That is the wrong card.").kind == "error"
    assert read_utterance("interrupt").kind == "invalid"  # a keyword without speech, as in the benchmark


def test_assistant_side_silence_and_wrong_help_fail():
    tp = _pack("decision-05")
    env = InteractiveWorldAssistantEnv(tp, state_only=True)
    env.reset(seed=0)
    total, done = 0.0, False
    while not done:
        _, r, terminated, truncated, info = env.step("")
        total += r
        done = terminated or truncated
    assert truncated and info["stop_reason"] == "tick_budget" and not info["is_success"] and total == 0.0
    env.reset(seed=0)
    for step in tp.controls.wrong.steps:
        env.step(step.say)
        env.step("")
    _, _, terminated, _, info = env.step("done")
    assert terminated and not info["is_success"]
    env.close()


def test_model_and_callable_humans(monkeypatch):
    tp = _pack("decision-05")
    env = InteractiveWorldAssistantEnv(tp, state_only=True, human=lambda pack: ScriptedHuman(pack))
    obs, info = env.reset(seed=0)
    assert "approve" in obs["wearer_speech"]  # the handoff request arrives as speech
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test")
    # a model Human that always grabs the $41 card
    grab = "<reasoning>told to</reasoning><action>[Grab] <invoice_card> (2)</action><speak>Got it.</speak>"
    with ChatServer(lambda body: grab) as server:
        env = InteractiveWorldAssistantEnv(tp, state_only=True, human="openai/local-human",
                                           human_kwargs={"api_base": server.base, "max_retries": 0})
        env.reset(seed=0)
        obs, _, _, _, info = env.step("Pick up the card printed $41.")
    assert len(server.requests) == 1 and server.requests[0]["body"]["model"] == "local-human"
    assert info["commands"] == [{"command": "[Grab] <invoice_card> (2)", "ok": True, "message": "done"}]
    assert obs["wearer_speech"] == "Got it."
    with pytest.raises(ValueError, match="human must be"):
        InteractiveWorldAssistantEnv(tp, human=3)
    # no key and no server: refused when made, naming the variable, not by a transport error at the first reset
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ValueError, match="human: openai/local-human \\(provider openai\\): no credentials: set "
                                         "OPENAI_API_KEY"):
        InteractiveWorldAssistantEnv(tp, state_only=True, human="openai/local-human")


def _rollout(vec, steps: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    obs, _ = vec.reset(seed=seed)
    log = []
    for _ in range(steps):
        actions = tuple(random_command(obs["handles"][i], obs["held"][i], rng) for i in range(vec.num_envs))
        obs, rewards, terminated, truncated, _ = vec.step(actions)
        log.append((actions, list(obs["last_outcome"]), rewards.tolist(), terminated.tolist(), truncated.tolist()))
    return log


def test_async_vector_env_matches_sync():
    """Four copies in worker processes give what the same copies give in this process (same seeds and actions).

    Text observations need ``shared_memory=False``: Gymnasium's AsyncVectorEnv reads its shared buffers once at
    construction, which for (immutable) strings freezes the first value."""
    kwargs = {"task": ["decision-05", "guidance-05"], "state_only": True}
    asynchronous = gymnasium.make_vec("InteractiveWorld-v0", num_envs=4, vectorization_mode="async",
                                      vector_kwargs={"shared_memory": False}, **copy.deepcopy(kwargs))
    assert isinstance(asynchronous, gymnasium.vector.AsyncVectorEnv)
    try:
        got = _rollout(asynchronous, 5, seed=11)
    finally:
        asynchronous.close()
    sync = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("InteractiveWorld-v0", **copy.deepcopy(kwargs))
                                           for _ in range(4)])
    try:
        assert _rollout(sync, 5, seed=11) == got
    finally:
        sync.close()
    assert any(o.endswith("done.") for _, outs, *_ in got for o in outs)
