"""Filling a matter's review grid: for each document (row) and question (column), the
question asked of that one document through its ``ask`` (verbatim extraction,
no language model), so that every cell is grounded exactly like an answer — claims with
their quotes, pages and locators — or a refusal with its reason; and each leaves its
audit record. A cell is held to the judge's review bar where it has one: in a grid the
answer must be the clause asked for, and an empty cell is the lawyer's cue to read.

Cells are stored (:mod:`letadesk.store.review_cells`, or on the firm server, each
lawyer's own: :mod:`letadesk.server.review_cells`) under the document's content, the
question, the judge, the LetaDesk version and the options: a re-run, after a cancel or
after documents were added, asks only the cells not stored yet.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from letadesk import __version__
from letadesk.answer.ask import AskCancelled, AskOptions
from letadesk.answer.from_record import claim_from_json
from letadesk.answer.record import claim_json
from letadesk.domain import Claim, Document, DocumentId, DocumentStatus
from letadesk.errors import ConfigError
from letadesk.judge import load_card
from letadesk.judge.card import CARD_FILE
from letadesk.profile import Profile
from letadesk.review.templates import Question
from letadesk.store.review_cells import CellKey

PENDING = "pending"  # a cell not computed yet (the run was cancelled before it)


@dataclass(frozen=True, slots=True)
class ReviewCell:
    """One document's answer to one question: ``disposition`` "answered" (its
    ``claims``) or "refused" (``reason`` says why)."""

    document: str  # the row's name
    document_id: DocumentId
    question: str
    disposition: str
    reason: str
    claims: tuple[Claim, ...] = ()
    audit_id: str = ""
    reused: bool = False  # read from the store, not asked in this run

    def as_json(self) -> dict[str, Any]:
        return {
            "document": self.document,
            "document_id": self.document_id,
            "question": self.question,
            "disposition": self.disposition,
            "claims": [claim_json(c) for c in self.claims],  # as ``letadesk ask --json``
            "reason": self.reason,
            "audit_id": self.audit_id,
        }


CellProgress = Callable[[int, int, ReviewCell], None]  # (done, total, the cell filled)


@dataclass
class ReviewGrid:
    """The grid of one run: rows (documents) by columns (questions), and what it did."""

    matter: str
    documents: list[Document]
    questions: list[Question]
    cells: dict[tuple[DocumentId, str], ReviewCell] = field(default_factory=dict)
    asked: int = 0  # cells computed in this run
    reused: int = 0  # cells read from the store
    cancelled: bool = False
    _names: Counter[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._names = Counter(Path(d.path).name for d in self.documents)

    def row_name(self, document: Document) -> str:
        """The document's file name (its path when two rows share a file name)."""
        name = Path(document.path).name
        return name if self._names[name] == 1 else document.path

    def cell(self, document: Document, question: Question) -> ReviewCell:
        """The cell, or a pending one when the run stopped before it."""
        found = self.cells.get((document.id, question.question))
        if found is not None:
            return found
        return ReviewCell(self.row_name(document), document.id, question.question, PENDING, "")

    def as_json(self) -> dict[str, Any]:
        """The ``letadesk review --json`` shape: rows, columns (the questions), their
        labels, and the cells row by row."""
        return {
            "matter": self.matter,
            "rows": [self.row_name(d) for d in self.documents],
            "columns": [q.question for q in self.questions],
            "labels": [q.label for q in self.questions],
            "cells": [self.cell(d, q).as_json() for d in self.documents for q in self.questions],
            "asked": self.asked,
            "reused": self.reused,
            "cancelled": self.cancelled,
        }


def judge_identity(card_file: Path = CARD_FILE) -> str:
    """The shipped judge's name and the start of its card's SHA-256: the card pins every
    weight file (the judge, its clause models) and holds every bar, so a new model or a
    re-tuned bar asks the cells again (the model is not loaded)."""
    card = load_card(card_file)
    return f"{card.name}@{hashlib.sha256(card_file.read_bytes()).hexdigest()[:16]}"


