"""The nouns of LetaDesk: frozen dataclasses shared by every layer.

Nothing here does I/O. Offsets are always character offsets into a document's
stored text (``Document`` text as kept in the store), half-open ``[start, end)``.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import PurePath
from typing import NewType

from letadesk.rows import LexicalRow as LexicalRow
from letadesk.rows import VectorRow as VectorRow

MatterId = NewType("MatterId", int)
DocumentId = NewType("DocumentId", int)
FragmentId = NewType("FragmentId", int)


class DocumentKind(enum.StrEnum):
    PDF = "pdf"
    DOCX = "docx"
    HTML = "html"
    TEXT = "text"


class DocumentStatus(enum.StrEnum):
    INDEXED = "indexed"
    FAILED = "failed"
    RETIRED = "retired"  # the file is gone from a re-ingested folder
    DUPLICATE = "duplicate"  # same content as ``duplicate_of``; not indexed twice


class SourceState(enum.StrEnum):
    """Whether a document's file on disk still holds what was indexed (its currency)."""

    CURRENT = ""
    CHANGED = "changed"  # the file's content differs from the indexed one
    MISSING = "missing"  # the file is no longer found


class PageMethod(enum.StrEnum):
    """How a page's text was obtained."""

    TEXT_LAYER = "text"
    OCR = "ocr"
    NO_TEXT = "no_text"  # no text layer and OCR unavailable or produced nothing


@dataclass(frozen=True, slots=True)
class ParsedPage:
    """One page of a parsed document: its span of the document text."""

    number: int  # 1-based physical page number
    label: str  # printed page label ("iv", "12"); the number as text when none
    start: int
    end: int
    method: PageMethod = PageMethod.TEXT_LAYER
    note: str = ""  # human-readable outcome, e.g. "OCR unavailable"


@dataclass(frozen=True, slots=True)
class ParsedFragment:
    """A structural unit (article, paragraph, clause) cut from the document text."""

    start: int
    end: int
    locator: str  # "art. 57 alin. (3) lit. b)", "Section 5.2", "" when none
    text: str  # == document_text[start:end]
    page: int  # 1-based page of ``start``


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """What a reader produces from one file, before it is stored."""

    kind: DocumentKind
    title: str
    text: str
    pages: tuple[ParsedPage, ...]
    fragments: tuple[ParsedFragment, ...]
    language: str  # "ro", "en", or "" when unknown


@dataclass(frozen=True, slots=True)
class Matter:
    id: MatterId
    name: str


@dataclass(frozen=True, slots=True)
class Document:
    id: DocumentId
    matter_id: MatterId
    path: str
    title: str
    kind: str
    language: str
    sha256: str
    size: int
    status: DocumentStatus
    failure_reason: str = ""
    jurisdiction: str = ""
    legal_force: str = ""
    valid_from: date | None = None
    valid_to: date | None = None
    verified: bool = False
    duplicate_of: DocumentId | None = None
    source_state: SourceState = SourceState.CURRENT

    @property
    def file_name(self) -> str:
        """The name of the document's file, its folders left out (``/`` or ``\\``)."""
        return self.path.replace("\\", "/").rsplit("/", 1)[-1]

    @property
    def stale(self) -> bool:
        """The file changed or disappeared since it was indexed (re-ingest to refresh)."""
        return self.source_state != SourceState.CURRENT

    def in_force_on(self, day: date) -> bool:
        """Whether ``day`` is within the document's validity, as ``store.filters`` says."""
        return (self.valid_from is None or self.valid_from <= day) and (
            self.valid_to is None or day <= self.valid_to
        )


@dataclass(frozen=True, slots=True)
class Page:
    document_id: DocumentId
    number: int
    label: str
    start: int
    end: int
    method: PageMethod
    note: str = ""


@dataclass(frozen=True, slots=True)
class Fragment:
    id: FragmentId
    document_id: DocumentId
    page: int  # physical page number (1-based), where the viewer opens
    start: int
    end: int
    locator: str
    text: str
    page_label: str = ""  # the page's printed label ("iv", "12"); "" when not loaded

    @property
    def printed_page(self) -> str:
        """What a lawyer cites: the printed label, else the page number."""
        return self.page_label or str(self.page)


@dataclass(frozen=True, slots=True)
class Scores:
    bm25: float | None = None
    dense: float | None = None
    fused: float = 0.0


@dataclass(frozen=True, slots=True)
class Passage:
    """A retrieved fragment with the document it belongs to and its scores."""

    fragment: Fragment
    document: Document
    scores: Scores
    via: str = "hybrid"  # "reference" | "named" | "hybrid" | "keyword"
    # "reference" only: the litere ("h", "c") or puncte ("pct. 20") the question named
    # that this fragment holds inside its alineat (or article), because they have no
    # fragment of their own
    letters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SearchFilters:
    """Restrictions applied inside every retriever's query (never as a post-filter)."""

    matter_id: MatterId
    document_id: DocumentId | None = None
    jurisdiction: str | None = None
    legal_force: str | None = None
    as_of: date | None = None


@dataclass(frozen=True, slots=True)
class Evidence:
    fragment_id: FragmentId
    quote: str


@dataclass(frozen=True, slots=True)
class DraftClaim:
    """A claim as the generator proposed it, before any gate looked at it."""

    text: str
    evidence: tuple[Evidence, ...]


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One gate's verdict on one claim: a value, never an exception."""

    check: str  # "quote" | "citation" | "temporal" | "consistency" | "support" | "coherence"
    passed: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Citation:
    fragment_id: FragmentId
    document_id: DocumentId
    document: str  # title
    page: int
    page_label: str
    locator: str
    quote: str
    start: int  # offsets of the matched quote in the document text
    end: int
    # the cited document's currency and human check when the answer was made
    source_state: SourceState = SourceState.CURRENT
    verified: bool = False

    @property
    def stale(self) -> bool:
        return self.source_state != SourceState.CURRENT


