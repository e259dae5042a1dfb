"""Backing up a profile while it is in use, and restoring it.

A backup is a folder: the database (a snapshot through SQLite's online backup API,
vectors included), the audit key, the settings and the confirmed models, a copy of
the tantivy folder (each matter's index in its folder) and ``manifest.json`` (what was
copied, each file's SHA-256, the counts and the audit head at the time). SQLite is the
source of truth: each tantivy copy is taken from one committed state of the index (its
``meta.json`` first, then the immutable segment files it names), and on restore
:func:`restore` checks them against the restored database and rebuilds them from there
when they disagree (an index that moved on while the snapshot was taken, or a backup of
the former single index), so a restored profile is always consistent.

A backup folder from a USB stick or a colleague is untrusted input. :func:`restore`
writes only the files a backup writes, under their own names in the profile: a manifest
name that is not one of them (a path, ``..``, a folder, a name of its own) is refused
before anything is written; no symbolic link is followed, in the backup folder or on the
way to a file; each file is hashed as it is copied and must match the manifest; the
manifest is authenticated by an HMAC under the backup's audit key, and the backup's
audit trail must verify under that key. Nothing lands in the profile until every file
has passed. What this cannot tell: a backup carries its key, so whoever held the whole
folder could have rewritten it consistently; trust a backup as far as where it has been.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import shutil
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from letadesk.config import Paths
from letadesk.errors import ConfigError, StoreError
from letadesk.files import sha256_of
from letadesk.index.matter_lexical import MATTER_FOLDER
from letadesk.privacy import private_umask, secure_tree
from letadesk.store import audit_check, corpus
from letadesk.store.audit_chain import canonical
from letadesk.store.audit_key import load_key
from letadesk.store.database import open_snapshot, schema_version
from letadesk.store.schema import LATEST_VERSION
from letadesk.workspace import Workspace

MANIFEST = "manifest.json"
FORMAT = 2  # 2: the manifest carries "mac", an HMAC-SHA256 under the audit key
READS = (1, 2)
STAGED = ".restoring"
_LEXICAL_NAME = re.compile(r"(?:[A-Za-z0-9][A-Za-z0-9._-]{0,127}|\.managed\.json)")
_LEXICAL_LOCKS = (".tantivy-writer.lock", ".tantivy-meta.lock")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
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
        manifest: dict[str, Any] = {
            "format": FORMAT,
            "created_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "source": str(paths.root),
            "counts": report.counts,
            "audit_records": report.audit_records,
            "files": report.files,
        }
        manifest["mac"] = _mac(manifest, load_key(dest / paths.audit_key.name))
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
    """Copy one committed state of each matter's tantivy index (its folder
    ``m<matter id>``: :mod:`letadesk.index.matter_lexical`)."""
    if not source.is_dir():
        return
    target.mkdir(parents=True, exist_ok=True)
    for folder in sorted(source.iterdir()):
        if folder.is_dir() and MATTER_FOLDER.fullmatch(folder.name):
            _copy_index(folder, target / folder.name)


def _copy_index(source: Path, target: Path) -> None:
    """Copy one committed state of a tantivy index: ``meta.json`` first, then the
    other files (segments are immutable; one removed by a concurrent merge meanwhile
    makes the copy start again)."""
    for _ in range(_COPY_TRIES):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        try:
            meta = source / "meta.json"
            if meta.is_file():
                shutil.copy2(meta, target / meta.name)
            for path in source.iterdir():
                if path.is_file() and path.name not in ("meta.json", *_LEXICAL_LOCKS):
                    shutil.copy2(path, target / path.name)
            return
        except FileNotFoundError:
            time.sleep(0.1)
    raise ConfigError(
        f"{source}: the lexical index kept changing while it was copied; try the backup again"
    )


def restore(src: Path, paths: Paths) -> BackupReport:
    """Restore the backup folder ``src`` into the profile ``paths`` (which must hold no
    database yet): check every name, file and the manifest's HMAC (module doc), then
    bring the indexes in line with the restored database."""
    manifest = _manifest(src)
    if paths.database.exists():
        raise ConfigError(
            f"{paths.root}: already holds a profile; restore into a new "
            "--data-dir, or move this one away first"
        )
    files = _checked_names(manifest["files"], paths)
    with private_umask():
        staged = _staged(src, paths, files)
        try:
            _authenticate(manifest, paths)
            for rel in files:
                os.replace(_staging(paths.root, rel), paths.root / rel)
        except OSError as exc:
            raise ConfigError(f"{paths.root}: cannot restore ({exc.strerror or exc})") from exc
        finally:
            for path in staged:
                path.unlink(missing_ok=True)
    secure_tree(paths.root)
    with Workspace(paths) as ws:
        report = BackupReport(str(src), ws.documents.counts(), ws.audit.check().records, files)
        ws.indexes.sync(embed=False)  # updates the snapshot had not yet applied
        report.rebuilt_lexical = ws.doctor(repair=True).repaired
    return report


def _mac(manifest: dict[str, Any], key: bytes | None) -> str:
    """The manifest's HMAC-SHA256 under the audit key (its "mac" left out); "" without one."""
    if key is None:
        return ""
    body = {k: v for k, v in manifest.items() if k != "mac"}
    return hmac.new(key, canonical(body).encode("utf-8"), hashlib.sha256).hexdigest()


