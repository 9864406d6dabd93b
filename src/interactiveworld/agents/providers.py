"""litellm, imported on first use, and the model strings it routes (``<provider>/<model>``).

Cheap to import: the command lines check model strings while they build their parsers, and litellm (several
seconds to import) is loaded only when a model string is checked or a model is called. The model agents are
:mod:`.model`.
"""
from __future__ import annotations

import os
import re

_litellm = None

_MODEL_RE = re.compile(r"^[A-Za-z0-9][\w.\-]*(/[\w.\-:@]+)+$|^[A-Za-z0-9][\w.\-:]*$")


def litellm_module():
    """Import litellm quietly and offline (local cost map, no debug banners)."""
    global _litellm
    if _litellm is None:
        os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
        import litellm

        litellm.suppress_debug_info = True
        litellm.set_verbose = False
        litellm.drop_params = True
        _litellm = litellm
    return _litellm


def check_model_string(model: str) -> str:
    """Validate a litellm model string such as ``openai/gpt-5.5`` or ``gemini/gemini-3.1-pro``.

    Returns:
        The provider litellm routes the model to.

    Raises:
        ValueError: the string is malformed or names no provider litellm knows.
    """
    if not isinstance(model, str) or not _MODEL_RE.match(model.strip()):
        raise ValueError(f"bad model string {model!r}: expected '<provider>/<model>' (e.g. 'openai/gpt-5.5')")
    lm = litellm_module()
    try:
        _, provider, _, _ = lm.get_llm_provider(model.strip())
    except Exception as exc:  # litellm raises its BadRequestError for unknown providers
        raise ValueError(f"bad model string {model!r}: litellm cannot route it to a provider "
                         f"(write it as '<provider>/<model>')") from exc
    return provider


__all__ = ["check_model_string", "litellm_module"]
