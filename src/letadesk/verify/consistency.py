"""Gate 3, consistency: a claim may not change the quote's numbers or its polarity.

Deterministic checks, English and Romanian:

* **Quantities.** Every date, amount (with currency), percentage, duration and bare
  number in the claim must occur, normalised, in the quote ("thirty (30) days" ==
  "30 days" == "treizeci de zile"; "19 mai 2016" == "2016-05-19" == "19.05.2016";
  "1.000 lei" == "1000 RON"; "one year" == "12 months"). Quantities the quote has
  and the claim omits are fine. Numeric dates are read day first (19.05.2016),
  unless the first number cannot be a month's day order (05/19/2016).
* **Polarity and modality.** Each claim word governed by a modal or a negation
  ("may terminate", "shall not disclose", "nu poate rezilia", "este interzisă
  cesiunea") is compared with the same word (light stem) in the quote. A claim
  saying "may" where the quote says "shall not", "shall" where it says "may", or
  dropping/adding a negation fails ("may" where the quote says "shall" is fine).
  False alarms are avoided deliberately: a word whose polarity cannot be attributed
  with confidence is not judged -- sentences with exceptions ("only", "except",
  "unless", "doar", "cu excepția"), plain words in negated sentences, capitalised
  defined terms, and a modal claim against a plain (unmodalised) quote word.

* **Who holds a right.** A claim that reserves a right to one party ("Only the
  Company may terminate") against a quote that gives it to every party ("Either party
  may terminate"), or the converse (:mod:`letadesk.verify.exclusive`).

The quantity extractor lives in :mod:`letadesk.verify.quantities` and the polarity
machinery in :mod:`letadesk.verify.polarity`; both are shared with ``coherence``.
"""

from __future__ import annotations

from letadesk.domain import CheckResult
from letadesk.verify.exclusive import exclusivity_problem
from letadesk.verify.polarity import polarity_problem
from letadesk.verify.quantity_checks import quantity_problem


def check_consistency(claim: str, quote: str) -> CheckResult:
    """The "consistency" verdict: every claim quantity occurs in the quote, no claim
    word's modality/negation contradicts the same word in the quote, and the claim gives
    a right to the parties the quote gives it to."""
    problem = (
        quantity_problem(claim, quote)
        or polarity_problem(claim, quote)
        or exclusivity_problem(claim, quote)
    )
    if problem:
        return CheckResult("consistency", False, problem)
    return CheckResult("consistency", True, "numbers, dates and polarity agree with the quote")
