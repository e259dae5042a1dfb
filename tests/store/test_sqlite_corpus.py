"""The SQLite CorpusReader on a real database: the reads the retrieval cascade makes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from letadesk.domain import (
    DocumentKind,
    MatterId,
    ParsedDocument,
    ParsedFragment,
    ParsedPage,
    SearchFilters,
)
from letadesk.ports import CorpusReader
from letadesk.store import corpus, matters
from letadesk.store.corpus import FileFacts
from letadesk.store.database import open_database
from letadesk.store.sqlite_corpus import SqliteCorpus
from letadesk.store.transaction import transaction

TEXTS = (
    "Despre încetarea contractului de muncă.",
    "Contractul se reziliază.",
    "Privind încetarea și rezilierea contractului.",
)


def _parsed(texts: tuple[str, ...]) -> ParsedDocument:
    text, fragments, at = "", [], 0
    for i, part in enumerate(texts):
        fragments.append(ParsedFragment(at, at + len(part), f"art. {i + 1}", part, 1))
        text += part + " "
        at = len(text)
    return ParsedDocument(
        DocumentKind.TEXT,
        "Codul",
        text,
        (ParsedPage(1, "1", 0, len(text)),),
        tuple(fragments),
        "ro",
    )


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[tuple[CorpusReader, MatterId, MatterId]]:
    conn = open_database(tmp_path / "db.sqlite3")
    with transaction(conn):
        mine = matters.ensure_matter(conn, "A").id
        other = matters.ensure_matter(conn, "B").id
        corpus.store_parsed(conn, mine, FileFacts("/a/cod.txt", "1" * 64, 1, 0.0), _parsed(TEXTS))
        corpus.store_parsed(
            conn,
            other,
            FileFacts("/b/cod.txt", "2" * 64, 1, 0.0),
            _parsed(("Despre încetarea altui contract.",)),
        )
    yield SqliteCorpus(conn), mine, other
    conn.close()


def test_keyword_hits_fold_diacritics_and_rank_by_words_held(
    reader: tuple[CorpusReader, MatterId, MatterId],
) -> None:
    corp, mine, _ = reader
    hits = corp.keyword_hits(SearchFilters(mine), ["incetarea", "contractului"], 10)
    texts = [corp.fragments_by_ids([fid])[fid].text for fid, _ in hits]
    assert texts == [TEXTS[0], TEXTS[2]]  # both words each; ties by id; not the third
    assert [n for _, n in hits] == [2, 2]
    assert corp.keyword_hits(SearchFilters(mine), ["reziliaza"], 10)[0][1] == 1
    assert [f for f, _ in corp.keyword_hits(SearchFilters(mine), ["incetarea"], 1)] == [
        hits[0][0]
    ]  # at most the limit
    assert corp.keyword_hits(SearchFilters(mine), [], 10) == []


def test_keyword_hits_stay_in_the_matter(reader: tuple[CorpusReader, MatterId, MatterId]) -> None:
    corp, _, other = reader
    hits = corp.keyword_hits(SearchFilters(other), ["incetarea", "contractului"], 10)
    assert [corp.fragments_by_ids([f])[f].text for f, _ in hits] == [
        "Despre încetarea altui contract."
    ]


def test_openings_hold_each_admissible_documents_first_fragments(
    reader: tuple[CorpusReader, MatterId, MatterId],
) -> None:
    corp, mine, _ = reader
    [(doc_id, opening)] = corp.openings(SearchFilters(mine)).items()
    assert opening == " ".join(TEXTS)
    assert corp.document(doc_id).matter_id == mine


def test_keyword_hits_find_words_written_with_a_capital_diacritic(tmp_path: Path) -> None:
    """Before: SQLite's lower() folds ASCII only, so "Încetarea" and "ȘEDINȚA" were
    never found by "incetarea" and "sedinta"."""
    conn = open_database(tmp_path / "db.sqlite3")
    with transaction(conn):
        matter = matters.ensure_matter(conn, "A").id
        corpus.store_parsed(
            conn,
            matter,
            FileFacts("/a/x.txt", "3" * 64, 1, 0.0),
            _parsed(("Încetarea contractului.", "ȘEDINȚA DE JUDECATĂ.")),
        )
    corp = SqliteCorpus(conn)
    found = corp.keyword_hits(SearchFilters(matter), ["incetarea", "sedinta"], 10)
    assert sorted(corp.fragments_by_ids([f])[f].text for f, _ in found) == [
        "Încetarea contractului.",
        "ȘEDINȚA DE JUDECATĂ.",
    ]
    conn.close()
