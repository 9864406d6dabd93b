"""Gymnasium environments on InteractiveWorld (needs the ``gym`` extra: ``pip install 'interactiveworld[gym]'``).

Importing this module registers two environments:

* ``InteractiveWorld-v0`` -- :class:`~.human.InteractiveWorldEnv`: the agent acts, writing commands of the
  action language; the reward is the change in the TaskPack's completion.
* ``InteractiveWorldAssistant-v0`` -- :class:`~.assistant.InteractiveWorldAssistantEnv`: the agent speaks as the
  Assistant to a Human (scripted or a model) who acts; same reward.

``gymnasium.make("interactiveworld.gym:InteractiveWorld-v0", task="decision-05")`` imports and registers in
one go; ``gymnasium.make_vec(..., vectorization_mode="async")`` runs copies in worker processes.
"""
from __future__ import annotations

import gymnasium

from .assistant import InteractiveWorldAssistantEnv, read_utterance
from .human import InteractiveWorldEnv, task_text
from .spaces import CHARSET, DONE_ACTIONS, MAX_ACTION_CHARS, MAX_HANDLES_CHARS, MAX_TEXT_CHARS, TaskPool

__all__ = ["InteractiveWorldEnv", "InteractiveWorldAssistantEnv", "TaskPool", "CHARSET", "DONE_ACTIONS",
           "MAX_ACTION_CHARS", "MAX_HANDLES_CHARS", "MAX_TEXT_CHARS", "ENV_IDS", "read_utterance", "task_text"]

ENV_IDS = {"InteractiveWorld-v0": "interactiveworld.gym.human:InteractiveWorldEnv",
           "InteractiveWorldAssistant-v0": "interactiveworld.gym.assistant:InteractiveWorldAssistantEnv"}
"""Registered environment ids and their entry points."""

for _id, _entry in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=_entry)
