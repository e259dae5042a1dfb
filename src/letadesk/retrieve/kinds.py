"""Which contract a question names by its kind: "the services contract", "the lease
agreement", "contractul de prestări servicii", "acordului de confidențialitate".

A matter often holds several contracts, and a lawyer points at one by what it is, in
either language: "What law governs the services contract?" asks the "Contract de
prestări servicii", not the NDA beside it. The *kind words* are those between "the" (or
"this") and "agreement" / "contract", or after a definite Romanian "contractul de" /
"acordului de" up to the first word that is not part of the kind ("contractul de
închiriere *a* apartamentului"). A document is named when its title or file name holds
every kind word: a word is held by a word sharing its first :data:`PREFIX` letters
(Latin roots carry over: "services" / "servicii", "distribution" / "distribuție") or by
its translation in :data:`_TRANSLATIONS` (where they do not: "lease" / "închiriere").

Only documents that are not acts of law are named this way (an act is named by its
number, :mod:`letadesk.retrieve.acts`; "contractul de muncă" in a question to a matter
of laws asks the law, not Codul muncii alone), and only when at most
:data:`~letadesk.retrieve.named.MAX_NAMED` are: anything less certain names nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from letadesk.domain import Document, DocumentId
from letadesk.retrieve.acts import is_statute
from letadesk.text import fold_diacritics, nfc

PREFIX = 5  # letters a kind word and a title word must share (all of a shorter word)
MAX_KIND_WORDS = 3
_EN = re.compile(r"\b(?:the|this)\s+((?:[a-z][\w-]*\s+){1,3})(?:agreement|contract)\b")
_RO = re.compile(r"\b(?:contractul|contractului|acordul|acordului)\s+(?:\w+\s+)?de\s+([\w\s-]+)")
# Words in a kind's place that name no kind ("the same agreement", "the above contract").
_NOT_KIND = frozenset(
    """same whole entire above said new original present current other first second
    signed relevant underlying main written""".split()
)
# Words that end a Romanian kind ("contractul de închiriere a apartamentului").
_ENDS_KIND = frozenset(
    """a al ai ale cu din de pentru privind incheiat incheiata semnat dintre intre nr
    la pe si sau care ce cu este sunt va vor poate""".split()
)
# Kinds whose words are not cognates across English and Romanian (folded); read both
# ways (:data:`_TRANSLATIONS`).
_ENGLISH_ROMANIAN: dict[str, tuple[str, ...]] = {
    "lease": ("inchiriere", "locatiune"),
    "rental": ("inchiriere", "locatiune"),
    "sale": ("vanzare",),
    "purchase": ("cumparare", "achizitie"),
    "employment": ("munca",),
    "loan": ("imprumut",),
    "works": ("lucrari", "antrepriza"),
    "supply": ("furnizare", "aprovizionare"),
    "non-disclosure": ("confidentialitate",),
    "nondisclosure": ("confidentialitate",),
    "agency": ("agent", "mandat"),
}
_TRANSLATIONS: dict[str, tuple[str, ...]] = {
    **_ENGLISH_ROMANIAN,
    **{
        ro: tuple(en for en, ros in _ENGLISH_ROMANIAN.items() if ro in ros)
        for ro in {ro for ros in _ENGLISH_ROMANIAN.values() for ro in ros}
    },
}
# Words that cannot be part of an English kind ("the terms *of the* agreement").
_EN_FUNCTION = frozenset("of the a an to in for on by with and or this that under".split())
_WORD = re.compile(r"[\w]+(?:-[\w]+)*")


def kind_words(query: str) -> tuple[str, ...]:
    """The folded, lower-cased kind words of the first contract ``query`` names by its
    kind (``()`` when it names none)."""
    folded = fold_diacritics(query).lower()
    found = _EN.search(folded)
    if found:
        words = _WORD.findall(found.group(1))
        cut = max((i + 1 for i, w in enumerate(words) if w in _EN_FUNCTION), default=0)
        return tuple(w for w in words[cut:] if w not in _NOT_KIND)
    found = _RO.search(folded)
    if not found:
        return ()
    kind: list[str] = []
    for word in _WORD.findall(found.group(1)):
        if word in _ENDS_KIND or len(kind) == MAX_KIND_WORDS:
            break
        kind.append(word)
    return tuple(kind)


def without_kind(query: str) -> str:
    """``query`` without the kind words of the contract it names ("What is the term of
    the non-disclosure agreement?" → "… of the agreement?", "Care este durata acordului
    de confidențialitate?" → "… durata acordului?"): they say which document is asked,
    not what of it."""
    query = nfc(query)  # a decomposed letter is two characters, and \w reads one
    folded = fold_diacritics(query).lower()
    kind = kind_words(query)
    if not kind or len(folded) != len(query):
        return query  # (the offsets are the folded text's: the same length, or none)
    found = _EN.search(folded)
    if found:  # from the first kind word (after "terms of"): kind_words's cut
        words = list(_WORD.finditer(found.group(1)))
        cut = max((i + 1 for i, w in enumerate(words) if w.group() in _EN_FUNCTION), default=0)
        return query[: found.start(1) + words[cut].start()] + query[found.end(1) :]
    found = _RO.search(folded)
    assert found is not None  # kind_words found one
    words = list(_WORD.finditer(found.group(1)))
    end = found.start(1) + words[len(kind) - 1].end()
    return query[: found.start() + len(found.group(0).split()[0])] + query[end:]


def _holds(word: str, words: set[str]) -> bool:
    """Whether a title word shares the kind word's first letters (or a translation's)."""
    wanted = [word, *_TRANSLATIONS.get(word, ())]
    return any(w.startswith(k[:PREFIX]) for k in wanted for w in words)


def _title_words(doc: Document) -> set[str]:
    name = re.sub(r"[_.]+", " ", doc.file_name)
    text = fold_diacritics(f"{doc.title} {name}").lower()
    return {part for w in _WORD.findall(text) for part in (w, *w.split("-"))}


def named_by_kind(
    kind: Sequence[str], documents: Sequence[Document], most: int
) -> list[DocumentId]:
    """The documents (not acts of law) whose title or file name holds every word of
    ``kind`` (:func:`kind_words`), in the order given; ``[]`` when none does, or more
    than ``most``."""
    if not kind:
        return []
    named = [d.id for d in documents if not is_statute(d) and _holds_all(kind, _title_words(d))]
    return named if len(named) <= most else []


def _holds_all(kind: Sequence[str], words: set[str]) -> bool:
    return all(_holds(k, words) for k in kind)
