"""Over 100 hostile files ingested in one run with a few good ones: nothing crashes,
each hostile entry fails with its reason (or is read without harm), every good file
is indexed, and nothing from outside the folder is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile_factory import INDEXED_SAFELY, SECRET, write_good, write_hostile
from letadesk.config import Settings
from letadesk.ingest.pipeline import ingest
from letadesk.store import corpus, matters
from letadesk.store.database import integrity_ok, open_database
from letadesk.store.transaction import transaction


@pytest.mark.slow  # waits out parser limits on a whole hostile corpus
def test_a_hostile_corpus_fails_file_by_file_and_the_good_files_are_indexed(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    expect, sockets = write_hostile(docs, tmp_path / "outside")
    good = write_good(docs)
    assert len(expect) >= 100
    conn = open_database(tmp_path / "letadesk.sqlite3")
    try:
        with transaction(conn):
            matter = matters.ensure_matter(conn, "M")
        report = ingest(conn, matter, [docs], settings=Settings(ingest_timeout_s=60))
    finally:
        for sock in sockets:
            sock.close()
    reasons = {Path(p).name: r for p, r in report.failed}
    must_fail = {name: words for name, words in expect.items() if words != INDEXED_SAFELY}
    assert set(reasons) == set(must_fail)
    wrong = {n: reasons[n] for n, words in must_fail.items() if words not in reasons[n]}
    assert not wrong, wrong
    assert not any(
        "parser crashed" in r or "parser error" in r or "timed out" in r for r in reasons.values()
    )
    documents = {Path(d.path).name: d for d in corpus.list_documents(conn)}
    for name in [*good, *(n for n, w in expect.items() if w == INDEXED_SAFELY)]:
        assert documents[name].status.value == "indexed", name
    assert report.added == len(good) + len(expect) - len(must_fail)
    for doc in documents.values():
        text = corpus.document_text(conn, doc.id)
        assert SECRET not in text
        if doc.path.endswith(".docx") and "xxe" in doc.path:
            assert "Clause before" in text and "the clause after it." in text
    assert integrity_ok(conn)
    conn.close()
