"""Answers on the firm server, through the CLI as IT and lawyers run it: the same
retrieval cascade and gates as the embedded profile, on a real PostgreSQL + pgvector,
with the audit record naming who asked. Loads the real embedder and judge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, LEGEA_50_2020, NDA_EN, write_text
from letadesk.cli import main
from letadesk.server.workspace import ServerWorkspace
from letadesk.workspace import Workspace
from pg_server import PgServer

SURVIVE = "How long do the confidentiality obligations survive termination?"


@pytest.fixture(scope="module")
def firm(
    pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """A profile migrated to a fresh server by the CLI; ana may read the NDA matter."""
    root = tmp_path_factory.mktemp("firm")
    write_text(root / "nda", "nda.txt", NDA_EN)
    write_text(root / "ro", "contract.txt", CONTRACT_RO)
    write_text(root / "ro", "legea_50-2020.txt", LEGEA_50_2020)
    data = root / "profile"
    with Workspace.open(data) as ws:
        ws.documents.ingest([root / "nda"], matter="NDA")
        ws.documents.ingest([root / "ro"], matter="Contract RO")
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    assert main(["--data-dir", str(data), "--backend", owner, "server", "init"]) == 0
    assert main(["--data-dir", str(data), "migrate", "--to", owner]) == 0
    partner = pg_server.url(database, "partner")
    for matter, role in (("NDA", "ana"), ("Contract RO", "ana"), ("Contract RO", "bogdan")):
        assert (
            main(["--data-dir", str(data), "--backend", partner, "matters", "grant", matter, role])
            == 0
        )
    yield database, data


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_a_lawyer_asks_on_the_server_and_the_record_names_them(
    pg_server: PgServer, firm: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    database, data = firm
    ana = pg_server.url(database, "ana")
    base = ["--data-dir", str(data), "--backend", ana]
    answer = _cli(capsys, *base, "ask", "--matter", "NDA", SURVIVE, "--json")
    assert isinstance(answer, dict) and answer["disposition"] == "answered", answer
    quotes = [c["quote"] for claim in answer["claims"] for c in claim["citations"]]
    assert any("five (5) years" in q for q in quotes)
    records = _cli(capsys, *base, "audit", "--json")
    assert isinstance(records, list) and records[0]["asked_by"] == "ana"
    assert records[0]["question"] == SURVIVE
    owner = pg_server.url(database, "it_owner")
    check = _cli(capsys, "--data-dir", str(data), "--backend", owner, "audit", "--verify", "--json")
    assert isinstance(check, dict) and check["intact"], check
    capsys.readouterr()
    # a lawyer cannot see the whole chain; this computer's last record is checked
    assert main([*base, "audit", "--verify"]) == 0
    out = capsys.readouterr().out
    assert "checked: the last record this computer appended" in out
    assert "checked by the server's owner" in out
    # bogdan is not in the NDA matter: his audit shows none of ana's NDA questions
    bogdan = pg_server.url(database, "bogdan")
    theirs = _cli(capsys, "--data-dir", str(data), "--backend", bogdan, "audit", "--json")
    assert isinstance(theirs, list) and not any(r.get("question") == SURVIVE for r in theirs)


def test_an_unanswerable_question_is_refused_on_the_server_too(
    pg_server: PgServer, firm: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    database, data = firm
    base = ["--data-dir", str(data), "--backend", pg_server.url(database, "ana")]
    answer = _cli(
        capsys,
        *base,
        "ask",
        "--matter",
        "NDA",
        "What is the penalty for late delivery of goods?",
        "--json",
    )
    assert isinstance(answer, dict) and answer["disposition"] == "refused", answer


@pytest.mark.parametrize(
    ("matter", "query"),
    [
        ("Contract RO", "art. 2 alin. (1) din Legea nr. 50/2020"),
        ("Contract RO", "Cu ce preaviz poate fi denunțat contractul?"),
        ("Contract RO", "pretul serviciilor"),
        ("NDA", "Which law governs this agreement?"),
        ("NDA", SURVIVE),
    ],
)
def test_both_backends_retrieve_the_same_first_passage(
    pg_server: PgServer, firm: tuple[str, Path], matter: str, query: str
) -> None:
    database, data = firm
    with Workspace.open(data) as local:
        embedded = local.search(query, matter=matter, k=5)
        with ServerWorkspace(pg_server.url(database, "ana"), local) as server:
            served = server.search(query, matter=matter, k=5)
    assert embedded and served
    assert served[0].fragment.text == embedded[0].fragment.text
    assert served[0].via == embedded[0].via
    assert Path(served[0].document.path).name == Path(embedded[0].document.path).name


def test_to_the_server_and_back_keeps_every_record_and_its_chain(
    pg_server: PgServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record made in the profile, one made on the server by a lawyer: both come back,
    and the copy's trail verifies (its keyed head anchored on the last record)."""
    write_text(tmp_path / "nda", "nda.txt", NDA_EN)
    first, back = str(tmp_path / "first"), str(tmp_path / "back")
    with Workspace.open(first) as ws:
        ws.documents.ingest([tmp_path / "nda"], matter="NDA")
        ws.ask(SURVIVE, matter="NDA")
    database = pg_server.fresh_database()
    owner = pg_server.url(database, "it_owner")
    assert main(["--data-dir", first, "--backend", owner, "server", "init"]) == 0
    assert main(["--data-dir", first, "migrate", "--to", owner]) == 0
    partner = pg_server.url(database, "partner")
    assert main(["--data-dir", first, "--backend", partner, "matters", "grant", "NDA", "ana"]) == 0
    ana = pg_server.url(database, "ana")
    assert main(["--data-dir", first, "--backend", ana, "ask", "--matter", "NDA", SURVIVE]) == 0
    report = _cli(capsys, "--data-dir", back, "migrate", "--from", owner, "--json")
    assert isinstance(report, dict) and report["matches"], report
    assert report["counts"]["audit records"] == {"profile": 2, "server": 2}
    check = _cli(capsys, "--data-dir", back, "audit", "--verify", "--json")
    assert isinstance(check, dict) and check["intact"], check
    records = _cli(capsys, "--data-dir", back, "audit", "--json")
    assert isinstance(records, list) and [r.get("asked_by") for r in records] == ["ana", None]
    answer = _cli(capsys, "--data-dir", back, "ask", "--matter", "NDA", SURVIVE, "--json")
    assert isinstance(answer, dict) and answer["disposition"] == "answered"


