"""Gate 2's meaning margin (:mod:`letadesk.answer.semantic`) and the cosines it reads
(:meth:`letadesk.index.sync.IndexSet.similarity`, real SQLite and sqlite-vec)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import numpy as np
import pytest

from corpus_factory import make_passage, write_text
from letadesk.answer import semantic
from letadesk.answer.ask import AskOptions
from letadesk.answer.relevance import question_topic
from letadesk.answer.scoring import LexicalScorer
from letadesk.answer.semantic import (
    BAR_RAISE,
    LONG_MIN_COVERAGE,
    LONG_QUESTION_WORDS,
    LONG_SEMANTIC_WEIGHT,
    LONG_SENTENCE_WEIGHT,
    MIN_COVERAGE,
    SEMANTIC_WEIGHT,
    SENTENCE_WEIGHT,
    Meaning,
    SemanticScorer,
    meaning_weights,
)
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
    scorer = SemanticScorer(inner, passages, measure, Meaning(weight=2.0))  # type: ignore[arg-type]
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
    scorer = SemanticScorer(inner, first, measure, Meaning(weight=1.0))  # type: ignore[arg-type]
    scorer.prepare([first[0], later])
    scorer.prepare([later])
    assert asked == [1, 2, 3, 4]  # each passage measured once
    assert scorer.margin(later) == pytest.approx(0.08)


def test_a_passage_without_a_cosine_keeps_the_inner_score() -> None:
    passages = [make_passage(1, LISTS)]
    inner = LexicalScorer(question_topic(QUESTION), 0.5)
    scorer = SemanticScorer(inner, passages, lambda _: {}, Meaning(weight=2.0))
    assert scorer.passage(passages[0]) == inner.passage(passages[0])


def _part_cosines(values: Mapping[str, float]) -> tuple[list[str], object]:
    asked: list[str] = []

    def measure(parts: Sequence[tuple[Passage, str]]) -> list[float]:
        asked.extend(text for _, text in parts)
        return [values[text] for _, text in parts]

    return asked, measure


TWO_SENTENCES = f"{ELSE} {ANSWERS}"


def test_the_nearest_sentence_lifts_its_passage_and_is_scored_by_its_own_cosine() -> None:
    # Two passages at the same fragment cosine: the one holding a sentence near the
    # question leads, and within it the near sentence outscores its neighbour.
    passages = [make_passage(1, TWO_SENTENCES), make_passage(2, LISTS), make_passage(3, LISTS)]
    inner = LexicalScorer(question_topic(QUESTION), 0.5)
    _, measure = _cosines({1: 0.85, 2: 0.85, 3: 0.85})
    asked, parts = _part_cosines({ELSE: 0.80, ANSWERS: 0.93, LISTS: 0.87})
    meaning = Meaning(weight=3.0, sentence_weight=4.0, bar_raise=0.02)
    scorer = SemanticScorer(inner, passages, measure, meaning, parts)  # type: ignore[arg-type]
    assert asked == [ELSE, ANSWERS, LISTS, LISTS]  # each scored sentence measured
    assert scorer.threshold == pytest.approx(0.52)  # the bar raised
    # nearest sentences 0.93, 0.87, 0.87: median 0.87
    assert scorer.margin(passages[0]) == pytest.approx(4.0 * 0.06)
    assert scorer.margin(passages[1]) == pytest.approx(0.0)
    near = scorer.sentence(passages[0], ANSWERS) - inner.sentence(passages[0], ANSWERS)
    assert near == pytest.approx(4.0 * 0.06)
    # a sentence that is far from the question (under SENTENCE_NEAR) counts for nothing
    assert scorer.margin(passages[0], ELSE) == pytest.approx(0.0)
    scorer.prepare([passages[0]])
    assert len(asked) == 4  # measured once


def test_without_sentence_cosines_the_fragments_alone_count() -> None:
    passages = [make_passage(1, TWO_SENTENCES), make_passage(2, LISTS)]
    inner = LexicalScorer(question_topic(QUESTION), 0.5)
    _, measure = _cosines({1: 0.90, 2: 0.80})
    meaning = Meaning(weight=2.0, sentence_weight=4.0)
    scorer = SemanticScorer(inner, passages, measure, meaning, lambda _: [])
    assert scorer.margin(passages[0]) == pytest.approx(0.1)
    assert scorer.margin(passages[0], ANSWERS) == pytest.approx(0.1)


@pytest.fixture
def law(tmp_path: Path) -> Iterator[tuple[Workspace, Retriever]]:
    """A matter of one law of two articles (real SQLite, tantivy and e5), searched."""
    folder = tmp_path / "docs"
    write_text(folder, "lege.txt", f"Articolul 1\n{ANSWERS}\nArticolul 2\n{LISTS}\n")
    with Workspace.open(tmp_path / "ws") as ws:
        ws.documents.ingest([folder], matter="M")
        yield ws, Retriever(ws.corpus, ws.indexes)


def test_sentence_cosines_embed_each_sentence_as_its_fragment_once(
    law: tuple[Workspace, Retriever], monkeypatch: pytest.MonkeyPatch
) -> None:
    ws, retriever = law
    memo = make_passage(10**6, TWO_SENTENCES, title="Memo", locator="pct. 1")
    parts = [(memo, ANSWERS), (memo, ELSE)]
    embedder = ws.indexes.embedder
    query = embedder.embed_query(QUESTION)
    made = retriever.part_similarity(QUESTION, parts)
    expected = embedder.embed_passages([f"Memo pct. 1\n{ANSWERS}", f"Memo pct. 1\n{ELSE}"])
    assert made == pytest.approx([float(v @ query) for v in expected])
    assert made[0] > made[1]  # the sentence that answers is the nearer
    embedded: list[int] = []
    original = embedder.embed_passages

    def counted(texts: Sequence[str], **kwargs: object) -> np.ndarray:
        embedded.append(len(texts))
        return original(texts)

    monkeypatch.setattr(embedder, "embed_passages", counted)
    assert retriever.part_similarity(QUESTION, parts[::-1]) == pytest.approx(made[::-1])
    assert embedded == []  # asked again: read from the kept vectors
    assert retriever.part_similarity(QUESTION, []) == []


def test_cosines_read_the_stored_vectors_and_embed_what_has_none(
    law: tuple[Workspace, Retriever],
) -> None:
    ws, retriever = law
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


STRIKES = """LEGE privind dialogul social

