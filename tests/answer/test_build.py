"""The Answer to one question (answer.build): a refusal or the claims that passed, in the
question's language and as of its date; no audit id or timings until it is recorded."""

from __future__ import annotations

from datetime import date

from letadesk.answer.build import AnswerBuilder
from letadesk.domain import (
    Citation,
    Claim,
    DocumentId,
    FragmentId,
    RejectedClaim,
    SourceState,
)

CITED = Citation(
    FragmentId(7),
    DocumentId(3),
    "NDA",
    1,
    "",
    "Section 5",
    "within thirty (30) days",
    10,
    33,
    SourceState.CURRENT,
    verified=False,
)
CLAIM = Claim("Notice is due within thirty (30) days.", "extracted", (CITED,), ())


def test_a_refusal_holds_the_question_its_date_and_language() -> None:
    build = AnswerBuilder("Q?", date(2024, 1, 2), "ro")
    rejected = (RejectedClaim("x", "quote", "not in the source"),)
    answer = build.refuse("no source", (), rejected=rejected, mode="extracted", clarify="C?")
    assert (answer.question, answer.disposition, answer.reason) == ("Q?", "refused", "no source")
    assert (answer.as_of, answer.language, answer.mode, answer.clarify) == (
        date(2024, 1, 2),
        "ro",
        "extracted",
        "C?",
    )
    assert answer.rejected == rejected and not answer.answered
    assert answer.audit_id == "" and answer.stages == {}  # stamped when recorded


def test_an_answer_says_how_its_claims_were_made_and_notes_its_sources() -> None:
    en = AnswerBuilder("How long is the notice?", None, "en").answer([CLAIM], [], (), mode="x")
    assert en.answered and en.claims == (CLAIM,)
    assert en.reason == "verbatim sentences extracted from the sources"
    assert en.notes and all("NDA" in n for n in en.notes)  # not verified by a person
    assert en.short_answer is not None and en.short_answer.text == "thirty (30) days"
    ro = AnswerBuilder("Care este termenul?", None, "ro").answer([CLAIM], [], (), mode="x")
    assert ro.notes != en.notes  # the notes speak the question's language
    generated = AnswerBuilder("Q?", None, "en").answer(
        [Claim(CLAIM.text, "generated", (CITED,), ())], [], (), mode="generated"
    )
    assert generated.reason == "every claim is grounded in a quoted source"