def review_documents(ws: Profile, matter: str, refs: Sequence[str] = ()) -> list[Document]:
    """The rows: the documents ``refs`` names (ids or file names) in ``matter``, in that
    order, or every indexed document of the matter when none is named."""
    if not refs:
        return [d for d in ws.documents.all(matter) if d.status == DocumentStatus.INDEXED]
    rows: dict[DocumentId, Document] = {}
    for ref in refs:
        doc = ws.documents.find(ref, matter=matter)
        if doc.status != DocumentStatus.INDEXED:
            raise ConfigError(f"document {ref!r} is not indexed ({doc.status.value})")
        rows.setdefault(doc.id, doc)
    return list(rows.values())


def fill_grid(
    ws: Profile,
    matter: str,
    questions: Sequence[Question],
    documents: Sequence[Document] | None = None,
    *,
    as_of: date | None = None,
    progress: CellProgress | None = None,
    cancelled: Callable[[], bool] | None = None,
    relevance_threshold: float | None = None,
) -> ReviewGrid:
    """Fill the grid of ``documents`` (default: every indexed document of ``matter``) by
    ``questions``, row by row. Stored cells are reused; the others are asked and stored
    as each is answered. ``progress`` hears of every cell; ``cancelled`` is polled before
    each and while one is asked: a cancel stops the run, keeping the cells it filled
    (``ReviewGrid.cancelled``; the rest are pending). Each cell is held to the judge's
    review bar (``AskOptions.review``), or to ``relevance_threshold`` when given (the bar
    ``benchmarks/tune_review.py`` sweeps; part of the stored cell's key)."""
    rows = list(documents) if documents is not None else review_documents(ws, matter)
    grid = ReviewGrid(matter, rows, list(questions))
    options = AskOptions(
        as_of=as_of,
        generate=False,
        language=ws.settings.language,
        review=True,
        relevance_threshold=relevance_threshold,
    )
    settings = {
        "as_of": _dated(ws, matter, as_of or ws.today()),
        "language": options.language,
        "embedder": ws.settings.embedder,
        "relevance_threshold": relevance_threshold,
    }
    judge, opts = judge_identity(), json.dumps(settings, sort_keys=True, default=str)
    store = ws.review_cells
    total, done = len(rows) * len(grid.questions), 0
    for doc in rows:
        for q in grid.questions:
            if cancelled is not None and cancelled():
                grid.cancelled = True
                return grid
            key = CellKey(doc.id, doc.sha256, q.question, judge, __version__, opts)
            stored = store.get(key)
            if stored is not None:
                cell = _cell(grid.row_name(doc), doc, q, stored, reused=True)
                grid.reused += 1
            else:
                try:
                    answer = ws.ask(
                        q.question,
                        matter=matter,
                        document=str(doc.id),
                        options=options,
                        cancelled=cancelled,
                    )
                except AskCancelled:
                    grid.cancelled = True
                    return grid
                stored = {
                    "disposition": answer.disposition,
                    "reason": answer.reason,
                    "mode": answer.mode,
                    "claims": [claim_json(c) for c in answer.claims],
                    "audit_id": answer.audit_id,
                }
                store.put(key, stored)
                cell = _cell(grid.row_name(doc), doc, q, stored, reused=False)
                grid.asked += 1
            grid.cells[(doc.id, q.question)] = cell
            done += 1
            if progress is not None:
                progress(done, total, cell)
    return grid


def _dated(ws: Profile, matter: str, day: date) -> str:
    """What of the date a stored cell depends on: nothing when every document of the
    matter is in force on ``day`` (a cell is reused on any such day), else the day itself
    (a version that ended, or not yet begun, is searched or cited as of that day only)."""
    if all(d.in_force_on(day) for d in review_documents(ws, matter)):
        return "every document in force"
    return day.isoformat()


def _cell(
    name: str, doc: Document, q: Question, stored: dict[str, Any], *, reused: bool
) -> ReviewCell:
    """The cell from its stored JSON, its citations marked with the document's currency
    and human check as they are now (a stored cell may predate a change on disk)."""
    claims = tuple(_current(claim_from_json(c), doc) for c in stored.get("claims", []))
    return ReviewCell(
        name,
        doc.id,
        q.question,
        str(stored.get("disposition", "")),
        str(stored.get("reason", "")),
        claims,
        str(stored.get("audit_id", "")),
        reused,
    )


def _current(claim: Claim, doc: Document) -> Claim:
    citations = tuple(
        replace(c, source_state=doc.source_state, verified=doc.verified)
        if c.document_id == doc.id
        else c
        for c in claim.citations
    )
    return replace(claim, citations=citations)
