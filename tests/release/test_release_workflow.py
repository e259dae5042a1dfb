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

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_the_release_builds_three_platforms_then_signs_the_sums() -> None:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    jobs = flow["jobs"]
    assert set(jobs) == {"linux", "windows", "macos", "sums"}
    assert set(jobs["sums"]["needs"]) == {"linux", "windows", "macos"}
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
        assert step["env"] == {  # type: ignore[comparison-overlap]
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
