"""Helpers shared by the CLI verbs: opening the workspace, printing, errors."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any, Literal

from letadesk.cli.ask_args import backend_url
from letadesk.errors import ConfigError
from letadesk.limits import checked_count
from letadesk.profile import Profile as Profile  # the verbs' type for either backend
from letadesk.text import printable
from letadesk.workspace import Workspace

if TYPE_CHECKING:
    from letadesk.server.workspace import ServerWorkspace


def open_workspace(
    args: argparse.Namespace, *, sources: Literal["", "quick", "due"] = ""
) -> Workspace:
    """The profile. ``sources``: how the documents' currency is re-checked first
    (``documents.check_sources``): ``"quick"`` (size and time; verbs that show documents or
    cite them), ``"due"`` (quick, or the full re-hash when ``source_check_days`` have
    passed; ``ingest`` and ``doctor``, which read the profile's files anyway), ``""``
    not at all (verbs that show no source: a full re-hash of a firm's archive must not
    hold up ``audit`` or ``matters``)."""
    if getattr(args, "backend", None):
        raise ConfigError(
            f"{args.verb}: works on this computer's profile only; with --backend the verbs "
            "are search, ask, review, check-document, matters, docs, audit, ingest, migrate and "
            "server"
        )
    ws = Workspace.open(args.data_dir)
    try:
        _check_sources(ws, sources)
    except BaseException:
        ws.close()
        raise
    return ws


def _check_sources(ws: Workspace, sources: Literal["", "quick", "due"]) -> None:
    if sources:
        ws.documents.check_sources(full=None if sources == "due" else False)


@contextmanager
def _connect(url: str, local: Workspace) -> Iterator[ServerWorkspace]:
    with _imported():
        from letadesk.server.workspace import ServerWorkspace
    with ServerWorkspace(url, local) as server:
        yield server


class _FirmServer:
    """The window's way to the firm server (``ui.profile.FirmServer``): a checked session
    per thread that asks for one."""

    def __init__(self, url: str) -> None:
        self.url = url
        with _imported():
            from letadesk.server.connect import describe

            self.where = describe(url)

    def open(self, local: Workspace) -> ServerWorkspace:
        with _imported():
            from letadesk.server.workspace import ServerWorkspace
        server = ServerWorkspace(self.url, local)
        try:
            server.check()
        except BaseException:
            server.close()
            raise
        return server


def firm_server(url: str) -> _FirmServer:
    """The firm server at ``url`` as the window opens it (ConfigError: not a valid
    connection string, or psycopg missing)."""
    return _FirmServer(url)


@contextmanager
def _imported() -> Iterator[None]:
    try:
        yield
    except ImportError as exc:  # psycopg: the `server` extra
        raise ConfigError(
            f"the firm server needs {exc.name or 'psycopg'}: install LetaDesk with its "
            "server extra (pip install 'letadesk[server]')"
        ) from None


@contextmanager
def open_server(args: argparse.Namespace, url: str = "") -> Iterator[ServerWorkspace]:
    """The firm server at ``url`` (else :func:`backend_url`), beside the local profile
    (its settings and model)."""
    with Workspace.open(args.data_dir) as local:
        target = url or backend_url(args, local.settings)
        if not target:
            raise ConfigError(f"{args.verb}: needs the firm server: give --backend URL")
        with _connect(target, local) as server:
            yield server


@contextmanager
def open_profile(
    args: argparse.Namespace, *, sources: Literal["", "quick", "due"] = ""
) -> Iterator[Profile]:
    """The firm server when one is configured (:func:`backend_url`), else the profile,
    its sources re-checked as ``sources`` says (:func:`open_workspace`)."""
    with Workspace.open(args.data_dir) as local:
        target = backend_url(args, local.settings)
        if not target:
            _check_sources(local, sources)
            yield local
            return
        with _connect(target, local) as server:
            server.check()
            yield server


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write("\n")


def fail(message: str, code: int) -> int:
    """Print ``message`` as one line on stderr (its control characters escaped)."""
    print(f"letadesk: error: {printable(message)}", file=sys.stderr)
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
