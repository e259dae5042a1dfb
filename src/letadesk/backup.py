"""Backing up a profile while it is in use, and restoring it.

A backup is a folder: the database (a snapshot through SQLite's online backup API,
vectors included), the audit key, the settings and the confirmed models, a copy of
the tantivy folder and ``manifest.json`` (what was copied, each file's SHA-256, the
counts and the audit head at the time). SQLite is the source of truth: the tantivy
copy is taken from one committed state of the index (its ``meta.json`` first, then the
immutable segment files it names), and on restore :func:`restore` checks it against
the restored database and rebuilds it from there when they disagree (an index that
moved on while the snapshot was taken), so a restored profile is always consistent.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from letadesk.config import Paths
from letadesk.errors import ConfigError, StoreError
from letadesk.files import sha256_of
from letadesk.privacy import private_umask, secure_tree
from letadesk.store import audit_check, corpus
from letadesk.store.database import open_snapshot
from letadesk.workspace import Workspace

MANIFEST = "manifest.json"
FORMAT = 1
_COPY_TRIES = 5


@dataclass
class BackupReport:
    folder: str
    counts: dict[str, int]
    audit_records: int
    files: dict[str, str] = field(default_factory=dict)  # relative path -> sha256
    rebuilt_lexical: bool = False

    def as_json(self) -> dict[str, object]:
        return {
            "folder": self.folder,
            "counts": self.counts,
            "audit_records": self.audit_records,
            "files": len(self.files),
            "rebuilt_lexical": self.rebuilt_lexical,
        }


def backup(ws: Workspace, dest: Path) -> BackupReport:
    """Write a backup of ``ws`` into the new (or empty) folder ``dest``."""
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise ConfigError(f"{dest}: the backup folder must be new or empty")
    paths = ws.paths
    with private_umask():
        try:
            dest.mkdir(parents=True, exist_ok=True)
            _copy_lexical(paths.lexical_index, dest / paths.lexical_index.name)
            ws.copy_database(dest / paths.database.name)
            for extra in (paths.audit_key, paths.settings_file, paths.allowed_models):
                if extra.is_file():
                    shutil.copy2(extra, dest / extra.name)
        except OSError as exc:
            raise ConfigError(f"{dest}: cannot write the backup ({exc.strerror or exc})") from exc
        report = BackupReport(
            str(dest), *_holds(dest / paths.database.name, dest / paths.audit_key.name)
        )
        for path in sorted(p for p in dest.rglob("*") if p.is_file()):
            report.files[path.relative_to(dest).as_posix()] = sha256_of(path)
        manifest = {
            "format": FORMAT,
            "created_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "source": str(paths.root),
            "counts": report.counts,
            "audit_records": report.audit_records,
            "files": report.files,
        }
        (dest / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    secure_tree(dest)
    return report


def _holds(database: Path, key: Path) -> tuple[dict[str, int], int]:
    """The counts and the audit record count of the backup's own database: the profile
    may have moved on since its snapshot (an ingest or a question meanwhile)."""
    conn = open_snapshot(database)
    try:
        return corpus.counts(conn), audit_check.check(conn, key_file=key).records
    finally:
        conn.close()


def _copy_lexical(source: Path, target: Path) -> None:
    """Copy one committed state of the tantivy index: ``meta.json`` first, then the
    other files (segments are immutable; one removed by a concurrent merge meanwhile
    makes the copy start again)."""
    if not source.is_dir():
        return
    for _ in range(_COPY_TRIES):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        try:
            meta = source / "meta.json"
            if meta.is_file():
                shutil.copy2(meta, target / meta.name)
            for path in source.iterdir():
                if path.is_file() and path.name not in (
                    "meta.json",
                    ".tantivy-writer.lock",
                    ".tantivy-meta.lock",
                ):
                    shutil.copy2(path, target / path.name)
            return
        except FileNotFoundError:
            time.sleep(0.1)
    raise ConfigError(
        f"{source}: the lexical index kept changing while it was copied; try the backup again"
    )


def restore(src: Path, paths: Paths) -> BackupReport:
    """Restore the backup folder ``src`` into the profile ``paths`` (which must hold no
    database yet), check every file against the manifest, then bring the indexes in
    line with the restored database."""
    manifest = _manifest(src)
    if paths.database.exists():
        raise ConfigError(
            f"{paths.root}: already holds a profile; restore into a new "
            "--data-dir, or move this one away first"
        )
    files = {str(k): str(v) for k, v in manifest["files"].items()}
    for rel, digest in files.items():
        path = src / rel
        if not path.is_file() or sha256_of(path) != digest:
            raise StoreError(f"{path}: missing or changed since the backup was taken")
    with private_umask():
        try:
            for rel in files:
                target = paths.root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                tmp = target.with_name(target.name + ".restoring")
                shutil.copy2(src / rel, tmp)
                os.replace(tmp, target)
        except OSError as exc:
            raise ConfigError(f"{paths.root}: cannot restore ({exc.strerror or exc})") from exc
    secure_tree(paths.root)
    with Workspace(paths) as ws:
        report = BackupReport(str(src), ws.status(), ws.audit_check().records, files)
        ws.indexes.sync(embed=False)  # updates the snapshot had not yet applied
        report.rebuilt_lexical = ws.doctor(repair=True).repaired
    return report


def _manifest(src: Path) -> dict[str, Any]:
    try:
        manifest = json.loads((src / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{src}: not a LetaDesk backup (no readable {MANIFEST})") from exc
    if (
        not isinstance(manifest, dict)
        or manifest.get("format") != FORMAT
        or not isinstance(manifest.get("files"), dict)
    ):
        raise ConfigError(f"{src / MANIFEST}: not a backup manifest this LetaDesk reads")
    return manifest
