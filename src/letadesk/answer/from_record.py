"""The JSON shape of an answer (:mod:`letadesk.answer.record`: ``letadesk ask --json``,
an audit record's ``final``, a review cell's claims) read back as typed values, once,
where stored JSON enters: the window shows only typed answers. A record may predate a
field: what it lacks takes the value the window showed for it before."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

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
    ShortAnswer,
    SourceState,
    UnansweredDocument,
)

__all__ = [
    "answer_from_json",
    "answer_from_record",
    "citation_from_json",
    "claim_from_json",
    "passage_from_json",
]


def _source_state(d: Mapping[str, Any]) -> SourceState:
    """The recorded currency of a source; for a record without ``source_state``,
    "changed" when it was marked stale."""
    try:
        return SourceState(d["source_state"])
    except (KeyError, ValueError):
        return SourceState.CHANGED if d.get("stale") else SourceState.CURRENT


def citation_from_json(d: Mapping[str, Any]) -> Citation:
    """A citation (:func:`citation_json`); one recorded without ``verified`` counts as
    verified, as the window showed it."""
    return Citation(
        FragmentId(int(d.get("fragment_id") or 0)),
        DocumentId(int(d["document_id"])),
        str(d.get("document", "")),
        int(d.get("page") or 1),
        str(d.get("page_label") or ""),
        str(d.get("locator", "")),
        str(d.get("quote", "")),
        int(d.get("start") or 0),
        int(d.get("end") or 0),
        _source_state(d),
        bool(d.get("verified", True)),
    )


def claim_from_json(d: Mapping[str, Any]) -> Claim:
    """A claim (:func:`claim_json`): its ``stale``/``unverified`` follow its citations."""
    checks = tuple(
        CheckResult(str(k.get("check", "")), bool(k.get("passed")), str(k.get("reason", "")))
        for k in d.get("checks", [])
    )
    citations = tuple(citation_from_json(c) for c in d.get("citations", []))
    return Claim(str(d.get("text", "")), str(d.get("kind", "")), citations, checks)


def passage_from_json(d: Mapping[str, Any]) -> Passage:
    """A nearest source (:func:`passage_json`): the fragment and scores as recorded, its
    document as the record names it (id, title, currency, human check); what the record
    does not hold of the document (matter, path, kind, hash, size) is left empty."""
    doc = Document(
        DocumentId(int(d["document_id"])),
        MatterId(0),
        "",
        str(d.get("document", "")),
        "",
        "",
        "",
        0,
        DocumentStatus.INDEXED,
        verified=bool(d.get("verified", True)),
        source_state=_source_state(d),
    )
    fragment = Fragment(
        FragmentId(int(d.get("fragment_id") or 0)),
        doc.id,
        int(d.get("page") or 1),
        int(d["start"]),
        int(d["end"]),
        str(d.get("locator", "")),
        str(d.get("text", "")),
        str(d.get("page_label") or ""),
    )
    s = d.get("scores") or {}
    scores = Scores(s.get("bm25"), s.get("dense"), float(s.get("fused") or 0.0))
    return Passage(fragment, doc, scores, str(d.get("via", "hybrid")))


def answer_from_json(d: Mapping[str, Any], question: str = "") -> Answer:
    """An answer (:func:`answer_json`, which does not hold the question: ``question``)."""
    as_of = d.get("as_of")
    return Answer(
        question,
        str(d.get("disposition", "")),
        str(d.get("reason", "")),
        tuple(claim_from_json(c) for c in d.get("claims", [])),
        tuple(
            RejectedClaim(str(r.get("text", "")), str(r.get("check", "")), str(r.get("reason", "")))
            for r in d.get("rejected", [])
        ),
        tuple(passage_from_json(p) for p in d.get("nearest_sources", [])),
        str(d.get("audit_id") or ""),
        date.fromisoformat(as_of) if as_of else None,
        mode=str(d.get("mode", "")),
        draft_failure=str(d.get("draft_failure") or ""),
        groups=tuple(
            AnswerGroup(
                DocumentId(int(g["document_id"])),
                str(g.get("document", "")),
                tuple(int(i) for i in g.get("claims", [])),
                _short_from_json(g.get("short_answer")),
            )
            for g in d.get("groups", [])
        ),
        unanswered=tuple(
            UnansweredDocument(DocumentId(int(u["document_id"])), str(u.get("document", "")))
            for u in d.get("unanswered_documents", [])
        ),
        notes=tuple(str(n) for n in d.get("notes", [])),
        readings=tuple(str(n) for n in d.get("readings", [])),
        clarify=str(d.get("clarify") or ""),
        short_answer=_short_from_json(d.get("short_answer")),
        language=str(d.get("language") or ""),
    )


def answer_from_record(record: Mapping[str, Any]) -> Answer:
    """The answer an audit record holds: its ``final`` (a failed or cancelled question's
    too: no claims, its reason), asked ``question``, on its ``as_of`` date, its ``id``."""
    final = {**(record.get("final") or {})}
    final["as_of"] = final.get("as_of") or record.get("as_of")
    final["audit_id"] = final.get("audit_id") or record.get("id") or ""
    final["language"] = record.get("language") or ""  # the question's (AskTrace.language)
    return answer_from_json(final, str(record.get("question", "")))


def _short_from_json(d: Any) -> ShortAnswer | None:
    """The short answer of an answer's JSON (None when it has none, as older records)."""
    if not isinstance(d, Mapping):
        return None
    return ShortAnswer(
        text=str(d["text"]),
        kind=str(d["kind"]),
        claim=int(d["claim"]),
        citation=int(d["citation"]),
        start=int(d["start"]),
        end=int(d["end"]),
        locator=str(d.get("locator", "")),
    )
