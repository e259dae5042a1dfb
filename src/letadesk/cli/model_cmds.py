"""CLI verbs for the model files LetaDesk may load (letadesk.generate.allowlist)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from letadesk.cli.common import print_json
from letadesk.config import Paths
from letadesk.errors import ConfigError, ModelError
from letadesk.files import sha256_of
from letadesk.generate.allowlist import EMBEDDED_SHA256, ModelAllowList
from letadesk.generate.llama_generator import check_fits, embedded_model_path


def register(sub: Any) -> None:
    p = sub.add_parser("models", help="the model files LetaDesk may load, with their SHA-256")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_models)
    verbs = p.add_subparsers(dest="models_verb", metavar="VERB")
    allow = verbs.add_parser(
        "allow", help="confirm a GGUF model file (by its SHA-256) so that it may be loaded"
    )
    allow.add_argument("file", metavar="FILE")
    allow.add_argument("--yes", action="store_true", help="confirm, having read its SHA-256")
    allow.add_argument("--json", action="store_true")
    allow.set_defaults(func=cmd_allow)


def cmd_models(args: argparse.Namespace) -> int:
    try:
        bundled = str(embedded_model_path())
    except ModelError as exc:
        bundled = f"not installed ({exc})"
    allowed = ModelAllowList(Paths.resolve(args.data_dir).allowed_models).entries()
    if args.json:
        print_json(
            {
                "bundled": {"file": bundled, "sha256": EMBEDDED_SHA256},
                "confirmed": [
                    {"file": e.file, "sha256": e.sha256, "size": e.size, "confirmed": e.confirmed}
                    for e in allowed
                ],
            }
        )
        return 0
    print(f"bundled    {EMBEDDED_SHA256}  {bundled}")
    for e in allowed:
        print(f"confirmed  {e.sha256}  {e.file} ({e.size} bytes, {e.confirmed})")
    if not allowed:
        print("no other model confirmed (letadesk models allow FILE)")
    return 0


def cmd_allow(args: argparse.Namespace) -> int:
    model = Path(args.file)
    check_fits(model)
    digest = sha256_of(model)
    if not args.yes:
        raise ConfigError(
            f"{model}: sha256 {digest}, {model.stat().st_size} bytes. Compare the SHA-256 "
            "with the one its publisher gives, then repeat with --yes to allow it"
        )
    entry = ModelAllowList(Paths.resolve(args.data_dir).allowed_models).allow(model, digest)
    if args.json:
        print_json({"file": entry.file, "sha256": entry.sha256, "confirmed": entry.confirmed})
    else:
        print(f"allowed {entry.file} (sha256 {entry.sha256})")
    return 0
