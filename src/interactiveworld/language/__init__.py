"""The semantic layer: the command grammar, the registry of the 36 primitives, and compilation into goals.

Paper section 2.3 and appendix B.3.1. ``grammar`` turns command text into :class:`ParsedCommand` values,
``registry`` maps surface verbs to the canonical primitives of Table 5, and ``compiler`` grounds entity
references against the scene and emits typed :class:`Goal` lists with implicit, de-duplicated navigation.
``offscreen`` reads the offscreen event lines of a TaskPack opening (another person moves an object).
"""
from .compiler import (
    DEFAULT_FORWARD_M,
    DEFAULT_TURN_DEG,
    DEFAULT_WAIT_S,
    MAX_FORWARD_M,
    PACE_LENGTH_M,
    WAIT_RANGE_S,
    CompiledCommand,
    EntityRecord,
    Goal,
    GoalKind,
    compile_block,
    compile_command,
    compile_text,
    render_command,
    render_structured,
    resolve_entity,
)
from .grammar import (
    EntityArg,
    ParsedCommand,
    ParseError,
    normalize_name,
    parse_action_block,
    parse_command,
    split_commands,
)
from .offscreen import OffscreenMove, is_offscreen, parse_offscreen
from .registry import (
    PRIMITIVES,
    Postcondition,
    PrimitiveSpec,
    all_aliases,
    command_legend,
    resolve_verb,
    suggest_verb,
)

__all__ = [
    "ParseError",
    "EntityArg",
    "ParsedCommand",
    "split_commands",
    "parse_command",
    "parse_action_block",
    "normalize_name",
    "PrimitiveSpec",
    "Postcondition",
    "PRIMITIVES",
    "resolve_verb",
    "suggest_verb",
    "all_aliases",
    "command_legend",
    "EntityRecord",
    "GoalKind",
    "Goal",
    "CompiledCommand",
    "compile_command",
    "compile_text",
    "compile_block",
    "render_command",
    "render_structured",
    "resolve_entity",
    "PACE_LENGTH_M",
    "DEFAULT_FORWARD_M",
    "MAX_FORWARD_M",
    "DEFAULT_TURN_DEG",
    "DEFAULT_WAIT_S",
    "WAIT_RANGE_S",
    "OffscreenMove",
    "is_offscreen",
    "parse_offscreen",
]
