"""The review grid and the draft check on the firm server (real PostgreSQL + pgvector):
each lawyer's cells are their own, written only for a document of a matter they may
read, and the grid filled through ``letadesk review --backend`` reuses them on the next
run; ``check-document --backend`` finds in a draft what the embedded check finds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import psycopg
import pytest

from corpus_factory import LEGEA_50_2020, NDA_EN, write_text
from letadesk.cli import main
from letadesk.errors import StoreError
from letadesk.server import schema
from letadesk.server.workspace import ServerWorkspace
from letadesk.store.corpus import LegalMeta
from letadesk.store.review_cells import CellKey
from letadesk.workspace import Workspace
from pg_server import PgServer

SURVIVE = "How long do the confidentiality obligations survive termination?"


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("review-cells")
    write_text(root / "nda", "nda.txt", NDA_EN)
    law = write_text(root / "law", "legea_50-2020.txt", LEGEA_50_2020)
    ws = Workspace.open(root / "it-profile")
    ws.documents.ingest([root / "nda"], matter="NDA")
    ws.documents.ingest([law], matter="Legi", meta=LegalMeta(valid_from=date(2020, 3, 10)))
    yield ws
    ws.close()


@pytest.fixture(scope="module")
def firm(pg_server: PgServer, local: Workspace) -> str:
    """The NDA matter on a server: ana and bogdan are its members, stranger is not; ana
    may also read "Legi"."""
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    with ServerWorkspace(owner, local) as server:
        server.push()
    with ServerWorkspace(pg_server.url(database, "partner"), local) as partner:
        assert partner.matters.grant("NDA", "ana") and partner.matters.grant("NDA", "bogdan")
        assert partner.matters.grant("Legi", "ana")
    return database


def _key(document_id: int, question: str = SURVIVE) -> CellKey:
    return CellKey(document_id, "sha", question, "judge@1", "0.1.0", "{}")  # type: ignore[arg-type]


def test_a_lawyers_cells_are_their_own_and_only_for_matters_they_may_read(
    pg_server: PgServer, firm: str, local: Workspace
) -> None:
    def session(role: str) -> ServerWorkspace:
        return ServerWorkspace(pg_server.url(firm, role), local)

    with session("ana") as ana, session("bogdan") as bogdan, session("stranger") as stranger:
        doc = ana.documents.all("NDA")[0]
        ana.review_cells.put(_key(doc.id), {"disposition": "answered", "claims": []})
        assert ana.review_cells.get(_key(doc.id)) == {"disposition": "answered", "claims": []}
        assert ana.review_cells.count() == 1
        # another member of the matter neither sees nor reuses ana's cell
        assert bogdan.review_cells.get(_key(doc.id)) is None and bogdan.review_cells.count() == 0
        bogdan.review_cells.put(_key(doc.id), {"disposition": "refused", "claims": []})
        assert ana.review_cells.get(_key(doc.id))["disposition"] == "answered"  # type: ignore[index]
        # a role that is no lawyer of the firm reaches neither the function nor the table
        for sql in (
            "SELECT put_review_cell(1, '', '', '', '', '', '{}')",
            "SELECT count(*) FROM review_cells",
        ):
            with pytest.raises(psycopg.errors.ProgrammingError):
                stranger._conn.execute(sql)
            stranger._conn.rollback()
        # a newer cell for the same document and question replaces the older one
        newer = CellKey(doc.id, "sha2", SURVIVE, "judge@1", "0.1.0", "{}")
        ana.review_cells.put(newer, {"disposition": "refused"})
        assert ana.review_cells.get(_key(doc.id)) is None and ana.review_cells.count() == 1
    with session("partner") as partner:
        assert partner.matters.revoke("NDA", "bogdan")
    with session("bogdan") as bogdan:  # revoked: their own cells are behind the wall too
        assert bogdan.review_cells.count() == 0
        # and a lawyer outside the matter can write no cell for its documents
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="not a member"):
            bogdan.review_cells.put(_key(doc.id), {"disposition": "answered"})
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bogdan._conn.execute("DELETE FROM review_cells")


def test_review_with_a_backend_fills_the_grid_on_the_server_and_reuses_its_cells(
    pg_server: PgServer, firm: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    questions = tmp_path / "one.json"
    questions.write_text(
        json.dumps({"name": "one", "questions": [{"label": "Survival", "question": SURVIVE}]}),
        encoding="utf-8",
    )
    argv = [
        "--data-dir",
        str(tmp_path / "ana-profile"),  # an empty workstation profile
        "--backend",
        pg_server.url(firm, "ana"),
        "review",
        "--matter",
        "NDA",
        "--questions",
        str(questions),
        "--json",
    ]
    assert main(argv) == 0
    first = capsys.readouterr()
    grid = json.loads(first.out)
    (cell,) = grid["cells"]
    assert cell["disposition"] == "answered", cell["reason"]
    assert any("five (5) years" in c["quote"] for c in cell["claims"][0]["citations"])
    assert "1 asked, 0 reused" in first.err
    assert main(argv) == 0
    second = capsys.readouterr()
    assert "0 asked, 1 reused" in second.err
    assert json.loads(second.out)["cells"] == grid["cells"]
    with Workspace.open(tmp_path / "ana-profile") as empty:
        assert empty.review_cells.count() == 0  # nothing was stored on this computer


def test_a_server_of_the_first_schema_is_upgraded_in_place(
    pg_server: PgServer, local: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server made by the release before the review cells (schema 1) is refused until
    IT runs ``server init``, which adds them and keeps every document."""
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    with monkeypatch.context() as first_release:
        first_release.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
        first_release.setattr(schema, "LATEST_VERSION", 1)
        assert ServerWorkspace.initialise(owner) == 1
        with ServerWorkspace(owner, local) as server:
            assert server.push().pushed == 2
    stale = ServerWorkspace(owner, local)
    with stale, pytest.raises(StoreError, match=r"version 1 of 4.*server init"):
        stale.check()
    assert ServerWorkspace.initialise(owner) == schema.LATEST_VERSION == 4
    with ServerWorkspace(owner, local) as server:
        server.check()
        doc = server.documents.all("NDA")[0]
        server.review_cells.put(_key(doc.id), {"disposition": "refused"})
        assert server.review_cells.count() == 1
        # search_text replaced (schema 3): the documents of schema 1 are found through it
        hits = server.search("confidential information", matter="NDA", k=3)
        assert hits and all(h.fragment.document_id == doc.id for h in hits)


