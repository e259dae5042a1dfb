"""A stored grid cell is reused only under the judge card it was answered with: new
weights, new clause models or a re-tuned bar ask the cells again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from letadesk.judge.card import CARD_FILE
from letadesk.review.grid import judge_identity


def test_a_retuned_bar_changes_the_judge_identity(tmp_path: Path) -> None:
    for f in CARD_FILE.parent.iterdir():
        shutil.copy(f, tmp_path / f.name)
    card_file = tmp_path / CARD_FILE.name
    before = judge_identity(card_file)
    assert before == judge_identity(CARD_FILE)
    card = json.loads(card_file.read_text(encoding="utf-8"))
    card["runtime"]["combiners"]["clause_question"]["threshold"] += 0.01
    card_file.write_text(json.dumps(card), encoding="utf-8")
    after = judge_identity(card_file)
    assert after != before and after.split("@")[0] == before.split("@")[0]
