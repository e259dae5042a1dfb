"""installers/make-apt-repo.sh: a local apt repository in a folder (a USB stick) that a
real apt, with no network source, reads: it offers the newest LetaDesk, installs it into a
throwaway root's package list view, and its signed Release verifies with minisign."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = ROOT / "installers" / "make-apt-repo.sh"

pytestmark = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("apt-get", "dpkg-scanpackages", "minisign")),
    reason="needs apt, dpkg-dev and minisign",
)


def apt(root: Path, repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """apt with its own state, cache and only the repository as a source."""
    (root / "etc" / "apt" / "sources.list.d").mkdir(parents=True, exist_ok=True)
    (root / "etc" / "apt" / "preferences.d").mkdir(parents=True, exist_ok=True)
    (root / "etc" / "apt" / "sources.list").write_text(
        f"deb [trusted=yes] copy:{repo} ./\n", encoding="utf-8"
    )
    for sub in ("var/lib/apt/lists/partial", "var/cache/apt/archives/partial", "var/lib/dpkg"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    (root / "var" / "lib" / "dpkg" / "status").touch()
    options = [
        f"-oDir={root}",
        f"-oDir::State::status={root}/var/lib/dpkg/status",
        "-oDir::Etc::trusted=/dev/null",
        "-oDir::Etc::trustedparts=/dev/null",
        "-oAPT::Sandbox::User=root",
        "-oDebug::NoLocking=1",
    ]
    return subprocess.run(
        [args[0], *options, *args[1:]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )


def test_apt_reads_the_usb_repository_and_offers_the_newest(tmp_path, keypair, package) -> None:
    debs = [package(tmp_path, "0.1.0"), package(tmp_path, "0.2.0")]
    key, pub = keypair(tmp_path / "key", "pw")
    repo = tmp_path / "usb" / "letadesk"
    made = subprocess.run(
        [str(MAKE), str(repo), *map(str, debs)],
        input="pw\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "MINISIGN_KEY": str(key), "MINISIGN_PUB": str(pub)},
    )
    assert made.returncode == 0, made.stderr
    assert "2 package(s)" in made.stdout
    verify = ["minisign", "-Vm", str(repo / "Release"), "-p", str(repo / "minisign.pub")]
    assert subprocess.run(verify, capture_output=True, timeout=60).returncode == 0
    root = tmp_path / "root"
    update = apt(root, repo, "apt-get", "update")
    assert update.returncode == 0, update.stdout + update.stderr
    policy = apt(root, repo, "apt-cache", "policy", "letadesk")
    assert "Candidate: 0.2.0" in policy.stdout, policy.stdout
    assert "0.1.0" in policy.stdout  # both versions offered; the older needs a forced pin
    fetched = apt(root, repo, "apt-get", "install", "--download-only", "-y", "letadesk")
    assert fetched.returncode == 0, fetched.stdout + fetched.stderr
    assert (root / "var/cache/apt/archives/letadesk_0.2.0_all.deb").is_file()
    # a changed package no longer matches the Packages index apt checks it against
    (repo / "pool" / "letadesk_0.2.0_all.deb").write_bytes(debs[0].read_bytes())
    shutil.rmtree(root / "var/cache/apt/archives")
    (root / "var/cache/apt/archives/partial").mkdir(parents=True)
    tampered = apt(root, repo, "apt-get", "install", "--download-only", "-y", "letadesk")
    assert tampered.returncode != 0
    assert "mismatch" in (tampered.stdout + tampered.stderr).lower()
