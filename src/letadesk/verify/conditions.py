"""Conditions a source must state to answer: a question or statement that ties what it
asks to the end of the agreement ("… shall destroy or return some Confidential
Information upon the termination of Agreement") is not answered by a sentence that
never speaks of that end ("Upon the Disclosing Party's written request, the Receiving
Party shall promptly return …"): that sentence states another trigger. English and
Romanian ("la încetarea contractului"), the judge's languages. Gate 2 never scores such a sentence
(:class:`letadesk.answer.scoring.JudgeScorer`); Gate 3 finds a claim tied to the end
*insufficient* against a quote that names none (:func:`ending_problem`), whatever a
model says: a drafted "… shall return it upon termination" from a request-only clause.

On ContractNLI's training NDAs, 16 of the 20 evidence passages for the "return or
destroy upon termination" hypothesis speak of termination; the 4 that do not are
request-only clauses, the kind of clause the same annotators mark "not mentioned" in
other NDAs.
"""

from __future__ import annotations

import re

# "upon / after / on / following / at (the) termination | expiration | expiry" ("la /
# după încetarea | expirarea | rezilierea"): the obligation's trigger. Not "survive
# termination": what survives is often stated as a period ("for five years from the
# date of disclosure"), with no word of the end.
_ENDING_TRIGGER = re.compile(
    r"\b(?:upon|after|on|following|at)\s+(?:the\s+)?(?:termination|expiration|expiry)\b"
    r"|\b(?:la|dup[ăa]|[îi]n\s+urma)\s+(?:data\s+)?(?:[îi]ncet[ăa]r|expir[ăa]r|rezilier)\w*",
    re.IGNORECASE,
)
_SPEAKS_OF_END = re.compile(
    r"\b(?:terminat\w*|expir\w*|cessation|surviv\w*|conclu\w*|complet\w*|no\s+longer|"
    r"end\s+of\s+(?:the|this|its|our|such)\b|\bterm\b[^.;]{0,120}?\bthereafter\b|"
    r"[îi]ncet\w*|rezili\w*|denun[țţt]\w*|sf[âa]r[șşs]it\w*|finaliz\w*)",
    re.IGNORECASE,
)


def asks_upon_ending(question: str) -> bool:
    """Whether ``question`` ties what it asks to the agreement's termination or expiry."""
    return _ENDING_TRIGGER.search(question) is not None


def speaks_of_ending(text: str) -> bool:
    """Whether ``text`` speaks of an end: termination, expiry, survival, completion, or
    a period after the term ("during the term … and for two years thereafter")."""
    return _SPEAKS_OF_END.search(text) is not None


def ending_problem(claim: str, quote: str) -> str:
    """Why ``quote`` cannot support ``claim`` on this count ("" when it can): the claim
    ties what it says to the agreement's end and the quote names no end."""
    if asks_upon_ending(claim) and not speaks_of_ending(quote):
        return "the claim ties it to termination or expiry; the quote names no such end"
    return ""
