"""``letadesk check``: Gate 3's support decision on a file of (claim, quote) pairs.

Firms audit the gate with it: each line ``{"claim": str, "quote": str}`` gets exactly
the decision a generated claim gets in ``ask`` (deterministic vetoes, then the judge:
:func:`letadesk.verify.entailment.decide_support`). No profile is opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from letadesk.errors import ConfigError
from letadesk.jsonl import json_objects


def register(sub: Any) -> None:
    p = sub.add_parser(
        "check",
        help="label (claim, quote) pairs: supported, contradicted or "
        "insufficient, as Gate 3 decides",
    )
    p.add_argument(
        "--pairs",
        required=True,
        metavar="FILE.jsonl",
        help='one {"claim", "quote"} object a line; "-" reads standard input',
    )
    p.add_argument("--json", action="store_true", help='print one {"label", "score"} line per pair')
    p.set_defaults(func=cmd_check)


def read_pairs(path: str) -> Iterator[tuple[str, str]]:
    """(claim, quote) of each non-blank line; ConfigError naming the line otherwise."""
    name = "<stdin>" if path == "-" else path
    try:
        lines = (
            sys.stdin.read().splitlines()
            if path == "-"
            else Path(path).read_text(encoding="utf-8").splitlines()
        )
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{name}: cannot be read ({exc})") from exc
    for row in json_objects(lines, name, strings=("claim", "quote")):
        yield row["claim"], row["quote"]


def cmd_check(args: argparse.Namespace) -> int:
    from letadesk.judge import default_judge
    from letadesk.verify.entailment import decide_support

    pairs = list(read_pairs(args.pairs))
    judge = default_judge()
    for claim, quote in pairs:
        decision = decide_support(claim, quote, judge=judge)
        if args.json:
            print(json.dumps({"label": decision.label, "score": decision.score}))
        else:
            print(f"{decision.label:<13} {decision.score:.2f}  {claim[:90]}")
    return 0
