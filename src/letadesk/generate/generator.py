"""The generator seam: anything that turns a prompt into raw text (plus log-probabilities)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from letadesk.generate.prompts import Prompt


@dataclass(frozen=True, slots=True)
class Generation:
    raw: str
    token_logprobs: tuple[tuple[str, float], ...] = ()  # (token, log p), when available
    seconds: float = 0.0
    # the sources the model was shown when it fitted the prompt to its context (None:
    # the prompt's own), and the prompt's length in the model's tokens (0: not counted)
    fragment_ids: tuple[int, ...] | None = None
    prompt_tokens: int = 0


class Generator(Protocol):
    @property
    def model_id(self) -> str:
        """Identity of the model (file name and SHA-256), recorded in the audit."""
        ...

    def generate(self, prompt: Prompt) -> Generation: ...
