"""The JSON of a question: its audit record (:func:`record_json`, from the facts
:class:`~letadesk.answer.trace.AskTrace` collected) and the shape of an answer
(``letadesk ask --json``, the record's ``final``); read back into typed values by
:mod:`letadesk.answer.from_record`."""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import date
from typing import Any

from letadesk.answer.trace import AskFacts, Attempt, Checked, Relevance
from letadesk.domain import Answer, Citation, Claim, Passage
from letadesk.generate.prompts import PROMPT_VERSION
from letadesk.generate.schema import SCHEMA_VERSION


def record_json(facts: AskFacts, final: dict[str, Any]) -> dict[str, Any]:
    """The audit record of a question (before the trail adds its ``id`` and
    ``created_at``): what ``facts`` hold, ending in ``final`` (:func:`answer_json` of the
    answer, or :func:`failure_json`)."""
    record: dict[str, Any] = {
        "question": facts.question,
        "matter": facts.matter,
        "as_of": facts.as_of.isoformat() if facts.as_of else None,
        "model": facts.model,
        "prompt_version": PROMPT_VERSION,
        "schema_version": SCHEMA_VERSION,
        "retrieved": [_retrieved_json(p) for p in facts.retrieved],
        "attempts": [_attempt_json(a) for a in facts.attempts],
        "checked": [_checked_json(c) for c in facts.checked],
    }
    if facts.language is not None:
        record["language"] = facts.language
    if facts.unavailable:
        record["unavailable"] = dict(facts.unavailable)
    if facts.read_as:
        record["read_as"] = dict(facts.read_as)
    if facts.read_in:
        record["read_in"] = facts.read_in
    if facts.relevance is not None:
        record["relevance"] = _relevance_json(facts.relevance)
    if facts.surveyed is not None:
        record["across"] = [
            {
                "document_id": s.document_id,
                "fragment_ids": list(s.fragment_ids),
                "answers": s.answers,
            }
            for s in facts.surveyed
        ]
    record["final"] = final
    record["stages"] = {k: round(v, 4) for k, v in facts.stages.items() if k}
    return record


def failure_json(
    error: BaseException, *, cancelled: bool, audit_id: str, as_of: date | None
) -> dict[str, Any]:
    """The ``final`` of a question that ended without an answer: ``error`` was raised (a
    model that did not load…), or the user cancelled; which, and why."""
    reason = (
        "cancelled by the user" if cancelled else f"{type(error).__name__}: {error}".rstrip(": ")
    )
    return {
        "disposition": "cancelled" if cancelled else "failed",
        "reason": reason,
        "mode": "",
        "claims": [],
        "rejected": [],
        "nearest_sources": [],
        "groups": [],
        "unanswered_documents": [],
        "audit_id": audit_id,
        "as_of": as_of.isoformat() if as_of else None,
    }


def _retrieved_json(p: Passage) -> dict[str, Any]:
    s = p.scores
    return {
        "fragment_id": p.fragment.id,
        "via": p.via,
        "bm25": s.bm25,
        "dense": s.dense,
        "fused": s.fused,
    }


def _relevance_json(r: Relevance) -> dict[str, Any]:
    return {
        "scorer": r.scorer,
        "threshold": r.threshold,
        "clause_types": list(r.clause_types),
        "scores": [{"fragment_id": f, "score": round(score, 4)} for f, score in r.scores],
    }


def _attempt_json(a: Attempt) -> dict[str, Any]:
    output = a.output
    row: dict[str, Any] = {
        "attempt": a.number,
        "raw": output.raw,
        "problem": a.problem,
        "seconds": round(output.seconds, 3),
    }
    if output.fragment_ids is not None:  # the prompt was fitted to the model's context
        row["shown"] = list(output.fragment_ids)
        row["prompt_tokens"] = output.prompt_tokens
    return row


def _checked_json(c: Checked) -> dict[str, Any]:
    draft = c.verdict.draft
    return {
        "attempt": c.attempt,
        "text": draft.text,
        "passed": c.verdict.passed,
        "evidence": [{"fragment_id": e.fragment_id, "quote": e.quote} for e in draft.evidence],
        "checks": [asdict(k) for k in c.verdict.checks],
        "low_confidence": list(c.low_confidence),
    }


def passage_json(p: Passage) -> dict[str, Any]:
    f = p.fragment
    return {
        "fragment_id": f.id,
        "document": p.document.title,
        "document_id": p.document.id,
        "page": f.page,
        "page_label": f.printed_page,
        "locator": f.locator,
        "text": f.text,
        "start": f.start,
        "end": f.end,
        "stale": p.document.stale,
        "source_state": p.document.source_state.value,
        "verified": p.document.verified,
        "via": p.via,
        "scores": {"bm25": p.scores.bm25, "dense": p.scores.dense, "fused": p.scores.fused},
    }


def citation_json(x: Citation) -> dict[str, Any]:
    """One citation as ``letadesk ask --json`` prints it."""
    return {
        "fragment_id": x.fragment_id,
        "document": x.document,
        "document_id": x.document_id,
        "page": x.page,
        "page_label": x.page_label,
        "locator": x.locator,
        "quote": x.quote,
        "start": x.start,
        "end": x.end,
        "stale": x.stale,
        "source_state": x.source_state.value,
        "verified": x.verified,
    }


def claim_json(c: Claim) -> dict[str, Any]:
    """One claim with its citations (quote, page, locator) and checks, as ``letadesk ask
    --json`` prints it (the review grid's cells hold the same)."""
    return {
        "text": c.text,
        "kind": c.kind,
        "stale": c.stale,
        "unverified": c.unverified,
        "citations": [citation_json(x) for x in c.citations],
        "checks": [asdict(k) for k in c.checks],
    }


def short_json(answer: Answer) -> dict[str, Any] | None:
    """The value ``answer`` leads with: its text, kind, the claim and citation that quote
    it, its offsets in that quote and in the document (None when there is none)."""
    short = answer.short_answer
    if short is None:
        return None
    cited = answer.claims[short.claim].citations[short.citation]
    return {
        **asdict(short),
        "document_start": cited.start + short.start,
        "document_end": cited.start + short.end,
    }


def answer_json(answer: Answer) -> dict[str, Any]:
    """The ``letadesk ask --json`` shape."""
    return {
        "disposition": answer.disposition,
        "reason": answer.reason,
        "short_answer": short_json(answer),
        "clarify": answer.clarify,
        "mode": answer.mode,
        "draft_failure": answer.draft_failure,
        "claims": [claim_json(c) for c in answer.claims],
        "notes": list(answer.notes),
        **({"readings": list(answer.readings)} if answer.readings else {}),
        "rejected": [
            {"text": r.text, "check": r.check, "reason": r.reason} for r in answer.rejected
        ],
        "nearest_sources": [passage_json(p) for p in answer.nearest_sources],
        "groups": [
            {
                "document_id": g.document_id,
                "document": g.document,
                "claims": list(g.claims),
                "short_answer": short_json(replace(answer, short_answer=g.short_answer)),
            }
            for g in answer.groups
        ],
        "unanswered_documents": [
            {"document_id": u.document_id, "document": u.document} for u in answer.unanswered
        ],
        "audit_id": answer.audit_id,
        "as_of": answer.as_of.isoformat() if answer.as_of else None,
    }
