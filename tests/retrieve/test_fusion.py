"""Weighted reciprocal rank fusion and the per-language parameters."""

from __future__ import annotations

import pytest

from letadesk.retrieve.fusion import (
    BY_KIND,
    PLAIN,
    FusionParams,
    hybrid_fusion,
    params_for,
    query_kind,
    reciprocal_rank_fusion,
)

LEXICAL = [(1, 9.0), (2, 8.0), (3, 7.0)]
DENSE = [(3, 0.9), (4, 0.8), (1, 0.7)]


def test_plain_rrf_sums_reciprocal_ranks() -> None:
    fused = dict(reciprocal_rank_fusion([LEXICAL, DENSE], k=60))
    assert fused[1] == pytest.approx(1 / 61 + 1 / 63)
    assert fused[3] == pytest.approx(1 / 63 + 1 / 61)
    assert fused[2] == pytest.approx(1 / 62)
    assert fused[4] == pytest.approx(1 / 62)


def test_ties_keep_first_appearance_and_limit_applies() -> None:
    fused = reciprocal_rank_fusion([LEXICAL, DENSE], k=60, limit=3)
    assert [i for i, _ in fused] == [1, 3, 2]


def test_weights_tilt_the_order_toward_the_heavier_list() -> None:
    lexical_heavy = reciprocal_rank_fusion([LEXICAL, DENSE], weights=(3.0, 1.0), k=5)
    dense_heavy = reciprocal_rank_fusion([LEXICAL, DENSE], weights=(1.0, 3.0), k=5)
    assert [i for i, _ in lexical_heavy] == [1, 3, 2, 4]  # 2 (lexical only) above 4
    assert [i for i, _ in dense_heavy] == [3, 1, 4, 2]  # 4 (dense only) above 2


def test_weights_must_match_the_rankings() -> None:
    with pytest.raises(ValueError, match="2 rankings but 1 weights"):
        reciprocal_rank_fusion([LEXICAL, DENSE], weights=(1.0,))


def test_empty_lists_fuse_to_nothing() -> None:
    assert reciprocal_rank_fusion([[], []]) == []
    assert [i for i, _ in reciprocal_rank_fusion([LEXICAL, []])] == [1, 2, 3]


@pytest.mark.parametrize(
    ("query", "language", "form"),
    [
        ("Care este termenul general de prescripție?", "ro", "question"),
        ("Care este termenul de preaviz", "ro", "question"),
        ("Cate zile are concediul de odihna minim?", "ro", "question"),
        ("Salariatul trebuie sa isi motiveze demisia?", "ro", "question"),
        ("preaviz concediere salariat", "", "statement"),
        ("termenul de preaviz și concedierea", "ro", "statement"),
        ("Is the license irrevocable or perpetual?", "en", "question"),
        ("Shall the Receiving Party return the documents", "en", "question"),
        ("Confidential Information may include verbally conveyed information.", "en", "statement"),
        (
            "Receiving Party shall not disclose the fact that Agreement was agreed.",
            "en",
            "statement",
        ),
        ("governing law", "", "statement"),
    ],
)
def test_query_kind_is_language_form_and_scope(query: str, language: str, form: str) -> None:
    assert query_kind(query) == (language, form, "matter")
    assert query_kind(query, scoped=True) == (language, form, "document")


def test_parameters_follow_the_query_kind() -> None:
    assert params_for("Is the license irrevocable?") == BY_KIND["en", "question", "matter"]
    assert (
        params_for("Is the license irrevocable?", scoped=True)
        == BY_KIND["en", "question", "document"]
    )
    assert params_for("The license is irrevocable.") == BY_KIND["en", "statement", "matter"]
    assert params_for("Care este termenul de preaviz?") == BY_KIND["ro", "question", "matter"]
    # kinds without dev queries fall back to the nearest Romanian kind
    assert params_for("termenul de preaviz și concedierea") == BY_KIND["ro", "question", "matter"]
    assert (
        params_for("Care este termenul de preaviz?", scoped=True)
        == BY_KIND["ro", "question", "matter"]
    )
    assert params_for("governing law") == PLAIN


def test_hybrid_fusion_uses_explicit_parameters_when_given() -> None:
    explicit = FusionParams(lexical=1.0, dense=0.0, k=60)
    assert [i for i, _ in hybrid_fusion("anything", LEXICAL, DENSE, params=explicit)][:3] == [
        1,
        2,
        3,
    ]
