"""Where LetaDesk keeps its files, and the settings a user can change.

Every path comes from :class:`Paths`. The data directory is, in order:
an explicit ``--data-dir``, ``LETADESK_DATA_DIR``, or the platformdirs user data dir.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import unquote

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
    def asking(self) -> Path:
        """Markers of the answers in progress (:mod:`letadesk.index.questions_first`)."""
        return self.root / "asking"

    @property
    def backups(self) -> Path:
        return self.root / "backups"

    @property
    def settings_file(self) -> Path:
        return self.root / "settings.json"

    @property
    def audit_key(self) -> Path:
        return self.root / AUDIT_KEY_NAME

    @property
    def allowed_models(self) -> Path:
        """The model files a person confirmed (letadesk.generate.allowlist)."""
        return self.root / "allowed_models.json"

    @property
    def locks(self) -> Path:
        """Lock files that keep two processes from ingesting into one matter at once."""
        return self.root / "locks"


# the values of Settings.generation (their meaning: letadesk.generate.mode)
GENERATION_MODES = ("auto", "always", "never")


@dataclass(frozen=True, slots=True)
class Settings:
    """User settings; empty model paths mean the embedded defaults. :meth:`load` checks
    each value's type and range (a ConfigError naming the file and the setting)."""

    model_path: str = ""
    generation: str = "auto"  # "auto" | "always" | "never" (letadesk.generate.mode)
    embedder: str = "auto"  # "auto" | "minilm" | "e5" | a sentence-transformers folder
    threads: int = 0  # 0: let the engines choose
    default_as_of: str = ""  # ISO date, "" for today (the day each question is asked)
    language: str = "en"  # interface language: LANGUAGES
    ingest_timeout_s: float = 120.0
    ingest_memory_mb: int = 2048
    max_file_mb: int = 512
    # a full re-hash of every source file every this many days (size and time on each open)
    source_check_days: int = 7
    # each fragment is embedded: this bounds the embedding work one file can cause
    max_fragments_per_file: int = 10_000
    # "" for this profile (embedded); or the firm server's PostgreSQL connection string,
    # without a password (libpq's .pgpass, service file or environment hold it)
    backend: str = ""
    # the firm's model server (OpenAI-compatible; letadesk.generate.remote_generator):
    # "" (the default) drafts with the local model; its host must be on the allow-list
    model_server: str = ""
    model_server_model: str = ""
    model_server_hosts: tuple[str, ...] = ()

    @classmethod
    def load(cls, paths: Paths) -> Settings:
        if not paths.settings_file.exists():
            return cls()
        try:
            raw = json.loads(paths.settings_file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{paths.settings_file}: unreadable settings ({exc})") from exc
        if not isinstance(raw, dict):
            raise ConfigError(f"{paths.settings_file}: settings must be a JSON object")
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in raw.items() if k in known}
        for name, value in values.items():
            if problem := _problem(name, value):
                raise ConfigError(f"{paths.settings_file}: {name!r}: {problem}")
        if isinstance(values.get("ingest_timeout_s"), int):
            values["ingest_timeout_s"] = float(values["ingest_timeout_s"])
        if "model_server_hosts" in values:
            values["model_server_hosts"] = tuple(values["model_server_hosts"])
        return replace(cls(), **values)

    def save(self, paths: Paths) -> None:
        if holds_password(self.backend):  # never written to disk, whoever set it
            raise ConfigError(backend_problem(self.backend))
        tmp = paths.settings_file.with_suffix(".tmp")
        with private_umask():
            tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        tmp.chmod(FILE_MODE)
        os.replace(tmp, paths.settings_file)


LANGUAGES = ("en", "ro")  # interface languages
SERVER_PREFIXES = ("postgresql://", "postgres://")  # the firm server (letadesk.server)


