"""Where LetaDesk keeps its files, and the settings a user can change.

Every path comes from :class:`Paths`. The data directory is, in order:
an explicit ``--data-dir``, ``LETADESK_DATA_DIR``, or the platformdirs user data dir.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import platformdirs

from letadesk.errors import ConfigError
from letadesk.privacy import FILE_MODE, private_umask

APP_NAME = "LetaDesk"
ENV_DATA_DIR = "LETADESK_DATA_DIR"
AUDIT_KEY_NAME = "audit.key"  # the audit head's HMAC key, beside the database, 0600


@dataclass(frozen=True, slots=True)
class Paths:
    root: Path

    @classmethod
    def resolve(cls, data_dir: str | os.PathLike[str] | None = None) -> Paths:
        chosen = data_dir or os.environ.get(ENV_DATA_DIR)
        root = Path(chosen) if chosen else Path(platformdirs.user_data_dir(APP_NAME, APP_NAME))
        try:
            with private_umask():
                root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"cannot use data directory {root}: {exc.strerror}") from exc
        return cls(root=root.resolve())

    @property
    def database(self) -> Path:
        return self.root / "letadesk.sqlite3"

    @property
    def lexical_index(self) -> Path:
        return self.root / "tantivy"

    @property
    def backups(self) -> Path:
        return self.root / "backups"

    @property
    def settings_file(self) -> Path:
        return self.root / "settings.json"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def audit_key(self) -> Path:
        return self.root / AUDIT_KEY_NAME

    @property
    def locks(self) -> Path:
        """Lock files that keep two processes from ingesting into one matter at once."""
        return self.root / "locks"


@dataclass(frozen=True, slots=True)
class Settings:
    """User settings; empty model paths mean the embedded defaults."""

    model_path: str = ""
    generation: str = "auto"  # "auto" | "always" | "never" (letadesk.generate.mode)
    embedder: str = "auto"  # "auto" | "minilm" | "e5" | a sentence-transformers folder
    threads: int = 0  # 0: let the engines choose
    default_as_of: str = ""  # ISO date, "" for today
    language: str = "en"  # interface language: "en" | "ro"
    ingest_timeout_s: float = 120.0
    ingest_memory_mb: int = 2048
    max_file_mb: int = 512
    # a full re-hash of every source file every this many days (size and time on each open)
    source_check_days: int = 7
    # each fragment is embedded: this bounds the embedding work one file can cause
    max_fragments_per_file: int = 10_000

    @classmethod
    def load(cls, paths: Paths) -> Settings:
        if not paths.settings_file.exists():
            return cls()
        try:
            raw = json.loads(paths.settings_file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{paths.settings_file}: unreadable settings ({exc})") from exc
        known = {f.name for f in fields(cls)}
        settings = replace(cls(), **{k: v for k, v in raw.items() if k in known})
        days = settings.source_check_days
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 3650:
            raise ConfigError(f"{paths.settings_file}: source_check_days must be a whole "
                              f"number of days from 1 to 3650, not {days!r}")
        return settings

    def save(self, paths: Paths) -> None:
        tmp = paths.settings_file.with_suffix(".tmp")
        with private_umask():
            tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        tmp.chmod(FILE_MODE)
        os.replace(tmp, paths.settings_file)
