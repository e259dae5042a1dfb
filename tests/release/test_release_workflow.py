"""The release workflow (.github/workflows/release.yml) cannot run here (no GitHub
runners); this keeps it from rotting: it parses, builds on the three platforms before the
signing job, and every project script it calls exists."""

from __future__ import annotations

import re
from pathlib import Path

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
    assert "minisign -S" in text and "attest-build-provenance" in text
