"""What a contract's opening states: who its parties are, when it was made, when it takes
effect.

"Who are the parties?", "When was this agreement signed?" and "What is the effective
date?" are answered by the preamble ("This Agreement is made and entered into as of June
1, 2019 (the "Effective Date") by and between …"), which shares no word the judge or
the clause detectors weigh with the question. A question that asks one of these
(:func:`opening_asked`) reads the document's opening (the fragments that start in its
first :data:`~letadesk.retrieve.named.OPENING_CHARS` characters), where the cascade
finds the sentence that states it (:func:`naming_words`) and Gate 2 lifts it
(:func:`states_asked`, :class:`letadesk.answer.titles.TitledScorer`):

* ``parties``: the sentence that names them (:mod:`.parties`);
* ``date``: a sentence of the opening that holds a date;
* ``effective``: a sentence of the opening that holds a date or defines the effective
  date ("(the "Effective Date")", "effective as of"), or anywhere a sentence that says
  when the agreement itself takes effect ("This Agreement shall become effective on …",
  "Contractul intră în vigoare la data …").
"""

from __future__ import annotations

import re
from typing import Literal

from letadesk.domain import Fragment
from letadesk.retrieve.named import OPENING_CHARS
from letadesk.retrieve.parties import asks_parties, states_parties
from letadesk.retrieve.parties import naming_words as party_words
from letadesk.text import fold_lower
from letadesk.verify.quantities import MONTH_NAMES

Asked = Literal["parties", "date", "effective"]

# Matched on the question lower case without diacritics.
_ASKS_DATE = re.compile(
    r"\bwhen (?:was|were|did)\b.{0,40}\b(?:sign|signed|execute|executed|made|dated|"
    r"entered into|concluded|enter into|conclude)\b"
    r"|\b(?:agreement|signing|execution|signature) date\b"
    r"|\bdate of (?:the |this )?(?:agreement|contract|signing|signature|execution)\b"
    r"|\b(?:what|which) date (?:is|was|does) (?:this|the) (?:agreement|contract)\b"
    r"|\bcand a fost (?:incheiat|semnat)\w*\b|\bdata (?:incheierii|semnarii)\b"
    r"|\bce data poarta\b"
)
_ASKS_EFFECTIVE = re.compile(
    r"\beffective date\b|\bcommencement date\b|\bstart date\b"
    r"|\b(?:take|takes|took) effect\b|\bbecomes? effective\b"
    r"|\b(?:come|comes) into (?:force|effect)\b|\bgo(?:es)? into effect\b"
    r"|\bwhen (?:is|was) (?:this|the) (?:agreement|contract) effective\b"
    # Romanian asks it of an act too ("Când intră în vigoare legea?"): only of a contract
    r"|\bcontract\w*\b.{0,40}\b(?:intra|intrarii) in vigoare\b"
    r"|\b(?:intra|intrarii) in vigoare\b.{0,40}\bcontract\w*\b"
)
_MONTHS = rf"(?:{MONTH_NAMES})\.?"
_DATE = re.compile(
    rf"\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{_MONTHS},?\s+(?:\d{{4}}|20\d\d)\b"
    r"|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b"
)
# The effective date defined, not merely named ("two years from the effective date").
_NAMES_EFFECTIVE = re.compile(
    r"\(\W{0,2}(?:the\W{1,2})?effective date\W{0,2}\)|\beffective as of\b"
    r"|\bdata intrarii in vigoare\b"
)
# The agreement itself taking effect, wherever it is said.
_TAKES_EFFECT = re.compile(
    r"\b(?:this|the) (?:agreement|contract)\b[^.;]{0,40}\b(?:shall |will )?"
    r"(?:become|becomes|be|is|take|takes|come|comes) (?:effective|effect|into force)\b"
    r"|\beffective date\W{0,3} (?:means|shall mean|shall be|is)\b"
    r"|\b(?:prezentul |acest )?contract\w*\b[^.;]{0,40}\b(?:intra|va intra) in vigoare\b"
)
_WORD = re.compile(r"\w{3,}")
NAMING_WORDS = 30  # of the sentence that states what is asked, searched to find its fragment


def opening_asked(question: str) -> Asked | None:
    """What of a contract's opening ``question`` asks: its parties, its date, or when it
    takes effect; None for any other question."""
    if asks_parties(question):
        return "parties"
    folded = fold_lower(question)
    if _ASKS_EFFECTIVE.search(folded):
        return "effective"
    if _ASKS_DATE.search(folded):
        return "date"
    return None


def states_asked(asked: Asked, fragment: Fragment, sentence: str) -> bool:
    """Whether ``sentence`` of ``fragment`` states what ``asked`` asks (see the module)."""
    if asked == "parties":
        return states_parties(fragment, sentence)
    folded = fold_lower(sentence)
    opening = fragment.start < OPENING_CHARS
    if asked == "date":
        return opening and bool(_DATE.search(folded))
    if _TAKES_EFFECT.search(folded):
        return True
    return opening and bool(_DATE.search(folded) or _NAMES_EFFECTIVE.search(folded))


def states_date(asked: Asked, fragment: Fragment, sentence: str) -> bool:
    """For a question of the contract's date or effective date: whether ``sentence``
    answers it at all, stating what is asked (:func:`states_asked`) or a calendar date.
    A sentence that only counts from the date asked ("two (2) years from the effective
    date") does not."""
    return bool(_DATE.search(fold_lower(sentence))) or states_asked(asked, fragment, sentence)


def naming_words(asked: Asked, opening: str) -> str:
    """The first :data:`NAMING_WORDS` words of the passage of a document's ``opening``
    text that states what ``asked`` asks ("" when none does): what the cascade searches,
    in that document, to find the fragment that holds it."""
    if asked == "parties":
        return party_words(opening)
    folded = fold_lower(opening)
    m = _NAMES_EFFECTIVE.search(folded) if asked == "effective" else None
    m = m or _DATE.search(folded)
    if m is None:
        return ""
    start = max(folded.rfind(".", 0, m.start()) + 1, folded.rfind("\n", 0, m.start()) + 1)
    return " ".join(_WORD.findall(folded[start:])[:NAMING_WORDS])
