"""The router's phrasings (:mod:`letadesk.judge.phrasings`): a question's cosine to each
type's nearest phrasing, kept whole, and the shipped file read by the router."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from letadesk.errors import ModelError
from letadesk.judge import Judge, default_judge
from letadesk.judge.card import WEIGHTS, load_card
from letadesk.judge.clauses import ClauseModel, router_stems
from letadesk.judge.phrasings import Phrasings


def _phrasings(by_type: dict[str, list[str]]) -> Phrasings:
    return Phrasings({k: [frozenset(router_stems(q)) for q in qs] for k, qs in by_type.items()})


TYPES = {
    "Change Of Control": ["What happens if the supplier merges or is acquired?"],
    "Governing Law": ["Which state's law governs the contract?"],
    "Insurance": ["What insurance must the supplier carry?"],
}


def test_the_nearest_phrasing_of_each_type_scores_it() -> None:
    nearest = _phrasings(TYPES).nearest(router_stems("Is the supplier acquired by a merger?"))
    assert max(nearest, key=nearest.__getitem__) == "Change Of Control"
    assert "Governing Law" not in nearest  # it shares no word
    # a word every phrasing of the file holds weighs nothing: "supplier" alone names none
    assert _phrasings(TYPES).nearest(router_stems("supplier supplier")).get("Insurance", 0) < 0.5


def test_a_phrasing_is_read_whole_not_as_a_bag_of_the_types_words() -> None:
    """Two phrasings of one type do not add up: a question holding one word of each is
    nearer to neither than a question holding one of them whole."""
    types = {"A": ["merger acquisition", "warranty period"], "B": ["merger warranty"]}
    nearest = _phrasings(types).nearest(router_stems("merger warranty"))
    assert nearest["B"] > nearest["A"]


def test_no_words_no_nearness() -> None:
    assert _phrasings(TYPES).nearest(set()) == {}
    assert _phrasings({}).nearest(router_stems("Which law governs?")) == {}


def test_an_unreadable_phrasings_file_is_a_model_error(tmp_path: Path) -> None:
    path = tmp_path / "router_phrasings.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError, match=r"router phrasings .* cannot be read"):
        Phrasings.load(path, router_stems)
    path.write_text(json.dumps({"other": {}}), encoding="utf-8")
    with pytest.raises(ModelError, match="cannot be read"):
        Phrasings.load(path, router_stems)


@pytest.mark.model
def test_the_shipped_router_reads_its_phrasings() -> None:
    """The card pins the phrasings; the router routes a question only its phrasings
    bring to the bar ("merger" is no word of the type's profile)."""
    judge: Judge = default_judge()
    spec = load_card().clauses
    assert spec is not None and spec.phrasings_file is not None and spec.phrasing_weight > 0
    shipped = judge.clauses
    assert shipped is not None and shipped.phrasings is not None
    asked = "What happens on a merger of the supplier?"
    route = shipped.route(asked)
    assert route is not None and route.keys[0] == "Change Of Control"
    without = ClauseModel(
        WEIGHTS / spec.file,
        router_threshold=spec.router_threshold,
        router_margin=spec.router_margin,
        detector_weight=spec.detector_weight,
    )
    assert without.route(asked) is None
    # questions of no clause type stay unrouted
    assert shipped.route("What is the weather in Cluj tomorrow?") is None
    assert shipped.route("How many pages does this contract have?") is None


@pytest.mark.model
def test_the_nda_provisions_have_phrasings_a_claim_does_not_read() -> None:
    """Questions read the NDA provisions' phrasings too; a claim to check is routed by its
    words alone (the phrasings are questions), as its detectors were validated."""
    shipped = default_judge().clauses
    assert shipped is not None and shipped.phrasings is not None
    nearest = shipped.phrasings.nearest(router_stems("Can we keep a backup copy?"))
    assert any(key.startswith("nda-") for key in nearest)
    claim = "Receiving Party may retain some Confidential Information after its return."
    with_phrasings = shipped.router_scores(claim)
    by_words = shipped.router_scores(claim, phrasings=False)
    assert with_phrasings != by_words  # the phrasings would move it...
    route = shipped.route(claim)
    assert route is not None and route.score == by_words[0][0]  # ...but it is read by words
