"""Finding and repairing disagreement between SQLite and the derived indexes."""

from __future__ import annotations

from dataclasses import dataclass, field

from letadesk.errors import IndexError_, ModelError
from letadesk.index.sync import IndexSet
from letadesk.store import index_rows
from letadesk.store.database import Connection, damage


def _model_warnings() -> list[str]:
    """e5 refused or absent here (MiniLM then embeds): not damage, but never silent."""
    from letadesk.index.e5_graphs import e5_warnings

    try:
        return e5_warnings()
    except ModelError as exc:
        return [str(exc)]


@dataclass
class DoctorReport:
    """``problems``: damage (the indexes disagree with SQLite in a way no ordinary sync
    repairs). ``pending``: work a cancelled or interrupted ingest left, which the next
    ingest (or ``--repair``) completes; it does not make the profile inconsistent."""

    consistent: bool
    problems: list[str] = field(default_factory=list)
    repaired: bool = False
    pending: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=_model_warnings)

    def as_json(self) -> dict[str, object]:
        return {
            "consistent": self.consistent,
            "problems": self.problems,
            "pending": self.pending,
            "repaired": self.repaired,
            "warnings": self.warnings,
        }


def diagnose(conn: Connection, indexes: IndexSet) -> list[str]:
    """Every disagreement between SQLite and the indexes, in words; [] when consistent."""
    return _diagnose(conn, indexes)[0]


def _diagnose(conn: Connection, indexes: IndexSet) -> tuple[list[str], list[str]]:
    """(problems, pending): see :class:`DoctorReport`."""
    damage = _database_damage(conn)
    if damage:
        return [damage], []
    problems: list[str] = []
    pending: list[str] = []
    updates = index_rows.pending_updates(conn)
    queued = index_rows.queued_documents(conn)
    if updates:
        pending.append(f"{updates} index updates not yet applied ({len(queued)} documents)")
    every = list(index_rows.all_rows(conn))
    expected = {r.fragment_id: r.signature for r in every}
    settled = {r.fragment_id: r.signature for r in every if r.document_id not in queued}
    try:
        actual = indexes.lexical.signatures()
    except IndexError_ as exc:
        problems.append(f"lexical index will not open: {exc}")
        actual = None
    if actual is not None:  # a queued document's entries are the outbox's to replace
        queued_ids = expected.keys() - settled.keys()
        problems.extend(
            _compare(
                "lexical index", settled, {k: v for k, v in actual.items() if k not in queued_ids}
            )
        )
    if indexes.has_vectors():
        embedded = indexes.vectors.embedded_fragment_ids()
        missing = len(expected.keys() - embedded)
        extra = len(embedded - expected.keys())
        if missing:
            pending.append(f"vector index: {missing} passages waiting for their vector")
        if extra:
            problems.append(f"vector index: {extra} vectors of fragments that no longer exist")
    elif expected:
        pending.append(f"vector index: {len(expected)} passages waiting for their vector")
    return problems, pending


def _database_damage(conn: Connection) -> str:
    """ "" when SQLite's own check passes, else what is wrong (nothing is derived from a
    damaged database: it must be restored, not rebuilt from)."""
    found = damage(conn)
    return f"{found}; doctor cannot repair it: restore the profile from a backup" if found else ""


def _compare(name: str, expected: dict[int, str], actual: dict[int, str]) -> list[str]:
    missing = len(expected.keys() - actual.keys())
    extra = len(actual.keys() - expected.keys())
    stale = sum(1 for k, sig in expected.items() if k in actual and actual[k] != sig)
    found = []
    if missing:
        found.append(f"{name}: {missing} fragments missing")
    if extra:
        found.append(f"{name}: {extra} entries for fragments that no longer exist")
    if stale:
        found.append(f"{name}: {stale} stale entries")
    return found


def doctor(conn: Connection, indexes: IndexSet, *, repair: bool) -> DoctorReport:
    """Check, and with ``repair`` rebuild what disagrees from SQLite, then check again."""
    problems, pending = _diagnose(conn, indexes)
    if not (problems or pending) or not repair or _database_damage(conn):
        return DoctorReport(consistent=not problems, problems=problems, pending=pending)
    if problems:
        indexes.rebuild_lexical()
        if indexes.has_vectors():
            indexes.drop_orphan_vectors()
    indexes.sync()  # the outbox, then every passage without a vector
    remaining, left = _diagnose(conn, indexes)
    return DoctorReport(
        consistent=not remaining, problems=problems + remaining, pending=left, repaired=True
    )
