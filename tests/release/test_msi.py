"""installers/build-windows.sh: the per-machine MSI, built with wixl and signed with
osslsigncode, as the release pipeline builds it.

The payload here is a stand-in for the Windows one-dir build (which only a Windows
PyInstaller run makes): the files the spec names (letadesk.exe, letadesk-gui.exe,
_internal/) with placeholder contents. What is tested is the package around it: the
tables Windows Installer acts on, the upgrade rules, the shortcut and the signature.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import letadesk

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "installers" / "build-windows.sh"
UPGRADE_CODE = "{C1B3D06C-5438-46F3-807D-50F39180F8A8}"
TOOLS = ("wixl", "wixl-heat", "msiinfo", "osslsigncode", "openssl")

pytestmark = pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS),
    reason=f"needs {', '.join(TOOLS)} (scripts/setup.sh installs them as root)",
)


def payload(root: Path) -> Path:
    build = root / "letadesk"
    (build / "_internal" / "letadesk" / "resources").mkdir(parents=True)
    for name in ("letadesk.exe", "letadesk-gui.exe", "_internal/python311.dll"):
        (build / name).write_bytes(b"MZ stand-in for " + name.encode())
    (build / "_internal" / "letadesk" / "resources" / "letadesk.svg").write_text("<svg/>")
    return build


def build(tmp_path: Path, version: str | None = None) -> tuple[Path, Path]:
    """(the MSI, the throwaway certificate it was signed with)."""
    out = tmp_path / "out"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    if version:
        env["LETADESK_VERSION"] = version
    done = subprocess.run(
        ["bash", str(SCRIPT), str(payload(tmp_path / "build")), str(out)],
        capture_output=True,
        text=True,
        env={**env, "PYTHON": sys.executable},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "THROWAWAY test certificate" in done.stdout
    want = version or letadesk.__version__
    return out / f"letadesk-{want}-x64.msi", out / ".work-windows" / "test-authenticode.crt"


def table(msi: Path, name: str) -> list[list[str]]:
    text = subprocess.run(
        ["msiinfo", "export", str(msi), name], capture_output=True, text=True, check=True
    ).stdout
    return [line.split("\t") for line in text.splitlines()[3:]]  # past the 3 header lines


def test_the_msi_installs_per_machine_with_a_start_menu_shortcut_and_upgrades(
    tmp_path: Path,
) -> None:
    msi, _cert = build(tmp_path, "0.1.0")
    props = dict(row[:2] for row in table(msi, "Property"))
    assert props["ProductVersion"] == "0.1.0" and props["ProductName"] == "LetaDesk"
    assert props["ALLUSERS"] == "1"  # per machine: Program Files, for every user
    assert props["UpgradeCode"].upper() == UPGRADE_CODE
    dirs = {row[0]: row for row in table(msi, "Directory")}
    assert "ProgramFiles64Folder" in dirs and dirs["INSTALLDIR"][2] == "LetaDesk"
    files = {row[2].split("|")[-1] for row in table(msi, "File")}
    assert files == {"letadesk.exe", "letadesk-gui.exe", "python311.dll", "letadesk.svg"}
    (shortcut,) = table(msi, "Shortcut")
    assert shortcut[1] == "LetaDeskMenu" and shortcut[4] == "[INSTALLDIR]letadesk-gui.exe"
    # MajorUpgrade: an older install is found and replaced, a newer one refuses this
    upgrades = {row[-1]: row for row in table(msi, "Upgrade")}
    assert set(upgrades) == {"WIX_UPGRADE_DETECTED", "WIX_DOWNGRADE_DETECTED"}
    assert all(row[0] == UPGRADE_CODE for row in upgrades.values())
    newer, _ = build(tmp_path / "next", "0.2.0")
    newer_props = dict(row[:2] for row in table(newer, "Property"))
    assert newer_props["UpgradeCode"] == props["UpgradeCode"]
    assert newer_props["ProductCode"] != props["ProductCode"]


def test_the_signature_verifies_and_an_altered_msi_fails(tmp_path: Path) -> None:
    msi, cert = build(tmp_path)
    verify = ["osslsigncode", "verify", "-CAfile", str(cert), "-in"]
    assert subprocess.run([*verify, str(msi)], capture_output=True, check=False).returncode == 0
    data = bytearray(msi.read_bytes())
    data[len(data) // 2] ^= 0xFF
    altered = tmp_path / "altered.msi"
    altered.write_bytes(bytes(data))
    assert subprocess.run([*verify, str(altered)], capture_output=True, check=False).returncode


def test_a_folder_that_is_not_the_windows_build_is_refused(tmp_path: Path) -> None:
    (tmp_path / "linux").mkdir()
    (tmp_path / "linux" / "letadesk").write_text("ELF")
    done = subprocess.run(
        ["bash", str(SCRIPT), str(tmp_path / "linux"), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "has no letadesk.exe" in done.stderr and str(tmp_path / "linux") in done.stderr
