"""Clause models: the kinds of clause a lawyer asks about, each with a trained detector.

The judge reads any question against any sentence; it was trained on a few phrasings
per kind of clause and generalises only so far. For the clause types a firm meets
every day, a detector trained on every annotated clause of the training contracts does
better (``training/clauses.py``; figures in the model card): one linear model per type
over the TF-IDF of a sentence's words and word pairs, for the 41 clause categories of
CUAD ("Governing Law", "Cap On Liability", …) and the 17 provisions of ContractNLI's
NDAs ("Receiving Party may share some Confidential Information with some of Receiving
Party's employees."). An NDA provision's detector was trained to find the clauses that
*entail* it (its contradicting clauses are among its negatives), so it also reads
support (:attr:`ClauseType.entails`).

The detectors are not equally sure of themselves (one type had 500 training clauses,
another 20), so each type's log-odds are calibrated (a scale and a bias per type, fitted
on training documents read by cross-fitted detectors): :meth:`ClauseModel.probabilities`
is the probability that a document whose best clause of the type is this sentence holds
the type, and one bar serves every type. A calibration never reorders a type's sentences
(its scale is positive).

:meth:`ClauseModel.route` names the type an English question (among the clause
categories) or claim (among the NDA provisions) is about, or none: the share of its
informative words the type's profile (its name, a description and training phrasings)
holds, plus a weight of its cosine to the type's nearest phrasing
(:mod:`letadesk.judge.phrasings`: lawyers' ways of asking, kept whole), plus a small
weight of the type's own detector read on the question, at a bar; a runner-up within a
margin of the best is routed to as well (all chosen on
``benchmarks/data/clause_questions.jsonl``). A question it does not route is judged as
before, by the judge alone.

Numpy only: the vectoriser reproduces scikit-learn's ``TfidfVectorizer`` (default
token pattern, lower case, unigrams and bigrams, sublinear tf, l2) on the vocabulary
and idf stored in the weights file (``training`` checks the equality).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import numpy as np

from letadesk.errors import ModelError
from letadesk.judge.card import sigmoid
from letadesk.judge.phrasings import Phrasings
from letadesk.text import REQUEST_VERBS, detect_language, fold_diacritics, is_question

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_ROUTER_WORD = re.compile(r"[^\W\d_]+")
_STEM = 6
# Words of a question that say nothing about which clause it asks of.
_STOP = (
    frozenset(
        """a an the this that these those there their its it is are was were be been being
    do does did done doing have has had can could may might must shall should will would
    what which who whom whose when where why how whether any some all each every either
    neither no not nor or and but if then than so such as at by for from in into of off
    on onto out over to under up upon with within without about after before between
    during other others own same our ours we us you your i me my he she they them his her
    agreement contract party parties say says said provide provides provided
    obligation obligations clause clauses provision provisions much many need needs needed
    require requires required gives given happen happens kind""".split()
    )
    | REQUEST_VERBS
)
_SUFFIXES = ("ations", "ation", "ities", "ments", "ment", "ity", "ing", "ive", "ed", "es", "s")


def _stem(word: str) -> str:
    """A light English stem: one common suffix off (a doubled last consonant undone:
    capped, cap), then a final silent "e" (expire, expires, expiration: expir;
    management, manage: manag), then the first six letters."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if suffix in ("ed", "ing") and len(word) > 3 and word[-1] == word[-2]:
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word[:_STEM]


def terms(text: str) -> list[str]:
    """The vectoriser's terms of ``text``: its words (two characters or more, lower
    case) and each pair of adjacent words, as scikit-learn's analyser gives them."""
    words = _TOKEN.findall(text.lower())
    return words + [f"{a} {b}" for a, b in pairwise(words)]


def router_stems(text: str) -> set[str]:
    """The informative words of ``text`` for routing, stemmed."""
    return {
        _stem(w)
        for w in _ROUTER_WORD.findall(fold_diacritics(text.lower()))
        if len(w) > 2 and w not in _STOP
    }


@dataclass(frozen=True, slots=True)
class ClauseType:
    """``key`` ("Governing Law", "nda-5"), ``name`` (what the user reads), ``entails``
    (its detector finds clauses that entail the statement ``name``: NDA provisions)."""

    key: str
    name: str
    entails: bool


@dataclass(frozen=True, slots=True)
class Route:
    """A question routed to clause types: the best, and the runner-up when it scores
    within the router's margin of it (sibling types: "Cap On Liability" and "Uncapped
    Liability", "Non-Compete" and its exceptions); ``score``: the best's."""

    types: tuple[ClauseType, ...]
    score: float

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.types)


