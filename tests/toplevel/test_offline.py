"""The process environment that keeps LetaDesk offline (letadesk.offline).

onnxruntime starts Microsoft's telemetry when it is imported (a device id and an event
queue under ~/.cache/Microsoft/DeveloperTools/.onnxruntime/, sent where a network exists)
unless ORT_DISABLE_TELEMETRY=1 is set before the import. These tests run each entry
point in a child process with a temporary HOME and look at what it left there.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import letadesk
from letadesk.offline import DEFAULTS, FORCED, THREADS

SRC = Path(letadesk.__file__).parent
WATCHED = ("onnxruntime", "transformers", "sentence_transformers", "huggingface_hub")
IDENTITY_GRAPH = """
import numpy as np, onnx.helper as h
g = h.make_graph([h.make_node("Identity", ["x"], ["y"])], "g",
                 [h.make_tensor_value_info("x", 1, [1])], [h.make_tensor_value_info("y", 1, [1])])
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)]); m.ir_version = 8
import onnxruntime as ort
s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
s.run(None, {"x": np.ones(1, dtype=np.float32)})
"""


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A child's environment with ``home`` as HOME and no telemetry/offline switch set."""
    # CI=true (as CI runs) keeps onnxruntime from writing its telemetry: a user's shell
    # has no such variable.
    drop = {"ORT_DISABLE_TELEMETRY", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "CI"}
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("XDG_")}
    return {**env, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), **extra}


def _run(code: str, env: dict[str, str]) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def _microsoft(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in (home / ".cache" / "Microsoft").rglob("*"))


def test_onnxruntime_writes_its_telemetry_files_unless_told_not_to(tmp_path: Path) -> None:
    """The defect itself, so that the checks below are known to look at the right place:
    onnxruntime imported without the switch leaves a device id under HOME."""
    home = tmp_path / "home"
    home.mkdir()
    _run(IDENTITY_GRAPH, _env(home))
    assert any(p.endswith("deviceid") for p in _microsoft(home))


def test_prepared_environment_keeps_onnxruntime_from_writing_telemetry(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    _run(
        "from letadesk.offline import prepare_environment; prepare_environment()\n"
        + IDENTITY_GRAPH,
        _env(home),
    )
    assert _microsoft(home) == []


@pytest.mark.model  # the child loads the real judge
def test_the_cli_loads_onnxruntime_without_telemetry(tmp_path: Path) -> None:
    """``letadesk check`` runs the judge on onnxruntime: nothing written under HOME's
    Microsoft folder, whatever the shell said (ORT_DISABLE_TELEMETRY=0)."""
    home = tmp_path / "home"
    home.mkdir()
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(
        json.dumps({"claim": "The term is 30 days.", "quote": "The term is 30 days."}) + "\n",
        encoding="utf-8",
    )
    code = (
        "import sys; from letadesk.cli import main; "
        f"sys.exit(main(['--data-dir', {str(tmp_path / 'p')!r}, 'check', '--pairs', "
        f"{str(pairs)!r}]))"
    )
    _run(code, _env(home, ORT_DISABLE_TELEMETRY="0"))
    assert _microsoft(home) == []


def test_importing_letadesk_leaves_the_environment_alone() -> None:
    """No variable set, changed or removed by importing the package, the CLI's module or
    the window's: the entry point (prepare_environment) is what sets them."""
    code = (
        "import os, json; before = dict(os.environ); "
        "import letadesk, letadesk.cli, letadesk.offline, letadesk.ui; "
        "after = dict(os.environ); "
        "print(json.dumps(sorted(k for k in before.keys() | after.keys() "
        "if before.get(k) != after.get(k))))"
    )
    names = {*FORCED, *DEFAULTS}
    env = {k: v for k, v in os.environ.items() if k not in names}
    env["HF_HUB_OFFLINE"] = "0"
    assert json.loads(_run(code, env)) == []


def test_the_entry_point_sets_the_thread_settings_unless_the_user_did() -> None:
    code = (
        "import os, json; from letadesk.offline import prepare_environment; "
        "prepare_environment(); "
        "print(json.dumps({k: os.environ.get(k) for k in ('OMP_WAIT_POLICY', "
        "'OPENBLAS_NUM_THREADS')}))"
    )
    env = {k: v for k, v in os.environ.items() if k not in THREADS}
    assert json.loads(_run(code, env)) == THREADS
    env["OMP_WAIT_POLICY"] = "ACTIVE"
    assert json.loads(_run(code, env)) == {**THREADS, "OMP_WAIT_POLICY": "ACTIVE"}


def test_the_entry_point_keeps_the_users_offline_values_and_forces_telemetry_off() -> None:
    code = (
        "import os, json; from letadesk.offline import prepare_environment; "
        "prepare_environment(); "
        "print(json.dumps({k: os.environ.get(k) for k in ('HF_HUB_OFFLINE', "
        "'TRANSFORMERS_OFFLINE', 'ORT_DISABLE_TELEMETRY', 'HF_HUB_DISABLE_TELEMETRY')}))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "ORT_"))}
    env.update(HF_HUB_OFFLINE="0", ORT_DISABLE_TELEMETRY="0", HF_HUB_DISABLE_TELEMETRY="0")
    assert json.loads(_run(code, env)) == {
        "HF_HUB_OFFLINE": "0",  # the user's choice
        "TRANSFORMERS_OFFLINE": "1",  # the default
        "ORT_DISABLE_TELEMETRY": "1",  # forced
        "HF_HUB_DISABLE_TELEMETRY": "1",  # forced
    }


def test_huggingface_hub_reads_itself_offline_after_the_entry_point() -> None:
    code = (
        "from letadesk.offline import prepare_environment; prepare_environment(); "
        "import huggingface_hub.constants as c; print(c.HF_HUB_OFFLINE)"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "ORT_"))}
    assert _run(code, env).strip() == "True"