@dataclass(frozen=True, slots=True)
class Claim:
    text: str
    kind: str  # "generated" | "extracted"
    citations: tuple[Citation, ...]
    checks: tuple[CheckResult, ...] = ()

    @property
    def stale(self) -> bool:
        """A cited document changed or disappeared on disk since it was indexed."""
        return any(c.stale for c in self.citations)

    @property
    def unverified(self) -> bool:
        """A cited document has not been verified by a person (``meta --verified``)."""
        return any(not c.verified for c in self.citations)


@dataclass(frozen=True, slots=True)
class RejectedClaim:
    text: str
    check: str
    reason: str
    checks: tuple[CheckResult, ...] = ()


@dataclass(frozen=True, slots=True)
class ShortAnswer:
    """The value a question asks for, verbatim from a quote ("30 de zile"), which the
    answer leads with; ``start``/``end``: offsets in ``Answer.claims[claim].citations
    [citation].quote`` (in the document: that citation's ``start`` plus these)."""

    text: str
    # "duration" | "penalty" | "amount" | "percent" | "count" | "frequency" | "area" |
    # "date" | "law" | "court" | "parties" (those a preamble names) | "choice" (the
    # alternative of the question's the quote names)
    kind: str
    claim: int
    citation: int
    start: int
    end: int
    locator: str  # the citation's ("art. 5 alin. (1)"), "" when none

    @property
    def shown(self) -> str:
        """The value as it is shown: its line breaks read as spaces (a PDF's line may end
        inside it); :attr:`text` stays verbatim."""
        return " ".join(self.text.split())


# The mode of an answer extracted after the model's draft failed (the answer says why).
DRAFT_FAILED = "extracted_after_generation_failed"


@dataclass(frozen=True, slots=True)
class AnswerGroup:
    """The claims of an answer over several documents that one document holds."""

    document_id: DocumentId
    document: str  # title
    claims: tuple[int, ...]  # indices into ``Answer.claims``, in reading order
    short_answer: ShortAnswer | None = None  # the value asked for, from these claims


@dataclass(frozen=True, slots=True)
class UnansweredDocument:
    """A document searched on its own for the question, holding no answer to it."""

    document_id: DocumentId
    document: str  # title


@dataclass(frozen=True, slots=True)
class Answer:
    question: str
    disposition: str  # "answered" | "refused"
    reason: str
    claims: tuple[Claim, ...]
    rejected: tuple[RejectedClaim, ...] = ()
    nearest_sources: tuple[Passage, ...] = ()
    audit_id: str = ""
    as_of: date | None = None
    # "generated" (the model's, each verified), "extracted" (verbatim sentences, no model),
    # "extracted_after_generation_failed"; a refusal: what was tried ("" if nothing).
    mode: str = ""
    stages: dict[str, float] = field(default_factory=dict)
    # Asked of several documents: a group per document that answers (most relevant first)
    # and the documents without an answer; both empty otherwise.
    groups: tuple[AnswerGroup, ...] = ()
    unanswered: tuple[UnansweredDocument, ...] = ()
    # Notes on the sources cited (stale on disk, not verified), in ``language``.
    notes: tuple[str, ...] = ()
    # A refusal whose nearest passages came close: a question back naming them.
    clarify: str = ""
    # The value the question asks for (None: none asked, or no quote states one).
    short_answer: ShortAnswer | None = None
    # The question's language ("ro", "en"): the reason's and the notes'.
    language: str = ""
    # mode "extracted_after_generation_failed": what became of the model's draft:
    # "rejected" (each claim it proposed failed a check: ``rejected``), "empty" (it
    # proposed none), "unreadable" (its output could not be read as claims); else "".
    draft_failure: str = ""
    # How the question was read, in its language: in the words of the documents' language
    # when they are all of the other one, and each acronym searched by the name the
    # matter's documents spell it out as ("CNSC read as ...").
    readings: tuple[str, ...] = ()

    @property
    def answered(self) -> bool:
        return self.disposition == "answered"


@dataclass
class IngestReport:
    """What one ingest did, file by file (filled in while it runs, so not frozen)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    retired: int = 0
    duplicates: int = 0
    moved: int = 0  # the content of an indexed document whose file was gone: it follows
    failed: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    cancelled: bool = False
    # Paths of the documents this ingest added or updated that are wholly in the index
    # (every passage searchable, lexically and by vector) when it ended.
    indexed: list[str] = field(default_factory=list)
    # Paths of the matter's documents with passages not yet in the index (a cancel
    # stopped their indexing): the next ingest resumes them.
    pending: list[str] = field(default_factory=list)
    pending_passages: int = 0
    not_read: list[str] = field(default_factory=list)  # files a cancel left unread
    # Hidden entries (a leading dot: .git, .DS_Store) met in the folders and not read
    skipped_hidden: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = asdict(self)  # the fields in their order
        out["failed"] = [{"path": p, "reason": r} for p, r in self.failed]
        return out

    def hidden_names(self, shown: int = 5) -> str:
        """The hidden entries' names, the first ``shown`` of them ("" if none):
        ".git, .DS_Store, …"."""
        names = list(dict.fromkeys(PurePath(p).name for p in self.skipped_hidden))
        return ", ".join(names[:shown]) + (", …" if len(names) > shown else "")


# The findings of a draft check that are errors (``letadesk.draft.check``; its Word
# export, below it, counts them too).
DRAFT_ERROR_KINDS = frozenset({"missing", "not_in_force", "mismatch"})
