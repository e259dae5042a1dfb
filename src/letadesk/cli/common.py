"""Helpers shared by the CLI verbs: opening the workspace, printing, errors."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import date
from typing import Any, Literal

from letadesk.errors import ConfigError
from letadesk.limits import checked_count
from letadesk.workspace import Workspace


def open_workspace(
    args: argparse.Namespace, *, sources: Literal["", "quick", "due"] = ""
) -> Workspace:
    """The profile. ``sources``: how the documents' currency is re-checked first
    (Workspace.check_sources): ``"quick"`` (size and time; verbs that show documents or
    cite them), ``"due"`` (quick, or the full re-hash when ``source_check_days`` have
    passed; ``ingest`` and ``doctor``, which read the profile's files anyway), ``""``
    not at all (verbs that show no source: a full re-hash of a firm's archive must not
    hold up ``audit`` or ``matters``)."""
    ws = Workspace.open(args.data_dir)
    try:
        if sources:
            ws.check_sources(full=None if sources == "due" else False)
    except BaseException:
        ws.close()
        raise
    return ws


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write("\n")


# control characters (a file name may hold a newline or a terminal escape) shown escaped,
# with every other character str.splitlines breaks a line at (NEL, U+2028, U+2029)
_ESCAPED = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7F, 0xA0)]} | {
    0x2028: "\\u2028",
    0x2029: "\\u2029",
    0x0A: "\\n",
    0x0D: "\\r",
    0x09: "\\t",
}


def fail(message: str, code: int) -> int:
    """Print ``message`` as one line on stderr (its control characters escaped)."""
    print(f"letadesk: error: {message.translate(_ESCAPED)}", file=sys.stderr)
    return code


def parse_date(value: str | None, flag: str = "--as-of") -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ConfigError(f"{flag}: {value!r} is not a date (YYYY-MM-DD)") from exc


def count_arg(maximum: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from 1 to ``maximum`` (a usage error otherwise)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        try:
            return checked_count(value, "value", maximum)
        except ConfigError:
            raise argparse.ArgumentTypeError(
                f"{value} is out of range (expected 1 to {maximum:,})"
            ) from None

    return parse
