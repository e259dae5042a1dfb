"""The lexical index on a real tantivy directory."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from letadesk.domain import DocumentId, LexicalRow, MatterId, SearchFilters
from letadesk.errors import IndexError_
from letadesk.index.tantivy_index import LexicalIndex, LexicalIndexBusy

M1, M2 = MatterId(1), MatterId(2)

ROWS = [
    LexicalRow(
        1,
        1,
        10,
        "Codul muncii",
        "art. 56",
        "Încetarea contractului individual de muncă.",
        "RO",
        "law",
    ),
    LexicalRow(
        2,
        1,
        10,
        "Codul civil",
        "art. 1",
        "Societăţile comerciale şi obligaţiile lor.",
        "RO",
        "law",
        date(2011, 10, 1),
        None,
    ),
    LexicalRow(3, 2, 20, "Alt dosar", "", "încetarea contractului CANARYTOKEN", "RO", "law"),
    LexicalRow(
        4,
        1,
        11,
        "NDA",
        "Section 5",
        "The Receiving Party terminated the agreements.",
        "US",
        "contract",
        None,
        date(2019, 12, 31),
    ),
    LexicalRow(
        5,
        1,
        12,
        "Legea veche",
        "art. 3",
        "Încetarea contractului prin acordul părților.",
        "RO",
        "law",
        date(2000, 1, 1),
        date(2010, 12, 31),
    ),
]


@pytest.fixture
def index(tmp_path: Path) -> LexicalIndex:
    ix = LexicalIndex(tmp_path / "lex")
    ix.add(ROWS)
    ix.commit()
    return ix


def ids(hits: list[tuple[int, float]]) -> list[int]:
    return [fid for fid, _ in hits]


def test_query_without_diacritics_matches_text_with_them(index: LexicalIndex) -> None:
    hits = index.search("incetarea contractului", SearchFilters(M1), 10)
    assert set(ids(hits)) == {1, 5}
    assert all(score > 0 for _, score in hits)


@pytest.mark.parametrize(
    "query",
    [
        "societatile comerciale si obligatiile",
        "Societățile comerciale și obligațiile",
        "Societăţile comerciale şi obligaţiile",
    ],
)
def test_cedilla_comma_and_plain_spellings_are_one(index: LexicalIndex, query: str) -> None:
    assert ids(index.search(query, SearchFilters(M1), 10))[0] == 2


def test_english_stemming(index: LexicalIndex) -> None:
    assert ids(index.search("terminate agreement", SearchFilters(M1), 10)) == [4]


def test_other_matter_is_never_returned(index: LexicalIndex) -> None:
    assert index.search("CANARYTOKEN", SearchFilters(M1), 10) == []
    assert ids(index.search("CANARYTOKEN", SearchFilters(M2), 10)) == [3]
    assert 3 not in ids(index.search("incetarea contractului", SearchFilters(M1), 100))


def test_as_of_range(index: LexicalIndex) -> None:
    def found(day: date) -> set[int]:
        return set(
            ids(
                index.search(
                    "incetarea contractului societatile terminate", SearchFilters(M1, as_of=day), 10
                )
            )
        )

    assert found(date(2005, 6, 1)) == {1, 4, 5}  # 2 not yet in force
    assert found(date(2015, 6, 1)) == {1, 2, 4}  # 5 expired
    assert found(date(2010, 12, 31)) == {1, 4, 5}  # bounds are inclusive
    assert found(date(2020, 1, 1)) == {1, 2}  # 4 expired


def test_document_jurisdiction_and_force_filters(index: LexicalIndex) -> None:
    q = "incetarea contractului terminate societatile"
    assert ids(index.search(q, SearchFilters(M1, document_id=DocumentId(12)), 10)) == [5]
    assert set(ids(index.search(q, SearchFilters(M1, jurisdiction="US"), 10))) == {4}
    assert set(ids(index.search(q, SearchFilters(M1, legal_force="law"), 10))) == {1, 2, 5}
    assert index.search(q, SearchFilters(M1, jurisdiction="RO", legal_force="contract"), 10) == []


@pytest.mark.parametrize("query", ["", "   ", '"(((', "AND OR NOT", "title:x AND (", "*?~^"])
def test_hostile_or_empty_query_never_raises(index: LexicalIndex, query: str) -> None:
    assert isinstance(index.search(query, SearchFilters(M1), 5), list)


def test_title_and_locator_are_searchable(index: LexicalIndex) -> None:
    assert ids(index.search("art. 56", SearchFilters(M1), 1)) == [1]


def test_k_limits_results(index: LexicalIndex) -> None:
    assert len(index.search("incetarea contractului", SearchFilters(M1), 1)) == 1


def test_replace_delete_and_ids(index: LexicalIndex) -> None:
    assert index.fragment_ids_for_matter(1) == {1, 2, 4, 5}
    assert index.all_fragment_ids() == {1, 2, 3, 4, 5}
    index.add([LexicalRow(1, 1, 10, "Codul muncii", "art. 56", "Text nou despre chirie.")])
    index.commit()
    assert len(index) == 5
    assert index.search("incetarea", SearchFilters(M1), 10) and 1 not in ids(
        index.search("incetarea", SearchFilters(M1), 10)
    )
    index.delete_documents([10])
    index.commit()
    assert index.all_fragment_ids() == {3, 4, 5}
    index.delete_fragments([4])
    index.commit()
    assert index.all_fragment_ids() == {3, 5}


def test_signatures_detect_stale_entries(index: LexicalIndex) -> None:
    sigs = index.signatures()
    assert sigs == {row.fragment_id: row.signature for row in ROWS}
    changed = LexicalRow(1, 1, 10, "Codul muncii", "art. 56", "Încetarea contractului.")
    assert changed.signature != sigs[1]


def test_reopen_and_clear(index: LexicalIndex, tmp_path: Path) -> None:
    reopened = LexicalIndex(tmp_path / "lex")
    assert reopened.all_fragment_ids() == {1, 2, 3, 4, 5}
    reopened.clear()
    assert len(reopened) == 0
    assert reopened.search("incetarea", SearchFilters(M1), 5) == []


def test_corrupt_meta_raises(index: LexicalIndex, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(tmp_path / "lex", broken)
    (broken / "meta.json").write_text("{garbage", encoding="utf-8")
    with pytest.raises(IndexError_, match="unusable"):
        LexicalIndex(broken)


def test_deleted_segment_files_raise(index: LexicalIndex, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(tmp_path / "lex", broken)
    for f in broken.iterdir():
        if f.suffix in {".term", ".store", ".fast"}:
            f.unlink()
    with pytest.raises(IndexError_):
        LexicalIndex(broken)


def test_foreign_directory_raises(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(IndexError_, match=r"no meta\.json"):
        LexicalIndex(tmp_path / "other")
    assert len(LexicalIndex.destroy(tmp_path / "other")) == 0


def test_add_streams_a_large_generator(tmp_path: Path) -> None:
    ix = LexicalIndex(tmp_path / "big")
    n = ix.add(LexicalRow(i, 1, i // 100, "T", "", f"clauza numarul {i}") for i in range(2500))
    ix.add([LexicalRow(7, 1, 0, "T", "", "inlocuita")])
    ix.commit()
    assert n == 2500 and len(ix) == 2500
    assert ids(ix.search("inlocuita", SearchFilters(M1), 5)) == [7]


def test_second_writer_is_busy_not_corrupt(index: LexicalIndex, tmp_path: Path) -> None:
    index.add([LexicalRow(9, 1, 10, "T", "", "x")])  # holds the writer lock until commit
    other = LexicalIndex(tmp_path / "lex", writer_wait_s=0)
    with pytest.raises(LexicalIndexBusy, match="another LetaDesk"):
        other.add([LexicalRow(8, 1, 10, "T", "", "y")])
    index.commit()
    other.add([LexicalRow(8, 1, 10, "T", "", "y")])
    other.commit()
    assert {8, 9} <= other.all_fragment_ids()


def test_a_matter_holding_most_of_the_index_gets_the_filtered_ranking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Matter 1 holds 240 of 340 entries, so its searches take the index's best hits and
    keep its own; the result is the MUST-filtered query's, also when the other matter's
    hits crowd the top (rar: 100 strong hits in matter 2, 3 weak ones in matter 1)."""
    ix = LexicalIndex(tmp_path / "most")
    words = ["contract", "termen", "plata", "penalitate", "notificare"]
    rows = [
        LexicalRow(i, 1, i // 20, "T", "", " ".join(words[j] for j in range(i % 5 + 1)))
        for i in range(240)
    ]
    rows += [LexicalRow(i, 1, 99, "T", "", f"rar contract text lung {i}") for i in (240, 241, 242)]
    rows += [LexicalRow(300 + i, 2, 200, "T", "", "rar rar rar") for i in range(100)]
    ix.add(rows)
    ix.commit()
    queries = ["contract termen", "penalitate notificare plata", "rar", "rar contract"]
    fast = {(q, k): ix.search(q, SearchFilters(M1), k) for q in queries for k in (1, 5, 50)}
    monkeypatch.setattr(LexicalIndex, "_search_most", lambda *_args: None)
    for (q, k), hits in fast.items():
        assert ids(hits) == ids(ix.search(q, SearchFilters(M1), k)), (q, k)
        assert all(fid < 300 for fid in ids(hits))
    assert ids(fast[("rar", 5)]) and set(ids(fast[("rar", 5)])) == {240, 241, 242}


def test_a_verb_finds_the_noun_made_of_it(tmp_path: Path) -> None:
    # "încetează" is searched with "înceta" and "încetare" (letadesk.families)
    ix = LexicalIndex(tmp_path / "lex")
    ix.add(ROWS)
    ix.commit()
    hits = ids(ix.search("când încetează", SearchFilters(M1), 10))
    assert set(hits) == {1, 5}
