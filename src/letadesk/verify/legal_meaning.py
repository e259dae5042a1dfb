"""Gate 1 reads meaning: whether a question means something in law, read from e5's
embedding of it by a logistic head (``legal_meaning.json``, ``training/fit_scope.py``).

The lexicon of :mod:`letadesk.verify.scope` knows the words of law; a client's own words
("pot să vină mascații cu percheziție la mine la 5 dimineața?", "copilul meu a zgâriat
mașina cuiva, răspund eu?") may hold none of them. The head was fitted on questions
written for training (legal ones in Romanian and English, and questions with no legal
meaning, a third of them near misses: "Ce roman de Rebreanu să citesc?"); its bar lets
through 99% of the legal ones (cross-validated), because refusing a legal question as
off-topic is worse than letting Gate 2 refuse it. It reads only the embedder it was
fitted on: for another (the MiniLM fallback), it says nothing.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

HEAD_FILE = Path(__file__).with_name("legal_meaning.json")


@dataclass(frozen=True)
class LegalMeaningHead:
    """``P(legal) = sigmoid(bias + weights · vector)`` on ``embedder``'s query vectors;
    a question means something in law at ``threshold`` or above."""

    embedder: str
    weights: np.ndarray
    bias: float
    threshold: float

    def probability(self, vector: np.ndarray) -> float:
        return 1.0 / (1.0 + math.exp(-(self.bias + float(self.weights @ vector))))

    def means_law(self, embedder: str, vector: np.ndarray) -> bool | None:
        """Whether the question embedded as ``vector`` by ``embedder`` means something
        in law; None when the head was fitted on another embedder's vectors."""
        if embedder != self.embedder or vector.shape != self.weights.shape:
            return None
        return self.probability(vector) >= self.threshold


@cache
def legal_meaning_head(path: Path = HEAD_FILE) -> LegalMeaningHead | None:
    """The shipped head, read once; None (Gate 1 reads words alone) when it is missing
    or malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LegalMeaningHead(
            str(data["embedder"]),
            np.asarray(data["weights"], dtype=np.float32),
            float(data["bias"]),
            float(data["threshold"]),
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("legal-meaning head %s unavailable, Gate 1 reads words alone: %s", path, exc)
        return None
