"""Release signing (installers/sign-release.sh and the key checks at the top of
installers/build-linux.sh) with a real password-protected throwaway minisign key: the
password comes from stdin, every artefact gets its own .minisig that `minisign -Vm FILE -p
PUB` accepts, a wrong key or password fails, and a build without a key refuses unless
it is asked to be a test build."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIGN = ROOT / "installers" / "sign-release.sh"
BUILD = ROOT / "installers" / "build-linux.sh"
PASSWORD = "correct horse battery staple"

pytestmark = pytest.mark.skipif(shutil.which("minisign") is None, reason="needs minisign")


def run(
    cmd: list[str], stdin: str | None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture(scope="module")
def protected(tmp_path_factory: pytest.TempPathFactory, keypair) -> tuple[Path, Path]:
    return keypair(tmp_path_factory.mktemp("key"), PASSWORD)


def artefacts(folder: Path) -> list[Path]:
    files = []
    for name in ("letadesk_9.9_amd64.deb", "letadesk-9.9.cdx.json", "THIRD_PARTY_NOTICES"):
        (folder / name).write_bytes(name.encode() * 100)
        files.append(folder / name)
    sums = folder / "SHA256SUMS"
    sums.write_text("".join(f"{'0' * 64}  {f.name}\n" for f in files), encoding="utf-8")
    return [*files, sums]


def test_a_protected_key_fed_as_build_linux_fed_it_fails(protected, tmp_path) -> None:
    """The defect: the password never reached minisign (stdin was /dev/null)."""
    key, _ = protected
    (tmp_path / "f").write_text("x", encoding="utf-8")
    with open(os.devnull, encoding="utf-8") as null:
        done = subprocess.run(
            ["minisign", "-S", "-s", str(key), "-m", str(tmp_path / "f")],
            stdin=null,
            capture_output=True,
            timeout=60,
            check=False,
        )
    assert done.returncode != 0


def test_every_artefact_signed_with_the_password_from_stdin(protected, tmp_path) -> None:
    key, pub = protected
    files = artefacts(tmp_path)
    done = run(
        [str(SIGN), str(pub), *map(str, files)],
        f"{PASSWORD}\n",
        {"MINISIGN_KEY": str(key), "SIGN_COMMENT": "letadesk 9.9 test"},
    )
    assert done.returncode == 0, done.stderr
    for file in files:
        check = run(["minisign", "-Vm", str(file), "-p", str(pub)], None)
        assert check.returncode == 0, (file.name, check.stderr)
        assert "letadesk 9.9 test" in check.stdout
    deb = files[0]
    deb.write_bytes(deb.read_bytes()[:-1] + b"!")  # one changed byte fails it
    assert run(["minisign", "-Vm", str(deb), "-p", str(pub)], None).returncode != 0


def test_a_wrong_or_missing_password_fails_and_says_so(protected, tmp_path) -> None:
    key, pub = protected
    files = artefacts(tmp_path)
    for stdin in ("wrong\n", ""):
        done = run([str(SIGN), str(pub), *map(str, files)], stdin, {"MINISIGN_KEY": str(key)})
        assert done.returncode == 3, (stdin, done.stderr)
        assert "could not sign" in done.stderr
    assert not list(tmp_path.glob("*.minisig"))


def test_a_key_that_is_not_the_public_keys_signs_nothing(protected, tmp_path, keypair) -> None:
    key, _ = protected
    _, other_pub = keypair(tmp_path / "other", None)
    files = artefacts(tmp_path)
    done = run(
        [str(SIGN), str(other_pub), *map(str, files)], f"{PASSWORD}\n", {"MINISIGN_KEY": str(key)}
    )
    assert done.returncode == 4 and "is not the key" in done.stderr
    assert not list(tmp_path.glob("*.minisig"))
    missing = run([str(SIGN), str(tmp_path / "none.pub"), str(files[0])], "", {})
    assert missing.returncode == 2


def _build_check(tmp_path: Path, stdin: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("MINISIGN", "LETADESK"))}
    return subprocess.run(
        [str(BUILD), str(tmp_path / "out")],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**clean, "LETADESK_CHECK_ONLY": "1", **env},
    )


@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("dpkg-deb", "desktop-file-validate", "appstreamcli")),
    reason="needs the build tools build-linux.sh checks for",
)
def test_build_linux_refuses_without_a_key_and_checks_the_key_first(protected, tmp_path) -> None:
    key, pub = protected
    refused = _build_check(tmp_path, "")
    assert refused.returncode == 2 and "LETADESK_TEST_BUILD=1" in refused.stderr
    test_build = _build_check(tmp_path, "", LETADESK_TEST_BUILD="1")
    assert test_build.returncode == 0, test_build.stderr
    assert "TEST BUILD" in test_build.stdout
    good = _build_check(tmp_path, f"{PASSWORD}\n", MINISIGN_KEY=str(key), MINISIGN_PUB=str(pub))
    assert good.returncode == 0, good.stderr
    bad = _build_check(tmp_path, "wrong\n", MINISIGN_KEY=str(key), MINISIGN_PUB=str(pub))
    assert bad.returncode != 0 and "Wrong password" in bad.stderr
    no_pub = _build_check(
        tmp_path, f"{PASSWORD}\n", MINISIGN_KEY=str(key), MINISIGN_PUB=str(tmp_path / "x.pub")
    )
    assert no_pub.returncode != 0 and "no public key" in no_pub.stderr


def test_the_docs_publish_the_committed_release_key_or_say_it_is_missing() -> None:
    """The key ceremony's last step: the committed public key's id is in the docs, so IT
    can compare it; while no key is committed, the docs say so plainly."""
    docs = (ROOT / "docs" / "installers.md").read_text(encoding="utf-8")
    pub = ROOT / "installers" / "minisign.pub"
    if not pub.exists():
        assert "**Status: the key has not been made yet.**" in docs
        return
    comment, key = pub.read_text(encoding="utf-8").splitlines()[:2]
    key_id = comment.rsplit(" ", 1)[-1]
    assert comment.startswith("untrusted comment: minisign public key ")
    assert key_id in docs and key in docs
    assert "has not been made yet" not in docs
