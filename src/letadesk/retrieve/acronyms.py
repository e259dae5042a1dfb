"""Acronyms the documents never use: "În ce termen se depune contestația la CNSC?".

Lawyers name institutions and acts by their acronyms (CNSC, ANAF, ITM, GDPR); the texts
spell them out ("Consiliul Național de Soluționare a Contestațiilor, denumit în
continuare Consiliul"). An acronym of the question that no admissible fragment holds is
looked for, spelt out, in the texts of the documents the rest of the question finds: a
run of capitalised words whose initials spell it, small linking words ("de", "a",
"pentru", "of", "the") between them allowed. The question is then searched and judged
with the name written after the acronym, "CNSC (Consiliul Național de Soluționare a
Contestațiilor)". Nothing is guessed: an acronym not spelt out in those documents is left
as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_UPPER = "A-ZĂÂÎȘŞȚŢ"
# Romanian joins its article to an acronym by a hyphen ("CNP-ul", "ANAF-ului"): the
# acronym ends there.
_END = r"(?:-[a-zăâîșşțţ]{1,5}(?![\w-])|(?![\w-]))"
_ACRONYM = re.compile(rf"(?<![\w-])([{_UPPER}]{{2,8}}){_END}")
_ROMAN = re.compile(r"^[IVXLCDM]+$")
_LINKS = (
    "de|a|al|ale|ai|din|pentru|și|şi|si|cu|la|în|in|pe|privind|of|the|and|for|on|de la|și de|a și"
)
_GAP = rf"(?:\s+(?:{_LINKS}))*\s+"
MAX_NAME_CHARS = 160


def acronyms(question: str) -> list[str]:
    """The acronyms the question holds (two to eight capitals), Roman numerals left out,
    in order, each once."""
    found = (m.group(1) for m in _ACRONYM.finditer(question))
    return list(dict.fromkeys(a for a in found if not _ROMAN.match(a)))


def _name_pattern(acronym: str) -> re.Pattern[str]:
    """Capitalised words whose initials spell ``acronym``, linking words between them."""
    words = [rf"{re.escape(letter)}[\w-]*" for letter in acronym]
    return re.compile(r"(?<![\w-])" + _GAP.join(words) + r"(?![\w-])")


def spelt_out(acronym: str, texts: Iterable[str]) -> str | None:
    """The name ``acronym`` stands for in ``texts``: the run of words spelling it found
    most often (the first found on a tie); None when none does."""
    pattern = _name_pattern(acronym)
    counts: Counter[str] = Counter()
    for text in texts:
        for m in pattern.finditer(text):
            name = " ".join(m.group(0).split())
            if len(name) <= MAX_NAME_CHARS:
                counts[name] += 1
    if not counts:
        return None
    return counts.most_common(1)[0][0]


def expanded(question: str, names: dict[str, str]) -> str:
    """The question with each acronym of ``names`` followed by its name in brackets."""
    for acronym, name in names.items():
        found = re.search(rf"(?<![\w-]){re.escape(acronym)}{_END}", question)
        if found:
            question = f"{question[: found.end()]} ({name}){question[found.end() :]}"
    return question
