"""Gate 1's legal-meaning head (:mod:`letadesk.verify.legal_meaning`): the shipped head
on the shipped e5 (real ONNX), and how it is read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from letadesk.verify.legal_meaning import HEAD_FILE, LegalMeaningHead, legal_meaning_head
from letadesk.verify.scope import check_scope

# Legal questions in a client's words (none of them a training question), and questions
# with no legal meaning, some in words law also uses.
EVERYDAY_LAW = [
    "Vecinul a construit un gard pe terenul meu. Îl pot obliga să-l mute?",
    "m-a lovit cu mașina un șofer beat și a fugit, ce pot să fac?",
    "my landlord kept my whole deposit for normal wear, can he do that?",
]
NO_LAW = [
    "Ce roman polițist de Agatha Christie să citesc prima dată?",
    "Cum scot o pată de vin roșu de pe o cămașă albă?",
    "how do I get my toddler to sleep through the night?",
]


def test_a_head_reads_only_its_own_embedder_s_vectors() -> None:
    head = LegalMeaningHead("e5", np.array([1.0, -1.0], dtype=np.float32), 0.0, 0.5)
    assert head.means_law("e5", np.array([1.0, 0.0], dtype=np.float32)) is True
    assert head.means_law("e5", np.array([0.0, 1.0], dtype=np.float32)) is False
    assert head.means_law("minilm", np.array([1.0, 0.0], dtype=np.float32)) is None
    assert head.means_law("e5", np.ones(3, dtype=np.float32)) is None  # another width
    assert head.probability(np.zeros(2, dtype=np.float32)) == pytest.approx(0.5)


def test_a_missing_or_malformed_head_leaves_gate_1_to_its_words(tmp_path: Path) -> None:
    assert legal_meaning_head(tmp_path / "none.json") is None
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"embedder": "e5"}), encoding="utf-8")
    assert legal_meaning_head(bad) is None


@pytest.mark.model
def test_the_shipped_head_reads_law_in_everyday_words() -> None:
    from letadesk.index.embedder import make_embedder

    head = legal_meaning_head(HEAD_FILE)
    assert head is not None
    embedder = make_embedder("auto")
    assert head.embedder == embedder.name  # fitted on the shipped e5: refit if it changes
    for question in EVERYDAY_LAW:
        assert head.means_law(embedder.name, embedder.embed_query(question)), question
    assert not check_scope(EVERYDAY_LAW[0]).in_scope  # the lexicon alone would not see it
    for question in NO_LAW:
        assert head.means_law(embedder.name, embedder.embed_query(question)) is False, question
