"""``scripts/egress_trace.py``: the egress check with a network present (strace).

Its findings on strace lines as strace writes them, then real runs: a child that loads
onnxruntime without LetaDesk's environment is caught writing its telemetry under HOME;
the ``letadesk`` command is not.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "egress_trace", ROOT / "scripts" / "egress_trace.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


trace = _load()


def _traceable() -> bool:
    if shutil.which("strace") is None:
        return False
    probe = subprocess.run(["strace", "-f", "-qq", "-o", os.devnull, "true"], check=False)
    return probe.returncode == 0


needs_strace = pytest.mark.skipif(not _traceable(), reason="strace missing or not permitted")

LINES = [
    "101 socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0) = 3<socket:[1]>",
    '101 connect(3<socket:[1]>, {sa_family=AF_UNIX, sun_path="/tmp/x/engine.sock"}, 20) = 0',
    '101 openat(AT_FDCWD</w>, "/p/profile/letadesk.sqlite3", O_RDWR|O_CREAT|O_CLOEXEC, 0644) = 4',
    '101 openat(AT_FDCWD</w>, "/usr/lib/x.so", O_RDONLY|O_CLOEXEC) = 5',
    '101 mkdir("/home/u/.cache/LetaDesk/e5-onnx", 0777) = 0',
    '101 openat(AT_FDCWD</w>, "/dev/null", O_WRONLY|O_CLOEXEC) = 6',
    '101 openat(AT_FDCWD</w>, "/home/u/.bashrc", O_WRONLY|O_CREAT|O_TRUNC, 0666) = -1 EACCES (x)',
]


def test_what_stays_inside_passes() -> None:
    assert trace.findings(LINES, ["/p/profile", "/home/u/.cache/LetaDesk"], "/w") == []


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("202 socket(AF_INET, SOCK_DGRAM|SOCK_CLOEXEC, IPPROTO_IP) = 3", "network socket"),
        (
            "202 connect(3<socket:[9]>, {sa_family=AF_INET6, sin6_port=htons(443)}, 28) = 0",
            "network call",
        ),
        ('202 openat(AT_FDCWD</w>, "/etc/resolv.conf", O_RDONLY|O_CLOEXEC) = 3', "DNS lookup"),
        (
            '202 connect(3<socket:[2]>, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110)'
            " = -1 ENOENT (No such file or directory)",
            "DNS lookup",
        ),
        ('202 mkdir("/home/u/.cache/Microsoft", 0700) = 0', "outside"),
        (
            '202 openat(6</home/u/.cache/Microsoft/DeveloperTools/.onnxruntime>, "deviceid.tmp", '
            "O_WRONLY|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC, 0600) = 7",
            "outside",
        ),
        ('202 rename("/p/profile/a", "/home/u/.bashrc") = 0', "outside"),
        ('202 openat(AT_FDCWD</w>, "notes.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3', "outside"),
    ],
)
def test_each_kind_of_egress_is_found(line: str, kind: str) -> None:
    found = trace.findings([line], ["/p/profile", "/home/u/.cache/LetaDesk"], "/w")
    assert len(found) == 1 and kind in found[0]


def _child_env(home: Path) -> dict[str, str]:
    drop = {"ORT_DISABLE_TELEMETRY", "CI"}  # onnxruntime writes nothing under CI=true
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("XDG_")}
    return {**env, "HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1"}


def _traced(argv: list[str], home: Path, allow: list[Path]) -> subprocess.CompletedProcess[str]:
    flags = [f"--allow={p}" for p in allow]
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "egress_trace.py"), *flags, "--", *argv],
        capture_output=True,
        text=True,
        env=_child_env(home),
        cwd=home,
        timeout=300,
        check=False,
    )


ONNX = (
    "import numpy as np, onnx.helper as h\n"
    "g = h.make_graph([h.make_node('Identity', ['x'], ['y'])], 'g', "
    "[h.make_tensor_value_info('x', 1, [1])], [h.make_tensor_value_info('y', 1, [1])])\n"
    "m = h.make_model(g, opset_imports=[h.make_opsetid('', 13)]); m.ir_version = 8\n"
    "import onnxruntime as ort\n"
    "ort.InferenceSession(m.SerializeToString(), providers=['CPUExecutionProvider'])"
    ".run(None, {'x': np.ones(1, dtype=np.float32)})\n"
)


@needs_strace
def test_onnxruntime_without_the_switch_is_caught(tmp_path: Path) -> None:
    out = _traced([sys.executable, "-c", ONNX], tmp_path, [])
    assert out.returncode == 1
    assert ".cache/Microsoft/DeveloperTools/.onnxruntime" in out.stderr


@needs_strace
def test_onnxruntime_after_letadesk_prepares_the_environment_passes(tmp_path: Path) -> None:
    code = "from letadesk.offline import prepare_environment; prepare_environment()\n" + ONNX
    out = _traced([sys.executable, "-c", code], tmp_path, [])
    assert out.returncode == 0, out.stderr


@needs_strace
def test_the_letadesk_command_writes_only_its_profile(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    for verb in (["status"], ["matters"]):
        out = _traced(
            [sys.executable, "-m", "letadesk", "--data-dir", str(profile), *verb],
            tmp_path,
            [profile],
        )
        assert out.returncode == 0, out.stderr
