"""The evidence the Assistant needs is legible in the rendered opening (paper C.1.1 "Design objective" (i):
task-relevant evidence is genuinely visible from the wearer camera).

For five TaskPacks, one per family except Prevention, the opening is rendered and the frames are read
with Tesseract OCR; the words of the label, sheet or card that carry the answer must be read back from
at least one opening frame. OCR is an independent reader: it knows nothing of the label text the scene
was built with. Then, for every TaskPack, every declared ``label`` evidence item with a ``shown_by`` opening
command must be read back from that command's frames (the look-hold frame first): LookAt's reach and
line-of-sight rules keep the evidence the task needs in the pinned opening frames.
"""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

pytesseract = pytest.importorskip("pytesseract")
if shutil.which("tesseract") is None:  # pragma: no cover - the binary is part of the environment
    pytest.skip("the tesseract binary is not installed", allow_module_level=True)

from interactiveworld.bench.taskpack import builtin_taskpacks, load_taskpack  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "taskpacks" / "authoring"))
from sheets import opening_frames  # noqa: E402

from iw_catalog import params as catalog_params  # noqa: E402
from iw_catalog import sample  # noqa: E402

# task id -> words that must be read in one frame (the evidence the Assistant uses)
EVIDENCE = {
    "decision-05": ["PRICES", "VAN", "CHOC", "ORIG", "$3", "$4", "$5"],   # the price sheet
    "guidance-03": ["VISITOR", "ARCHIVE", "OLD", "NEW"],                 # the whiteboard order
    "planning-01": ["SHIPMENT", "WATER", "JUICE", "8L", "9L"],           # the order sheet
    "accessibility-07": ["NO", "GLASS", "BIN"],                           # the sign over the bin
    "finding-15": ["EQUIPMENT", "STORAGE"],                               # the form's title
}


def _words(img: np.ndarray) -> set[str]:
    """Words Tesseract reads in a frame: the frame as rendered and a 2x upscaled, binarised copy (label text is
    black; shading greys the paper, which the threshold at 100/255 removes). Quantities are joined to their
    unit ("5 L" -> "5L")."""
    from PIL import Image

    gray = Image.fromarray(np.asarray(img, np.uint8)).convert("L")
    big = gray.resize((gray.width * 2, gray.height * 2), Image.LANCZOS).point(lambda p: 0 if p < 100 else 255)
    return _tokens(" ".join(pytesseract.image_to_string(im, config="--psm 6") for im in (gray, big)))


def _tokens(text: str) -> set[str]:
    text = re.sub(r"(\d)\s+(ML|L)\b", r"\1\2", text.upper())
    return {w for w in re.split(r"[^A-Z0-9$]+", text) if w}


def _words_read(img: np.ndarray) -> set[str]:
    """:func:`_words` of the frame and of its central half and central 40 %, the crops also upscaled without
    binarising (a close-up centres its label; the
    floor's shading texture or a coloured border can throw Tesseract's page segmentation off a label that is
    perfectly legible)."""
    from PIL import Image

    h, w = img.shape[:2]
    out = _words(img)
    for f in (0.25, 0.3):
        crop = np.ascontiguousarray(img[int(h * f):h - int(h * f), int(w * f):w - int(w * f)])
        out |= _words(crop)
        gray = Image.fromarray(crop).convert("L")
        out |= _tokens(pytesseract.image_to_string(gray.resize((gray.width * 2, gray.height * 2), Image.LANCZOS),
                                                   config="--psm 6"))
    return out


def _label_words(text: str) -> set[str]:
    """The words OCR must read for a printed label, quantities joined to their unit as :func:`_words` does."""
    t = re.sub(r"(\d)\s+(ML|L)\b", r"\1\2", text.upper())
    return {w for w in re.split(r"[^A-Z0-9$]+", t) if w}


PRINTED = sorted(tid for tid, p in builtin_taskpacks().items()
                 if any(ev.kind == "label" and ev.shown_by for ev in load_taskpack(p).evidence))


def test_most_taskpacks_show_printed_evidence_in_their_opening():
    assert len(PRINTED) >= 20


FAST = min(sample(PRINTED), key=lambda t: (len(load_taskpack(builtin_taskpacks()[t]).opening.commands), t))
"""The sampled TaskPack with the shortest opening stays in the default suite; the others render and read up to a
minute each on two CPU cores and are ``slow``."""


@pytest.mark.parametrize("tid", catalog_params(PRINTED, lambda t: [] if t == FAST else [pytest.mark.slow]))
def test_declared_label_evidence_is_legible_where_it_is_shown(tid):
    from interactiveworld.env import Environment

    tp = load_taskpack(builtin_taskpacks()[tid])
    wanted = [ev for ev in tp.evidence if ev.kind == "label" and ev.shown_by]
    env = Environment(render=True, width=640, height=480, frames_per_command=1)   # the result and look-hold frames
    env.reset(tp.reset_scene())
    frames = {}
    for c in tp.opening.commands:
        out = env.execute(c)
        assert out.ok, out.message
        frames[c] = [f for f, _ in sorted(zip(out.frames, out.frame_tags), key=lambda ft: "look_hold" not in ft[1])]
    for ev in wanted:
        need = _label_words(ev.text)
        read: set[str] = set()
        for img in frames[ev.shown_by][:2]:
            read |= _words_read(img) & need
            if read == need:
                break
        assert read == need, f"{tid}: {ev.text!r} on {ev.entity}: {ev.shown_by} frames read only {sorted(read)}"


@pytest.fixture(scope="module")
def rendered():
    """The opening frames of the five TaskPacks of ``EVIDENCE`` (about a minute on two CPU cores)."""
    packs = builtin_taskpacks()
    return {tid: opening_frames(load_taskpack(packs[tid])) for tid in EVIDENCE}


def test_one_task_per_family_but_prevention():
    packs = builtin_taskpacks()
    fams = {load_taskpack(packs[t]).family.value for t in EVIDENCE}
    assert fams == {"Decision", "Guidance", "Planning", "Accessibility", "Finding"}


@pytest.mark.slow
@pytest.mark.parametrize("tid", sorted(EVIDENCE))
def test_evidence_is_legible_in_an_opening_frame(tid, rendered):
    frames, captions = rendered[tid]
    assert frames, "the opening renders frames"
    need = set(EVIDENCE[tid])
    best: tuple[int, str, set[str]] = (-1, "", set())
    # look-hold frames (the inspection view of a LookAt) first, then the rest
    order = sorted(range(len(frames)), key=lambda i: "look_hold" not in captions[i])
    for img, cap in ((frames[i], captions[i]) for i in order):
        got = _words(img) & need
        if len(got) > best[0]:
            best = (len(got), cap, got)
        if got == need:
            break
    assert best[2] == need, f"{tid}: best frame ({best[1]!r}) reads only {sorted(best[2])} of {sorted(need)}"


@pytest.mark.slow
@pytest.mark.parametrize("tid", sorted(EVIDENCE))
def test_evidence_is_not_readable_everywhere(tid, rendered):
    """The reader is discriminating: some opening frame (walking, looking elsewhere) does not show the full text."""
    frames, captions = rendered[tid]
    others = (f for f, c in zip(frames, captions) if "look_hold" not in c)
    assert any(not _words(f) >= set(EVIDENCE[tid]) for f in others)
