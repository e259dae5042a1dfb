"""The audit record's JSON (answer.record): written from the facts the trace collected,
byte for byte as records were written before recording and serialising were separated
(the expected strings below are what the earlier ``AskTrace.record`` held for the same
calls), so records already in a trail and new ones read alike."""

from __future__ import annotations

from datetime import date

from letadesk.answer.grounding import Verdict
from letadesk.answer.record import failure_json, record_json
from letadesk.answer.trace import AskTrace
from letadesk.domain import (
    CheckResult,
    Document,
    DocumentId,
    DocumentStatus,
    DraftClaim,
    Evidence,
    Fragment,
    FragmentId,
    MatterId,
    Passage,
    Scores,
    SourceState,
)
from letadesk.generate.generator import Generation
from letadesk.store.audit_chain import canonical

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
PASSAGE = Passage(FRAGMENT, NDA, Scores(3.5, 0.81, 0.032), "keyword")
VERDICT = Verdict(
    DraftClaim("They survive 5 years.", (Evidence(FragmentId(7), "survive five years"),)),
    (CheckResult("quote", True, ""), CheckResult("support", False, "not said")),
    (),
)
RAW = '{"text": "They survive 5 years."}'
DRAFT = Generation(
    RAW, (('{"text": "They survive ', 0.0), ("5", -2.0), (' years."}', 0.0)), 1.23456, (7, 9), 321
)
# The earlier AskTrace's record after the calls of test_every_fact_is_written_as_before,
# without ``final`` and ``stages``.
EARLIER = (
    '{"across":[{"answers":true,"document_id":3,"fragment_ids":[7]}],"as_of":"2023-01-02",'
    '"attempts":[{"attempt":1,"problem":"unreadable","prompt_tokens":321,"raw":"{\\"text\\": '
    '\\"They survive 5 years.\\"}","seconds":1.235,"shown":[7,9]},{"attempt":2,"problem":"",'
    '"raw":"{}","seconds":0.0}],"checked":[{"attempt":1,"checks":[{"check":"quote","passed":'
    'true,"reason":""},{"check":"support","passed":false,"reason":"not said"}],"evidence":'
    '[{"fragment_id":7,"quote":"survive five years"}],"low_confidence":["5"],"passed":false,'
    '"text":"They survive 5 years."},{"attempt":0,"checks":[{"check":"quote","passed":true,'
    '"reason":""},{"check":"support","passed":false,"reason":"not said"}],"evidence":'
    '[{"fragment_id":7,"quote":"survive five years"}],"low_confidence":[],"passed":false,'
    '"text":"They survive 5 years."}],"language":"ro","matter":"M","model":"m-1",'
    '"prompt_version":"grounded-v1","question":"Q?","relevance":{"clause_types":["notice"],'
    '"scorer":"lexical","scores":[{"fragment_id":7,"score":0.1235}],"threshold":0.5},'
    '"retrieved":[{"bm25":3.5,"dense":0.81,"fragment_id":7,"fused":0.032,"via":"keyword"}],'
    '"schema_version":"claims-v1","unavailable":{"judge":"no weights"}}'
)
EARLIER_FAILED = (
    '{"as_of":null,"attempts":[],"checked":[],"final":{"as_of":null,"audit_id":"r2",'
    '"claims":[],"disposition":"failed","groups":[],"mode":"","nearest_sources":[],'
    '"reason":"RuntimeError: the model did not load","rejected":[],"unanswered_documents":[]},'
    '"matter":"M","model":null,"prompt_version":"grounded-v1","question":"Q?","retrieved":[],'
    '"schema_version":"claims-v1"}'
)
EARLIER_CANCELLED_FINAL = (
    '{"as_of":"2024-05-06","audit_id":"r3","claims":[],"disposition":"cancelled","groups":[],'
    '"mode":"","nearest_sources":[],"reason":"cancelled by the user","rejected":[],'
    '"unanswered_documents":[]}'
)


def without(record: dict[str, object], *keys: str) -> dict[str, object]:
    return {k: v for k, v in record.items() if k not in keys}


def test_every_fact_is_written_as_before() -> None:
    trace = AskTrace(question="Q?", matter="M", as_of=date(2023, 1, 2))
    trace.language("ro")
    trace.unavailable("judge", "no weights")
    trace.model("m-1")
    trace.retrieved([PASSAGE])
    trace.relevance("lexical", 0.5, [PASSAGE], {id(PASSAGE): 0.123456}, ["notice"])
    trace.surveyed([(DocumentId(3), [FragmentId(7)], True)])
    trace.attempt(1, DRAFT, "unreadable")
    trace.attempt(2, Generation("{}"), "")
    trace.checked(1, VERDICT, DRAFT)
    trace.checked(0, VERDICT)
    record = record_json(trace.facts, {"disposition": "refused"})
    assert canonical(without(record, "final", "stages")) == EARLIER
    assert record["final"] == {"disposition": "refused"}


def test_a_failed_question_is_written_as_before() -> None:
    trace = AskTrace(question="Q?", matter="M", as_of=None)
    trace.stop()
    final = failure_json(
        RuntimeError("the model did not load"), cancelled=False, audit_id="r2", as_of=None
    )
    record = record_json(trace.facts, final)
    assert canonical(without(record, "stages")) == EARLIER_FAILED
    assert list(record["stages"]) == ["total"]  # type: ignore[call-overload]


def test_a_cancel_says_so_and_a_bare_error_gives_its_type() -> None:
    cancelled = failure_json(
        KeyboardInterrupt(), cancelled=True, audit_id="r3", as_of=date(2024, 5, 6)
    )
    assert canonical(cancelled) == EARLIER_CANCELLED_FINAL
    bare = failure_json(ValueError(), cancelled=False, audit_id="r3", as_of=None)
    assert bare["reason"] == "ValueError"


def test_stages_are_rounded_and_the_unnamed_one_left_out() -> None:
    trace = AskTrace(question="Q?", matter="M", as_of=None)
    trace.facts.stages.update({"scope": 0.123456789, "": 9.0, "total": 1.0})
    record = record_json(trace.facts, {})
    assert record["stages"] == {"scope": 0.1235, "total": 1.0}
    assert "language" not in record and "relevance" not in record and "across" not in record
