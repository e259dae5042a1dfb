"""kill -9 at any moment of a long ingest, restart, re-run: nothing partial, nothing lost."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import apsw

from corpus_factory import CONTRACT_RO, NDA_EN, write_pdf, write_text
from letadesk.store.database import integrity_ok, open_database

N_FILES = 40


def _corpus(folder: Path) -> None:
    for i in range(N_FILES):
        body = (CONTRACT_RO if i % 2 else NDA_EN) + f"\nThis is document number {i}.\n"
        if i % 5 == 0:
            write_pdf(folder, f"doc{i:03}.pdf", [body[:700], body[700:]])
        else:
            write_text(folder, f"doc{i:03}.txt", body * 3)


def _ingest_cmd(data: Path, docs: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "letadesk.cli",
        "--data-dir",
        str(data),
        "ingest",
        str(docs),
        "--matter",
        "M",
        "--json",
    ]


def _check_no_partial_documents(db: Path) -> int:
    if not db.exists():  # killed before the profile was created
        return 0
    conn = open_database(db)
    assert integrity_ok(conn)
    rows = conn.execute(
        "SELECT d.id, d.text, count(f.id) FROM documents d LEFT JOIN fragments f "
        "ON f.document_id = d.id WHERE d.status = 'indexed' GROUP BY d.id"
    ).fetchall()
    for doc_id, text, n_fragments in rows:
        assert text and n_fragments > 0, f"document {doc_id} is partial"
        for start, end, ftext in conn.execute(
            'SELECT start, "end", text FROM fragments WHERE document_id = ?', (doc_id,)
        ):
            assert text[start:end] == ftext
    conn.close()
    return len(rows)


def test_repeated_kill_9_during_ingest(tmp_path: Path) -> None:
    docs, data = tmp_path / "docs", tmp_path / "data"
    _corpus(docs)
    rng = random.Random(7)
    committed = 0
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for _ in range(6):
        proc = subprocess.Popen(
            _ingest_cmd(data, docs), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
        )
        time.sleep(rng.uniform(1.5, 6.0))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        now = _check_no_partial_documents(data / "letadesk.sqlite3")
        assert now >= committed, "a committed document was lost"
        committed = now
    done = subprocess.run(
        _ingest_cmd(data, docs), capture_output=True, text=True, env=env, check=True, timeout=900
    )
    report = json.loads(done.stdout)
    assert report["failed"] == []
    assert report["added"] + report["updated"] + report["unchanged"] == N_FILES
    assert _check_no_partial_documents(data / "letadesk.sqlite3") == N_FILES
    doctor = subprocess.run(
        [sys.executable, "-m", "letadesk.cli", "--data-dir", str(data), "doctor", "--json"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert json.loads(doctor.stdout)["consistent"], doctor.stdout
    assert (
        apsw.Connection(str(data / "letadesk.sqlite3"))
        .execute("SELECT count(*) FROM index_outbox")
        .fetchone()[0]
        == 0
    )
