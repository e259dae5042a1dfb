"""One exception tree for LetaDesk, translated at the edges (CLI exit codes, UI dialogs).

::

    LetaDeskError
    ├── ConfigError            bad settings, unusable data directory, a bad or taken name
    ├── StoreError             the database cannot be opened or used
    │   ├── SchemaTooNewError  the database was written by a newer LetaDesk
    │   └── BusyError          another LetaDesk process holds what this one needs
    ├── NotFoundError          a matter, document or fragment that does not exist
    ├── IngestError            one file could not be read (carries the path and reason)
    ├── IndexError_            a derived index (tantivy, vectors) is unusable
    └── ModelError             a model file is missing, too big or fails to load

Expected outcomes (a failed file in a batch, a refused claim, no search hits)
are return values, not exceptions.
"""

from __future__ import annotations


class LetaDeskError(Exception):
    """Base of every error LetaDesk raises on purpose."""

    exit_code = 1


class ConfigError(LetaDeskError):
    exit_code = 2


class StoreError(LetaDeskError):
    exit_code = 3


class SchemaTooNewError(StoreError):
    pass


class BusyError(StoreError):
    """Another process holds a lock (a matter being ingested); retry when it is done."""


class NotFoundError(LetaDeskError):
    exit_code = 4


class IngestError(LetaDeskError):
    """A single file could not be parsed; ``path`` and ``reason`` say which and why."""

    exit_code = 5

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class IndexError_(LetaDeskError):
    exit_code = 6


class ModelError(LetaDeskError):
    exit_code = 7
