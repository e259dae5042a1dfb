"""The OpenMP wait policy is set before any compute library can load."""

import os
import subprocess
import sys


def test_importing_letadesk_sets_a_passive_openmp_wait_policy() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    out = subprocess.run(
        [sys.executable, "-c", "import os, letadesk; print(os.environ['OMP_WAIT_POLICY'])"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "PASSIVE"


def test_a_policy_the_user_set_is_kept() -> None:
    env = {**os.environ, "OMP_WAIT_POLICY": "ACTIVE"}
    out = subprocess.run(
        [sys.executable, "-c", "import os, letadesk; print(os.environ['OMP_WAIT_POLICY'])"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "ACTIVE"
