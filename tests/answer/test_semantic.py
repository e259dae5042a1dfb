"""Gate 2's meaning margin (:mod:`letadesk.answer.semantic`) and the cosines it reads
(:meth:`letadesk.index.sync.IndexSet.similarity`, real SQLite and sqlite-vec)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pytest

from corpus_factory import make_passage, write_text
from letadesk.answer.relevance import question_topic
from letadesk.answer.scoring import LexicalScorer
from letadesk.answer.semantic import SemanticScorer
from letadesk.domain import Passage
from letadesk.retrieve.cascade import Retriever
from letadesk.workspace import Workspace

QUESTION = "Cât poate dura o grevă de avertisment?"
# Both hold the question's words "grevă" and "avertisment"; only the first answers it.
ANSWERS = "Greva de avertisment nu poate avea o durată mai mare de două ore."
LISTS = "Grevele pot fi de avertisment, de solidaritate și propriu-zise."
ELSE = "Sindicatele sunt independente față de partidele politice."


def _cosines(values: Mapping[int, float]) -> tuple[list[int], object]:
    asked: list[int] = []

    def measure(passages: Sequence[Passage]) -> Mapping[int, float]:
        asked.extend(p.fragment.id for p in passages)
        return {p.fragment.id: values[p.fragment.id] for p in passages}

    return asked, measure


def test_the_passage_nearer_in_meaning_leads_where_the_words_tie() -> None:
    passages = [make_passage(1, LISTS), make_passage(2, ANSWERS), make_passage(3, ELSE)]
    inner = LexicalScorer(question_topic(QUESTION), 0.5)
    assert inner.passage(passages[0]) == inner.passage(passages[1])  # the words tie
    _, measure = _cosines({1: 0.87, 2: 0.91, 3: 0.80})
    scorer = SemanticScorer(inner, passages, measure, weight=2.0)  # type: ignore[arg-type]
    ranked = sorted(passages, key=scorer.passage, reverse=True)
    assert [p.fragment.id for p in ranked] == [2, 1, 3]
    # the margin is measured from the median (0.87): 2 × 0.04 up, 0 and 2 × 0.07 down
    assert scorer.margin(passages[1]) == pytest.approx(0.08)
    assert scorer.margin(passages[0]) == pytest.approx(0.0)
    assert scorer.margin(passages[2]) == pytest.approx(-0.14)
    sentence = scorer.sentence(passages[1], ANSWERS)
    assert sentence == pytest.approx(inner.sentence(passages[1], ANSWERS) + 0.08)


def test_passages_prepared_later_are_measured_once_against_the_same_median() -> None:
    first = [make_passage(1, LISTS), make_passage(2, ANSWERS), make_passage(3, ELSE)]
    later = make_passage(4, ANSWERS)
    asked, measure = _cosines({1: 0.87, 2: 0.91, 3: 0.80, 4: 0.95})
    inner = LexicalScorer(question_topic(QUESTION), 0.5)
    scorer = SemanticScorer(inner, first, measure, weight=1.0)  # type: ignore[arg-type]
    scorer.prepare([first[0], later])
    scorer.prepare([later])
    assert asked == [1, 2, 3, 4]  # each passage measured once
    assert scorer.margin(later) == pytest.approx(0.08)


def test_a_passage_without_a_cosine_keeps_the_inner_score() -> None:
    passages = [make_passage(1, LISTS)]
    inner = LexicalScorer(question_topic(QUESTION), 0.5)
    scorer = SemanticScorer(inner, passages, lambda _: {}, weight=2.0)
    assert scorer.passage(passages[0]) == inner.passage(passages[0])


def test_cosines_read_the_stored_vectors_and_embed_what_has_none(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    write_text(folder, "lege.txt", f"Articolul 1\n{ANSWERS}\nArticolul 2\n{LISTS}\n")
    ws = Workspace.open(tmp_path / "ws")
    try:
        ws.documents.ingest([folder], matter="M")
        retriever = Retriever(ws.corpus, ws.indexes)
        found = retriever.search(QUESTION, ws.filters("M"), k=5).passages
        assert found
        cosines = retriever.similarity(QUESTION, found)
        stored = ws.indexes.vectors.stored_vectors(p.fragment.id for p in found)
        query = ws.indexes.embedder.embed_query(QUESTION)
        for p in found:
            assert cosines[p.fragment.id] == pytest.approx(float(stored[p.fragment.id] @ query))
        unstored = make_passage(10**6, ELSE, title="Memo", locator="pct. 1")
        made = retriever.similarity(QUESTION, [unstored])
        vector = ws.indexes.embedder.embed_passages([f"Memo pct. 1\n{ELSE}"])[0]
        assert made[10**6] == pytest.approx(float(np.dot(vector, query)))
    finally:
        ws.close()
