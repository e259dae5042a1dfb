"""The one Profile protocol: both backends implement every part of it, and what it
writes once (filters, search, ask) behaves on the embedded profile as the clients rely on."""

from __future__ import annotations

import typing
from collections.abc import Iterator

import pytest

from corpus_factory import NDA_EN, write_text
from letadesk.answer.ask import AskCancelled
from letadesk.errors import NotFoundError
from letadesk.profile import Profile
from letadesk.server.workspace import ServerWorkspace
from letadesk.workspace import Workspace

# written once on Profile, for both backends (the rest each backend must implement)
SHARED = {"answering", "filters", "search", "ask"}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("profile")
    write_text(root / "docs", "nda.txt", NDA_EN)
    write_text(root / "other", "memo.txt", "A memo about the confidentiality term.")
    workspace = Workspace.open(root / "profile")
    workspace.documents.ingest([root / "docs"], matter="M")
    workspace.documents.ingest([root / "other"], matter="Other")
    yield workspace
    workspace.close()


def unimplemented(backend: type) -> list[str]:
    """The members of :class:`Profile` that ``backend`` leaves to a protocol's stub: those
    that no class of its own (nor a base that is not a protocol) defines."""
    members = set(typing._get_protocol_attrs(Profile))  # type: ignore[attr-defined]
    own = [c for c in backend.__mro__ if not getattr(c, "_is_protocol", False)]
    return sorted(n for n in members - SHARED if not any(n in vars(c) for c in own))


@pytest.mark.parametrize("backend", [Workspace, ServerWorkspace])
def test_each_backend_is_a_profile_and_implements_all_of_it(backend: type) -> None:
    assert Profile in backend.__mro__  # search and ask come from it
    assert unimplemented(backend) == []
    assert all(backend.__dict__.get(n) is None for n in ("search", "ask", "filters"))


def test_a_backend_missing_a_part_is_caught() -> None:
    class Partial(Profile):
        @property
        def matters(self) -> object:
            return None

    missing = unimplemented(Partial)
    assert "documents" in missing and "audit" in missing and "matters" not in missing


def test_filters_name_the_matter_and_a_document_of_it(ws: Workspace) -> None:
    doc = ws.documents.all("M")[0]
    filters = ws.filters("M", document="nda.txt")
    assert filters.matter_id == ws.matters.named("M").id and filters.document_id == doc.id
    assert ws.filters("M").document_id is None
    with pytest.raises(NotFoundError):
        ws.filters("No such matter")
    with pytest.raises(NotFoundError):
        ws.filters("Other", document="nda.txt")  # a document of another matter


def test_search_is_recorded_in_the_profiles_audit_part(ws: Workspace) -> None:
    before = len(ws.audit.entries(matter="M"))
    hits = ws.search("confidential information", matter="M", k=3)
    assert hits and all(h.document.matter_id == ws.matters.named("M").id for h in hits)
    entries = ws.audit.entries(matter="M")
    assert len(entries) == before + 1
    record = entries[0].record
    assert record["event"] == "search" and record["question"] == "confidential information"
    assert [r["fragment_id"] for r in record["results"]] == [int(h.fragment.id) for h in hits]


def test_ask_holds_the_embedded_profiles_answering_marker(ws: Workspace) -> None:
    seen: list[bool] = []

    def cancel() -> bool:  # polled while the question is answered: cancel at once
        seen.append(ws.indexes.questions.asking())
        return True

    before = len(ws.audit.entries(matter="M"))
    with pytest.raises(AskCancelled):
        ws.ask("How long does the obligation last?", matter="M", cancelled=cancel)
    assert seen and all(seen)  # an ingest's embedding waits meanwhile
    assert not ws.indexes.questions.asking()  # and the marker is gone after
    assert len(ws.audit.entries(matter="M")) == before + 1  # the cancel is recorded
