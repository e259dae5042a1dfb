"""The judge: a small trained cross-encoder that reads legal text for Gates 2, 3 and 4.

One model scores two things (``training/`` builds and trains it from ../shared data;
its card, ``weights/MODEL_CARD.md``, gives the data, splits and validation figures):

* **relevance** of a sentence to a question, a calibrated probability (Gate 2 refuses
  below the stored threshold; extracted sentences are ordered by it);
* **support** of a claim by a quote: probabilities of *supported*, *contradicted* and
  *insufficient* (Gate 3's veto, Gate 4's contradiction test, ``letadesk check``).

Beside it, the **clause models** (:mod:`letadesk.judge.clauses`): a trained detector per
clause type (CUAD's 41 categories, ContractNLI's 17 NDA provisions) and a router that
names the type a question or claim asks of; Gate 2 and Gate 3 read the routed type's
detector with the judge. The thresholds travel with the weights
(``weights/judge.json``); the weights are pinned by SHA-256 and checked when loaded.
:func:`default_judge` returns the shipped judge, loaded once per process.
"""

from __future__ import annotations

from letadesk.judge.card import JudgeCard, load_card
from letadesk.judge.onnx_judge import Judge, SupportScores, default_judge

__all__ = ["Judge", "JudgeCard", "SupportScores", "default_judge", "load_card"]
