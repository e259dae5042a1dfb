"""Who the parties are: the question that asks it, and the sentence of a contract's
opening that states it.

"Who are the parties to this agreement?" shares no word that the judge or the clause
router weighs with "This Services Agreement is entered into … by and between ABILITY
Inc. … and TELCOSTAR PTE, LTD." (the router ignores "party", which nearly every contract
question holds), and such questions were refused on every contract. A contract names its
parties in its opening, the fragments that start in its first
:data:`~letadesk.retrieve.named.OPENING_CHARS` characters (as :mod:`.named` reads them).
A sentence there *states the parties* when, after naming the agreement, it names them
"between …" ("încheiat între …"; not "between the parties"), or introduces a party by the name
the contract then gives it ("…, denumită în continuare Prestatorul", "in calitate de
Beneficiar", "hereinafter referred to as"). Gate 2 lifts such a sentence for a question
that asks who the parties are (:class:`letadesk.answer.titles.TitledScorer`), as it lifts
an article whose marginal title the question names.
"""

from __future__ import annotations

import re

from letadesk.domain import Fragment
from letadesk.retrieve.named import OPENING_CHARS
from letadesk.text import fold_lower
from letadesk.verify.paraphrase import PARTY_ROLES, name_key

# Matched on the question lower case without diacritics (also by answer.short).
ASKS = re.compile(
    r"\bwho (?:are|is|were|was) (?:the )?(?:contracting )?(?:parties|party|signatories)\b"
    r"|\bbetween whom\b|\bwho (?:signed|executed|entered into|is a party to)\b"
    r"|\b(?:which|what) (?:companies|entities|parties|persons) (?:are|signed|entered)\b"
    r"|\b(?:names?|identity|identities) of the parties\b"
    r"|\b(?:cine|care) (?:sunt|este|e) (?:partile|partea|semnatarii)\b"
    r"|\bintre cine\b|\bcine (?:a|au) (?:semnat|incheiat)\b"
)
# "Who is the Licensee?", "Cine este Beneficiarul?": one party, asked by the name the
# contract gives it (one of the parties' usual names), and nothing more.
_ASKS_ROLE = re.compile(
    r"^\W*(?:who is|cine (?:este|e)) (?:the )?(\w+)"
    r"(?: (?:in|under|of|to|din|in) (?:this|the) (?:agreement|contract)\w*)?\W*$"
)
_AGREEMENT = (
    r"\b(?:agreement|contract|amendment|memorandum|entered|made|executed|dated|concluded|"
    r"contractul|conventi\w*|acord\w*|incheiat\w*|incheie)\b"
)
_STATES = re.compile(
    rf"{_AGREEMENT}.{{0,400}}?\b(?:between|intre)\b(?! (?:the |its )?(?:parties|partile|them))"
    r"|\bdenumit\w* (?:in continuare|mai jos)\b|\bin calitate de\b"
    r"|\bhereinafter (?:referred to as|called)\b",
    re.DOTALL,
)


_WORD = re.compile(r"\w{3,}")
NAMING_WORDS = 30  # of the sentence that names the parties, searched to find its fragment


def naming_words(opening: str) -> str:
    """The first :data:`NAMING_WORDS` words of the passage of a document's ``opening``
    text that names its parties ("" when none does): what the cascade searches, in that
    document, to find the fragment that holds it."""
    folded = fold_lower(opening)
    m = _STATES.search(folded)
    return "" if m is None else " ".join(_WORD.findall(folded[m.start() :])[:NAMING_WORDS])


def asks_parties(question: str) -> bool:
    """Whether ``question`` asks who the parties are ("Who are the parties …?", "Între
    cine s-a încheiat contractul?", "Cine sunt părțile?"), or who one of them is
    (:func:`asked_role`)."""
    return bool(ASKS.search(fold_lower(question))) or asked_role(question) is not None


def asked_role(question: str) -> str | None:
    """The party ``question`` asks who is, by the name the contract gives it ("Who is the
    Licensee?" -> "licensee", "Cine este beneficiarul?" -> "beneficiar"; folded, its
    Romanian article aside); None for any other question."""
    m = _ASKS_ROLE.search(fold_lower(question))
    role = None if m is None else name_key(m.group(1))
    return role if role in PARTY_ROLES else None


def names_role(role: str, sentence: str) -> bool:
    """Whether ``sentence`` names the party ``role`` (:func:`asked_role`)."""
    return any(name_key(w) == role for w in re.findall(r"\w+", fold_lower(sentence)))


def states_parties(fragment: Fragment, sentence: str) -> bool:
    """Whether ``sentence`` of ``fragment`` names the contract's parties: it lies in the
    document's opening and names them "between …" after naming the agreement, or
    introduces one by the name the contract gives it. ("and" is not required: a
    sentence of a preamble is often cut at an address's "Rd." before the second name.)"""
    return fragment.start < OPENING_CHARS and bool(_STATES.search(fold_lower(sentence)))