class ClauseModel:
    """The detectors and the router, from the ``clauses.npz`` the card pins."""

    def __init__(
        self,
        path: Path,
        *,
        router_threshold: float,
        router_margin: float,
        detector_weight: float,
        phrasings: Phrasings | None = None,
        phrasing_weight: float = 0.0,
    ) -> None:
        try:
            with np.load(path, allow_pickle=False) as data:
                vocabulary = [str(t) for t in data["vocabulary"]]
                self._idf = data["idf"].astype(np.float32)
                self._weights = data["weights"].astype(np.float32)
                self._bias = data["bias"].astype(np.float32)
                self._calibration = data["calibration"].astype(np.float32)
                keys = [str(k) for k in data["keys"]]
                names = [str(n) for n in data["names"]]
                entails = [bool(e) for e in data["entails"]]
                profiles = [str(p) for p in data["profiles"]]
        except (OSError, KeyError, ValueError) as exc:
            raise ModelError(f"clause model {path} cannot be read: {exc}") from exc
        if not (
            len(keys) == len(names) == len(entails) == len(profiles) == len(self._bias)
            and self._weights.shape == (len(keys), len(vocabulary))
            and self._idf.shape == (len(vocabulary),)
            and self._calibration.shape == (len(keys), 2)
        ):
            raise ModelError(f"clause model {path} is inconsistent (shapes differ)")
        self._index = {t: i for i, t in enumerate(vocabulary)}
        self.types = tuple(
            ClauseType(k, n, e) for k, n, e in zip(keys, names, entails, strict=True)
        )
        self._row = {t.key: i for i, t in enumerate(self.types)}
        self._profiles = [router_stems(p) for p in profiles]
        df = Counter(s for p in self._profiles for s in p)
        self._router_idf = {s: math.log(len(self._profiles) / n) for s, n in df.items()}
        self._unknown_idf = math.log(len(self._profiles))
        self.router_threshold = router_threshold
        self.router_margin = router_margin
        self.detector_weight = detector_weight
        self.phrasings = phrasings
        self.phrasing_weight = phrasing_weight

    def _vector(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        counts = Counter(self._index[t] for t in terms(text) if t in self._index)
        if not counts:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        idx = np.fromiter(counts, dtype=np.int64, count=len(counts))
        tf = np.fromiter(counts.values(), dtype=np.float32, count=len(counts))
        values = (1.0 + np.log(tf)) * self._idf[idx]
        return idx, values / np.float32(np.linalg.norm(values))

    def decisions(self, text: str) -> np.ndarray:
        """Every detector's log-odds for ``text``, in :attr:`types` order."""
        idx, values = self._vector(text)
        out: np.ndarray = self._weights[:, idx] @ values + self._bias
        return out

    def probabilities(self, keys: Sequence[str], texts: Sequence[str]) -> list[float]:
        """For each text, the calibrated probability that a document whose best clause
        of one of the types ``keys`` is this text holds that type (the highest of the
        types'): each detector's log-odds scaled per type (``training/clauses.py``), so
        that one bar serves every type."""
        rows = [self._row[k] for k in keys]
        weights, bias = self._weights[rows], self._bias[rows]
        scale, shift = self._calibration[rows, 0], self._calibration[rows, 1]
        out = []
        for text in texts:
            idx, values = self._vector(text)
            raw = weights[:, idx] @ values + bias
            out.append(sigmoid(float(np.max(raw * scale + shift))))
        return out

    def router_scores(
        self, question: str, *, phrasings: bool = True
    ) -> list[tuple[float, ClauseType]]:
        """Every type's routing score for ``question``, best first (``phrasings``: with
        the nearness to the types' phrasings, which are questions)."""
        stems = router_stems(question)
        total = sum(self._router_idf.get(s, self._unknown_idf) for s in stems)
        if not total:
            return [(0.0, t) for t in self.types]
        detectors = self.decisions(question)
        nearest = self.phrasings.nearest(stems) if phrasings and self.phrasings is not None else {}
        scored = [
            (
                sum(self._router_idf[s] for s in stems & profile) / total
                + self.phrasing_weight * nearest.get(self.types[i].key, 0.0)
                + self.detector_weight * sigmoid(float(detectors[i])),
                self.types[i],
            )
            for i, profile in enumerate(self._profiles)
        ]
        return sorted(scored, key=lambda x: -x[0])

    def route(self, question: str) -> Route | None:
        """The clause type an English ``question`` (or claim) asks about, or None. A
        statement (a claim to check) is routed among the NDA provisions, what their
        detectors were validated on, by its words (the phrasings are questions); a
        question to the type it is nearest, a clause category or an NDA provision ("Can
        the receiving party share confidential information with its employees?"; "Does
        this agreement grant any license to the confidential information?" is nearer the
        NDA provision than the licence grant: measured in
        ``benchmarks/bench_nda_questions.py``)."""
        if (detect_language(question) or "en") != "en":
            return None
        asked = is_question(question)
        scores = self.router_scores(question, phrasings=asked)
        if not asked:
            scores = [(score, t) for score, t in scores if t.entails]
        return self._best(scores)

    def _best(self, ranked: list[tuple[float, ClauseType]]) -> Route | None:
        """The first of ``ranked`` (best first) when it reaches the router's bar, with
        the runner-up when it scores within the margin."""
        if not ranked or ranked[0][0] < self.router_threshold:
            return None
        (best, chosen), rest = ranked[0], ranked[1:2]
        siblings = tuple(t for score, t in rest if best - score <= self.router_margin)
        return Route((chosen, *siblings), best)
