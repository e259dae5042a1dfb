"""How much of a question a passage or sentence addresses: the share of the question's
content words (stemmed, diacritics folded) that it contains. Used by Gate 2 to refuse
when the nearest sources do not address the question, and to pick extracted sentences."""

from __future__ import annotations

import re

from letadesk.domain import Passage
from letadesk.verify.support import content_stems

# Question words carry no topic; a passage need not contain them.
_QUESTION_WORDS = frozenset(
    """what which who whom whose when where why how does do did is are can could should
    would must may shall there any agreement contract document party parties provide
    provides ce care cine cand când unde cum este sunt poate pot trebuie exista există
    prevede prevad prevăd lege legea contractul""".split()
)
_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+(?=[A-ZĂÂÎȘȚŞŢ(„\"0-9])|\n\s*\n|\n(?=\(\d+\)|[a-z]\) )")


def topic_stems(question: str) -> set[str]:
    ignore = set(content_stems(" ".join(_QUESTION_WORDS)))
    return {s for s in content_stems(question) if s not in ignore}


def relevance(question_stems: set[str], text: str) -> float:
    """Share of ``question_stems`` found in ``text`` (0 when the question has none)."""
    if not question_stems:
        return 0.0
    return len(question_stems & set(content_stems(text))) / len(question_stems)


def topic_within(topic: set[str], title: str) -> set[str]:
    """The question's topic inside a document titled ``title``. Words that only name the
    document ("durata *contractului de prestări servicii*", "pragurile din *Legea
    achizițiilor publice*") are what every passage of it is about, so a passage need not
    repeat them; they are dropped, unless nothing would remain."""
    return (topic - set(content_stems(title))) or topic


def passage_relevance(topic: set[str], passage: Passage, text: str | None = None) -> float:
    """Relevance of ``passage`` (or of ``text``, a part of it) to the question's topic,
    within the passage's document (:func:`topic_within`)."""
    return relevance(topic_within(topic, passage.document.title),
                     passage.fragment.text if text is None else text)


# Abbreviations after which a full stop does not end a sentence (lower case, no dot).
_ABBREVIATIONS = frozenset(
    "art alin lit pct nr no sec par para cf ca etc eg ie vs inc ltd co corp mr mrs ms dr "
    "str bl ap jud mun sect ord hg oug og dec civ proc pen fisc c l".split())


def _ends_sentence(text: str, dot: int) -> bool:
    """Whether the punctuation at ``dot`` ends a sentence (not an abbreviation)."""
    if text[dot] != ".":
        return True
    word_start = dot
    while word_start > 0 and text[word_start - 1].isalpha():
        word_start -= 1
    return text[word_start:dot].lower() not in _ABBREVIATIONS


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text`` (offsets), whitespace trimmed, empty ones dropped.
    A full stop after an abbreviation (``nr.``, ``art.``, ``Sec.``) ends nothing."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > 0 and not text[m.start()].startswith("\n") and \
                not _ends_sentence(text, m.start() - 1):
            continue
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out
