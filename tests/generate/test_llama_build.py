"""The installed llama.cpp is the portable build ``scripts/setup.sh`` makes.

ggml's default build targets the CPU it is compiled on. On a Xeon with AMX that took
ggml's AMX kernels, and the first matrix product of every answer drafted by the model
killed the process (SIGSEGV in ``ggml_backend_amx_mul_mat``, ``ldtilecfg``): the CLI's
``ask --generate`` exited with -11. setup.sh now builds llama-cpp-python with
``GGML_NATIVE=OFF`` (AVX2, FMA, F16C; no AMX, no AVX-512), so that the same build runs on
any x86-64 workstation the installers reach."""

from __future__ import annotations

import importlib.util
import platform
from pathlib import Path

import pytest


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86-64 builds only")
def test_llama_cpp_has_no_amx_kernels() -> None:
    spec = importlib.util.find_spec("llama_cpp")
    assert spec is not None and spec.origin is not None
    libs = sorted((Path(spec.origin).parent / "lib").glob("*ggml-cpu*"))
    assert libs, "llama_cpp ships no ggml CPU backend library"
    for lib in libs:
        assert b"ggml_backend_amx" not in lib.read_bytes(), f"{lib}: built with AMX kernels"