Articolul 1
Greva reprezintă încetarea colectivă și voluntară a lucrului într-o unitate.

Articolul 2
Greva poate fi declarată numai dacă, în prealabil, au fost epuizate posibilitățile de \
soluționare a conflictului colectiv de muncă prin procedurile obligatorii prevăzute de lege.

Articolul 3
Greva de avertisment nu poate avea o durată mai mare de două ore, dacă se face cu \
încetarea lucrului, și trebuie, în toate cazurile, să preceadă cu cel puțin două zile \
lucrătoare greva propriu-zisă.

Articolul 4
Participarea la grevă este liberă. Nimeni nu poate fi constrâns să participe sau să nu \
participe la o grevă.

Articolul 5
Pe durata grevei angajații își mențin toate drepturile ce decurg din contractul \
individual de muncă, cu excepția drepturilor salariale.
"""
# A client's situation, then the question: its story words are in no article.
STORY = (
    "Lucrez la o fabrică de mobilă din Brașov, iar sindicatul nostru a anunțat pentru luni "
    "o oprire a lucrului ca să atragă atenția conducerii asupra salariilor restante. Cât "
    "poate dura o grevă de avertisment?"
)
ABSENT_STORY = (
    "Lucrez la o fabrică de mobilă din Brașov și sunt însărcinată în luna a șaptea, iar "
    "directorul mă presează să vin la lucru până la naștere. Câte zile de concediu de "
    "maternitate am?"
)


def test_a_long_question_is_read_by_meaning_more_and_by_its_words_less() -> None:
    assert len(STORY.split()) > LONG_QUESTION_WORDS >= len(QUESTION.split())
    short, long = meaning_weights(QUESTION, "ro"), meaning_weights(STORY, "ro")
    assert short == Meaning(
        SEMANTIC_WEIGHT["ro"], SENTENCE_WEIGHT["ro"], MIN_COVERAGE["ro"], BAR_RAISE["ro"]
    )
    assert long == Meaning(
        LONG_SEMANTIC_WEIGHT["ro"],
        LONG_SENTENCE_WEIGHT["ro"],
        LONG_MIN_COVERAGE["ro"],
        BAR_RAISE["ro"],
    )
    assert long.weight > short.weight and long.floor < short.floor
    english = meaning_weights(STORY, "en")
    assert english == Meaning() and not english.reads  # English: the judge alone


@pytest.mark.model
def test_a_story_told_before_the_question_finds_its_article(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_text(tmp_path / "docs", "lege.txt", STRIKES)
    ws = Workspace.open(tmp_path / "ws")
    try:
        ws.documents.ingest([tmp_path / "docs"], matter="M")
        options = AskOptions(generate=False)
        answer = ws.ask(STORY, matter="M", options=options)
        assert answer.answered
        assert answer.claims[0].citations[0].locator == "art. 3"
        assert not ws.ask(ABSENT_STORY, matter="M", options=options).answered
        # read with a short question's weights, its nearest sentence carries it; by the
        # fragments' cosines alone, the story's words sink it
        monkeypatch.setattr(semantic, "LONG_QUESTION_WORDS", 1000)
        assert ws.ask(STORY, matter="M", options=options).answered
        monkeypatch.setattr(semantic, "SENTENCE_WEIGHT", {"ro": 0.0})
        monkeypatch.setattr(semantic, "BAR_RAISE", {"ro": 0.0})
        assert not ws.ask(STORY, matter="M", options=options).answered
    finally:
        ws.close()
