"""The window on the firm server (issue 13): a lawyer's workstation with an empty profile
opens the server's matters under the lawyer's own role, asks there (the server's audit
trail names who asked), opens the cited passage from the text the server holds, and is
offered nothing that would change the server but the lawyer's own review cells. A real
PostgreSQL + pgvector, the real embedder and judge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import wait_idle
from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.cli import main
from letadesk.cli.common import firm_server
from letadesk.errors import LetaDeskError
from letadesk.workspace import Workspace
from pg_server import PgServer

SURVIVE = "How long do the confidentiality obligations survive termination?"


@pytest.fixture(scope="module")
def firm(pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A server holding two matters, migrated by IT from its own profile: ana may read
    "NDA" only, bogdan "Contract RO" only. The database's name."""
    root = tmp_path_factory.mktemp("firm-window")
    write_text(root / "nda", "nda.txt", NDA_EN)
    write_text(root / "ro", "contract.txt", CONTRACT_RO)
    it_profile = root / "it-profile"
    with Workspace.open(it_profile) as ws:
        ws.documents.ingest([root / "nda"], matter="NDA")
        ws.documents.ingest([root / "ro"], matter="Contract RO")
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    base = ["--data-dir", str(it_profile)]
    assert main([*base, "--backend", owner, "server", "init"]) == 0
    assert main([*base, "migrate", "--to", owner]) == 0
    partner = pg_server.url(database, "partner")
    for matter, role in (("NDA", "ana"), ("Contract RO", "bogdan")):
        assert main([*base, "--backend", partner, "matters", "grant", matter, role]) == 0
    return database


@pytest.fixture
def ana_window(qtbot, pg_server: PgServer, firm: str, tmp_path: Path) -> Iterator[object]:
    """ana's window on the server, from a workstation whose own profile is empty."""
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    win = MainWindow(tmp_path / "ana-profile", server=firm_server(pg_server.url(firm, "ana")))
    qtbot.addWidget(win)
    yield win
    win.shutdown()


def test_the_window_lists_only_the_matters_of_the_lawyers_role(ana_window) -> None:
    win = ana_window
    names = [win.matters.list.item(i).text() for i in range(win.matters.list.count())]
    assert names == ["NDA"]  # "Contract RO" is behind the ethical wall
    assert win.matter == "NDA"
    assert [Path(r.document.path).name for r in win.documents.rows] == ["nda.txt"]
    assert "firm server" in win.windowTitle() and "local socket" in win.windowTitle()


def test_nothing_that_would_change_the_server_is_offered(ana_window) -> None:
    win = ana_window
    matters, documents = win.matters, win.documents
    for button in (matters.new_button, matters.rename_button, matters.delete_button):
        assert button.isHidden()
    assert documents.add_files_button.isHidden() and documents.add_folder_button.isHidden()
    assert not documents.acceptDrops()
    assert "ingest" in documents.hint.text()
    for view in (win.review_view, win.draft_view):  # both work on the server's matter
        assert win.tabs.isTabEnabled(win.tabs.indexOf(view))
    assert win.add_paths([str(Path(__file__))], "NDA") is False
    assert win.load_sample_matter() is False  # no sample matter on a firm's server
    assert win.local.matters.all() == []  # and nothing was copied onto this computer


def test_a_question_is_answered_on_the_server_and_its_source_opens(qtbot, ana_window) -> None:
    win = ana_window
    assert win.ask(SURVIVE, generate=False)
    wait_idle(qtbot, win, timeout=180_000)
    answer = win.answer_view.answer
    assert answer is not None and answer.disposition == "answered", answer
    citation = next(
        c for claim in answer.claims for c in claim.citations if "five (5) years" in c.quote
    )
    win.viewer.show_source(citation)
    assert win.viewer.mode == "text"  # the server's text: the file is not on this computer
    assert "five (5) years" in win.viewer.highlighted_text()
    # the record is the server's, and names ana
    entries = win.ws.audit.entries(matter="NDA")
    assert entries and entries[0].record["question"] == SURVIVE
    assert entries[0].record["asked_by"] == "ana"
    assert win.local.audit.entries() == []
    win.audit_view.set_matter("NDA")  # the History tab reads the server's trail
    assert win.audit_view.list.topLevelItemCount() >= 1


