"""Collecting everything ``ask`` did into the Answer and its audit record, and the JSON
shape of an answer (``letadesk ask --json``, the record's ``final``); read back into
typed values by :mod:`letadesk.answer.from_record`."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, replace
from datetime import date
from typing import Any

from letadesk.answer.grounding import Verdict
from letadesk.answer.messages import source_notes
from letadesk.answer.short import short_answer
from letadesk.domain import (
    Answer,
    AnswerGroup,
    Citation,
    Claim,
    DocumentId,
    FragmentId,
    Passage,
    RejectedClaim,
    UnansweredDocument,
)
from letadesk.generate.confidence import low_confidence_spans
from letadesk.generate.generator import Generation
from letadesk.generate.prompts import PROMPT_VERSION
from letadesk.generate.schema import SCHEMA_VERSION


class AskTrace:
    """Accumulates the audit record of one question while it is answered."""

    def __init__(
        self, *, audit_id: str, matter: str, as_of: date | None, question: str, language: str = "en"
    ) -> None:
        self.audit_id = audit_id
        self._as_of = as_of
        self._language = language  # of the answer's notes
        self._started = time.perf_counter()
        self._last = self._started
        self._stages: dict[str, float] = {}
        self._current = ""
        self.record: dict[str, Any] = {
            "question": question,
            "matter": matter,
            "as_of": as_of.isoformat() if as_of else None,
            "model": None,
            "prompt_version": PROMPT_VERSION,
            "schema_version": SCHEMA_VERSION,
            "retrieved": [],
            "attempts": [],
            "checked": [],
        }

    def language(self, language: str) -> None:
        """The question's language: that of the answer's notes, and recorded."""
        self._language = language
        self.record["language"] = language

    def stage(self, name: str) -> None:
        now = time.perf_counter()
        if self._current:
            self._stages[self._current] = self._stages.get(self._current, 0.0) + now - self._last
        self._current, self._last = name, now

    def unavailable(self, component: str, reason: str) -> None:
        """``component`` ("judge"…) could not be used for this question, and why."""
        self.record.setdefault("unavailable", {})[component] = reason

    def model(self, model_id: str) -> None:
        self.record["model"] = model_id

    def retrieved(self, passages: Sequence[Passage]) -> None:
        self.record["retrieved"] = [
            {
                "fragment_id": p.fragment.id,
                "via": p.via,
                "bm25": p.scores.bm25,
                "dense": p.scores.dense,
                "fused": p.scores.fused,
            }
            for p in passages
        ]

    def relevance(
        self,
        scorer: str,
        threshold: float,
        passages: Sequence[Passage],
        scores: Mapping[int, float],
        clause_types: Sequence[str] = (),
    ) -> None:
        """Gate 2's scores: which scorer, its threshold, each retrieved passage's score
        (``scores`` keyed by ``id`` of the passage), and the clause types whose detectors
        it read (the question's route, :mod:`letadesk.judge.clauses`)."""
        self.record["relevance"] = {
            "scorer": scorer,
            "threshold": threshold,
            "clause_types": list(clause_types),
            "scores": [
                {"fragment_id": p.fragment.id, "score": round(scores[id(p)], 4)} for p in passages
            ],
        }

    def surveyed(self, documents: Sequence[tuple[DocumentId, Sequence[FragmentId], bool]]) -> None:
        """A question asked of several documents: each document searched on its own,
        as (document id, the fragment ids its answer was chosen from, whether it answers)."""
        self.record["across"] = [
            {"document_id": d, "fragment_ids": list(f), "answers": a} for d, f, a in documents
        ]

    def attempt(self, number: int, output: Generation, problem: str) -> None:
        row: dict[str, Any] = {
            "attempt": number,
            "raw": output.raw,
            "problem": problem,
            "seconds": round(output.seconds, 3),
        }
        if output.fragment_ids is not None:  # the prompt was fitted to the model's context
            row["shown"] = list(output.fragment_ids)
            row["prompt_tokens"] = output.prompt_tokens
        self.record["attempts"].append(row)

    def checked(self, attempt: int, verdict: Verdict, output: Generation | None = None) -> None:
        flagged = (
            low_confidence_spans(output.token_logprobs, verdict.draft.text, raw=output.raw)
            if output is not None
            else []
        )
        self.record["checked"].append(
            {
                "attempt": attempt,
                "text": verdict.draft.text,
                "passed": verdict.passed,
                "evidence": [
                    {"fragment_id": e.fragment_id, "quote": e.quote} for e in verdict.draft.evidence
                ],
                "checks": [asdict(c) for c in verdict.checks],
                "low_confidence": flagged,
            }
        )

    def _finish(self, answer: Answer) -> Answer:
        answer = replace(answer, language=self._language)
        self.stage("")
        self._stages["total"] = time.perf_counter() - self._started
        self.record["final"] = answer_json(answer)
        self.record["stages"] = {k: round(v, 4) for k, v in self._stages.items() if k}
        answer.stages.update(self._stages)
        return answer

    def failed(self, error: BaseException, *, cancelled: bool = False) -> None:
        """The question ended without an answer: ``error`` was raised (a model that did not
        load…), or the user cancelled. The record's ``final`` says which, and why."""
        self.stage("")
        self._stages["total"] = time.perf_counter() - self._started
        reason = (
            "cancelled by the user"
            if cancelled
            else f"{type(error).__name__}: {error}".rstrip(": ")
        )
        self.record["final"] = {
            "disposition": "cancelled" if cancelled else "failed",
            "reason": reason,
            "mode": "",
            "claims": [],
            "rejected": [],
            "nearest_sources": [],
            "groups": [],
            "unanswered_documents": [],
            "audit_id": self.audit_id,
            "as_of": self._as_of.isoformat() if self._as_of else None,
        }
        self.record["stages"] = {k: round(v, 4) for k, v in self._stages.items() if k}

    def refuse(
        self,
        question: str,
        reason: str,
        nearest: Sequence[Passage],
        *,
        rejected: Sequence[RejectedClaim] = (),
        mode: str = "",
        clarify: str = "",
    ) -> Answer:
        """A refusal; ``mode`` as :attr:`Answer.mode` ("" before any claim was drafted),
        ``clarify`` as :attr:`Answer.clarify`."""
        return self._finish(
            Answer(
                question,
                "refused",
                reason,
                (),
                tuple(rejected),
                tuple(nearest),
                self.audit_id,
                self._as_of,
                mode=mode,
                clarify=clarify,
            )
        )

    def answer(
        self,
        question: str,
        claims: Sequence[Claim],
        rejected: Sequence[RejectedClaim],
        nearest: Sequence[Passage],
        *,
        mode: str,
        groups: Sequence[AnswerGroup] = (),
        unanswered: Sequence[UnansweredDocument] = (),
    ) -> Answer:
        """An answer; ``mode``, ``groups`` and ``unanswered`` as :class:`Answer` holds them."""
        # each group leads with the value its own claims state; the answer with the first's
        groups = [replace(g, short_answer=short_answer(question, claims, g.claims)) for g in groups]
        short = groups[0].short_answer if groups else short_answer(question, claims)
        kinds = {c.kind for c in claims}
        reason = (
            "verbatim sentences extracted from the sources"
            if kinds == {"extracted"}
            else "every claim is grounded in a quoted source"
        )
        return self._finish(
            Answer(
                question,
                "answered",
                reason,
                tuple(claims),
                tuple(rejected),
                tuple(nearest),
                self.audit_id,
                self._as_of,
                mode=mode,
                groups=tuple(groups),
                unanswered=tuple(unanswered),
                notes=source_notes(claims, self._language),
                short_answer=short,
            )
        )


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
        "claims": [claim_json(c) for c in answer.claims],
        "notes": list(answer.notes),
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
