"""The two agents of the closed loop: protocols, prompts, model agents and control policies.

Model agents (:mod:`.model`) import litellm lazily, so importing this package stays cheap.
"""
from .base import (AgentTransportError, Assistant, AssistantObservation, AssistantTurn, CallRecord, Frame, Human,
                   HumanObservation, HumanTurn)
from .controls import (CONTROL_ASSISTANTS, EarlyAssistant, NoAssistant, OracleAssistant, ScriptedHuman,
                       SilentAssistant, WrongAssistant, make_control_assistant)
from .memory import AssistantMemory
from .protocol import AssistantAction, HumanReply, parse_assistant, parse_human

__all__ = ["AgentTransportError", "Assistant", "AssistantObservation", "AssistantTurn", "CallRecord", "Frame",
           "Human", "HumanObservation", "HumanTurn", "CONTROL_ASSISTANTS", "EarlyAssistant", "NoAssistant",
           "OracleAssistant", "ScriptedHuman", "SilentAssistant", "WrongAssistant", "make_control_assistant",
           "AssistantMemory", "AssistantAction", "HumanReply", "parse_assistant", "parse_human"]
