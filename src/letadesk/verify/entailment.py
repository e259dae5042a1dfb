"""Gate 3's support decision: does a quote support, contradict or not settle a claim?

Deterministic vetoes come first and stay hard: a claim whose numbers, dates, negation
or modality disagree with its quote (``consistency``) is *contradicted* whatever any
model says. A claim made only of the quote's own words, in their order, leaving out no
negation or condition (:func:`is_extract`; numbers compared as digits, "thirty (30)
days" as "30 days"), is *supported* as it stands; one tied to the
agreement's end against a quote that names no end is *insufficient*
(:mod:`letadesk.verify.conditions`). Then, for a
language the judge was chosen for, the trained judge decides: *contradicted* at or
above its contradiction threshold (a veto), *supported* at or above its support
threshold, else contradicted where that is likelier than support or silence, else
insufficient; for a claim
about one of the NDA provisions the judge's clause model knows, P(supported) reads the
provision's detector too (:func:`provision_support`), and for a claim that restates
its quote in other words, the judge's paraphrase head
(:mod:`letadesk.verify.paraphrase`), where the card has one. Elsewhere the
calibrated lexical score decides (``support``). ``letadesk check`` prints exactly this
decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from letadesk.domain import CheckResult
from letadesk.judge import Judge, SupportScores
from letadesk.judge.card import judge_logit
from letadesk.text import detect_language
from letadesk.verify.conditions import ending_problem
from letadesk.verify.consistency import check_consistency
from letadesk.verify.paraphrase import is_restatement, paraphrase_support
from letadesk.verify.quantities import canonical_numbers
from letadesk.verify.quantity_checks import calendar_problem
from letadesk.verify.support import check_support, support_score, wordlist, words

LABELS = ("supported", "contradicted", "insufficient")
# Words a claim may not leave out of its quote and still be the quote's own statement.
_KEPT = frozenset(
    wordlist(
        "not no nor never neither none nothing without unless except provided if only until "
        "nu nici niciun nicio niciodata fara decat daca numai exceptia pana"
    )
)
MIN_EXTRACT_WORDS = 4


def is_extract(claim: str, quote: str) -> bool:
    """Whether ``claim`` is the quote's own words in their order (some left out), at least
    ``MIN_EXTRACT_WORDS`` of them, with no negation or condition of the quote left out:
    such a claim says what the quote says."""
    wanted = [w for w, _, _ in words(claim)]
    if len(wanted) < MIN_EXTRACT_WORDS:
        return False
    matched, skipped = 0, set()
    for word, _, _ in words(quote):
        if matched < len(wanted) and word == wanted[matched]:
            matched += 1
        else:
            skipped.add(word)
    return matched == len(wanted) and not skipped & _KEPT


@dataclass(frozen=True, slots=True)
class SupportDecision:
    """``label`` (one of LABELS), ``score`` (P(supported) from the judge, or the lexical
    score), ``scorer`` ("judge name" or "lexical") and the checks behind it."""

    label: str
    score: float
    scorer: str
    checks: tuple[CheckResult, ...]


def judged_label(
    scores: SupportScores,
    consistent: bool,
    *,
    extract: bool = False,
    support_threshold: float,
    contradiction_threshold: float,
) -> str:
    """The label the judge's scores give, after the consistency veto; an extract
    (:func:`is_extract`) is supported. A claim the quote does not support is
    *contradicted* only where the judge finds contradiction more likely than either
    support or silence, else *insufficient*: a restatement the judge half believes is not
    verified, it is not contradicted (that choice never lets a claim through)."""
    if not consistent:
        return "contradicted"
    if extract:
        return "supported"
    if scores.contradicted >= contradiction_threshold:
        return "contradicted"
    if scores.supported >= support_threshold:
        return "supported"
    likeliest_other = max(scores.insufficient, scores.supported)
    return "contradicted" if scores.contradicted > likeliest_other else "insufficient"


def provision_support(
    judge: Judge, claim: str, quote: str, scores: SupportScores
) -> tuple[float, float, str] | None:
    """For a claim the clause model routes to an NDA provision it knows: P(supported)
    from the judge and that provision's detector read on the quote together (the clause
    support combiner), its bar, and what read it; None otherwise."""
    clauses, spec = judge.clauses, judge.card.clauses
    if clauses is None or spec is None or spec.support is None:
        return None
    route = clauses.route(claim)
    keys = [t.key for t in route.types if t.entails] if route is not None else []
    if not keys:
        return None
    detector = clauses.probabilities(keys, [quote])[0]
    p = spec.support.score(
        {"judge": judge_logit(scores.supported), "clause": judge_logit(detector)}
    )
    return p, spec.support.threshold, f"judge and the detector of {keys[0]}"


def decide_support(
    claim: str, quote: str, *, judge: Judge | None, language: str | None = None
) -> SupportDecision:
    """The Gate 3 support decision for ``claim`` against ``quote`` (see module doc).
    ``language`` defaults to the quote's; the judge is asked only for its languages."""
    consistency = check_consistency(claim, quote)
    if consistency.passed and is_extract(canonical_numbers(claim), canonical_numbers(quote)):
        verbatim = CheckResult("support", True, "the claim is the quote's own words")
        return SupportDecision("supported", 1.0, "extract", (consistency, verbatim))
    missing = (
        ending_problem(claim, quote) or calendar_problem(claim, quote) if consistency.passed else ""
    )
    if missing:
        unsaid = CheckResult("support", False, missing)
        return SupportDecision("insufficient", 0.0, "condition", (consistency, unsaid))
    lang = language if language is not None else (detect_language(quote) or "en")
    if judge is None or lang not in judge.card.support_languages:
        score = support_score(claim, quote)
        lexical = check_support(claim, quote, score=score)
        label = (
            "contradicted"
            if not consistency.passed
            else "supported"
            if lexical.passed
            else "insufficient"
        )
        return SupportDecision(label, round(score, 4), "lexical", (consistency, lexical))
    scores = judge.support(claim, quote)
    card = judge.card
    provision = provision_support(judge, claim, quote, scores) if consistency.passed else None
    if provision is not None:
        supported, threshold, read = provision
        scores = SupportScores(supported, scores.contradicted, scores.insufficient)
    elif card.paraphrase is not None and consistency.passed and is_restatement(claim, quote):
        supported = paraphrase_support(card.paraphrase, judge, claim, quote)
        scores = SupportScores(supported, scores.contradicted, scores.insufficient)
        threshold, read = card.paraphrase.threshold, "judge and the paraphrase head"
    else:
        threshold, read = card.support_threshold, "judge"
    label = judged_label(
        scores,
        consistency.passed,
        support_threshold=threshold,
        contradiction_threshold=card.contradiction_threshold,
    )
    detail = (
        f"{read}: supported {scores.supported:.2f} (needs {threshold:.2f}), "
        f"contradicted {scores.contradicted:.2f} (veto at "
        f"{card.contradiction_threshold:.2f})"
    )
    words = {
        "supported": "the quote supports the claim",
        "contradicted": "the quote contradicts the claim",
        "insufficient": "the quote does not establish the claim",
    }[label]
    result = CheckResult("support", label == "supported", f"{words} ({detail})")
    return SupportDecision(label, round(scores.supported, 4), judge.name, (consistency, result))
