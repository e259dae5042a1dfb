"""Helpers shared by the CLI verbs: opening the workspace, printing, errors."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import Any

from letadesk.errors import ConfigError
from letadesk.workspace import Workspace


def open_workspace(args: argparse.Namespace) -> Workspace:
    """The profile, its documents' currency re-checked (see Workspace.check_sources)."""
    ws = Workspace.open(args.data_dir)
    try:
        ws.check_sources()
    except BaseException:
        ws.close()
        raise
    return ws


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write("\n")


def fail(message: str, code: int) -> int:
    print(f"letadesk: error: {message}", file=sys.stderr)
    return code


def parse_date(value: str | None, flag: str = "--as-of") -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ConfigError(f"{flag}: {value!r} is not a date (YYYY-MM-DD)") from exc
