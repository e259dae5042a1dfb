"""A search and a draft check probe a matter as a question does, and leave an audit record
on both backends: this computer's profile and the firm server (naming the role), each
record verifiable with the rest of its trail."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from corpus_factory import LEGEA_50_2020, write_text
from letadesk.draft.check import check_draft
from letadesk.server.workspace import ServerWorkspace
from letadesk.store.corpus import LegalMeta
from letadesk.workspace import Workspace
from pg_server import PgServer

DRAFT = """Plata se face în termen de 10 zile de la primirea facturii,
conform art. 2 alin. (1) din Legea nr. 50/2020.

Prestatorul păstrează confidențialitatea informațiilor primite de la beneficiar
pe durata contractului.
"""


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("probes")
    law = write_text(root / "law", "legea_50-2020.txt", LEGEA_50_2020)
    ws = Workspace.open(root / "it")
    ws.documents.ingest([law], matter="Legi", meta=LegalMeta(valid_from=date(2020, 3, 10)))
    yield ws
    ws.close()


@pytest.fixture(scope="module")
def ana(
    pg_server: PgServer, local: Workspace, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerWorkspace]:
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    with ServerWorkspace(owner, local) as server:
        assert server.push().matches
    with ServerWorkspace(pg_server.url(database, "partner"), local) as partner:
        assert partner.matters.grant("Legi", "ana")
    with (
        Workspace.open(tmp_path_factory.mktemp("ana")) as mine,
        ServerWorkspace(pg_server.url(database, "ana"), mine) as session,
    ):
        yield session


def _newest(entries: list) -> dict:  # type: ignore[type-arg]
    return entries[0].record  # type: ignore[no-any-return]


def test_a_search_is_recorded_in_the_profile(local: Workspace) -> None:
    before = len(local.audit.entries())
    found = local.search("termen de plată", matter="Legi", k=3)
    entries = local.audit.entries()
    assert len(entries) == before + 1
    record = _newest(entries)
    assert record["event"] == "search" and record["question"] == "termen de plată"
    assert [r["fragment_id"] for r in record["results"]] == [int(p.fragment.id) for p in found]
    assert local.audit.check().intact


def test_a_search_is_recorded_on_the_server_naming_the_role(ana: ServerWorkspace) -> None:
    before = len(ana.audit.entries())
    found = ana.search("termen de plată", matter="Legi", k=3)
    entries = ana.audit.entries()
    assert len(entries) == before + 1
    record = _newest(entries)
    assert record["event"] == "search" and record["asked_by"] == "ana"
    assert [r["fragment_id"] for r in record["results"]] == [int(p.fragment.id) for p in found]
    assert ana.audit.check().intact  # her witness: this record, rehashed from its content


@pytest.mark.parametrize("backend", ["profile", "server"])
def test_a_draft_check_leaves_one_record(
    backend: str, local: Workspace, ana: ServerWorkspace, tmp_path: Path
) -> None:
    target = local if backend == "profile" else ana
    draft = write_text(tmp_path, "proiect.txt", DRAFT)
    before = len(target.audit.entries())
    report = check_draft(target, draft, matter="Legi", as_of=date(2021, 1, 1))
    entries = target.audit.entries()
    assert len(entries) == before + 1  # one for the check, none for its inner searches
    record = _newest(entries)
    assert record["event"] == "check-document" and record["question"].endswith("proiect.txt")
    assert record["clauses"] == report.total and sum(record["findings"].values()) >= 1
    assert record["cited_fragments"]
