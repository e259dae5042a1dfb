"""The clause router's phrasings and settings (``letadesk.judge.clauses``: ``route``).

1. ``weights/router_phrasings.json``: each CUAD category's phrasings, its training ones
   (:data:`training.questions.CUAD_TEMPLATES`) and the router's own
   (:data:`training.router_phrasings.ROUTER_PHRASINGS`), and each NDA provision's
   (:data:`~training.router_phrasings.NDA_ROUTER_PHRASINGS`), read whole by
   :mod:`letadesk.judge.phrasings` (for questions; a claim is routed by its words).
2. The router's settings, chosen on ``benchmarks/data/clause_questions.jsonl``
   (phrasings written for it and used nowhere else): the weight of the nearest
   phrasing, the detector's weight, the bar and the sibling margin with the most questions
   routed to their type, among those routing at most :data:`MAX_WRONG` of the typed
   questions to a wrong type and at most as many of the questions of no type.
3. The card: the phrasings file pinned by SHA-256 and the settings written, the clause
   model and Gate 3's support combiner left as they are.

``training/clauses.py`` calls :func:`choose_router` after training the detectors;
``python -m training.router [--write]`` re-chooses the router alone (without
``--write`` it prints the figures and writes nothing).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

from letadesk.judge.card import CARD_FILE, WEIGHTS, load_card
from letadesk.judge.clauses import ClauseModel, router_stems
from letadesk.judge.phrasings import Phrasings
from training.build_data import ROOT
from training.card import save_card
from training.questions import CUAD_TEMPLATES
from training.router_phrasings import NDA_ROUTER_PHRASINGS, ROUTER_PHRASINGS

ROUTING_SET = ROOT / "benchmarks" / "data" / "clause_questions.jsonl"
PHRASINGS_FILE = WEIGHTS / "router_phrasings.json"
MAX_WRONG = 0.05  # routed to a wrong type, or a question of no type routed
PHRASING_WEIGHTS = (0.0, 0.3, 0.5, 0.75, 1.0)
DETECTOR_WEIGHTS = (0.0, 0.1, 0.2, 0.3)
BARS = (0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9)
MARGINS = (0.0, 0.05, 0.1)
SETTINGS = ("threshold", "margin", "detector_weight", "phrasing_weight")


def phrasings_by_type() -> dict[str, list[str]]:
    """Each category's phrasings (its training ones, then the router's own), and each
    NDA provision's."""
    cuad = {c: [*CUAD_TEMPLATES[c], *ROUTER_PHRASINGS.get(c, ())] for c in CUAD_TEMPLATES}
    return {**cuad, **{k: list(qs) for k, qs in NDA_ROUTER_PHRASINGS.items()}}


def router_phrasings() -> Phrasings:
    """:func:`phrasings_by_type` read as the router reads its file."""
    by_type = phrasings_by_type()
    return Phrasings({k: [frozenset(router_stems(q)) for q in qs] for k, qs in by_type.items()})


def write_phrasings(path: Path = PHRASINGS_FILE) -> Path:
    text = json.dumps({"phrasings": phrasings_by_type()}, indent=1, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def routing_figures(model: ClauseModel, rows: list[dict[str, Any]]) -> dict[str, float]:
    right = wrong = false = 0
    typed = sum(r["type"] is not None for r in rows)
    for r in rows:
        route = model.route(str(r["question"]))
        if r["type"] is None:
            false += route is not None
        elif route is not None:
            right += r["type"] in route.keys
            wrong += r["type"] not in route.keys
    return {
        "routed_right": round(right / typed, 4),
        "routed_wrong": round(wrong / typed, 4),
        "no_type_routed": round(false / (len(rows) - typed), 4),
        "typed": typed,
        "untyped": len(rows) - typed,
    }


def choose_router(model: ClauseModel) -> dict[str, Any]:
    """The setting (:data:`SETTINGS`) with the most questions routed right (their type
    among those routed to), among those with at most MAX_WRONG routed wrong and MAX_WRONG
    of no-type questions routed; ``model`` is left with it."""
    rows = [json.loads(line) for line in ROUTING_SET.read_text(encoding="utf-8").splitlines()]
    best: tuple[tuple[float, float, float], dict[str, Any]] | None = None
    weights = PHRASING_WEIGHTS if model.phrasings is not None else (0.0,)
    for phrasing_weight in weights:
        for detector_weight in DETECTOR_WEIGHTS:
            for bar in BARS:
                for margin in MARGINS:
                    model.phrasing_weight, model.detector_weight = phrasing_weight, detector_weight
                    model.router_threshold, model.router_margin = bar, margin
                    f = routing_figures(model, rows)
                    ok = f["routed_wrong"] <= MAX_WRONG and f["no_type_routed"] <= MAX_WRONG
                    key = (f["routed_right"], -f["routed_wrong"] - f["no_type_routed"], margin)
                    if ok and (best is None or key > best[0]):
                        setting = (bar, margin, detector_weight, phrasing_weight)
                        best = (key, {**dict(zip(SETTINGS, setting, strict=True)), **f})
    if best is None:
        raise SystemExit("no router setting meets the bounds")
    chosen = best[1]
    model.router_threshold, model.router_margin = chosen["threshold"], chosen["margin"]
    model.detector_weight, model.phrasing_weight = (
        chosen["detector_weight"],
        chosen["phrasing_weight"],
    )
    return chosen


def router_card(router: dict[str, Any], phrasings: Path | None) -> dict[str, Any]:
    """The card's ``clauses.router`` object for a chosen setting."""
    out = {k: router[k] for k in SETTINGS}
    if phrasings is not None:
        out["phrasings_file"] = phrasings.name
    return out


def pin(card: dict[str, Any], path: Path) -> None:
    card["sha256"][path.name] = hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the file and the card")
    args = parser.parse_args()
    spec = load_card().clauses
    if spec is None:
        raise SystemExit("the card names no clause model: run training.clauses first")
    model = ClauseModel(
        WEIGHTS / spec.file,
        router_threshold=spec.router_threshold,
        router_margin=spec.router_margin,
        detector_weight=spec.detector_weight,
        phrasings=router_phrasings(),
    )
    before = routing_figures(
        ClauseModel(
            WEIGHTS / spec.file,
            router_threshold=spec.router_threshold,
            router_margin=spec.router_margin,
            detector_weight=spec.detector_weight,
        ),
        [json.loads(line) for line in ROUTING_SET.read_text(encoding="utf-8").splitlines()],
    )
    chosen = choose_router(model)
    print(json.dumps({"without phrasings (as set)": before, "chosen": chosen}, indent=1))
    if args.write:
        path = write_phrasings()
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        pin(card, path)
        card["runtime"]["clauses"]["router"] = router_card(chosen, path)
        card["validation"]["clauses"]["router"] = chosen
        save_card(card)
        print(f"wrote {path} and the card's router")


if __name__ == "__main__":
    main()
