"""The judge on onnxruntime (int8), the only module that imports onnxruntime/tokenizers
for the judge (e5 embeddings: ``letadesk.index.e5_onnx_embedder``).

The session runs with a small, fixed thread count and no spin-waiting, so that on a
busy two-core workstation it takes its share of the CPU and no more.
"""

from __future__ import annotations

import math
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from letadesk.errors import ModelError
from letadesk.judge.card import JudgeCard, load_card
from letadesk.judge.clauses import ClauseModel, router_stems
from letadesk.judge.phrasings import Phrasings
from letadesk.offline import prepare_environment

BATCH = 32
CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class SupportScores:
    """Probabilities that a quote supports, contradicts or does not settle a claim."""

    supported: float
    contradicted: float
    insufficient: float


def _softmax(row: np.ndarray) -> np.ndarray:
    e = np.exp(row - row.max())
    out: np.ndarray = e / e.sum()
    return out


class Judge:
    """Scores question/sentence relevance and claim/quote support (see the package doc)."""

    def __init__(self, card: JudgeCard, *, threads: int | None = None) -> None:
        card.verify()
        prepare_environment()  # telemetry off: it starts when onnxruntime is imported
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:  # a build without the runtime
            raise ModelError(f"the judge needs onnxruntime and tokenizers: {exc}") from exc
        self.card = card
        options = ort.SessionOptions()
        self.threads = threads or min(2, os.cpu_count() or 1)
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            self._session = ort.InferenceSession(
                str(card.model_file), options, providers=["CPUExecutionProvider"]
            )
            self._tokenizer = Tokenizer.from_file(str(card.tokenizer_file))
        except Exception as exc:  # onnxruntime raises its own exception types
            raise ModelError(f"the judge at {card.model_file} failed to load: {exc}") from exc
        self.clauses = _clause_model(card)
        self._tokenizer.enable_truncation(max_length=card.max_length, strategy="longest_first")
        self._tokenizer.no_padding()
        self._cache: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.card.name

    def clear_cache(self) -> None:
        """Forget every score (benchmarks time the model, not the cache)."""
        with self._lock:
            self._cache.clear()

    def relevance(self, question: str, texts: Sequence[str]) -> list[float]:
        """Calibrated probability that each text answers ``question``, in input order."""
        logits = self.logits([("question: " + question, t) for t in texts])
        c = self.card
        return [
            1.0 / (1.0 + math.exp(-(c.relevance_scale * float(row[0]) + c.relevance_bias)))
            for row in logits
        ]

    def support(self, claim: str, quote: str) -> SupportScores:
        """How ``quote`` bears on ``claim``."""
        return self.support_many([(claim, quote)])[0]

    def support_many(self, pairs: Sequence[tuple[str, str]]) -> list[SupportScores]:
        """:meth:`support` for many (claim, quote) pairs at once."""
        logits = self.logits([("claim: " + claim, quote) for claim, quote in pairs])
        return [SupportScores(*(float(x) for x in _softmax(row[1:4]))) for row in logits]

    def logits(self, pairs: list[tuple[str, str]]) -> list[np.ndarray]:
        """The model's four logits per pair, from the cache where it has them."""
        with self._lock:
            found = {p: self._cache[p] for p in pairs if p in self._cache}
            # Ties broken by the text: a set's order changes with each process's string
            # hashing, and the int8 graph's scores with the batch a pair is run in.
            todo = sorted(
                {p for p in pairs if p not in found}, key=lambda p: (len(p[0]) + len(p[1]), p)
            )
            for i in range(0, len(todo), BATCH):
                chunk = todo[i : i + BATCH]
                found.update(zip(chunk, self._run(chunk), strict=True))
            for pair in todo[-CACHE_SIZE:]:
                self._cache[pair] = found[pair]
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
            return [found[p] for p in pairs]

    def _run(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(pairs)
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(pairs), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            n = len(enc.ids)
            ids[row, :n], mask[row, :n], types[row, :n] = enc.ids, 1, enc.type_ids
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        out: np.ndarray = self._session.run(["logits"], feeds)[0]
        return out


@cache
def default_judge() -> Judge:
    """The shipped judge, loaded once per process (ModelError when it cannot be)."""
    return Judge(load_card())


def _clause_model(card: JudgeCard) -> ClauseModel | None:
    """The clause models the card names, with the router's phrasings where it names them."""
    spec = card.clauses
    if spec is None:
        return None
    folder = card.model_file.parent
    phrasings = (
        Phrasings.load(folder / spec.phrasings_file, router_stems)
        if spec.phrasings_file is not None
        else None
    )
    return ClauseModel(
        folder / spec.file,
        router_threshold=spec.router_threshold,
        router_margin=spec.router_margin,
        detector_weight=spec.detector_weight,
        phrasings=phrasings,
        phrasing_weight=spec.phrasing_weight,
    )
