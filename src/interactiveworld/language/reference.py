"""Whether speech refers to an object by name: the NARRATE exposure rule and the evidence scan (paper appendix
C.2.2, "Private handles encode only an object or destination already identified by the Assistant"; DESIGN.md
"Visibility").

The matcher works on words, never on substrings:

1. :func:`words` normalises text: Unicode NFKC, lower case, curly apostrophes straightened; a word is a run of
   letters and digits, with ``$`` and ``%`` kept, ``.``/``:`` kept between digits ("$41", "0.6", "7:55") and
   an apostrophe kept inside a word ("don't"; a possessive "'s" is dropped); underscores and hyphens separate
   words, so the handle name ``soda_can`` reads "soda can".
2. Every word is reduced to its singular with ``inflect`` (a maintained English inflection library), so
   "bottles" matches the name "bottle" and "knives" matches "knife".
3. A name (several words) is referred to when its singular words occur consecutively in the speech.
4. A name of one word that is also an English auxiliary verb (``can``, ``may``, ``will``...; see
   :data:`AUXILIARY_HOMOGRAPHS`) counts only where it is used as a noun: after a determiner or a content word
   ("the can", "soda can") and not before a subject pronoun, ``not`` or a bare verb that an auxiliary takes
   ("can you", "can be"). So "Can you turn around slowly?" names no can, and "toilet" never names "oil".

Whole guidance lines are compared after :func:`normalize_utterance` (the scripted Human's grounding key,
which a TaskPack's guidance phrases must not share).
"""
from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

_WORD = re.compile(r"\$?[a-z0-9]+(?:'[a-z]+)?(?:[.:][0-9]+)*%?")

AUXILIARY_HOMOGRAPHS = frozenset({"can", "may", "will", "must", "might", "should", "would", "could", "need"})
"""Single-word names that are also auxiliary verbs: a reference needs noun context (rule 4)."""
DETERMINERS = frozenset({
    "the", "a", "an", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their", "one",
    "each", "every", "any", "some", "no", "other", "another", "which", "what", "first", "second", "third", "last",
    "next", "same",
})
_FUNCTION_WORDS = frozenset({
    "i", "you", "he", "she", "it", "we", "they", "me", "him", "us", "them", "and", "or", "but", "so", "if",
    "then", "than", "because", "when", "where", "who", "how", "why", "do", "does", "did", "is", "are", "was",
    "were", "be", "been", "to", "of", "please", "not", "just", "also", "now", "there", "here", "yes", "ok",
    "okay", "well", "oh",
}) | AUXILIARY_HOMOGRAPHS
_AFTER_AUXILIARY = frozenset({
    "i", "you", "he", "she", "it", "we", "they", "not", "be", "have", "never", "also", "still", "only", "just",
    "now", "please", "see", "take", "put", "go", "turn", "reach", "feel", "find", "grab", "pick", "open",
    "close", "walk", "move", "hold", "get", "use", "try", "bring", "carry", "help", "tell", "hear", "say",
})
"""Words that follow an auxiliary verb, not a noun ("can you", "can be", "can reach")."""


def normalize(text: str) -> str:
    """NFKC, lower case, straight apostrophes, underscores and hyphens as spaces."""
    t = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"[_\-]+", " ", t)


def normalize_utterance(text: str) -> str:
    """Case-folded words of an utterance (punctuation other than ``$ % .`` inside numbers removed): the key
    under which the scripted Human grounds guidance and a TaskPack's guidance phrases must not collide."""
    t = text.lower().replace("\u2019", "'")
    t = re.sub(r"(?<!\d)\.|\.(?!\d)", " ", t)
    t = re.sub(r"[^a-z0-9$%.'\s]+", " ", t)
    return " ".join(t.split())


_CLOSED_CLASS = _FUNCTION_WORDS | DETERMINERS | _AFTER_AUXILIARY | frozenset({
    "his", "hers", "ours", "yours", "theirs", "its", "this", "has", "was", "does", "goes", "yes", "plus", "us",
    "always", "perhaps", "across", "towards", "less", "unless", "as", "upstairs", "downstairs", "sideways"})
"""Words that are never plural nouns (``inflect`` would strip their final s)."""


def _unchecked(target=None, **_options):
    """Stand-in for typeguard's ``@typechecked`` while inflect is imported: the function unchanged."""
    return target if target is not None else (lambda f: f)


@lru_cache(maxsize=1)
def inflect_engine():
    """inflect's engine, made on first use (not at import of this module).

    inflect decorates 23 of its methods with typeguard's ``@typechecked``, which re-parses and recompiles inflect's
    4,000-line source once per method: about 2 s in every process that matches plurals, each sweep worker included,
    and a type check on every call after that. The decorator only rejects arguments of the wrong type, and this
    module passes ``str`` alone, so inflect is imported with the decorator as the identity (as ``python -O`` would
    make it). Results are the same word for word (``tests/test_reference.py`` compares with a normal import).
    """
    if "inflect" not in sys.modules:
        import typeguard

        checked = typeguard.typechecked
        typeguard.typechecked = _unchecked
        try:
            import inflect
        finally:
            typeguard.typechecked = checked
    import inflect

    return inflect.engine()


@lru_cache(maxsize=8192)
def singular(word: str) -> str:
    """The singular of an English noun (``inflect``); the word itself when it is not a plural."""
    if len(word) < 3 or not word.isalpha() or word in _CLOSED_CLASS:
        return word
    s = inflect_engine().singular_noun(word)
    return s if isinstance(s, str) and s else word


def words(text: str) -> list[str]:
    """The normalised singular words of ``text`` (see the module docstring)."""
    return [singular(w[:-2] if w.endswith("'s") else w) for w in _WORD.findall(normalize(text))]


def _noun_use(seq: Sequence[str], i: int) -> bool:
    """Whether the auxiliary homograph at ``seq[i]`` is used as a noun (rule 4)."""
    prev = seq[i - 1] if i > 0 else ""
    nxt = seq[i + 1] if i + 1 < len(seq) else ""
    if prev == "" or (prev in _FUNCTION_WORDS and prev not in DETERMINERS):
        return False
    return nxt not in _AFTER_AUXILIARY


def find_name(speech: Sequence[str], name: Sequence[str]) -> bool:
    """Whether the word sequence ``name`` occurs in the word sequence ``speech`` (both from :func:`words`) as a
    reference (rule 4 for one-word auxiliary homographs)."""
    n = len(name)
    if n == 0 or n > len(speech):
        return False
    for i in range(len(speech) - n + 1):
        if list(speech[i:i + n]) == list(name):
            if n == 1 and name[0] in AUXILIARY_HOMOGRAPHS and not _noun_use(speech, i):
                continue
            return True
    return False


def refers_to(speech: str, names: Iterable[str]) -> bool:
    """Whether ``speech`` refers to an object known by any of ``names`` (whole words, normalised, plural-aware,
    auxiliary homographs only as nouns)."""
    said = words(speech)
    return any(find_name(said, words(n)) for n in names if n and n.strip())


def entry_names(handle: str, aliases: Iterable[str] = ()) -> list[str]:
    """The names of a legend entry: its handle's name (``"soda_can#1"`` -> ``"soda can"``) and its aliases."""
    return [handle.partition("#")[0].replace("_", " "), *aliases]


__all__ = ["AUXILIARY_HOMOGRAPHS", "DETERMINERS", "normalize", "normalize_utterance", "singular", "words",
           "find_name", "refers_to", "entry_names"]
