"""Check a lawyer's draft against the matter: the draft is read (in an isolated parser
worker, never indexed) and cut into pieces: the ingest chunker's fragments (an article,
or about 1,500 characters), each cut again into its clauses (paragraphs; a heading is
not a clause but names the clauses under it: :mod:`letadesk.draft.clauses`). Each piece
is reported with its findings:

* ``"provision"``: a provision the piece cites, found in the matter and in force on the
  as-of date, with its verbatim text as the citation (grounded);
* ``"missing"``: a provision the piece cites that the matter's documents of its act do
  not have ("Codul civil nu are art. 3000; articolele sale sunt 1–2664"), the
  presupposition check answers use (:mod:`letadesk.answer.presupposition`);
* ``"unchecked"``: a provision of an act the matter does not hold (a regulation the
  draft's quoted text cites, say): it cannot be checked here, which is said, not judged;
* ``"not_in_force"``: a provision that only versions not in force on the as-of date
  hold;
* ``"mismatch"``: a duration or percentage in the sentence that cites a provision, of a
  unit the provision also states, but with none of the provision's values ("10 zile"
  where art. 5 alin. (1) says "30 de zile"), cited to the provision;
* ``"related"``: for a piece that cites nothing, the matter's passage nearest to it
  (retrieval only: what it touches, not a judgement).

The errors are ``missing``, ``not_in_force`` and ``mismatch`` (:data:`ERROR_KINDS`).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from letadesk.answer.presupposition import describe, missing_provision
from letadesk.answer.record import citation_json
from letadesk.answer.sentences import sentences
from letadesk.domain import (
    DRAFT_ERROR_KINDS,
    Citation,
    Fragment,
    MatterId,
    ParsedDocument,
    Passage,
)
from letadesk.draft.clauses import clauses
from letadesk.errors import IngestError
from letadesk.ingest.worker import ParserPool
from letadesk.profile import Profile
from letadesk.references import Reference, locator_of, parse_references
from letadesk.references.titles import act_title, romanian_citation
from letadesk.retrieve.search import search_on
from letadesk.text import Texts, one_line, translate
from letadesk.verify.quantities import Quantity, quantities

ERROR_KINDS = DRAFT_ERROR_KINDS
_COMPARED = frozenset({"duration", "percent"})  # the quantities a mismatch is judged on
_MISSING_KINDS = {"not_in_force": "not_in_force", "act": "unchecked"}
_RELATED_QUERY_CHARS = 600
_TEXT: Texts = {
    "provision": {"en": "Cites {provision} of {act}", "ro": "Citează {provision} din {act}"},
    "mismatch": {
        "en": "The draft says {draft}; {provision} of {act} says {source}",
        "ro": "Proiectul spune {draft}; {provision} din {act} spune {source}",
    },
    "related": {"en": "Nearest provision in the matter", "ro": "Cea mai apropiată prevedere"},
}


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str  # "provision" | "related" | "unchecked", or one of ERROR_KINDS
    claim: str  # what the lawyer reads, in the interface language
    citations: tuple[Citation, ...] = ()
    # a mismatch: the value the draft states ("10 zile"), and the provision's ("30 de zile")
    draft_says: str = ""
    source_says: str = ""

    def as_json(self) -> dict[str, Any]:
        said = {"draft_says": self.draft_says, "source_says": self.source_says}
        return {
            "kind": self.kind,
            "claim": self.claim,
            "citations": [citation_json(c) for c in self.citations],
            **(said if self.kind == "mismatch" else {}),
        }


@dataclass(frozen=True, slots=True)
class Piece:
    start: int
    end: int
    text: str  # the clause's own words, its heading left out
    findings: tuple[Finding, ...] = ()
    heading: str = ""  # the nearest heading above the clause (:mod:`.clauses`)

    def as_json(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "heading": self.heading,
            "text": self.text,
            "findings": [f.as_json() for f in self.findings],
        }


@dataclass(frozen=True, slots=True)
class DraftReport:
    path: str
    title: str
    matter: str
    as_of: date | None
    pieces: tuple[Piece, ...] = field(default=())
    total: int = 0  # the draft's clauses; more than ``len(pieces)`` after a cancel

    @property
    def cancelled(self) -> bool:
        return len(self.pieces) < self.total

    def errors(self) -> list[Finding]:
        return [f for p in self.pieces for f in p.findings if f.kind in ERROR_KINDS]

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "matter": self.matter,
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "cancelled": self.cancelled,
            "total": self.total,
            "pieces": [p.as_json() for p in self.pieces],
        }


def read_draft(ws: Profile, path: Path) -> ParsedDocument:
    """The draft parsed by an isolated worker, within the ingest's time and memory
    limits; an IngestError naming the file and the reason otherwise."""
    settings = ws.settings
    with ParserPool(
        workers=1,
        timeout_s=settings.ingest_timeout_s,
        memory_mb=settings.ingest_memory_mb,
        max_fragments=settings.max_fragments_per_file,
    ) as pool:
        for _, outcome in pool.map([path]):
            if isinstance(outcome, ParsedDocument):
                return outcome
            raise IngestError(str(path), outcome)
    raise IngestError(str(path), "the parser gave no result")


def check_draft(
    ws: Profile,
    path: str | Path,
    *,
    matter: str,
    as_of: date | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> DraftReport:
    """The draft at ``path`` checked against ``matter`` on ``as_of`` (None: today, as a
    question is asked; see module doc); after a cancel, the clauses checked so far
    (``cancelled`` is then True)."""
    as_of = as_of if as_of is not None else ws.today()
    draft = read_draft(ws, Path(path))
    checker = _Checker(ws, matter, as_of)
    spans = clauses(draft.text, [(f.start, f.end) for f in draft.fragments])
    pieces = []
    for i, clause in enumerate(spans):
        if cancelled is not None and cancelled():
            break
        text = draft.text[clause.start : clause.end]
        findings = tuple(checker.findings(text))
        pieces.append(Piece(clause.start, clause.end, text, findings, clause.heading))
        if progress is not None:
            progress(i + 1, len(spans))
    report = DraftReport(str(path), draft.title, matter, as_of, tuple(pieces), len(spans))
    _record(ws, report, checker.matter_id)
    return report


def _record(ws: Profile, report: DraftReport, matter_id: int) -> None:
    """The check's audit record: the draft (its name and SHA-256), the date, and how
    many findings of each kind, with the fragments cited."""
    path = Path(report.path)
    kinds = Counter(f.kind for p in report.pieces for f in p.findings)
    cited = {c.fragment_id for p in report.pieces for f in p.findings for c in f.citations}
    record = {
        "event": "check-document",
        "question": f"check-document {path.name}",
        "draft_sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "as_of": report.as_of.isoformat() if report.as_of else None,
        "clauses": report.total,
        "checked": len(report.pieces),
        "findings": dict(sorted(kinds.items())),
        "cited_fragments": sorted(int(i) for i in cited),
    }
    ws.audit.append(record, matter_id=matter_id)


class _Checker:
    def __init__(self, ws: Profile, matter: str, as_of: date | None) -> None:
        self._ws, self._matter, self._as_of = ws, matter, as_of
        self.matter_id = int(ws.matters.named(matter).id)
        self._language = ws.settings.language

    def findings(self, text: str) -> list[Finding]:
        refs = [
            r
            for r in parse_references(text)
            if r.act is not None and r.article is not None and locator_of(r).startswith("art. ")
        ]
        out: list[Finding] = []
        for ref in refs:
            out += self._reference(text, ref)
        if not refs:
            out += self._related(text)
        return out

    def _reference(self, text: str, ref: Reference) -> list[Finding]:
        missing = missing_provision(
            self._ws.corpus, [ref], matter_id=MatterId(self.matter_id), as_of=self._as_of
        )
        if missing is not None:
            kind = _MISSING_KINDS.get(missing.kind, "missing")
            said = describe(missing, self._language, prefixed=kind != "unchecked")
            return [Finding(kind, said)]
        passages = self._provision(ref)
        if not passages:
            return []  # the act's documents have no structure to judge by
        assert ref.act is not None
        act, provision = act_title(ref.act), locator_of(ref)
        cited = tuple(_citation(p.fragment, p) for p in passages)
        found = [Finding("provision", self._t("provision", provision=provision, act=act), cited)]
        mismatch = _mismatch(_sentence_of(text, ref), " ".join(p.fragment.text for p in passages))
        if mismatch is not None:
            draft_says, source_says = mismatch
            claim = self._t(
                "mismatch", draft=draft_says, provision=provision, act=act, source=source_says
            )
            found.append(Finding("mismatch", claim, cited, draft_says, source_says))
        return found

    def _provision(self, ref: Reference) -> list[Passage]:
        """The fragments holding the cited provision, as the reference cascade finds
        them for a question that names it."""
        assert ref.act is not None  # findings() keeps only references that name their act
        query = romanian_citation(ref)
        passages = search_on(self._ws, None, query, matter=self._matter, k=3, as_of=self._as_of)
        return [p for p in passages if p.via == "reference"]

    def _related(self, text: str) -> list[Finding]:
        query = one_line(text)[:_RELATED_QUERY_CHARS]
        if len(query.split()) < 4:
            return []
        passages = search_on(self._ws, None, query, matter=self._matter, k=1, as_of=self._as_of)
        return [
            Finding("related", self._t("related"), (_citation(p.fragment, p),)) for p in passages
        ]

    def _t(self, key: str, **values: object) -> str:
        return translate(_TEXT, key, self._language, **values)


def _sentence_of(text: str, ref: Reference) -> str:
    """The sentence of ``text`` that holds the reference (the whole text as a fallback)."""
    at = ref.span[0]
    for start, end in sentences(text):
        if start <= at < end:
            return text[start:end]
    return text


def _mismatch(draft: str, source: str) -> tuple[str, str] | None:
    """(what the draft says, what the provision says) for the first duration or
    percentage of the draft sentence whose unit the provision states with other values
    only; None when they agree or the provision does not state that unit."""
    stated: dict[tuple[str, str], list[Quantity]] = {}
    for q in quantities(source):
        if q.kind in _COMPARED:
            stated.setdefault((q.kind, q.unit), []).append(q)
    for q in quantities(draft):
        same = stated.get((q.kind, q.unit), [])
        if q.kind in _COMPARED and same and all(s.value != q.value for s in same):
            return q.text, ", ".join(dict.fromkeys(s.text for s in same))
    return None


def _citation(fragment: Fragment, passage: Passage) -> Citation:
    """A citation as answers carry it, so that the window's chips open it."""
    doc = passage.document
    return Citation(
        fragment.id,
        doc.id,
        doc.title,
        fragment.page,
        fragment.printed_page,
        fragment.locator,
        fragment.text,
        fragment.start,
        fragment.end,
        doc.source_state,
        doc.verified,
    )
