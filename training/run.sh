#!/usr/bin/env bash
# One command: build the pairs from ../shared/data, train the judge, export it into
# src/letadesk/judge/weights/ with its calibration, card and validation figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m pip install -q -r training/requirements.txt
export PYTHONPATH=.
time .venv/bin/python -m training.build_data
time .venv/bin/python -m training.train
time .venv/bin/python -m training.export
