"""What the release tests make again and again, made one way: a throwaway minisign key
pair (password-protected or not) and a minimal Debian package of LetaDesk."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

KeyPair = Callable[[Path, "str | None"], tuple[Path, Path]]
Package = Callable[..., Path]


def make_keypair(folder: Path, password: str | None) -> tuple[Path, Path]:
    """A minisign key pair in ``folder`` (``k.key``, ``k.pub``); ``password`` None: none."""
    folder.mkdir(parents=True, exist_ok=True)
    key, pub = folder / "k.key", folder / "k.pub"
    args = ["minisign", "-G", "-f", "-p", str(pub), "-s", str(key)]
    if password is None:
        args.insert(2, "-W")
    done = subprocess.run(
        args,
        input="" if password is None else f"{password}\n{password}\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return key, pub


def make_package(
    folder: Path, version: str, *, files: dict[str, str] | None = None, preinst: str = ""
) -> Path:
    """A minimal ``letadesk`` package of ``version`` in ``folder``: ``files`` (path in the
    package: text) and, when given, ``preinst`` as its pre-install script."""
    tree = folder / f"tree-{version}"
    (tree / "DEBIAN").mkdir(parents=True)
    (tree / "DEBIAN" / "control").write_text(
        f"Package: letadesk\nVersion: {version}\nArchitecture: all\n"
        "Maintainer: t <t@t.invalid>\nDescription: test\n",
        encoding="utf-8",
    )
    for name, text in (files or {}).items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    if preinst:
        script = tree / "DEBIAN" / "preinst"
        script.write_text(preinst, encoding="utf-8")
        script.chmod(0o755)
    deb = folder / f"letadesk_{version}_all.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "--build", str(tree), str(deb)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return deb


@pytest.fixture(scope="session")
def keypair() -> KeyPair:
    return make_keypair


@pytest.fixture(scope="session")
def package() -> Package:
    return make_package
