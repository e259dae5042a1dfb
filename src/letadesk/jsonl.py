"""JSON-lines input files (``eval`` questions, ``check`` pairs): one object a line."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from letadesk.errors import ConfigError


def json_objects(
    lines: Iterable[str],
    name: str,
    *,
    strings: Sequence[str],
    check: Callable[[dict[str, Any]], str] | None = None,
) -> Iterator[dict[str, Any]]:
    """Each non-blank line as an object holding the string fields ``strings``; a line
    that is not JSON, lacks one of them, or for which ``check`` returns a problem (""
    when none), is a ConfigError naming ``name``, the line number and the reason."""
    needed = " and ".join(f'"{k}"' for k in strings)
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise ConfigError(f"{name}:{n}: not JSON ({exc})") from exc
        if not isinstance(row, dict) or any(not isinstance(row.get(k), str) for k in strings):
            raise ConfigError(f"{name}:{n}: each line needs {needed} as strings")
        if check is not None and (problem := check(row)):
            raise ConfigError(f"{name}:{n}: {problem}")
        yield row
