"""The shipped judge: real int8 ONNX weights, pinned by SHA-256, read the way the gates
read them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from corpus_factory import GOVERNING_CLAUSE, NOTICES_CLAUSE
from letadesk.errors import ModelError
from letadesk.judge import Judge, default_judge, load_card
from letadesk.judge.card import CARD_FILE, PARAPHRASE_FEATURES, WEIGHTS

GOVERNING, NOTICES = GOVERNING_CLAUSE, NOTICES_CLAUSE
INSURANCE = (
    "Distributor shall maintain, at its own expense, product liability insurance "
    "with limits of not less than $2,000,000 per occurrence."
)


@pytest.fixture(scope="module")
def judge() -> Judge:
    return default_judge()


def test_card_pins_every_shipped_file() -> None:
    card = load_card()
    assert card.clauses is not None
    shipped = {card.model_file.name, card.tokenizer_file.name, card.clauses.file}
    assert set(card.sha256) == shipped | {card.clauses.phrasings_file}
    weights = {p.name for p in WEIGHTS.iterdir()} - {"judge.json", "MODEL_CARD.md"}
    assert weights == set(card.sha256), "every weight file shipped is pinned"
    assert 0 < card.relevance_threshold < 1 and 0 < card.support_threshold < 1
    assert card.relevance_languages, "the judge must be chosen for at least one language"
    assert (WEIGHTS / "MODEL_CARD.md").read_text(encoding="utf-8").startswith("# ")


def test_relevance_prefers_the_sentence_that_answers(judge: Judge) -> None:
    gov, notices = judge.relevance("Which law governs the contract?", [GOVERNING, NOTICES])
    assert gov > judge.card.relevance_threshold > notices
    ins, gov2 = judge.relevance(
        "What insurance must the distributor carry?", [INSURANCE, GOVERNING]
    )
    assert ins > judge.card.relevance_threshold > gov2


def test_relevance_scores_are_probabilities_in_input_order(judge: Judge) -> None:
    texts = [NOTICES, GOVERNING, INSURANCE]
    scores = judge.relevance("Which law governs the contract?", texts)
    assert len(scores) == 3 and all(0.0 <= s <= 1.0 for s in scores)
    assert scores == judge.relevance("Which law governs the contract?", texts)  # cached
    assert max(scores) == scores[1]


def test_support_reads_a_verbatim_claim_and_a_negated_one(judge: Judge) -> None:
    assert judge.support(INSURANCE, INSURANCE).supported >= judge.card.support_threshold
    negated = INSURANCE.replace("shall maintain", "shall not maintain")
    scores = judge.support(negated, INSURANCE)
    assert scores.supported < judge.card.support_threshold
    assert abs(scores.supported + scores.contradicted + scores.insufficient - 1) < 1e-5


def test_support_reads_an_nda_paraphrase(judge: Judge) -> None:
    quote = (
        "The Receiving Party may disclose Confidential Information to its employees and "
        "professional advisers who need to know it for the Purpose."
    )
    shared = judge.support(
        "The Receiving Party can share confidential information with its staff.", quote
    )
    fee = judge.support("The Receiving Party must pay a fee for each disclosure.", quote)
    assert shared.supported >= judge.card.support_threshold > fee.supported


def test_changed_weights_are_refused(tmp_path: Path) -> None:
    copy = tmp_path / "weights"
    shutil.copytree(WEIGHTS, copy)
    model = copy / load_card().model_file.name
    data = bytearray(model.read_bytes())
    data[len(data) // 2] ^= 0xFF
    model.write_bytes(bytes(data))
    with pytest.raises(ModelError, match="does not match its pinned SHA-256"):
        Judge(load_card(copy / CARD_FILE.name))


def test_missing_or_malformed_card_is_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="missing or malformed"):
        load_card(tmp_path / "judge.json")
    (tmp_path / "judge.json").write_text(json.dumps({"name": "x"}), encoding="utf-8")
    with pytest.raises(ModelError, match="missing or malformed"):
        load_card(tmp_path / "judge.json")


def test_the_card_carries_gate_3s_paraphrase_head(tmp_path: Path) -> None:
    head = load_card().paraphrase
    assert head is not None and 0 < head.threshold < 1
    assert set(head.weights) == set(PARAPHRASE_FEATURES)
    data = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    data["runtime"]["paraphrase"]["weights"]["rank"] = 1.0  # not a feature of the head
    (tmp_path / "judge.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ModelError, match="missing or malformed"):
        load_card(tmp_path / "judge.json")
    del data["runtime"]["paraphrase"]  # an older card: Gate 3 reads the judge alone
    (tmp_path / "judge.json").write_text(json.dumps(data), encoding="utf-8")
    assert load_card(tmp_path / "judge.json").paraphrase is None