DRAFT = """Plata se face în termen de 10 zile de la primirea facturii,
conform art. 2 alin. (1) din Legea nr. 50/2020.

Contractul poate fi reziliat în condițiile art. 9 din Legea nr. 50/2020.
"""


def test_a_draft_is_checked_against_the_servers_matter_as_against_the_profile(
    pg_server: PgServer,
    firm: str,
    local: Workspace,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    draft = write_text(tmp_path, "proiect.txt", DRAFT)
    base = ["check-document", str(draft), "--matter", "Legi", "--as-of", "2024-01-01", "--json"]
    assert main(["--data-dir", str(local.paths.root), *base]) == 0
    embedded = json.loads(capsys.readouterr().out)
    server = ["--data-dir", str(tmp_path / "ana"), "--backend", pg_server.url(firm, "ana")]
    assert main([*server, *base]) == 0
    on_server = json.loads(capsys.readouterr().out)
    kinds = [f["kind"] for p in on_server["pieces"] for f in p["findings"]]
    assert kinds == [
        "provision",
        "mismatch",
        "missing",
    ]  # art. 2 (1) found, 10 != 30 days, no art. 9
    assert _findings(on_server) == _findings(embedded)  # ids differ: the server's own


def _findings(report: dict[str, Any]) -> list[tuple[object, ...]]:
    return [
        (p["text"], f["kind"], f["claim"], [(c["locator"], c["quote"]) for c in f["citations"]])
        for p in report["pieces"]
        for f in p["findings"]
    ]
