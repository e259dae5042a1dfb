"""Gate 3's paraphrase head: its word features, its routing and its party rule."""

from __future__ import annotations

import pytest

from letadesk.judge import SupportScores, default_judge
from letadesk.judge.card import PARAPHRASE_FEATURES, Combiner
from letadesk.verify.paraphrase import (
    foreign_party,
    in_order_share,
    is_restatement,
    lexical_features,
    name_key,
    paraphrase_features,
    paraphrase_support,
    party_order,
)

NOTICE = "Either party may terminate this Agreement upon thirty (30) days written notice."
INVOICES = "Licensee shall pay each invoice within thirty (30) days of its receipt."


def test_name_key_keeps_parties_apart_and_cases_together() -> None:
    assert name_key("vanzatorului") == name_key("vanzatorul") == "vanzator"
    assert name_key("licensor") != name_key("licensee")


def test_party_order() -> None:
    quote = "Licensor shall not compete with Licensee in the Territory."
    assert party_order("The Licensor may not compete with the Licensee.", quote) == 1.0
    assert party_order("The Licensee may not compete with the Licensor.", quote) == -1.0
    assert party_order("Nobody may compete.", quote) == 0.0


def test_a_party_the_quote_never_names_is_foreign() -> None:
    assert foreign_party("Licensor must pay each invoice within 30 days.", INVOICES)
    assert not foreign_party("The licensee must pay each invoice within 30 days.", INVOICES)
    assert not foreign_party(
        "Cumpărătorul plătește factura.", "Factura se plătește de Cumpărătorului."
    )


def test_word_features_compare_numbers_as_digits() -> None:
    features = lexical_features("The notice period is 30 days.", NOTICE)
    assert features["has_quantity"] == 1.0
    assert features["absent"] == 1.0  # "period"
    assert features["coverage"] == pytest.approx(0.75)
    assert lexical_features("Licensor must pay invoices.", INVOICES)["names_absent"] == 1.0


@pytest.mark.parametrize(
    ("claim", "restated"),
    [
        ("The notice period is thirty (30) days.", True),
        ("Either party may terminate this Agreement upon 30 days written notice.", False),
    ],
)
def test_only_a_claim_in_other_words_goes_to_the_head(claim: str, restated: bool) -> None:
    assert is_restatement(claim, NOTICE) is restated
    assert in_order_share("", NOTICE) == 0.0


def test_features_name_every_feature_the_card_knows() -> None:
    features = paraphrase_features("a b", "a b", SupportScores(0.5, 0.25, 0.25))
    assert tuple(features) == PARAPHRASE_FEATURES


@pytest.mark.model
def test_the_head_scores_a_pair_and_refuses_a_foreign_party() -> None:
    judge = default_judge()
    head = Combiner({"coverage": 4.0}, -2.0, 0.5)
    assert paraphrase_support(head, judge, "Licensee must pay each invoice.", INVOICES) > 0.5
    assert paraphrase_support(head, judge, "Licensor must pay each invoice.", INVOICES) == 0.0