def test_both_backends_embed_a_question_alike_for_gate_1(
    pg_server: PgServer, firm: tuple[str, Path]
) -> None:
    database, data = firm
    question = "Vecinul a construit un gard pe terenul meu. Îl pot obliga să-l mute?"
    with Workspace.open(data) as local:
        embedded = local.indexes.query_vector(question)
        with ServerWorkspace(pg_server.url(database, "ana"), local) as server:
            served = server.indexes.query_vector(question)
    assert embedded is not None and served is not None
    assert served[0] == embedded[0]  # the same embedder, so the same legal-meaning head
    assert float(served[1] @ embedded[1]) == pytest.approx(1.0, abs=1e-4)


def test_both_backends_measure_a_sentence_alike_for_gate_2(
    pg_server: PgServer, firm: tuple[str, Path]
) -> None:
    database, data = firm
    question = "În ce termen se plătește prețul?"
    with Workspace.open(data) as local:
        found = local.search(question, matter="Contract RO", k=3)
        assert found
        parts = [(p, p.fragment.text) for p in found]
        embedded = local.indexes.part_similarity(question, parts)
        with ServerWorkspace(pg_server.url(database, "ana"), local) as server:
            served = server.indexes.part_similarity(question, parts)
    assert len(served) == len(embedded) == len(parts)
    assert served == pytest.approx(embedded, abs=1e-4)
