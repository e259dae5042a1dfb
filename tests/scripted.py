"""A scripted generator: a test double that must produce given outputs, to prove the
gates reject fabrications. Never a stand-in for the real model in other tests."""

from __future__ import annotations

import json
from collections.abc import Callable

from letadesk.generate.generator import DraftProgress, Generation
from letadesk.generate.prompts import Prompt

Script = Callable[[Prompt], list[dict[str, object]]]


class ScriptedGenerator:
    def __init__(self, script: Script) -> None:
        self._script = script
        self.prompts: list[Prompt] = []

    @property
    def model_id(self) -> str:
        return "scripted-test-double"

    def generate(self, prompt: Prompt, progress: DraftProgress | None = None) -> Generation:
        """The scripted claims as JSON, told to ``progress`` eight characters a "token"."""
        self.prompts.append(prompt)
        raw = json.dumps({"claims": self._script(prompt)})
        for n, end in enumerate(range(8, len(raw) + 8, 8), start=1):
            if progress is not None:
                progress(n, raw[:end])
        return Generation(raw)
