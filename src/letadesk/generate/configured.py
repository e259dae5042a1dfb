"""Which model drafts answers under the settings: the firm's model server when
``model_server`` is set (:mod:`.remote_generator`), else the local GGUF (the
``model_path`` setting, or the bundled SmolLM2; :mod:`.llama_generator`)."""

from __future__ import annotations

from pathlib import Path

from letadesk.config import Settings
from letadesk.generate.allowlist import ModelAllowList
from letadesk.generate.generator import Generator
from letadesk.generate.mode import generation_on


def configured_model(settings: Settings) -> str:
    """What :func:`generation_on` judges, without loading anything: the model server's
    model (never the bundled one), else the model file setting."""
    if settings.model_server:
        return f"{settings.model_server_model or 'default'}@{settings.model_server}"
    return settings.model_path


def generates(settings: Settings, generator: Generator | None = None) -> bool:
    """Whether answers are drafted by a model under the settings' generation mode:
    "always" yes, "never" no, "auto" unless the model is the bundled SmolLM2-135M —
    ``generator`` when given, else the configured one (not loaded to decide)."""
    model = generator.model_id if generator is not None else configured_model(settings)
    return generation_on(settings.generation, model)


def make_generator(settings: Settings, allow_list: ModelAllowList) -> Generator:
    """The configured model, ready (a local file is loaded here)."""
    if settings.model_server:
        from letadesk.generate.remote_generator import RemoteGenerator

        return RemoteGenerator(
            settings.model_server, settings.model_server_model, settings.model_server_hosts
        )
    from letadesk.generate.llama_generator import LlamaGenerator

    path = Path(settings.model_path) if settings.model_path else None
    return LlamaGenerator(path, threads=settings.threads, allow_list=allow_list)
