"""Two ingests of one matter at once: the second waits its turn for the matter's lexical
index's writer (tantivy's lock, held from the first write to the commit) instead of
failing with "another LetaDesk is writing the lexical index" (exit 6). An ingest of
another matter writes another index and does not wait."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.cli import main
from letadesk.config import Paths
from letadesk.domain import LexicalRow
from letadesk.index.matter_lexical import matter_folder
from letadesk.index.tantivy_index import LexicalIndex, LexicalIndexBusy
from letadesk.workspace import Workspace


def _holding(path: Path) -> LexicalIndex:
    """A writer that holds the lock (an uncommitted write), as another process's does."""
    holder = LexicalIndex(path)
    holder.add([LexicalRow(999_999, 99, 99, "T", "", "held")])
    return holder


def test_a_second_writer_waits_for_the_first_commit(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    LexicalIndex(tmp_path / "lex").commit()
    holder = _holding(tmp_path / "lex")
    threading.Timer(0.6, holder.commit).start()
    waiter = LexicalIndex(tmp_path / "lex", writer_wait_s=30)
    started = time.monotonic()
    waiter.add([LexicalRow(1, 1, 1, "T", "", "waited")])
    waiter.commit()
    assert time.monotonic() - started >= 0.5
    assert {1, 999_999} <= waiter.all_fragment_ids()
    assert caplog.text.count("another LetaDesk is writing the lexical index; waiting") == 1


def test_the_wait_is_bounded_and_says_so(tmp_path: Path) -> None:
    holder = _holding(tmp_path / "lex")
    waiter = LexicalIndex(tmp_path / "lex", writer_wait_s=0.4)
    started = time.monotonic()
    with pytest.raises(LexicalIndexBusy, match=r"another LetaDesk has been writing .* for over"):
        waiter.add([LexicalRow(1, 1, 1, "T", "", "x")])
    assert 0.35 <= time.monotonic() - started < 5
    holder.commit()


def test_an_ingest_waits_for_its_matter_s_writer_and_not_for_another_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = Paths.resolve(tmp_path / "profile")
    with Workspace(paths) as ws:
        ws.documents.ingest([write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)], matter="A")
        matter_a = int(ws.matters.named("A").id)
    # another ingest of matter A, between its write and its commit
    holder = _holding(matter_folder(paths.lexical_index, matter_a))
    other = write_text(tmp_path / "b", "nda.txt", NDA_EN)
    code = main(["--data-dir", str(paths.root), "ingest", str(other), "--matter", "B", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err  # matter B's index: no lock to wait for
    assert json.loads(out.out)["indexed"] == [str(other)]
    threading.Timer(1.0, holder.commit).start()
    same = write_text(tmp_path / "a2", "nda.txt", NDA_EN)
    started = time.monotonic()
    code = main(["--data-dir", str(paths.root), "ingest", str(same), "--matter", "A", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert time.monotonic() - started >= 0.9  # it waited for matter A's writer
    assert json.loads(out.out)["indexed"] == [str(same)]
    with Workspace(paths) as ws:
        assert [p.fragment.text for p in ws.search("confidential", matter="A")]
        assert [p.fragment.text for p in ws.search("confidential", matter="B")]