def test_the_review_grid_is_filled_on_the_server_and_its_cells_are_the_lawyers(
    qtbot, ana_window, tmp_path: Path
) -> None:
    win = ana_window
    view = win.review_view
    questions = tmp_path / "one.json"
    questions.write_text(
        json.dumps({"name": "one", "questions": [{"label": "Survival", "question": SURVIVE}]}),
        encoding="utf-8",
    )
    assert view.matter == "NDA" and view.use_template(str(questions))
    assert view.fill()
    qtbot.waitUntil(lambda: not view.running, timeout=180_000)
    assert not view.last_error, view.last_error
    grid = view.grid
    assert grid is not None and (grid.asked, grid.reused) == (1, 0)
    (cell,) = grid.cells.values()
    assert cell.disposition == "answered", cell.reason
    assert any("five (5) years" in c.quote for claim in cell.claims for c in claim.citations)
    assert win.ws.review_cells.count() == 1  # stored on the server, as ana's
    assert win.local.review_cells.count() == 0
    assert view.fill()  # again: the stored cell is reused
    qtbot.waitUntil(lambda: not view.running, timeout=180_000)
    assert view.grid is not None and (view.grid.asked, view.grid.reused) == (0, 1)


def test_a_draft_is_checked_against_the_servers_matter(qtbot, ana_window, tmp_path: Path) -> None:
    win = ana_window
    view = win.draft_view
    draft = tmp_path / "draft.txt"
    draft.write_text(
        "The Receiving Party shall keep the Confidential Information confidential "
        "after this Agreement ends.\n",
        encoding="utf-8",
    )
    assert view.matter == "NDA" and view.check(draft)
    qtbot.waitUntil(lambda: not view.busy, timeout=180_000)
    assert not view.last_error, view.last_error
    report = view.report
    assert report is not None and report.matter == "NDA"
    (piece,) = report.pieces
    (related,) = piece.findings  # it cites nothing: the matter's nearest passage
    assert related.kind == "related"
    assert (
        related.citations and related.citations[0].document_id == win.ws.documents.all("NDA")[0].id
    )


def test_a_server_that_cannot_be_opened_is_an_error_before_any_window(
    qtbot, pg_server: PgServer, tmp_path: Path
) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    with pytest.raises(LetaDeskError, match="no_such_database"):
        MainWindow(tmp_path / "p", server=firm_server(pg_server.url("no_such_database", "ana")))


def test_the_window_goes_on_after_the_server_dropped_its_connections(
    qtbot, ana_window, pg_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server restart or a network drop while the window is open: every session of ana
    is cut by the server, and the window's next requests (its own reads, and a question
    in the engine thread) work on new connections."""
    from letadesk.server.workspace import ServerWorkspace

    win = ana_window
    monkeypatch.setattr(ServerWorkspace, "idle_check_s", 0.0)  # check before every use
    assert win.ask(SURVIVE, generate=False)  # the engine's session exists now
    wait_idle(qtbot, win, timeout=180_000)
    cut = pg_server_sql(pg_server, "ana")
    assert cut >= 2  # the window's session and the engine's
    win.matters.refresh()
    assert [win.matters.list.item(i).text() for i in range(win.matters.list.count())] == ["NDA"]
    assert win.ask(SURVIVE, generate=False)
    wait_idle(qtbot, win, timeout=180_000)
    assert win.answer_view.answer is not None
    assert win.answer_view.answer.disposition == "answered"


def pg_server_sql(pg_server: PgServer, role: str) -> int:
    """Terminate every backend of ``role`` as the superuser; how many there were."""
    import psycopg

    with psycopg.connect(pg_server.url(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
            (role,),
        ).fetchall()
    return len(rows)
