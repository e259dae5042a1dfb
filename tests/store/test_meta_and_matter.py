"""Legal metadata changes only the fields given, and every document reference is
resolved within ``--matter`` (issue 15)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import apsw
import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.cli import build_parser, main
from letadesk.cli.ingest_args import meta_from as _meta
from letadesk.config import Settings
from letadesk.errors import NotFoundError
from letadesk.ingest.pipeline import ingest
from letadesk.store import corpus, matters
from letadesk.store.corpus import LegalMeta
from letadesk.store.database import open_database
from letadesk.store.transaction import transaction
from letadesk.workspace import Workspace

FULL = LegalMeta(
    jurisdiction="RO", legal_force="law", valid_from=date(2020, 1, 1), valid_to=date(2024, 12, 31)
)


def _ingest(
    conn: apsw.Connection, matter: str, paths: list[Path], meta: LegalMeta | None = None
) -> None:
    with transaction(conn):
        target = matters.ensure_matter(conn, matter)
    ingest(conn, target, paths, settings=Settings(), meta=meta)


def _meta_of(conn: apsw.Connection, path: Path) -> tuple[object, ...]:
    d = corpus.find_document(conn, str(path))
    return d.jurisdiction, d.legal_force, d.valid_from, d.valid_to, d.verified


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[apsw.Connection]:
    (tmp_path / "p").mkdir()
    c = open_database(tmp_path / "p" / "letadesk.sqlite3")
    yield c
    c.close()


def test_meta_no_verified_keeps_jurisdiction_force_and_dates(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    law = write_text(tmp_path / "docs", "law.txt", CONTRACT_RO)
    _ingest(conn, "A", [law], FULL)
    doc = corpus.find_document(conn, str(law))
    args = build_parser().parse_args(["meta", str(doc.id), "--no-verified"])
    with transaction(conn):
        corpus.set_legal_meta(conn, doc.id, _meta(args), verified=args.verified)
    assert _meta_of(conn, law) == ("RO", "law", date(2020, 1, 1), date(2024, 12, 31), False)
    args = build_parser().parse_args(["meta", str(doc.id), "--valid-to", "2030-06-30"])
    with transaction(conn):
        corpus.set_legal_meta(conn, doc.id, _meta(args), verified=True)
    assert _meta_of(conn, law) == ("RO", "law", date(2020, 1, 1), date(2030, 6, 30), True)


def test_meta_clears_a_field_only_when_asked(tmp_path: Path, conn: apsw.Connection) -> None:
    law = write_text(tmp_path / "docs", "law.txt", CONTRACT_RO)
    _ingest(conn, "A", [law], FULL)
    doc = corpus.find_document(conn, str(law))
    args = build_parser().parse_args(
        ["meta", str(doc.id), "--valid-to", "none", "--jurisdiction", ""]
    )
    with transaction(conn):
        corpus.set_legal_meta(conn, doc.id, _meta(args))
    assert _meta_of(conn, law) == ("", "law", date(2020, 1, 1), None, False)


def test_reingesting_a_changed_file_without_flags_keeps_its_metadata(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    law = write_text(tmp_path / "docs", "law.txt", CONTRACT_RO)
    _ingest(conn, "A", [law], FULL)
    law.write_text(CONTRACT_RO + "\nArticolul 4\nDispoziții finale\n", encoding="utf-8")
    no_flags = _meta(build_parser().parse_args(["ingest", str(law), "--matter", "A"]))
    assert no_flags.empty
    _ingest(conn, "A", [law], no_flags)
    assert _meta_of(conn, law)[:4] == ("RO", "law", date(2020, 1, 1), date(2024, 12, 31))
    assert "Dispoziții finale" in corpus.document_text(
        conn, corpus.find_document(conn, str(law)).id
    )


def test_reingesting_with_a_flag_changes_that_field_only(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    law = write_text(tmp_path / "docs", "law.txt", CONTRACT_RO)
    _ingest(conn, "A", [law], FULL)
    _ingest(conn, "A", [law], LegalMeta(legal_force="code"))  # unchanged file, new flag
    assert _meta_of(conn, law)[:4] == ("RO", "code", date(2020, 1, 1), date(2024, 12, 31))
    law.write_text(CONTRACT_RO + "\nArticolul 4\n", encoding="utf-8")
    _ingest(conn, "A", [law], LegalMeta(valid_from=date(2021, 1, 1)))  # changed file
    assert _meta_of(conn, law)[:4] == ("RO", "code", date(2021, 1, 1), date(2024, 12, 31))


def test_a_numeric_id_of_another_matter_is_not_found_in_this_one(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    a = write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)
    b = write_text(tmp_path / "b", "nda.txt", NDA_EN)
    _ingest(conn, "A", [a])
    _ingest(conn, "B", [b])
    doc_a = corpus.find_document(conn, str(a))
    matter_b = matters.matter_by_name(conn, "B")
    with pytest.raises(NotFoundError, match=rf"^no document {doc_a.id} in matter 'B'$"):
        corpus.find_document(conn, str(doc_a.id), matter_b.id)
    with pytest.raises(NotFoundError, match="in matter 'B'"):
        corpus.find_document(conn, "contract.txt", matter_b.id)
    assert corpus.find_document(conn, str(doc_a.id), doc_a.matter_id) == doc_a
    assert corpus.find_document(conn, str(doc_a.id)) == doc_a  # no --matter: any matter


@pytest.mark.parametrize("verb", [["show"], ["meta", "--verified"]])
def test_show_and_meta_with_another_matters_id_fail_clearly(
    tmp_path: Path, conn: apsw.Connection, verb: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    a = write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)
    _ingest(conn, "A", [a], LegalMeta(jurisdiction="RO"))
    with transaction(conn):
        matters.ensure_matter(conn, "B")
    doc_a = corpus.find_document(conn, str(a))
    code = main(
        ["--data-dir", str(tmp_path / "p"), verb[0], str(doc_a.id), "--matter", "B", *verb[1:]]
    )
    assert code == 4
    assert f"no document {doc_a.id} in matter 'B'" in capsys.readouterr().err
    with Workspace.open(tmp_path / "p") as ws:
        assert ws.documents.find(str(doc_a.id)).jurisdiction == "RO"
        with pytest.raises(NotFoundError, match="in matter 'B'"):
            ws.filters("B", document=str(doc_a.id))  # ask/search --document
    assert _meta_of(conn, a) == ("RO", "", None, None, False)  # matter A's: untouched


def test_a_changed_document_loses_its_verified_mark(tmp_path: Path, conn: apsw.Connection) -> None:
    """The red team's case: a sentence added after the review was cited as verified. A
    re-read that finds the same text keeps the mark; new content clears it."""
    law = write_text(tmp_path / "docs", "law.txt", CONTRACT_RO)
    _ingest(conn, "A", [law], FULL)
    doc = corpus.find_document(conn, str(law))
    with transaction(conn):
        corpus.set_legal_meta(conn, doc.id, LegalMeta(), verified=True)
    _ingest(conn, "A", [law])  # unchanged
    assert corpus.find_document(conn, str(law)).verified
    law.write_text(CONTRACT_RO + "\nArt. 99. Prestatorul renunță la orice despăgubire.\n", "utf-8")
    _ingest(conn, "A", [law])
    changed = corpus.find_document(conn, str(law))
    assert changed.id == doc.id and not changed.verified
    assert _meta_of(conn, law)[:4] == ("RO", "law", date(2020, 1, 1), date(2024, 12, 31))


def test_a_verified_document_that_fails_to_read_is_no_longer_verified(
    tmp_path: Path, conn: apsw.Connection
) -> None:
    law = write_text(tmp_path / "docs", "law.txt", CONTRACT_RO)
    _ingest(conn, "A", [law])
    with transaction(conn):
        doc = corpus.find_document(conn, str(law))
        corpus.set_legal_meta(conn, doc.id, LegalMeta(), verified=True)
    law.write_bytes(b"\x00\xff" * 10)  # no text a reader takes
    _ingest(conn, "A", [law])
    assert not corpus.find_document(conn, str(law)).verified
