"""installers/linux/preinst: dpkg refuses to replace an installed LetaDesk by an older
one unless LETADESK_ALLOW_DOWNGRADE=1. Run by a real dpkg on real packages, installed into
a throwaway root (--root with chrootless scripts: the host's package database is not
touched)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PREINST = ROOT / "installers" / "linux" / "preinst"

pytestmark = pytest.mark.skipif(
    shutil.which("dpkg") is None or shutil.which("dpkg-deb") is None, reason="needs dpkg"
)


def dpkg_install(root: Path, deb: Path, **env: str) -> subprocess.CompletedProcess[str]:
    admin = root / "var" / "lib" / "dpkg"
    for sub in ("info", "updates", "triggers"):
        (admin / sub).mkdir(parents=True, exist_ok=True)
    (admin / "status").touch()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LETADESK")}
    return subprocess.run(
        [
            "dpkg",
            f"--root={root}",
            "--force-script-chrootless",
            "--force-not-root",
            "--log=/dev/null",
            "-i",
            str(deb),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**clean, **env},
    )


def installed(root: Path) -> str:
    return (root / "opt" / "letadesk" / "VERSION").read_text(encoding="utf-8")


def test_a_downgrade_is_refused_unless_forced(tmp_path, package) -> None:
    """Two minimal packages, each with the real preinst of its version."""

    def with_preinst(version: str) -> Path:
        script = PREINST.read_text(encoding="utf-8").replace("@VERSION@", version)
        files = {"opt/letadesk/VERSION": version}
        return package(tmp_path, version, files=files, preinst=script)

    old, new = with_preinst("0.1.0"), with_preinst("0.2.0")
    root = tmp_path / "root"
    assert dpkg_install(root, old).returncode == 0
    upgrade = dpkg_install(root, new)
    assert upgrade.returncode == 0, upgrade.stderr
    assert installed(root) == "0.2.0"
    refused = dpkg_install(root, old)
    assert refused.returncode != 0
    assert "refusing to replace the installed 0.2.0 by the older 0.1.0" in refused.stderr
    assert installed(root) == "0.2.0"
    forced = dpkg_install(root, old, LETADESK_ALLOW_DOWNGRADE="1")
    assert forced.returncode == 0, forced.stderr
    assert installed(root) == "0.1.0"
    again = dpkg_install(root, old)  # the same version again is not a downgrade
    assert again.returncode == 0, again.stderr
