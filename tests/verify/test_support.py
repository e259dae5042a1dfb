"""Gate 3 support: lexical support score, its threshold, and its calibration."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from letadesk.verify.support import (
    CALIBRATION_FILE,
    calibrated_threshold,
    check_support,
    content_stems,
    stem,
    support_score,
)

ROOT = Path(__file__).resolve().parents[2]
SHARED_DATA = ROOT.parent / "shared" / "data"
# Held-out balanced accuracy measured with benchmarks/bench_support.py: 0.648
# (support alone) and 0.652 (support AND consistency); the floor leaves a margin.
HELDOUT_FLOOR = 0.62

SUPPORTED = [
    # (claim, quote) -- near-paraphrases of their quote
    (
        "The tenant may terminate the lease with thirty days notice.",
        "The Tenant may terminate this Lease by giving thirty (30) days written notice.",
    ),
    (
        "The Recipient shall return all confidential materials upon request.",
        "Upon request, the Recipient shall promptly return all Confidential Materials.",
    ),
    (
        "Chiriașul poate rezilia contractul cu un preaviz de 30 de zile.",
        "Chiriaşul poate rezilia contractul prin notificare scrisă, cu un preaviz de 30 de zile.",
    ),
    (
        "Vânzătorul este obligat să predea bunul vândut.",
        "Vânzătorul are obligația de a preda bunul vândut cumpărătorului.",
    ),
]

UNSUPPORTED = [
    # (claim, quote, words the reason must name)
    (
        "The landlord must repair the roof within ten days.",
        "The Tenant may terminate this Lease by giving thirty (30) days written notice.",
        ["landlord", "repair", "roof"],
    ),
    (
        "Angajatorul plătește despăgubiri pentru concediere.",
        "Chiriaşul poate rezilia contractul prin notificare scrisă.",
        ["Angajatorul", "plătește", "despăgubiri"],
    ),
    (
        "The Recipient may disclose information to its auditors and regulators.",
        "The Recipient shall keep the information confidential.",
        ["disclose", "auditors", "regulators"],
    ),
]


@pytest.mark.parametrize(("claim", "quote"), SUPPORTED)
def test_paraphrase_is_supported(claim: str, quote: str) -> None:
    result = check_support(claim, quote)
    assert result.check == "support"
    assert result.passed, result.reason
    assert result.reason.startswith("support ")


@pytest.mark.parametrize(("claim", "quote", "named"), UNSUPPORTED)
def test_unrelated_claim_fails_naming_missing_words(
    claim: str, quote: str, named: list[str]
) -> None:
    result = check_support(claim, quote)
    assert not result.passed
    assert f"< {calibrated_threshold():.2f}; claim words not in the quote: " in result.reason
    for word in named:
        assert word in result.reason


SCORES = [
    # (claim, quote, low, high)
    ("The tenant may terminate the lease.", "The tenant may terminate the lease.", 1.0, 1.0),
    ("Chiriașul poate rezilia contractul.", "Chiriaşul poate rezilia contractul.", 1.0, 1.0),
    ("chiriasul poate rezilia contractul", "Chiriaşul poate rezilia contractul.", 1.0, 1.0),
    ("The lease terminates.", "Termination of the lease requires notice.", 0.6, 1.0),
    ("the of and", "The tenant may terminate the lease.", 0.0, 0.0),  # no content words
    ("The tenant may terminate the lease.", "", 0.0, 0.0),
    ("Landlord repairs roof.", "The tenant may terminate the lease.", 0.0, 0.0),
]


@pytest.mark.parametrize(("claim", "quote", "low", "high"), SCORES)
def test_score_range(claim: str, quote: str, low: float, high: float) -> None:
    assert low <= support_score(claim, quote) <= high


def test_score_favours_near_paraphrase() -> None:
    quote = "The Recipient shall not disclose Confidential Information to any third party."
    close = support_score("The Recipient shall not disclose information to third parties.", quote)
    loose = support_score("The Recipient shall not sell information to competitors.", quote)
    assert close > loose


def test_defined_terms_weigh_less_than_other_words() -> None:
    quote = "The Recipient shall not reverse engineer the samples."
    renamed = support_score("Receiving Party shall not reverse engineer the samples.", quote)
    changed = support_score("The Recipient shall not resell or copy the samples.", quote)
    assert renamed > changed


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("terminate", "terminates"),
        ("termination", "terminated"),
        ("contract", "contractul"),
        ("contractului", "contractele"),
        ("rezilierea", "reziliere"),
        ("days", "day"),
    ],
)
def test_stem_conflates_inflections(a: str, b: str) -> None:
    assert stem(a) == stem(b)


def test_content_stems_drop_stopwords_and_fold_diacritics() -> None:
    assert content_stems("Chiriaşul nu poate rezilia contractul") == content_stems(
        "chiriașul poate rezilia contractul"
    )


def test_explicit_threshold_overrides_calibration() -> None:
    claim, quote = "The lease terminates.", "Termination of the lease requires notice."
    assert check_support(claim, quote, threshold=0.0).passed
    assert not check_support(claim, quote, threshold=1.01).passed


def test_calibration_file_is_well_formed() -> None:
    data = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    assert 0.0 < data["support_threshold"] < 1.0
    assert calibrated_threshold() == data["support_threshold"]
    assert data["balanced_accuracy_heldout"] > 0.5


def _bench() -> ModuleType:
    path = ROOT / "benchmarks" / "bench_support.py"
    spec = importlib.util.spec_from_file_location("bench_support", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_support"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.shared_data
@pytest.mark.slow  # ~14 s of lexical scoring over ContractNLI dev: the full suite runs it
def test_contractnli_calibration_holds() -> None:
    if not SHARED_DATA.exists():
        pytest.skip("../shared/data not present")
    bench = _bench()
    figures = bench.report(bench.load_pairs(SHARED_DATA / "contractnli" / "dev.json"))
    assert figures["support_threshold"] == calibrated_threshold(), (
        "calibration.json is stale: run benchmarks/bench_support.py --write"
    )
    assert figures["balanced_accuracy_heldout"] >= HELDOUT_FLOOR
    assert figures["with_consistency_same_threshold"]["heldout"] >= HELDOUT_FLOOR
