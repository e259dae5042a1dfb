"""The generator seam: anything that turns a prompt into raw text (plus log-probabilities)."""

from __future__ import annotations

from collections.abc import Callable
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


# Called while a model drafts: the tokens generated so far and the raw text so far. It may
# raise (a cancel) to stop the draft there; the exception reaches the caller unchanged.
DraftProgress = Callable[[int, str], None]


class Generator(Protocol):
    @property
    def model_id(self) -> str:
        """Identity of the model (file name and SHA-256), recorded in the audit."""
        ...

    def generate(self, prompt: Prompt, progress: DraftProgress | None = None) -> Generation:
        """The model's raw output for ``prompt``; ``progress`` told of each token where
        the model streams (a model that does not is told once, at the end)."""
        ...


def watched(progress: DraftProgress | None, check: Callable[[], None]) -> DraftProgress:
    """``progress`` with ``check`` called before it at each token: a ``check`` that raises
    (a cancel) stops the draft there."""

    def told(tokens: int, text: str) -> None:
        check()
        if progress is not None:
            progress(tokens, text)

    return told
