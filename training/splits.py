"""The fixed train/validation split of the understanding models: by document.

A document (a CUAD contract's file name, a ContractNLI NDA's id, a Romanian act's file
name) is *validation* when its CRC-32 falls in the lowest 30% of the range; every pair
built from it goes to the same side, so no document is on both sides. The benchmarks
that report the models' figures (``benchmarks/bench_answers.py``,
``benchmarks/bench_support.py``) ask only validation documents.
"""

from __future__ import annotations

import zlib

VAL_SHARE = 3  # of 10


def is_val(document_key: str) -> bool:
    """Whether ``document_key`` belongs to the validation split (about 30%)."""
    return zlib.crc32(document_key.encode("utf-8")) % 10 < VAL_SHARE


def split_of(document_key: str) -> str:
    """ "val" or "train"."""
    return "val" if is_val(document_key) else "train"
