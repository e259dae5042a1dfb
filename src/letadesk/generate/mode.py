"""When ``ask`` drafts with the language model: the generation mode setting.

``"auto"`` (the default) drafts only with a model the user chose: the bundled
SmolLM2-135M contributed a kept claim too rarely to earn its time
(``benchmarks/results/generation.txt``), so with it answers are extracted verbatim.
``"always"`` drafts with whatever model is configured, ``"never"`` always extracts.
"""

from __future__ import annotations

from pathlib import Path

from letadesk.config import GENERATION_MODES
from letadesk.errors import ConfigError

_BUNDLED_PREFIX = "smollm2-135m"


def is_bundled_model(model: str) -> bool:
    """True when ``model`` — a settings model path, or a generator's ``model_id``
    (file name, ``@sha256:…``) — is the bundled SmolLM2-135M: empty (the default), or a
    file whose name starts with ``SmolLM2-135M`` (any quantisation of it)."""
    if not model.strip():
        return True
    return Path(model.strip()).name.lower().startswith(_BUNDLED_PREFIX)


def generation_on(mode: str, model: str) -> bool:
    """Whether to draft with the model ``model`` (see :func:`is_bundled_model`) under
    ``mode``; an unknown mode is a :class:`ConfigError`."""
    if mode not in GENERATION_MODES:
        raise ConfigError(
            f"generation mode {mode!r}: expected one of {', '.join(GENERATION_MODES)}"
        )
    return mode == "always" or (mode == "auto" and not is_bundled_model(model))
