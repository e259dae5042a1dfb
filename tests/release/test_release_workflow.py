"""The release workflow (.github/workflows/release.yml) cannot run here (no GitHub
runners); this keeps it from rotting: it parses, builds on the three platforms before the
signing job, and every project script it calls exists."""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from letadesk.index.e5_graphs import load_manifest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_the_release_builds_three_platforms_then_signs_the_sums() -> None:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    jobs = flow["jobs"]
    assert set(jobs) == {"e5-graphs", "linux", "windows", "macos", "sums"}
    assert set(jobs["sums"]["needs"]) == {"e5-graphs", "linux", "windows", "macos"}
    text = WORKFLOW.read_text(encoding="utf-8")
    called = set(re.findall(r"(?:installers|scripts)/[\w./-]+\.(?:sh|spec|wxs|txt)", text))
    called |= {p.replace("\\", "/") for p in re.findall(r"installers\\[\w\\.-]+\.wxs", text)}
    assert "installers/build-linux.sh" in called and "installers/windows/letadesk.wxs" in called
    missing = sorted(p for p in called if not (ROOT / p).is_file())
    assert not missing, f"the workflow calls files that do not exist: {missing}"
    for job in ("linux", "windows"):  # llama.cpp for portable CPUs, never -march=native
        assert any("GGML_NATIVE=OFF" in str(step.get("env", {})) for step in jobs[job]["steps"]), (
            job
        )
    assert "installers/sign-release.sh" in text and "attest-build-provenance" in text


def _step(job: str, starts: str) -> dict[str, object]:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    (step,) = [s for s in flow["jobs"][job]["steps"] if str(s.get("name", "")).startswith(starts)]
    return step


def test_the_key_comes_from_secrets_its_password_on_stdin_and_signtool_from_the_sdk() -> None:
    for job, starts in (("linux", "Build the .deb"), ("sums", "SHA256SUMS, and")):
        step = _step(job, starts)
        run = str(step["run"])
        env = dict(step["env"])  # type: ignore[call-overload]
        env.pop("LETADESK_E5_ONNX_DIR", None)  # the checked e5 files the build bundles
        assert env == {
            "MINISIGN_KEY_B64": "${{ secrets.MINISIGN_KEY }}",
            "MINISIGN_PASSWORD": "${{ secrets.MINISIGN_PASSWORD }}",
        }
        assert "test -f installers/minisign.pub" in run and "</dev/null" not in run
        assert "printf '%s\\n' \"$MINISIGN_PASSWORD\" | MINISIGN_KEY=" in run
    msi = str(_step("windows", "MSI, signed")["run"])
    assert "Windows Kits\\10\\bin\\*\\x64\\signtool.exe" in msi
    assert "& signtool" not in msi  # not on the runner's PATH
    assert "/tr http://timestamp.digicert.com /td SHA256" in msi


@pytest.mark.skipif(shutil.which("minisign") is None, reason="needs minisign")
def test_the_signing_job_dry_run_signs_every_file_and_fails_on_a_key_mismatch(
    tmp_path, keypair
) -> None:
    """The sums job's signing step, run here as the runner would run it, with a throwaway
    password-protected key standing for the MINISIGN_KEY secret."""
    run = str(_step("sums", "SHA256SUMS, and")["run"])
    work = tmp_path / "ws"
    (work / "installers").mkdir(parents=True)
    shutil.copy(ROOT / "installers" / "sign-release.sh", work / "installers")
    release = work / "release"
    release.mkdir()
    names = ["letadesk_9.9_amd64.deb", "letadesk-9.9-x64.msi", "LetaDesk-9.9.dmg"]
    names += ["letadesk-9.9.cdx.json", "THIRD_PARTY_NOTICES"]
    names += ["letadesk-9.9-windows.cdx.json", "THIRD_PARTY_NOTICES-windows"]
    names += [pin.name for pin in load_manifest().files.values()]  # the e5 files, released
    for name in names:
        (release / name).write_text(name, encoding="utf-8")
    key, pub = keypair(tmp_path / "key", "pw")
    env = {
        "PATH": os.environ["PATH"],
        "RUNNER_TEMP": str(tmp_path),
        "MINISIGN_KEY_B64": base64.b64encode(key.read_bytes()).decode(),
        "MINISIGN_PASSWORD": "pw",
    }

    def step() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-euo", "pipefail", "-c", run],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    missing = step()  # no installers/minisign.pub committed
    assert missing.returncode != 0 and "minisign.pub is not committed" in missing.stdout
    shutil.copy(pub, work / "installers" / "minisign.pub")
    done = step()
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "minisign.key").exists()  # the secret is not left behind
    for name in [*names, "SHA256SUMS"]:
        verify = ["minisign", "-Vm", str(release / name), "-p", str(release / "minisign.pub")]
        assert subprocess.run(verify, capture_output=True, timeout=60).returncode == 0, name
    _, other_pub = keypair(tmp_path / "other", None)
    shutil.copy(other_pub, work / "installers" / "minisign.pub")
    mismatch = step()
    assert mismatch.returncode != 0 and "is not the key" in mismatch.stderr


