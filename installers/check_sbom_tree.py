"""Does a LetaDesk SBOM cover every file of an installed (or unpacked) build?

    python3 installers/check_sbom_tree.py APP_FOLDER SBOM.cdx.json

APP_FOLDER is /opt/letadesk (or the one-dir build); the SBOM is the one the build wrote
(/usr/share/doc/letadesk/letadesk-VERSION.cdx.json). Every regular file of the folder must
be listed, with its SHA-256, by a component's ``letadesk:file`` property, and every listed
file must be there with that hash. THIRD_PARTY_NOTICES and SOURCE-OFFER, written after the
SBOM, are the documents themselves and not listed. Standard library only (it runs on IT's
machine and in smoke-test.sh with the system's python3). Exit status: 0 all covered, 1 a
file uncovered, missing or changed (each printed), 2 a usage error.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

DOCUMENTS = {"THIRD_PARTY_NOTICES", "SOURCE-OFFER"}


def listed(sbom: dict[str, object]) -> dict[str, tuple[str, str]]:
    """Relative path -> (SHA-256, component bom-ref) of every file the SBOM lists."""
    meta = sbom.get("metadata", {})
    components = [*sbom.get("components", []), meta.get("component", {})]  # type: ignore[union-attr, list-item]
    out: dict[str, tuple[str, str]] = {}
    for component in components:
        for prop in component.get("properties", []):
            if prop.get("name") == "letadesk:file" and " sha256:" in prop.get("value", ""):
                path, _, digest = prop["value"].rpartition(" sha256:")
                if component.get("type") != "machine-learning-model":
                    out[path] = (digest, component.get("bom-ref", ""))
    return out


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check(app: Path, sbom: dict[str, object]) -> tuple[int, list[str]]:
    """(files checked, problems)."""
    files = listed(sbom)
    problems: list[str] = []
    seen = set()
    count = 0
    for path in sorted(app.rglob("*")):
        rel = path.relative_to(app).as_posix()
        if path.is_symlink() or not path.is_file() or rel in DOCUMENTS:
            continue
        count += 1
        seen.add(rel)
        if rel not in files:
            problems.append(f"uncovered: {rel}")
        elif sha256(path) != files[rel][0]:
            problems.append(f"changed: {rel} (listed under {files[rel][1]})")
    problems += [f"missing: {rel}" for rel in sorted(set(files) - seen)]
    return count, problems


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    app, sbom_path = Path(argv[0]), Path(argv[1])
    if not app.is_dir() or not sbom_path.is_file():
        print(f"check-sbom-tree: {app} or {sbom_path} not found", file=sys.stderr)
        return 2
    count, problems = check(app, json.loads(sbom_path.read_text(encoding="utf-8")))
    for problem in problems:
        print(f"check-sbom-tree: {problem}")
    print(f"check-sbom-tree: {count} files, {len(problems)} uncovered, missing or changed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
