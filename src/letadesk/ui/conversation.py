"""A matter's conversation: its questions and answers of this session as a thread, and
what a follow-up inherits. Lawyers ask on ("and for the licensee?", "și termenul de
plată?"): a follow-up is asked of the previous question's document and on its date,
unless it names another document or the lawyer sets another date, and the window says
which. History stays the audit log; this is the thread the lawyer works in.

The previous question's document is the one it was asked of or, asked of the whole
matter, the one document its answer cited; an answer from several documents leaves the
follow-up on the whole matter (a question is asked of one document or of the matter).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from letadesk.domain import Answer, Document

_MIN_NAME = 3  # characters of a document's name a question must hold to name it ("NDA")
_SEP = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class Scope:
    """Where a question is asked: one document (its id and title) or the whole matter
    (``document_id`` ""), on ``as_of`` (None: today)."""

    document_id: str = ""
    document: str = ""
    as_of: date | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    question: str
    answer: Answer
    scope: Scope
    note: str = ""  # what it inherited, as the window said it


@dataclass(frozen=True, slots=True)
class FollowUp:
    """A follow-up's scope and what it took from the previous question: ``inherited``
    the document and/or date it kept, ``named`` a document the question names instead."""

    scope: Scope
    kept_document: bool = False
    kept_date: bool = False
    named: str = ""


def _words(text: str) -> str:
    return " " + " ".join(_SEP.split(text.lower())).strip() + " "


def named_document(question: str, documents: list[Document]) -> Document | None:
    """The one document whose title or file name (without its extension) ``question``
    holds, as words; None when it names none, or several."""
    asked = _words(question)
    found = []
    for doc in documents:
        names = {Path(doc.title).stem, Path(doc.path).stem} - {""}
        if any(len(n) >= _MIN_NAME and _words(n) in asked for n in names):
            found.append(doc)
    return found[0] if len(found) == 1 else None


def answered_from(answer: Answer) -> tuple[str, str] | None:
    """The (id, title) of the one document ``answer`` cites; None for several or none."""
    cited = {(str(c.document_id), c.document) for cl in answer.claims for c in cl.citations}
    return next(iter(cited)) if len(cited) == 1 else None


@dataclass
class Thread:
    """One matter's questions and answers, oldest first."""

    turns: list[Turn] = field(default_factory=list)

    def inherited(self) -> Scope:
        """What the next follow-up inherits: the last question's document (or its
        answer's one document) and its date."""
        if not self.turns:
            return Scope()
        last = self.turns[-1]
        if last.scope.document_id:
            return last.scope
        one = answered_from(last.answer)
        if one is None:
            return last.scope
        return Scope(one[0], one[1], last.scope.as_of)

    def follow_up(self, question: str, as_of: date | None, documents: list[Document]) -> FollowUp:
        """The scope of ``question`` asked as a follow-up (``as_of``: the date the
        lawyer set, None when none)."""
        before = self.inherited()
        named = named_document(question, documents)
        if named is not None and str(named.id) != before.document_id:
            document_id, title, kept = str(named.id), named.title or Path(named.path).name, False
        else:
            document_id, title, kept = before.document_id, before.document, bool(before.document_id)
        kept_date = as_of is None and before.as_of is not None
        scope = Scope(document_id, title, as_of if as_of is not None else before.as_of)
        return FollowUp(scope, kept, kept_date, title if named is not None and not kept else "")

    def add(self, turn: Turn) -> None:
        self.turns.append(turn)
