"""One search of a matter, as both profiles run it (:class:`letadesk.workspace.Workspace`
and the firm server's): the query checked, the retrieval cascade run, and the search
recorded in the audit trail (a search probes a matter as a question does)."""

from __future__ import annotations

from datetime import date
from typing import Any, Protocol

from letadesk.domain import Passage, SearchFilters
from letadesk.limits import MAX_K, checked_count, checked_question
from letadesk.ports import AuditTrail, CorpusReader, IndexSearch
from letadesk.retrieve.cascade import Retriever


class SearchTarget(Protocol):
    """Where a matter is searched: this computer's profile or the firm server."""

    @property
    def corpus(self) -> CorpusReader: ...

    @property
    def indexes(self) -> IndexSearch: ...

    def filters(
        self, matter: str, *, document: str | None = None, as_of: date | None = None
    ) -> SearchFilters: ...


def search_on(
    target: SearchTarget,
    trail: AuditTrail | None,
    query: str,
    *,
    matter: str,
    document: str | None = None,
    k: int = 20,
    as_of: date | None = None,
    dense: bool = True,
) -> list[Passage]:
    """Both profiles' ``search``: ``query`` checked, the retrieval cascade run in the
    matter (or one document), and the search recorded in ``trail`` (what was asked and
    which fragments came back). ``trail`` None: a search inside a verb that leaves its
    own record (the draft check)."""
    query = checked_question(query, "query")
    checked_count(k, "k", MAX_K)
    filters = target.filters(matter, document=document, as_of=as_of)
    passages = Retriever(target.corpus, target.indexes).search(query, filters, k=k, dense=dense)
    if trail is not None:
        trail.append(
            _search_record(query, matter, filters, as_of, k, passages.passages),
            matter_id=filters.matter_id,
        )
    return passages.passages


def _search_record(
    query: str,
    matter: str,
    filters: SearchFilters,
    as_of: date | None,
    k: int,
    passages: list[Passage],
) -> dict[str, Any]:
    return {
        "event": "search",
        "question": query,
        "matter": matter,
        "document_id": filters.document_id,
        "as_of": None if as_of is None else as_of.isoformat(),
        "k": k,
        "results": [
            {"fragment_id": int(p.fragment.id), "document_id": int(p.document.id)} for p in passages
        ],
    }
