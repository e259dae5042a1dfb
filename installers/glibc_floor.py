"""The oldest glibc a one-dir build runs on: the highest ``GLIBC_x.y`` symbol version that
any ELF file of the build needs from the system (as auditwheel finds a wheel's manylinux
tag). PyInstaller bundles every shared library except glibc's own (libc, libm,
libpthread, libdl, librt, ld-linux), so those versions are what the target must have.
(The libraries ``letadesk.spec`` leaves to the target, libstdc++ and expat, are not in
the build either: the .deb depends on the system's, which its own glibc serves.)

    python installers/glibc_floor.py DIST/letadesk [--json | --version-only]

Prints the floor and, for it, the files and symbols that need it (the ones to rebuild on
an older system to lower it). Exit 2 when no ELF file needs glibc at all (not a build).
Needs ``objdump`` (binutils).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

_NEED = re.compile(r"\*UND\*\s+\S+\s+\(?GLIBC_(\d+(?:\.\d+)+)\)?\s+(\S+)")


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False


def needs(path: Path) -> dict[str, set[str]]:
    """GLIBC version -> the undefined dynamic symbols of ``path`` that ask for it."""
    out = subprocess.run(
        ["objdump", "-T", str(path)], capture_output=True, text=True, check=False
    ).stdout
    found: dict[str, set[str]] = defaultdict(set)
    for match in _NEED.finditer(out):
        found[match.group(1)].add(match.group(2))
    return found


def floor(build: Path) -> tuple[str, dict[str, dict[str, set[str]]], int]:
    """(the floor, {file: {version: symbols}} of every ELF file needing glibc, ELF count)."""
    per_file: dict[str, dict[str, set[str]]] = {}
    elves = 0
    for path in sorted(p for p in build.rglob("*") if p.is_file() and not p.is_symlink()):
        if not is_elf(path):
            continue
        elves += 1
        found = needs(path)
        if found:
            per_file[str(path.relative_to(build))] = found
    versions = {v for found in per_file.values() for v in found}
    return (max(versions, key=version_key) if versions else ""), per_file, elves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", type=Path, help="the one-dir build (dist/letadesk)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--version-only", action="store_true", help="the floor alone on stdout, the rest on stderr"
    )
    args = parser.parse_args()
    top, per_file, elves = floor(args.build)
    if not top:
        print(f"glibc_floor: no ELF file under {args.build} needs glibc", file=sys.stderr)
        return 2
    at_top = {f: sorted(v[top]) for f, v in per_file.items() if top in v}
    if args.json:
        print(json.dumps({"floor": top, "elf_files": elves, "need_floor": at_top}, indent=2))
        return 0
    report = sys.stderr if args.version_only else sys.stdout  # the floor alone on stdout
    print(f"glibc floor {top}: {elves} ELF files, {len(at_top)} need GLIBC_{top}:", file=report)
    for name, symbols in sorted(at_top.items()):
        more = " …" if len(symbols) > 6 else ""
        print(f"  {name}: {', '.join(symbols[:6])}{more}", file=report)
    if args.version_only:
        print(top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