def backend_problem(value: str) -> str:
    """Why ``value`` is not a firm-server address to keep in the settings ("" when it is,
    or is empty): not a PostgreSQL connection string, or one that holds a password (it
    comes from ~/.pgpass, a service file or PGPASSWORD). ``letadesk.server.connect``
    parses it fully when it connects."""
    text = value.strip()
    if not text:
        return ""
    if not (text.startswith(SERVER_PREFIXES) or "=" in text):
        return "not a PostgreSQL connection string (postgresql://host/database, or service=NAME)"
    if holds_password(text):
        return (
            "the connection string holds a password; give it through ~/.pgpass, a "
            "pg_service.conf service or PGPASSWORD instead"
        )
    return ""


def holds_password(value: str) -> bool:
    """Whether libpq could read a password in ``value``, however it is spelled: a URI's
    ``user:password@``, a ``password`` key percent-encoded (``?%70assword=``), with
    spaces around ``=`` or in another case. Conservative (psycopg, and so libpq's own
    parser, is the firm server's package only; tests/server checks that every string
    libpq reads a password in is caught here): the text is percent-decoded, its spaces
    removed and lowercased before it is looked at."""
    flat = value
    for _ in range(3):  # %2570 decodes to %70, then to p
        flat = unquote(flat)
    flat = "".join(flat.split()).lower()
    authority = flat.split("://", 1)[1].split("/", 1)[0] if "://" in flat else ""
    return "password=" in flat or ":" in authority.rpartition("@")[0]


def _is_date(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


# Each setting: the JSON types it accepts, the test its value must pass, what is expected.
_RULES: dict[str, tuple[tuple[type, ...], Callable[[Any], bool], str]] = {
    "model_path": ((str,), lambda v: True, 'a GGUF file path ("" for the bundled model)'),
    "generation": (
        (str,),
        lambda v: v in GENERATION_MODES,
        f"one of {', '.join(GENERATION_MODES)}",
    ),
    "embedder": (
        (str,),
        lambda v: bool(v.strip()),
        'an embedder name ("auto", "minilm", "e5") or a model folder',
    ),
    "threads": ((int,), lambda v: 0 <= v <= 1024, "a whole number from 0 (automatic) to 1024"),
    "default_as_of": ((str,), lambda v: not v or _is_date(v), '"" or a date (YYYY-MM-DD)'),
    "language": ((str,), lambda v: v in LANGUAGES, f"one of {', '.join(LANGUAGES)}"),
    "ingest_timeout_s": ((int, float), lambda v: 1 <= v <= 86_400, "seconds, from 1 to 86400"),
    "ingest_memory_mb": (
        (int,),
        lambda v: 256 <= v <= 1_048_576,
        "a whole number of MB, from 256 to 1048576",
    ),
    "max_file_mb": ((int,), lambda v: 1 <= v <= 65_536, "a whole number of MB, from 1 to 65536"),
    "max_fragments_per_file": (
        (int,),
        lambda v: 1 <= v <= 100_000_000,
        "a whole number of fragments, from 1 to 100000000",
    ),
    "source_check_days": (
        (int,),
        lambda v: 1 <= v <= 3650,
        "a whole number of days, from 1 to 3650",
    ),
    "model_server": (
        (str,),
        lambda v: not v or v.startswith(("https://", "http://")),
        '"" (the local model) or the server\'s https://host[:port]/v1',
    ),
    "model_server_model": ((str,), lambda v: True, "the model's name on the server"),
    "model_server_hosts": (
        (list, tuple),
        lambda v: all(isinstance(h, str) and h.strip() for h in v),
        "a list of host names",
    ),
    "backend": (
        (str,),
        lambda v: not v or ((v.startswith(SERVER_PREFIXES) or "=" in v) and not holds_password(v)),
        '"" (this profile) or a PostgreSQL connection string (postgresql://host/database) '
        "without a password",
    ),
}


def _problem(name: str, value: Any) -> str:
    """Why ``value`` is not a valid ``name`` setting ("" when it is)."""
    types, valid, expected = _RULES[name]
    if isinstance(value, bool) or not isinstance(value, types) or not valid(value):
        shown = "the value" if name == "backend" else json.dumps(value)[:60]  # a secret?
        return f"{shown} is not valid (expected {expected})"
    return ""
