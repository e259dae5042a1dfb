"""How the window reaches the firm server. The window reads and asks through a
:class:`letadesk.profile.Profile`: this computer's :class:`Workspace`, or a session on the
firm server (``letadesk.server.workspace.ServerWorkspace``, which the CLI opens: ``ui``
and ``server`` are sibling layers, so the window is handed an opener and never imports
the server itself).

On the firm server the window is a lawyer's window: it lists the matters the role may
read, answers questions there (the server's audit trail records who asked) and opens the
cited passages; it fills review grids there (each lawyer's cells their own) and checks
drafts against the server's matters. Documents are added to the server by its ingest
(``letadesk ingest --backend``), so adding, renaming and deleting are not offered.
"""

from __future__ import annotations

from typing import Protocol

from letadesk.profile import Profile
from letadesk.workspace import Workspace


class FirmServer(Protocol):
    """How the window reaches the firm server: ``where`` it is (host and database, safe
    to show) and ``open``, a session beside a local profile (one per thread: a
    connection is not shared between threads)."""

    where: str

    def open(self, local: Workspace) -> Profile: ...
