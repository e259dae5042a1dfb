"""Prompts fit the model's context by its own token count (issue 15): a hostile
document title, many long sources or a huge question never make llama.cpp refuse the
prompt ("Requested tokens (10186) exceed context window of 4096")."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from corpus_factory import make_passage
from letadesk.domain import (
    Passage,
)
from letadesk.generate.llama_generator import (
    N_CTX,
    PROMPT_BUDGET,
    LlamaGenerator,
    embedded_model_path,
)
from letadesk.generate.prompts import MAX_SOURCE_TITLE_CHARS, build_prompt, fit_prompt
from letadesk.generate.schema import parse_output

HOSTILE_TITLE = " ".join(f"Whereas{i}" for i in range(4000))  # a 4,000-word <title>
CLAUSE = (
    "The Supplier shall deliver the goods within thirty (30) days of the order and "
    "shall bear every cost of transport, insurance and customs until delivery. "
) * 8


def passage(fid: int, title: str = "Supply contract") -> Passage:
    return make_passage(
        fid, CLAUSE, title=title, locator=f"Section {fid}", kind="html", fused=1.0 / fid
    )


@pytest.fixture(scope="module")
def count_tokens() -> Iterator[Callable[[str], int]]:
    """The bundled SmolLM2's own tokenizer (its vocabulary only: cheap to load)."""
    from llama_cpp import Llama

    llm = Llama(model_path=str(embedded_model_path()), vocab_only=True, verbose=False)
    yield lambda text: len(llm.tokenize(text.encode("utf-8"), special=True))
    llm.close()


def test_a_prompt_that_fits_is_kept_as_built(count_tokens: Callable[[str], int]) -> None:
    prompt = build_prompt("When must the goods be delivered?", [passage(1), passage(2)])
    assert fit_prompt(prompt, count_tokens, PROMPT_BUDGET) is prompt


def test_lowest_ranked_sources_are_dropped_first(count_tokens: Callable[[str], int]) -> None:
    sources = [passage(i) for i in range(1, 7)]
    prompt = build_prompt("When must the goods be delivered?", sources)
    budget = count_tokens(build_prompt(prompt.question, sources[:5]).text)  # one too many
    fitted = fit_prompt(prompt, count_tokens, budget)
    assert fitted is not None and count_tokens(fitted.text) <= budget
    assert fitted.fragment_ids == (1, 2, 3, 4, 5)  # the sixth (lowest-ranked) went
    assert fitted.question == prompt.question and fitted.attempt == prompt.attempt


def test_a_hostile_title_is_cut_in_every_source(count_tokens: Callable[[str], int]) -> None:
    prompt = build_prompt(
        "When must the goods be delivered?", [passage(i, HOSTILE_TITLE) for i in range(1, 7)]
    )
    assert "Whereas3999" not in prompt.text
    assert all(
        len(line) <= MAX_SOURCE_TITLE_CHARS + 12
        for line in prompt.text.splitlines()
        if line.startswith("[")
    )
    fitted = fit_prompt(prompt, count_tokens, PROMPT_BUDGET)
    assert fitted is not None and count_tokens(fitted.text) <= PROMPT_BUDGET


def test_a_question_of_many_tokens_per_character_is_cut_last(
    count_tokens: Callable[[str], int],
) -> None:
    """2,000 characters (the cap) of emoji are far over the context: the sources are
    dropped and shortened, then the question is cut, and the prompt fits."""
    question = "\U0001f600" * 2000
    assert count_tokens(question) > N_CTX
    prompt = build_prompt(question, [passage(i) for i in range(1, 7)])
    fitted = fit_prompt(prompt, count_tokens, PROMPT_BUDGET)
    assert fitted is not None and count_tokens(fitted.text) <= PROMPT_BUDGET
    assert fitted.fragment_ids == (1,) and 0 < len(fitted.question) < len(question)


def test_instructions_that_cannot_fit_give_none(count_tokens: Callable[[str], int]) -> None:
    prompt = build_prompt("When?", [passage(1)])
    assert fit_prompt(prompt, count_tokens, 20) is None


@pytest.mark.model
@pytest.mark.slow  # a full 4,096-token context on CPU: minutes on a shared machine
def test_the_real_model_answers_a_prompt_far_over_its_context() -> None:
    """Before the fix: ValueError from llama.cpp, uncaught (every ask in the matter)."""
    generator = LlamaGenerator()
    sources = [passage(i, HOSTILE_TITLE) for i in range(1, 7)]
    prompt = build_prompt("When must the goods be delivered? " * 600, sources)  # ~20 kB
    assert generator.count_tokens(prompt.text) > N_CTX
    output = generator.generate(prompt)
    assert 0 < output.prompt_tokens <= PROMPT_BUDGET
    assert output.fragment_ids is not None and output.fragment_ids[0] == 1
    assert set(output.fragment_ids) <= set(prompt.fragment_ids)
    parse_output(output.raw)  # the constrained output is still claims JSON
