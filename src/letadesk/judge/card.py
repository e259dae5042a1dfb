"""The judge's card (``weights/judge.json``): file pins, calibration and thresholds.

Written by ``training/export.py``; read at load time. Every file the card names is
checked against its SHA-256 before the model is used: a changed or truncated weight
file is a :class:`~letadesk.errors.ModelError`, never a silently different judge.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from letadesk.errors import ModelError

WEIGHTS = Path(__file__).with_name("weights")
CARD_FILE = WEIGHTS / "judge.json"


def sigmoid(z: float) -> float:
    """The logistic function, kept finite for any ``z``."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def judge_logit(p: float) -> float:
    """The logit of a probability, kept finite (the combiners' ``judge`` and ``clause``
    features)."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


@dataclass(frozen=True, slots=True)
class Combiner:
    """Gate 2's sentence relevance for one kind of question: a logistic model over the
    judge's relevance and what the lexical gate and retrieval know of the sentence,
    ``p = sigmoid(bias + sum(weights[f] * features[f]))``, and the bar on ``p`` below
    which a question is refused (fitted on the validation documents,
    ``training/fit_combiner.py``). Features: ``judge`` (the logit of the judge's
    calibrated relevance), ``sentence_words`` / ``passage_words`` (the share of the
    question's rarity-weighted topic the sentence / its fragment holds) and ``rank``
    (the fragment's retrieval rank, 0 first); for a question routed to a clause type
    (``clause_question`` / ``clause_statement``), ``clause``: the logit of the clause
    model's probability that the sentence is a clause of that type. ``review_threshold``
    (optional): the bar of a review grid's cell, where an answer must be the clause asked
    for (precision first, ``benchmarks/tune_review.py``); never below ``threshold``."""

    weights: Mapping[str, float]
    bias: float
    threshold: float
    review_threshold: float | None = None

    def bar(self, *, review: bool = False) -> float:
        """Gate 2's bar for an answer, or for a review grid's cell (``review``)."""
        if review and self.review_threshold is not None:
            return max(self.threshold, self.review_threshold)
        return self.threshold

    def score(self, features: Mapping[str, float]) -> float:
        return sigmoid(self.bias + sum(w * features[name] for name, w in self.weights.items()))

    def prior(self, features: Mapping[str, float]) -> float:
        """The model's log-odds before the judge reads the text: every term but
        ``judge`` (what Gate 2 shortlists sentences by, :data:`SHORTLIST`)."""
        return self.bias + sum(
            w * features[name] for name, w in self.weights.items() if name != "judge"
        )


COMBINER_FEATURES = ("judge", "sentence_words", "passage_words", "rank", "clause")
# Gate 3's paraphrase head (``letadesk.verify.paraphrase``): its features.
PARAPHRASE_FEATURES = (
    "log_supported",
    "log_contradicted",
    "log_insufficient",
    "support_words",
    "coverage",
    "absent",
    "names_absent",
    "has_quantity",
    "party_order",
    "length_ratio",
)
MAX_RANK = 9  # ranks past it count as it (the fit saw lists of 10)
# The judge reads only the sentences of a batch the combiner's prior ranks first: on
# the validation documents (benchmarks/gate2_features.py) the best 20 of ~35 held the
# combined best sentence for 98% of questions and changed no Gate 2 decision.
SHORTLIST = 20


@dataclass(frozen=True, slots=True)
class ClauseSpec:
    """The clause models (:mod:`letadesk.judge.clauses`): their file, the router's bar,
    sibling margin and detector weight, its phrasings file (:mod:`letadesk.judge.phrasings`;
    None on an older card) and their weight, and Gate 3's support combiner for a claim routed
    to an NDA provision: ``P = sigmoid(bias + weights["judge"] * logit(P_judge(supported))
    + weights["clause"] * logit(P_clause))``, supported at its ``threshold`` (fitted and
    chosen on the validation NDAs, ``training/fit_support.py``)."""

    file: str
    router_threshold: float
    router_margin: float
    detector_weight: float
    support: Combiner | None
    phrasings_file: str | None = None
    phrasing_weight: float = 0.0


@dataclass(frozen=True, slots=True)
class JudgeCard:
    """What the judge promises and how its scores are read.

    ``relevance_scale``/``relevance_bias``: Platt calibration of logit 0, ``p =
    sigmoid(scale * logit + bias)``. ``relevance_threshold``: Gate 2 refuses a question
    when no source reaches it; ``statement_relevance_threshold``: the same for a
    statement to check ("The Receiving Party shall not …"), whose sources are read more
    like evidence for it (both chosen on validation, ``benchmarks/tune_gate2.py``).
    ``support_threshold``: P(supported) a claim needs.
    ``contradiction_threshold``: P(contradicted) at which Gate 3 vetoes a claim and Gate
    4 calls two claims contradictory. ``relevance_languages`` / ``support_languages``:
    where the judge is used for each task (chosen on validation against the lexical
    checks); elsewhere the lexical checks decide alone. ``paraphrase``: Gate 3's head
    for a claim put in other words than its quote (:mod:`letadesk.verify.paraphrase`;
    absent from an older card)."""

    name: str
    model_file: Path
    tokenizer_file: Path
    sha256: dict[str, str]
    max_length: int
    relevance_scale: float
    relevance_bias: float
    relevance_threshold: float
    statement_relevance_threshold: float
    support_threshold: float
    contradiction_threshold: float
    relevance_languages: tuple[str, ...]
    support_languages: tuple[str, ...]
    combiners: Mapping[str, Combiner] = field(default_factory=dict)
    clauses: ClauseSpec | None = None
    paraphrase: Combiner | None = None

    def verify(self) -> None:
        """Raise ModelError unless every pinned file exists and matches its SHA-256."""
        for name, want in self.sha256.items():
            path = self.model_file.parent / name
            try:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as exc:
                raise ModelError(f"judge file {path} cannot be read: {exc}") from exc
            if digest != want:
                raise ModelError(
                    f"judge file {path} does not match its pinned SHA-256 "
                    f"({digest[:12]}… != {want[:12]}…): reinstall LetaDesk"
                )


def load_card(path: Path = CARD_FILE) -> JudgeCard:
    """The card at ``path``; ModelError when it is missing or malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        runtime = data["runtime"]
        return JudgeCard(
            name=str(data["name"]),
            model_file=path.parent / runtime["model_file"],
            tokenizer_file=path.parent / runtime["tokenizer_file"],
            sha256={str(k): str(v) for k, v in data["sha256"].items()},
            max_length=int(runtime["max_length"]),
            relevance_scale=float(runtime["relevance_scale"]),
            relevance_bias=float(runtime["relevance_bias"]),
            relevance_threshold=float(runtime["relevance_threshold"]),
            statement_relevance_threshold=float(
                runtime.get("statement_relevance_threshold", runtime["relevance_threshold"])
            ),
            support_threshold=float(runtime["support_threshold"]),
            contradiction_threshold=float(runtime["contradiction_threshold"]),
            relevance_languages=tuple(runtime["relevance_languages"]),
            support_languages=tuple(runtime["support_languages"]),
            combiners={
                kind: _combiner(spec) for kind, spec in runtime.get("combiners", {}).items()
            },
            clauses=_clauses(runtime["clauses"]) if "clauses" in runtime else None,
            paraphrase=(
                _combiner(runtime["paraphrase"], PARAPHRASE_FEATURES)
                if "paraphrase" in runtime
                else None
            ),
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(f"judge card {path} is missing or malformed: {exc}") from exc


def _combiner(
    spec: Mapping[str, object], features: tuple[str, ...] = COMBINER_FEATURES
) -> Combiner:
    weights = spec["weights"]
    if not isinstance(weights, dict) or not set(weights) <= set(features):
        raise ValueError(f"combiner weights must name only {', '.join(features)}")
    return Combiner(
        {str(k): float(v) for k, v in weights.items()},
        float(str(spec["bias"])),
        float(str(spec["threshold"])),
        float(str(spec["review_threshold"])) if "review_threshold" in spec else None,
    )


def _clauses(spec: Mapping[str, object]) -> ClauseSpec:
    router = spec["router"]
    if not isinstance(router, dict):
        raise ValueError("clauses.router must be an object")
    support = spec.get("support")
    return ClauseSpec(
        file=str(spec["file"]),
        router_threshold=float(router["threshold"]),
        router_margin=float(router["margin"]),
        detector_weight=float(router["detector_weight"]),
        support=_combiner(support) if isinstance(support, dict) else None,
        phrasings_file=str(router["phrasings_file"]) if "phrasings_file" in router else None,
        phrasing_weight=float(router.get("phrasing_weight", 0.0)),
    )