def test_main_prepares_the_environment_before_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CLI's main (which letadesk, letadesk-gui, python -m letadesk, the warm engine and
    the frozen executables all run) sets the switches before its first step."""
    import letadesk.cli as cli

    monkeypatch.delenv("ORT_DISABLE_TELEMETRY", raising=False)
    seen: list[str | None] = []
    monkeypatch.setattr(
        cli.multiprocessing,
        "freeze_support",
        lambda: seen.append(os.environ.get("ORT_DISABLE_TELEMETRY")),
    )
    monkeypatch.setattr(cli, "fast_ask", lambda argv: 0)
    assert cli.main(["ask", "x"]) == 0
    assert seen == ["1"]


def test_every_entry_script_goes_through_the_cli_main() -> None:
    installers = SRC.parents[1] / "installers"
    for script in (SRC / "__main__.py", SRC / "cli" / "__main__.py", installers / "gui_entry.py"):
        text = script.read_text(encoding="utf-8")
        assert "from letadesk.cli import" in text and ("main()" in text), script


def _imports(node: ast.AST) -> list[tuple[int, str]]:
    found = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Import):
            found += [(sub.lineno, a.name) for a in sub.names]
        elif isinstance(sub, ast.ImportFrom) and sub.module:
            found.append((sub.lineno, sub.module))
    return [(line, name) for line, name in found if name.split(".")[0] in WATCHED]


def _prepared_at(func: ast.AST) -> list[int]:
    return [
        n.lineno
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "prepare_environment"
    ]


def test_every_import_of_onnxruntime_or_hugging_face_follows_prepare_environment() -> None:
    """No module imports them at the top; every function that does calls
    prepare_environment() first, so a program using LetaDesk as a library is covered."""
    late = []
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        late += [f"{path.name}:{line} at module level" for n in top for line, _ in _imports(n)]
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef):
                continue
            prepared = _prepared_at(func)
            for line, name in _imports(func):
                if not any(p < line for p in prepared):
                    late.append(f"{path.name}:{line} imports {name} unprepared")
    assert late == []
