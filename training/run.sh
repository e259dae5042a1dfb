#!/usr/bin/env bash
# One command: build the pairs from ../shared/data, train the judge, export it into
# src/letadesk/judge/weights/ with its calibration, card and validation figures, then
# choose Gate 2's thresholds on the validation documents; the clause models beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m pip install -q -r training/requirements.txt
export PYTHONPATH=.
time .venv/bin/python -m training.build_data
time .venv/bin/python -m training.train --recipe joint
cp training/runs/judge/judge.pt training/runs/judge/judge-joint.pt
time .venv/bin/python -m training.train --recipe support --init training/runs/judge/judge-joint.pt
time .venv/bin/python -m training.export
# The clause models (TF-IDF detectors per CUAD category and NDA provision) and their router
time .venv/bin/python -m training.clauses
# Gate 2's combiners and bars, fitted on the validation documents (ingests them: minutes)
time .venv/bin/python benchmarks/gate2_features.py training/runs/gate2_features.jsonl --keep training/runs/bench
time .venv/bin/python -m training.fit_combiner training/runs/gate2_features.jsonl --write
time .venv/bin/python benchmarks/tune_gate2.py --keep training/runs/bench --write
# The review grid's bar (cell precision on the tuning contracts' grid)
time .venv/bin/python benchmarks/tune_review.py --keep training/runs/bench --write
# Gate 3's support combiner for claims about an NDA provision (validation NDAs)
time .venv/bin/python -m training.fit_support --write
# Gate 3's paraphrase head: restatements and corruptions (training phrasings only)
time .venv/bin/python -m training.paraphrase
time .venv/bin/python -m training.fit_paraphrase --write
