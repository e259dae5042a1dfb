"""The clause models: the shipped detectors and router, the vectoriser, and their use by
Gate 2 (the clause combiners) and Gate 3 (an NDA provision's support)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from sklearn.feature_extraction.text import TfidfVectorizer

from corpus_factory import (
    GOVERNING_CLAUSE,
    GOVERNING_LAW_MATTER,
    NOTICES_CLAUSE,
    make_passage,
    write_text,
)
from letadesk.answer.ask import AskOptions
from letadesk.answer.relevance import question_topic
from letadesk.answer.scoring import JudgeScorer, judge_logit
from letadesk.errors import ModelError
from letadesk.judge import Judge, default_judge, load_card
from letadesk.judge.card import CARD_FILE, WEIGHTS, sigmoid
from letadesk.judge.clauses import ClauseModel, router_stems, terms
from letadesk.verify.entailment import decide_support
from letadesk.workspace import Workspace

GOVERNING, NOTICES = GOVERNING_CLAUSE, NOTICES_CLAUSE
INSURANCE = (
    "Distributor shall maintain, at its own expense, product liability insurance with "
    "coverage of not less than $1,000,000 per occurrence, naming Supplier as additional insured."
)
EMPLOYEES_CLAIM = (
    "Receiving Party may share some Confidential Information with some of Receiving "
    "Party's employees."
)
MAY_DISCLOSE = (
    "The Recipient may disclose Confidential Information to its employees and officers who "
    "need to know it for the Purpose and who are bound by obligations of confidentiality."
)
RETURN = (
    "Within ten days of a written request, the Recipient shall return to the Discloser all "
    "documents and materials containing Confidential Information."
)


@pytest.fixture(scope="module")
def judge() -> Judge:
    return default_judge()


def _clauses(judge: Judge) -> ClauseModel:
    assert judge.clauses is not None, "the shipped card names a clause model"
    return judge.clauses


@pytest.mark.parametrize(
    ("question", "key"),
    [
        ("Which law governs this agreement?", "Governing Law"),
        ("What does this agreement say about insurance?", "Insurance"),
        ("Can a party terminate this agreement for convenience, without cause?", None),
        ("Does a party have the right to audit the books and records?", "Audit Rights"),
        (EMPLOYEES_CLAIM, "nda-5"),
    ],
)
def test_router_names_the_clause_type_asked_of(
    judge: Judge, question: str, key: str | None
) -> None:
    route = _clauses(judge).route(question)
    assert route is not None
    if key is not None:
        assert route.keys[0] == key
    else:
        assert route.keys[0] == "Termination For Convenience"


def test_a_question_no_clause_category_takes_is_routed_among_the_nda_provisions(
    judge: Judge,
) -> None:
    clauses = _clauses(judge)
    asked = "Can the receiving party share confidential information with its employees?"
    route = clauses.route(asked)
    assert route is not None and route.keys[0] == "nda-5"
    # a question a clause category takes stays with it
    assert clauses.route("Which law governs this agreement?").keys == ("Governing Law",)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "question",
    [
        "What is the weather in Cluj tomorrow?",
        "Ce lege se aplică acestui contract?",  # the detectors read English clauses only
        "Care este termenul de plată a onorariului?",
    ],
)
def test_router_leaves_other_questions_and_other_languages(judge: Judge, question: str) -> None:
    assert _clauses(judge).route(question) is None


def test_a_detector_finds_its_clause(judge: Judge) -> None:
    clauses = _clauses(judge)
    governing, notices = clauses.probabilities(["Governing Law"], [GOVERNING, NOTICES])
    assert governing > 0.9 > 0.1 > notices
    insurance = clauses.probabilities(["Insurance"], [INSURANCE, GOVERNING])
    assert insurance[0] > 0.5 > insurance[1]
    # with two types, a text scores as the higher of them
    both = clauses.probabilities(["Insurance", "Governing Law"], [GOVERNING])[0]
    assert both == pytest.approx(governing)


def test_calibration_keeps_each_types_sentences_in_order(judge: Judge) -> None:
    clauses = _clauses(judge)
    texts = [GOVERNING, NOTICES, INSURANCE, MAY_DISCLOSE, RETURN]
    for t in clauses.types:
        row = clauses.types.index(t)
        raw = [float(clauses.decisions(x)[row]) for x in texts]
        calibrated = clauses.probabilities([t.key], texts)
        assert sorted(range(5), key=raw.__getitem__) == sorted(range(5), key=calibrated.__getitem__)


def test_the_vectoriser_is_scikit_learns(tmp_path: Path) -> None:
    texts = [GOVERNING, NOTICES, INSURANCE, MAY_DISCLOSE, RETURN, GOVERNING.upper()]
    vectoriser = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True).fit(texts)
    vocabulary = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.__getitem__)
    weights = np.random.default_rng(7).normal(size=(2, len(vocabulary))).astype(np.float16)
    path = tmp_path / "clauses.npz"
    np.savez(
        path,
        vocabulary=np.array(vocabulary),
        idf=vectoriser.idf_.astype(np.float32),
        weights=weights,
        bias=np.array([0.5, -0.5], dtype=np.float32),
        calibration=np.array([[2.0, -1.0], [0.5, 0.3]], dtype=np.float32),
        keys=np.array(["a", "b"]),
        names=np.array(["A", "B"]),
        entails=np.array([False, True]),
        profiles=np.array(["governing law", "notices in writing"]),
    )
    model = ClauseModel(path, router_threshold=0.5, router_margin=0.1, detector_weight=0.0)
    for text in [*texts, "Laws of the State of Delaware govern; notices by mail."]:
        want = vectoriser.transform([text]).toarray()[0] @ weights.astype(np.float32).T + [
            0.5,
            -0.5,
        ]
        assert model.decisions(text) == pytest.approx(want, abs=1e-4)
        # probabilities are calibrated per type: sigmoid(scale * log-odds + shift)
        calibrated = [2.0 * want[0] - 1.0, 0.5 * want[1] + 0.3]
        assert model.probabilities(["a"], [text])[0] == pytest.approx(sigmoid(calibrated[0]))
        assert model.probabilities(["a", "b"], [text])[0] == pytest.approx(sigmoid(max(calibrated)))
    assert terms("The laws, the LAWS") == [
        "the",
        "laws",
        "the",
        "laws",
        "the laws",
        "laws the",
        "the laws",
    ]
    assert model.route("Which governing law applies?") is not None
    assert model.route("Which governing law applies?").keys == ("a",)  # type: ignore[union-attr]


def test_router_stems_fold_suffixes(judge: Judge) -> None:
    assert router_stems("limited limitation") == {"limit"}
    assert router_stems("capped cap") == {"cap"}
    assert router_stems("exclusivity exclusive") == {"exclus"}
    # a final silent "e" is no part of the stem: the verb is its noun's
    assert router_stems("expire expires expiration") == {"expir"}


def test_a_question_about_the_end_of_the_term_is_routed_to_its_expiration(judge: Judge) -> None:
    route = _clauses(judge).route("When does the agreement expire?")
    assert route is not None and route.keys[0] == "Expiration Date"


def test_a_changed_or_unreadable_clause_file_is_refused(tmp_path: Path) -> None:
    for name in ("judge.onnx", "tokenizer.json", "clauses.npz"):
        shutil.copy(WEIGHTS / name, tmp_path / name)
    card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    (tmp_path / "judge.json").write_text(json.dumps(card), encoding="utf-8")
    with (tmp_path / "clauses.npz").open("r+b") as f:
        f.seek(100)
        f.write(b"\0\0\0\0")
    with pytest.raises(ModelError, match=r"clauses\.npz does not match its pinned SHA-256"):
        Judge(load_card(tmp_path / "judge.json"))
    (tmp_path / "broken.npz").write_bytes(b"not a zip file")
    with pytest.raises(ModelError, match="cannot be read"):
        ClauseModel(tmp_path / "broken.npz", router_threshold=1, router_margin=0, detector_weight=0)
    with np.load(WEIGHTS / "clauses.npz") as data:  # a file from before calibration
        np.savez(tmp_path / "old.npz", **{k: data[k] for k in data.files if k != "calibration"})
    with pytest.raises(ModelError, match="cannot be read"):
        ClauseModel(tmp_path / "old.npz", router_threshold=1, router_margin=0, detector_weight=0)


def test_gate2_reads_the_detector_of_the_routed_type(judge: Judge) -> None:
    question = "Which law governs this agreement?"
    passages = [make_passage(1, NOTICES), make_passage(2, GOVERNING)]
    scorer = JudgeScorer(judge, question, passages, topic=question_topic(question))
    assert scorer.clause_types == ("Governing Law",)
    combiner = judge.card.combiners["clause_question"]
    assert scorer.threshold == combiner.threshold
    detector = _clauses(judge).probabilities(["Governing Law"], [GOVERNING])[0]
    score = scorer.sentence(passages[1], GOVERNING)
    features = {
        "judge": judge_logit(judge.relevance(question, [GOVERNING])[0]),
        "clause": judge_logit(detector),
    }
    assert set(combiner.weights) <= {"judge", "sentence_words", "passage_words", "rank", "clause"}
    if set(combiner.weights) == set(features):
        assert score == pytest.approx(combiner.score(features))
    assert score >= combiner.threshold > scorer.sentence(passages[0], NOTICES)


def test_gate3_reads_an_nda_provisions_detector(judge: Judge) -> None:
    supported = decide_support(EMPLOYEES_CLAIM, MAY_DISCLOSE, judge=judge)
    assert "detector of nda-5" in supported.checks[-1].reason
    assert supported.label == "supported", supported.checks[-1].reason
    refused = decide_support(EMPLOYEES_CLAIM, RETURN, judge=judge)
    assert refused.label != "supported", refused.checks[-1].reason
    # a claim of no known provision is the judge's alone
    other = decide_support("The notices are delivered by hand.", NOTICES, judge=judge)
    assert "detector" not in other.checks[-1].reason


def test_the_audit_names_the_clause_types_gate2_read(tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "license.txt", GOVERNING_LAW_MATTER["license.txt"])
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([tmp_path / "docs"], matter="M")
        answer = ws.ask(
            "Which law governs this agreement?", matter="M", options=AskOptions(generate=False)
        )
        assert answer.claims, answer.reason
        assert "State of Washington" in answer.claims[0].citations[0].quote
        relevance = ws.audit.entries(limit=1)[0].record["relevance"]
        assert relevance["clause_types"] == ["Governing Law"]
        ws.ask(
            "Which court has jurisdiction over disputes?",
            matter="M",
            options=AskOptions(generate=False),
        )
        assert ws.audit.entries(limit=1)[0].record["relevance"]["clause_types"] == []
