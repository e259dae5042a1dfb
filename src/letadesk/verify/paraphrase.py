"""Gate 3, restatements: does a quote support a claim put in other words?

The judge learnt support from claims that repeat their quote and from corruptions of
them, so it reads a faithful restatement ("The notice period is thirty (30) days."
against "… may terminate this Agreement upon thirty (30) days written notice") as a
contradiction. Its *paraphrase head* (``paraphrase`` in the judge's card, fitted by
``training/fit_paraphrase.py`` on restatements and corruptions of the training kinds of
provision only) reads the judge's three support probabilities together with what the
words say, with numbers written alike on both sides (:func:`canonical_numbers`):

* ``log_supported`` / ``log_contradicted`` / ``log_insufficient``: the judge's log
  probabilities on the pair, numbers written as digits (:func:`head_scores`);
* ``support_words``: the lexical support score (:func:`support_score`);
* ``coverage``: the share of the claim's distinct content stems the quote holds, and
  ``absent``: how many it lacks;
* ``names_absent``: names of the claim (the parties' usual names, anywhere, and other
  capitalised words not first in it) that the quote never uses, compared whole
  (:func:`name_key`: "Licensor" is not "Licensee"; at most 3);
* ``has_quantity``: whether the claim states a number, date, amount or duration (the
  consistency check has matched it);
* ``party_order``: +1 when the first two names the claim shares with the quote come in
  the same order in both, -1 when reversed, 0 otherwise;
* ``length_ratio``: the claim's distinct content stems per stem of the quote.

The deterministic vetoes (``consistency``) still come first: a changed number, unit,
negation or modality is contradicted before the head is asked; and a claim naming a
party its quote never names is not supported (:func:`foreign_party`).
"""

from __future__ import annotations

import math

from letadesk.judge import Judge, SupportScores
from letadesk.judge.card import Combiner
from letadesk.verify.quantities import canonical_numbers, quantities
from letadesk.verify.support import content_stems, is_content, support_score, wordlist, words

MAX_NAMES_ABSENT = 3
# A claim whose words are at least this share of the quote's words in order is the
# quote nearly verbatim: the judge, trained on such claims and their corruptions, reads
# it alone; the head reads the others (restatements).
NEAR_VERBATIM = 0.9


def in_order_share(claim: str, quote: str) -> float:
    """The share of the claim's words that the quote has in the same order (the longest
    common subsequence of words over the claim's length; 0 for a claim of no words)."""
    wanted = [w for w, _, _ in words(claim)]
    have = [w for w, _, _ in words(quote)]
    if not wanted:
        return 0.0
    previous = [0] * (len(have) + 1)
    for word in wanted:
        current = [0]
        for j, other in enumerate(have):
            current.append(previous[j] + 1 if word == other else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1] / len(wanted)


def is_restatement(claim: str, quote: str) -> bool:
    """Whether ``claim`` puts ``quote`` in other words (numbers compared as digits), so
    that the paraphrase head, not the judge alone, reads it."""
    return in_order_share(canonical_numbers(claim), canonical_numbers(quote)) < NEAR_VERBATIM


_CASE_ENDINGS = ("ului", "ul", "lui")  # Romanian articles and cases of a name


def name_key(word: str) -> str:
    """A name compared whole, its Romanian case ending aside: "Vânzătorului" and
    "Vânzătorul" are one party, "Licensor" and "Licensee" two (stems would join them)."""
    for ending in _CASE_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


# The parties' usual names in contracts, English and Romanian (folded, no case ending):
# a name even first in a sentence or in lower case.
PARTY_ROLES = frozenset(
    wordlist(
        "licensor licensee supplier customer company distributor seller buyer franchisor "
        "franchisee provider client contractor subcontractor employer employee landlord "
        "tenant lessor lessee borrower lender vendor purchaser consultant agent principal "
        "manufacturer reseller recipient discloser owner "
        "prestator beneficiar vanzator cumparator locator locatar furnizor antreprenor "
        "investitor angajator salariat mandant mandatar imprumutator imprumutat creditor "
        "debitor chirias proprietar comodant comodatar achizitor contractant"
    )
)


def _names(text: str) -> list[str]:
    """Names of ``text``: its party names and its other capitalised words, first word
    of the text aside (compared by :func:`name_key`)."""
    out = []
    for w, s, _ in words(text):
        key = name_key(w)
        if key in PARTY_ROLES or (is_content(w) and s > 0 and text[s].isupper()):
            out.append(key)
    return out


def party_order(claim: str, quote: str) -> float:
    """+1 / -1 / 0: the first two names the claim shares with the quote, in the same
    order in both, reversed, or fewer than two shared."""
    quoted = _names(quote)
    shared = [n for n in dict.fromkeys(_names(claim)) if n in quoted]
    if len(shared) < 2:
        return 0.0
    return 1.0 if quoted.index(shared[0]) < quoted.index(shared[1]) else -1.0


def lexical_features(claim: str, quote: str) -> dict[str, float]:
    """The head's word features of ``claim`` against ``quote`` (see the module doc)."""
    c, q = canonical_numbers(claim), canonical_numbers(quote)
    distinct = set(content_stems(c))
    quoted = set(content_stems(q))
    absent = [s for s in distinct if s not in quoted]
    quoted_names = {name_key(w) for w, _, _ in words(q)}
    names_absent = {n for n in _names(c) if n not in quoted_names}
    return {
        "support_words": support_score(c, q),
        "coverage": 1.0 - len(absent) / max(1, len(distinct)),
        "absent": float(len(absent)),
        "names_absent": float(min(len(names_absent), MAX_NAMES_ABSENT)),
        "has_quantity": 1.0 if quantities(c) else 0.0,
        "party_order": party_order(c, q),
        "length_ratio": len(distinct) / max(1, len(quoted)),
    }


def _log(p: float) -> float:
    return math.log(min(max(p, 1e-6), 1.0))


def paraphrase_features(claim: str, quote: str, scores: SupportScores) -> dict[str, float]:
    """Every feature of :data:`letadesk.judge.card.PARAPHRASE_FEATURES` for the pair,
    given the judge's ``scores`` on it."""
    return {
        "log_supported": _log(scores.supported),
        "log_contradicted": _log(scores.contradicted),
        "log_insufficient": _log(scores.insufficient),
        **lexical_features(claim, quote),
    }


def foreign_party(claim: str, quote: str) -> bool:
    """Whether ``claim`` names a party (:data:`PARTY_ROLES`) that ``quote`` never names:
    a restatement may not bring in a party ("Licensor must pay" against "Licensee shall
    pay")."""
    quoted = {name_key(w) for w, _, _ in words(quote)}
    return any(
        k in PARTY_ROLES and k not in quoted for k in (name_key(w) for w, _, _ in words(claim))
    )


def head_scores(judge: Judge, claim: str, quote: str) -> SupportScores:
    """The judge's support probabilities the head reads: on the pair with its numbers
    written as digits on both sides."""
    return judge.support(canonical_numbers(claim), canonical_numbers(quote))


def paraphrase_support(head: Combiner, judge: Judge, claim: str, quote: str) -> float:
    """P(supported) of the paraphrase head for the pair: 0 for a claim that names a
    party its quote does not (:func:`foreign_party`)."""
    if foreign_party(claim, quote):
        return 0.0
    return head.score(paraphrase_features(claim, quote, head_scores(judge, claim, quote)))
