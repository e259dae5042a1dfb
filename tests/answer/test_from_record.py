"""An answer read back from its JSON (an audit record's ``final``, a review cell) is the
answer that was recorded: the typed values the window shows (answer.from_record)."""

from __future__ import annotations

from datetime import date

from letadesk.answer.build import AnswerBuilder
from letadesk.answer.from_record import answer_from_json, answer_from_record, citation_from_json
from letadesk.answer.record import answer_json, failure_json, record_json
from letadesk.answer.recorded import stamped
from letadesk.answer.trace import AskTrace
from letadesk.domain import (
    Answer,
    AnswerGroup,
    CheckResult,
    Citation,
    Claim,
    Document,
    DocumentId,
    DocumentStatus,
    Fragment,
    FragmentId,
    MatterId,
    Passage,
    RejectedClaim,
    Scores,
    SourceState,
    UnansweredDocument,
)

NDA = Document(
    DocumentId(3),
    MatterId(1),
    "/m/nda.pdf",
    "NDA",
    "pdf",
    "en",
    "ab" * 32,
    1234,
    DocumentStatus.INDEXED,
    verified=True,
    source_state=SourceState.MISSING,
)
FRAGMENT = Fragment(
    FragmentId(7), NDA.id, 2, 100, 180, "Section 5", "The obligations survive five years.", "ii"
)


def _citation(**changes: object) -> Citation:
    fields: dict[str, object] = {
        "fragment_id": FRAGMENT.id,
        "document_id": NDA.id,
        "document": NDA.title,
        "page": 2,
        "page_label": "ii",
        "locator": "Section 5",
        "quote": "survive five years",
        "start": 120,
        "end": 138,
    }
    return Citation(**{**fields, **changes})  # type: ignore[arg-type]


CLAIMS = (
    Claim(
        "The obligations survive five years.",
        "generated",
        (_citation(source_state=SourceState.CHANGED, verified=True), _citation(start=140)),
        (CheckResult("quote", True, "quote found"), CheckResult("support", True, "0.91")),
    ),
    Claim("Notice is thirty days.", "extracted", (_citation(quote="thirty days"),)),
)


def test_an_answer_reads_back_as_it_was_recorded() -> None:
    answer = Answer(
        "How long do the obligations survive?",
        "answered",
        "every claim is grounded in a quoted source",
        CLAIMS,
        (RejectedClaim("Ten years.", "quote", "not in the source"),),
        (Passage(FRAGMENT, NDA, Scores(3.5, 0.81, 0.032), via="keyword"),),
        "a1b2",
        date(2024, 5, 1),
        mode="generated",
        groups=(AnswerGroup(NDA.id, NDA.title, (0, 1)),),
        unanswered=(UnansweredDocument(DocumentId(9), "LEASE"),),
        notes=("Source changed on disk: NDA",),
        clarify="",
    )
    recorded = answer_json(answer)
    back = answer_from_json(recorded, answer.question)
    assert back.claims == answer.claims  # citations with their currency, and checks
    for field in ("question", "disposition", "reason", "rejected", "audit_id", "as_of"):
        assert getattr(back, field) == getattr(answer, field), field
    assert (back.mode, back.groups, back.unanswered, back.notes) == (
        answer.mode,
        answer.groups,
        answer.unanswered,
        answer.notes,
    )
    (passage,) = back.nearest_sources
    assert passage.fragment == FRAGMENT and passage.scores == Scores(3.5, 0.81, 0.032)
    assert (passage.document.id, passage.document.title, passage.via) == (NDA.id, "NDA", "keyword")
    assert passage.document.stale and passage.document.verified
    assert answer_json(back) == recorded  # and written again, the same JSON


def test_an_audit_record_reads_back_with_its_question_and_date() -> None:
    trace = AskTrace(question="Q?", matter="M", as_of=date(2023, 1, 2))
    build = AnswerBuilder("Q?", date(2023, 1, 2), "en")
    refused = build.refuse(
        "no source", [Passage(FRAGMENT, NDA, Scores())], clarify="Do you mean Section 5?"
    )
    answer = stamped(refused, trace, "r1")
    back = answer_from_record({**record_json(trace.facts, answer_json(answer)), "id": "r1"})
    assert (back.question, back.disposition, back.reason, back.clarify) == (
        "Q?",
        "refused",
        "no source",
        "Do you mean Section 5?",
    )
    assert back.as_of == date(2023, 1, 2) and back.audit_id == "r1"
    assert answer_json(back) == answer_json(answer)
    error = RuntimeError("the model did not load")
    final = failure_json(error, cancelled=False, audit_id="r1", as_of=date(2023, 1, 2))
    failed = answer_from_record(record_json(trace.facts, final))
    assert failed.disposition == "failed" and not failed.answered
    assert failed.reason == "RuntimeError: the model did not load" and failed.claims == ()


def test_a_record_older_than_a_field_reads_as_the_window_showed_it() -> None:
    """No ``verified`` (a verified source then), no ``source_state`` (``stale`` says),
    no ``mode``/``groups``/``clarify``."""
    old = {"document_id": 3, "document": "NDA", "page": 2, "quote": "q", "start": 1, "end": 2}
    assert citation_from_json(old).verified and not citation_from_json(old).stale
    assert citation_from_json({**old, "stale": True}).source_state == SourceState.CHANGED
    back = answer_from_record(
        {"question": "Q?", "as_of": "2022-03-04", "final": {"disposition": "answered"}}
    )
    assert (back.mode, back.groups, back.clarify, back.claims) == ("", (), "", ())
    assert back.as_of == date(2022, 3, 4) and back.answered