def _steps(job: str) -> list[dict[str, object]]:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps: list[dict[str, object]] = flow["jobs"][job]["steps"]
    return steps


def test_the_e5_files_are_built_once_and_every_platform_checks_what_it_bundles() -> None:
    """One job builds the e5 graphs and checks them against their pins; each platform's
    job downloads that artefact, checks it again and points letadesk.spec at it."""
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    build = "\n".join(str(s.get("run", "")) for s in _steps("e5-graphs"))
    assert "scripts/build_e5_graphs.py --out e5-graphs --force" in build
    assert "['built_with']" in build  # the tools at the versions the pins were made with
    (upload,) = [s for s in _steps("e5-graphs") if "upload-artifact" in str(s.get("uses"))]
    assert upload["with"] == {"name": "e5-graphs", "path": "e5-graphs/*"}
    for job in ("linux", "windows", "macos"):
        assert flow["jobs"][job]["needs"] == "e5-graphs", job
        steps = _steps(job)
        downloads = [s for s in steps if "download-artifact" in str(s.get("uses"))]
        assert downloads and downloads[0]["with"] == {"name": "e5-graphs", "path": "e5-graphs"}
        runs = [str(s.get("run", "")) for s in steps]
        assert any("scripts/build_e5_graphs.py --check e5-graphs" in r for r in runs), job
        bundling = [s for s in steps if "LETADESK_E5_ONNX_DIR" in str(s.get("env", {}))]
        assert bundling, f"{job}: no build step is pointed at the checked e5 files"
        env = bundling[0]["env"]
        assert env["LETADESK_E5_ONNX_DIR"] == "${{ github.workspace }}/e5-graphs"  # type: ignore[index]


def test_the_windows_job_builds_smoke_tests_describes_and_packages_the_bundle() -> None:
    """Not run here (no Windows runner): its steps, by name, and what each must call."""
    names = [str(s.get("name", s.get("uses"))) for s in _steps("windows")]
    order = [
        "Set up",
        "Check the e5 files",
        "One-dir build",
        "SBOM and third-party notices",
        "Smoke test",
        "WiX 3",
        "MSI, signed",
    ]
    found = [next(i for i, n in enumerate(names) if n.startswith(want)) for want in order]
    assert found == sorted(found), names
    build = str(_step("windows", "One-dir build")["run"])
    assert "PyInstaller" in build and "--workpath build installers/letadesk.spec" in build
    sbom = str(_step("windows", "SBOM and third-party notices")["run"])
    assert "installers/supply_chain.py dist/sbom --build build/letadesk" in sbom
    assert "installers/check_sbom_tree.py dist/letadesk" in sbom
    assert "THIRD_PARTY_NOTICES-windows" in sbom and "-windows.cdx.json" in sbom
    smoke = str(_step("windows", "Smoke test")["run"])
    assert '-match "WARNING"' in smoke  # e5 runs from the bundled graphs, not MiniLM
    assert '-ArgumentList "engine"' in smoke and "letadesk engine: exit 0 in" in smoke
    assert "New-NetFirewallRule" in smoke
    wix = str(_step("windows", "WiX 3")["run"])
    assert "Get-Command candle.exe" in wix and "wixtoolset --version=3.14.1" in wix
    msi = str(_step("windows", "MSI, signed")["run"])
    assert "heat dir" in msi and "candle -arch x64" in msi and "light -o" in msi
    assert "-Recurse -Filter signtool.exe" in msi  # the SDK's other layouts
    (upload,) = [s for s in _steps("windows") if "upload-artifact" in str(s.get("uses"))]
    assert "dist/THIRD_PARTY_NOTICES-windows" in str(upload["with"])
