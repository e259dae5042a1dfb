"""Every file of a frozen build belongs to a component of the SBOM (installers/supply_chain.py
classify_tree, installers/check_sbom_tree.py): Python distributions by their RECORD, the
system libraries PyInstaller copies by `dpkg -S` (with their Debian version and licence),
CPython, PyInstaller's own files, LetaDesk's. Tested on a small synthetic tree made of real
files (a real Debian library, a real distribution's module, LetaDesk's source) and a
COLLECT-00.toc in PyInstaller's format; the full PyInstaller tree is checked by
build-linux.sh (which refuses an uncovered file) and smoke-test.sh."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if "supply_chain" not in sys.modules:  # tests/release/test_supply_chain.py loads it too
    import importlib.util

    _spec = importlib.util.spec_from_file_location(
        "supply_chain", ROOT / "installers" / "supply_chain.py"
    )
    assert _spec is not None and _spec.loader is not None
    sys.modules["supply_chain"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["supply_chain"])
supply_chain = sys.modules["supply_chain"]
CHECK = ROOT / "installers" / "check_sbom_tree.py"
ZLIB = Path("/lib/x86_64-linux-gnu/libz.so.1")

pytestmark = pytest.mark.skipif(
    shutil.which("dpkg") is None or not ZLIB.exists(), reason="needs a Debian host (dpkg)"
)


def frozen(tmp_path: Path, stray: bool) -> tuple[Path, Path]:
    """A one-dir tree and its PyInstaller work folder, from real files."""
    app, work = tmp_path / "dist" / "letadesk", tmp_path / "work"
    internal = app / "_internal"
    work.mkdir(parents=True)
    rich = Path(str(metadata.distribution("rich").locate_file("rich/__init__.py")))
    rich_meta = Path(str(metadata.distribution("rich")._path)) / "METADATA"  # type: ignore[attr-defined]
    judge = ROOT / "src" / "letadesk" / "verify" / "calibration.json"
    (work / "letadesk").write_bytes(b"\x7fELF bootloader + archive")
    (work / "base_library.zip").write_bytes(b"PK stdlib")
    toc = [
        ("letadesk", str(work / "letadesk"), "EXECUTABLE"),
        ("libz.so.1", str(ZLIB), "BINARY"),
        ("rich/__init__.py", str(rich), "DATA"),
        ("rich-x.dist-info/METADATA", str(rich_meta), "DATA"),
        ("letadesk/verify/calibration.json", str(judge), "DATA"),
        ("base_library.zip", str(work / "base_library.zip"), "DATA"),
    ]
    for dest, src, kind in toc:
        target = app / dest if kind == "EXECUTABLE" else internal / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
    if stray:  # a file no toc entry explains
        (internal / "stray.so").write_bytes(b"from nowhere")
    (work / "COLLECT-00.toc").write_text(repr((toc,)), encoding="utf-8")
    return app, work


def purls() -> dict[str, str]:
    return {
        "rich": f"pkg:pypi/rich@{metadata.version('rich')}",
        "pyinstaller": "pkg:pypi/pyinstaller@6",
    }


def test_each_file_is_mapped_to_its_component(tmp_path) -> None:
    app, work = frozen(tmp_path, stray=True)
    files, debian = supply_chain.classify_tree(
        app, work, supply_chain.record_owners(with_metadata=True), purls()
    )
    by_path = {f.path: f.component for f in files}
    assert by_path == {
        "letadesk": "pkg:pypi/pyinstaller@6",
        "_internal/libz.so.1": "deb:zlib1g",
        "_internal/rich/__init__.py": purls()["rich"],
        "_internal/rich-x.dist-info/METADATA": purls()["rich"],
        "_internal/letadesk/verify/calibration.json": supply_chain.APP_COMPONENT,
        "_internal/base_library.zip": supply_chain.CPYTHON_REF,
        "_internal/stray.so": "",
    }
    assert supply_chain.uncovered(files) == ["_internal/stray.so"]
    assert set(debian.values()) == {"zlib1g"}


def test_a_debian_library_has_its_version_spdx_licence_and_copyright(tmp_path) -> None:
    package = supply_chain.debian_package("zlib1g")
    installed = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", "zlib1g"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    assert package.version == installed and package.source == "zlib"
    assert package.licence == "Zlib" and supply_chain.is_spdx(package.licence)
    assert package.purl == f"pkg:deb/debian/zlib1g@{installed}?arch=amd64"
    assert "Jean-loup Gailly" in package.copyright


def test_the_sbom_covers_every_file_and_the_checker_agrees(tmp_path) -> None:
    app, work = frozen(tmp_path, stray=False)
    files, debian = supply_chain.classify_tree(
        app, work, supply_chain.record_owners(with_metadata=True), purls()
    )
    assert supply_chain.uncovered(files) == []
    debs = [supply_chain.debian_package(name) for name in sorted(set(debian.values()))]
    dists = supply_chain.describe({"rich": metadata.distribution("rich")})
    with pytest.raises(supply_chain.SupplyChainError, match="components the SBOM lacks"):
        supply_chain.sbom("9.9", "abc", dists, [], debs=debs, files=files)
    bootloader = supply_chain.Distribution(
        "pyinstaller", "6", "GPL-2.0-or-later", "t", True, (), ()
    )
    dists += [supply_chain.python_runtime(), bootloader]
    bom = supply_chain.sbom("9.9", "abc", dists, [], debs=debs, files=files)
    (zlib,) = [c for c in bom["components"] if c["bom-ref"] == "deb:zlib1g"]
    assert zlib["licenses"] == [{"expression": "Zlib"}] and zlib["hashes"][0]["alg"] == "SHA-256"
    assert f"_internal/libz.so.1 sha256:{supply_chain.sha256_of(ZLIB)}" in json.dumps(zlib)
    sbom_file = tmp_path / "bom.json"
    sbom_file.write_text(json.dumps(bom), encoding="utf-8")
    ok = subprocess.run(
        [sys.executable, str(CHECK), str(app), str(sbom_file)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ok.returncode == 0, ok.stdout
    assert "6 files, 0 uncovered" in ok.stdout
    (app / "_internal" / "libz.so.1").write_bytes(b"changed")
    (app / "_internal" / "added.so").write_bytes(b"new")
    bad = subprocess.run(
        [sys.executable, str(CHECK), str(app), str(sbom_file)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 1
    assert "uncovered: _internal/added.so" in bad.stdout
    assert "changed: _internal/libz.so.1 (listed under deb:zlib1g)" in bad.stdout


def test_notices_carry_debian_copyright_and_no_build_machine_path(tmp_path) -> None:
    debs = [supply_chain.debian_package("zlib1g")]
    dists = [supply_chain.python_runtime()]
    text = supply_chain.notices("9.9", dists, [], debs)
    assert "zlib1g" in text and "Jean-loup Gailly" in text
    assert "SOURCE-OFFER" in text
    assert supply_chain.leaked_paths(text) == []
    assert sys.prefix in supply_chain.leaked_paths(f"see {sys.prefix}/lib")


def test_every_licence_in_the_sbom_is_an_spdx_expression() -> None:
    assert supply_chain.is_spdx("LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only")
    assert supply_chain.is_spdx("GPL-2.0-or-later WITH Bootloader-exception")
    assert supply_chain.is_spdx("(MIT OR Apache-2.0) AND LicenseRef-Debian-libx11-6")
    for words in ("MIT License", "BSD License", "Apache 2.0", "MIT OR", "(MIT", "GPL-2+"):
        assert not supply_chain.is_spdx(words), words
    assert supply_chain.debian_spdx("GPL-2+ or BSD-3-clause", "x") == (
        "(GPL-2.0-or-later OR BSD-3-Clause)"
    )
    assert supply_chain.debian_spdx("Tcl-BSDish", "x") == "LicenseRef-Debian-x"
    dists = supply_chain.describe(supply_chain.declared_closure())
    bom = supply_chain.sbom("9.9", "abc", dists, [])
    for component in bom["components"]:
        (licence,) = component["licenses"]
        assert supply_chain.is_spdx(licence["expression"]), component["name"]


def test_onnxruntime_third_party_notices_are_collected() -> None:
    try:
        dist = metadata.distribution("onnxruntime")
    except metadata.PackageNotFoundError:
        pytest.skip("onnxruntime is not installed")
    paths = [path for path, _ in supply_chain.licence_files(dist)]
    assert "onnxruntime/ThirdPartyNotices.txt" in paths