def _checked_names(listed: dict[str, Any], paths: Paths) -> dict[str, str]:
    """The manifest's files (name -> sha256), each a file a backup writes, under the
    name it writes it; anything else refuses the whole backup before a byte is written."""
    tops = {p.name for p in (paths.database, paths.audit_key)}
    tops |= {paths.settings_file.name, paths.allowed_models.name}
    files: dict[str, str] = {}
    for rel, digest in listed.items():
        parts = rel.split("/") if isinstance(rel, str) else []
        plain = (
            (len(parts) == 1 and parts[0] in tops)
            or (
                len(parts) in (2, 3)  # a matter's index file, or one of the former layout's
                and parts[0] == paths.lexical_index.name
                and all(MATTER_FOLDER.fullmatch(part) for part in parts[1:-1])
                and _LEXICAL_NAME.fullmatch(parts[-1]) is not None
                and parts[-1] not in _LEXICAL_LOCKS
            )
        )
        if not plain or not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
            raise StoreError(f"{MANIFEST}: {rel!r} is not a file a LetaDesk backup writes")
        files[rel] = digest
    if paths.database.name not in files:
        raise StoreError(f"{MANIFEST}: lists no database ({paths.database.name})")
    return files


def _staging(root: Path, rel: str) -> Path:
    return root / (rel + STAGED)


def _staged(src: Path, paths: Paths, files: dict[str, str]) -> list[Path]:
    """Copy each file beside its place in the profile (``name.restoring``), hashing it as
    it is read, never through a link; every file copied, or none (StoreError)."""
    staged: list[Path] = []
    try:
        for rel, digest in files.items():
            target = _staging(paths.root, rel)
            folders = rel.split("/")[:-1]
            for depth in range(1, len(folders) + 1):
                _real_folder(src.joinpath(*folders[:depth]))
                _real_folder(paths.root.joinpath(*folders[:depth]), create=True)
            staged.append(target)
            if _copy_unlinked(src / rel, target) != digest:
                raise StoreError(f"{src / rel}: missing or changed since the backup was taken")
    except BaseException:
        for path in staged:
            path.unlink(missing_ok=True)
        raise
    return staged


def _real_folder(path: Path, *, create: bool = False) -> None:
    """``path`` is a folder, not a link to one (created when ``create``)."""
    if create and not os.path.lexists(path):
        path.mkdir()
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        raise StoreError(f"{path}: missing from the backup ({exc.strerror or exc})") from exc
    if not stat.S_ISDIR(mode):
        raise StoreError(f"{path}: not a folder (a symbolic link is never followed)")


def _copy_unlinked(source: Path, target: Path) -> str:
    """Copy the regular file ``source`` (not a link) to ``target``; its SHA-256, or ""
    when it is missing."""
    try:
        fd = os.open(source, os.O_RDONLY | _NOFOLLOW)
    except FileNotFoundError:
        return ""
    except OSError as exc:  # ELOOP: the name is a symbolic link
        raise StoreError(f"{source}: not a regular file, not read ({exc.strerror or exc})") from exc
    digest = hashlib.sha256()
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode) or os.path.islink(source):
            raise StoreError(f"{source}: not a regular file, not read")
        target.unlink(missing_ok=True)  # a link planted under that name goes, unfollowed
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
        with os.fdopen(os.open(target, flags, 0o600), "wb") as out:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
                out.write(block)
    return digest.hexdigest()


def _authenticate(manifest: dict[str, Any], paths: Paths) -> None:
    """The manifest's HMAC under the backup's (staged) audit key, and the backup's audit
    trail against it; a format-1 manifest (before the HMAC) has only the second."""
    key_file = _staging(paths.root, paths.audit_key.name)
    key = load_key(key_file)
    if manifest["format"] >= 2 and (
        key is None or not hmac.compare_digest(str(manifest.get("mac", "")), _mac(manifest, key))
    ):
        raise StoreError(f"{MANIFEST}: not authenticated by the backup's audit key; not restored")
    conn = open_snapshot(_staging(paths.root, paths.database.name))
    try:  # a backup of an older schema is checked once migrated, by the report
        current = schema_version(conn) == LATEST_VERSION
        trail = audit_check.check(conn, key_file=key_file) if current else None
    finally:
        conn.close()
    if trail is not None and not trail.intact:
        problems = "; ".join(trail.problems[:3])
        raise StoreError(f"the backup's audit trail does not verify ({problems}); not restored")


def _manifest(src: Path) -> dict[str, Any]:
    try:
        fd = os.open(src / MANIFEST, os.O_RDONLY | _NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            manifest = json.loads(fh.read(16 << 20).decode("utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{src}: not a LetaDesk backup (no readable {MANIFEST})") from exc
    if (
        not isinstance(manifest, dict)
        or manifest.get("format") not in READS
        or not isinstance(manifest.get("files"), dict)
    ):
        raise ConfigError(f"{src / MANIFEST}: not a backup manifest this LetaDesk reads")
    return manifest
