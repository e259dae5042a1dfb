"""One tantivy index per matter (:mod:`letadesk.index.matter_lexical`), on real tantivy
folders: a matter's ranking is its own, whatever else the profile holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.domain import LexicalRow, MatterId, SearchFilters
from letadesk.index.matter_lexical import FormerLayout, MatterLexicalIndexes, matter_folder
from letadesk.index.tantivy_index import LexicalIndex, LexicalIndexBusy
from letadesk.store import index_rows
from letadesk.workspace import Workspace

# Matter 1: "preaviz" in one fragment of two, "contract" in both.
MATTER_1 = [
    LexicalRow(1, 1, 10, "Contract", "art. 1", "Contractul se încheie pe un an."),
    LexicalRow(2, 1, 10, "Contract", "art. 2", "Contractul se denunță cu preaviz de 30 de zile."),
]
# Matter 2, another client's: "preaviz" everywhere.
MATTER_2 = [
    LexicalRow(100 + i, 2, 20, "Alt dosar", f"art. {i}", f"Preaviz de {i} zile, preaviz scris.")
    for i in range(40)
]
QUERY = "contract preaviz"


def _before_and_after_matter_2(
    index: MatterLexicalIndexes | LexicalIndex,
) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """Matter 1's hits for QUERY with matter 1 indexed alone, then with matter 2 too."""
    filters = SearchFilters(matter_id=MatterId(1))
    found = []
    for rows in (MATTER_1, MATTER_2):
        index.add(rows)
        index.commit()
        found.append(index.search(QUERY, filters, 5))
    return found[0], found[1]


def test_a_matter_s_ranking_does_not_move_when_another_matter_is_added(tmp_path: Path) -> None:
    indexes = MatterLexicalIndexes(tmp_path / "tantivy")
    alone, beside = _before_and_after_matter_2(indexes)
    assert beside == alone and [f for f, _ in alone] == [2, 1]
    assert indexes.matters() == [1, 2] and len(indexes) == 42
    # one index for both, as before: the other client's words moved this matter's scores
    before, after = _before_and_after_matter_2(LexicalIndex(tmp_path / "single"))
    assert before == alone and after != before


def test_counts_signatures_and_deletes_follow_each_matter(tmp_path: Path) -> None:
    indexes = MatterLexicalIndexes(tmp_path / "tantivy")
    indexes.add(MATTER_1 + MATTER_2)
    indexes.commit()
    assert indexes.count(SearchFilters(matter_id=MatterId(1)), "preaviz") == 1
    assert indexes.count(SearchFilters(matter_id=MatterId(2)), "preaviz") == 40
    assert indexes.count(SearchFilters(matter_id=MatterId(3))) == 0  # a matter with no index
    assert indexes.search(QUERY, SearchFilters(matter_id=MatterId(3)), 5) == []
    assert set(indexes.signatures()) == {1, 2} | {100 + i for i in range(40)}
    indexes.delete_documents([10])
    indexes.commit()
    assert set(indexes.signatures()) == {100 + i for i in range(40)}
    reopened = MatterLexicalIndexes(tmp_path / "tantivy")
    assert reopened.matters() == [1, 2] and len(reopened) == 40


def test_a_delete_takes_no_writer_of_a_matter_it_does_not_touch(tmp_path: Path) -> None:
    indexes = MatterLexicalIndexes(tmp_path / "tantivy", writer_wait_s=0.2)
    indexes.add(MATTER_1 + MATTER_2)
    indexes.commit()
    other = LexicalIndex(matter_folder(tmp_path / "tantivy", 2))  # another process writing
    other.add([LexicalRow(999, 2, 99, "T", "", "held")])
    indexes.delete_documents([10])  # matter 1's document: matter 2's lock is not asked
    indexes.commit()
    assert indexes.count(SearchFilters(matter_id=MatterId(1))) == 0
    with pytest.raises(LexicalIndexBusy):
        indexes.delete_documents([20])
    other.commit()


def test_a_dropped_matter_leaves_no_folder(tmp_path: Path) -> None:
    indexes = MatterLexicalIndexes(tmp_path / "tantivy")
    indexes.add(MATTER_1 + MATTER_2)
    indexes.commit()
    indexes.drop_matter(2)
    assert not matter_folder(tmp_path / "tantivy", 2).exists()
    assert indexes.matters() == [1]
    indexes.drop_matter(2)  # already gone: nothing to do
    assert MatterLexicalIndexes(tmp_path / "tantivy").matters() == [1]


def test_the_former_single_index_is_rebuilt_per_matter(tmp_path: Path) -> None:
    """A profile whose ``tantivy`` folder is one index for every matter (as written
    before) is searched as soon as it is opened: rebuilt from the database."""
    ws = Workspace.open(tmp_path / "profile")
    ws.documents.ingest([write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)], matter="A")
    ws.documents.ingest([write_text(tmp_path / "b", "nda.txt", NDA_EN)], matter="B")
    root = ws.paths.lexical_index
    rows = list(index_rows.all_rows(ws._conn))
    ws.close()
    MatterLexicalIndexes.destroy(root)
    former = LexicalIndex(root)
    former.add(rows)
    former.commit()
    del former
    with pytest.raises(FormerLayout):
        MatterLexicalIndexes(root)
    with Workspace.open(tmp_path / "profile") as ws:
        assert ws.search("preaviz", matter="A", dense=False)
        assert ws.search("confidential", matter="B", dense=False)
        assert ws.doctor().consistent
    assert not (root / "meta.json").exists()
    assert sorted(p.name for p in root.iterdir() if p.is_dir()) == ["m1", "m2"]


def test_deleting_a_matter_removes_its_index(tmp_path: Path) -> None:
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)], matter="A")
        ws.documents.ingest([write_text(tmp_path / "b", "nda.txt", NDA_EN)], matter="B")
        folder = matter_folder(ws.paths.lexical_index, int(ws.matters.named("A").id))
        assert folder.is_dir()
        ws.matters.delete("A")
        assert not folder.exists()
        assert ws.search("confidential", matter="B", dense=False)
        assert ws.doctor().consistent
