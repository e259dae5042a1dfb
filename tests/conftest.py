"""Shared fixtures (the real-data folder beside the project, temporary profiles) and the
test tiers.

Tiers: ``pytest -m "not slow and not model"`` is the fast tier; plain ``pytest`` runs
everything. Two marks are set here rather than by hand:

* ``model``: the test loads a real model (an embedder, the judge's ONNX graph, llama.cpp).
  Every test in :data:`MODEL_MODULES`, or using a fixture in :data:`MODEL_FIXTURES`, or
  marked by hand. Every other test gets the deterministic :class:`fakes.HashEmbedder`
  wherever the workspace would build the configured embedder, and fails if it loads a
  real model anyway (so the fast tier cannot silently grow slow). Subprocesses are out of
  reach of both: a test whose subprocess loads a model is listed or marked.
* ``slow``: the test's own body sleeps or kills a process (``time.sleep``, ``os.kill``).
  A check that takes over 5 s on its own is marked ``slow`` by hand (the full suite
  still runs it).
"""

# ruff: noqa: E402  (the imports follow prepare_environment(), on purpose: below)
from __future__ import annotations

# The environment every entry point sets (letadesk.offline.prepare_environment: telemetry
# off, Hugging Face offline, one BLAS thread, passive OpenMP threads), set first: numpy
# and onnxruntime read it once, when the imports below load them, and importing letadesk
# sets nothing itself.
from letadesk.offline import prepare_environment  # isort: skip

prepare_environment()

import functools
import inspect
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import settings

import letadesk.judge
from fakes import hash_embedder
from letadesk.generate.llama_generator import LlamaGenerator
from letadesk.index import embedder as embedder_module
from letadesk.index import sync as sync_module
from letadesk.index.e5_embedder import E5Embedder
from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder
from letadesk.index.st_embedder import SentenceTransformerEmbedder
from letadesk.judge.onnx_judge import Judge
from letadesk.workspace import Workspace
from warm_workers import Stash, warm

# The property tests draw the same examples on every run ("ci", the default), so that a
# submission's CI never fails on a draw another run did not make; HYPOTHESIS_PROFILE=
# explore draws new ones, to look for bugs (each one found becomes a fixed test case).
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TESTS = Path(__file__).resolve().parent

# Modules whose tests load real models (relative to tests/). The judge loads with every
# ask; the embedder with every ingest that embeds. A subprocess that does either counts.
MODEL_MODULES = frozenset(
    {
        "answer/test_across.py",
        "answer/test_ask.py",
        "answer/test_litera.py",
        "answer/test_presupposition.py",
        "answer/test_relevance.py",
        "cli/test_answer_cmds.py",
        "cli/test_check_cli.py",
        "cli/test_currency_cmds.py",
        "generate/test_remote_generator.py",
        "index/test_e5_onnx.py",
        "index/test_embedder.py",
        "judge/test_clauses.py",
        "judge/test_combiner.py",
        "judge/test_judge.py",
        "retrieve/test_cascade.py",
        "review/test_grid.py",
        "server/test_review_and_draft.py",
        "server/test_server_answers.py",
        "system/test_egress.py",
        "system/test_fuzz.py",
        "system/test_shared_corpus.py",
        "toplevel/test_privacy.py",
        "ui/test_firm_window.py",
        "verify/test_conditions.py",
        "verify/test_entailment.py",
    }
)
# Fixtures that load real models for any test that uses them.
MODEL_FIXTURES = frozenset({"sample_window"})
# Modules (or ``module::test``) that test the parser workers themselves (kills, cancels,
# crashes, hostile files, a time limit a fresh worker cannot meet): their pools spawn
# fresh workers. Every other test's pools take warm ones (tests/warm_workers.py).
FRESH_WORKER_MODULES = frozenset(
    {
        "ingest/test_hostile_corpus.py",
        "ingest/test_ingest_cancel.py",
        "ingest/test_ingest_pipeline.py::test_parser_timeout_kills_the_worker_and_goes_on",
        "system/test_process_hygiene.py",
    }
)

_SLEEPS_OR_KILLS = re.compile(r"\btime\.sleep\(|\bos\.kill\(")


def _module(item: pytest.Item) -> str:
    return Path(str(item.fspath)).resolve().relative_to(TESTS).as_posix()


def _uses_models(item: pytest.Item) -> bool:
    if item.get_closest_marker("model") is not None:
        return True
    module = _module(item)
    return module in MODEL_MODULES or bool(MODEL_FIXTURES & set(getattr(item, "fixturenames", ())))


@functools.cache
def _file_may_sleep_or_kill(path: str | None) -> bool:
    """False when the file cannot hold a sleep or kill (cheaper than every getsource)."""
    try:
        return path is None or _SLEEPS_OR_KILLS.search(Path(path).read_text("utf-8")) is not None
    except (OSError, UnicodeDecodeError):
        return True


def _sleeps_or_kills(item: pytest.Item) -> bool:
    function = getattr(item, "function", None)
    if function is None:
        return False
    try:
        if not _file_may_sleep_or_kill(inspect.getsourcefile(function)):
            return False
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return False
    return _SLEEPS_OR_KILLS.search(source) is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _uses_models(item):
            item.add_marker(pytest.mark.model)
        if _sleeps_or_kills(item):
            item.add_marker(pytest.mark.slow)


# ---- real models only where marked -------------------------------------------------


class _Guard:
    """Which test runs now (set before its fixtures), and the real models it loaded."""

    model: ClassVar[bool] = True  # outside a test (collection, session fixtures): real
    loaded: ClassVar[list[str]] = []


def _refusing(what: str, real: Callable[..., Any]) -> Callable[..., Any]:
    def load(*args: Any, **kwargs: Any) -> Any:
        if _Guard.model:
            return real(*args, **kwargs)
        _Guard.loaded.append(what)
        raise RuntimeError(
            f"{what} is a real model, and this test is not marked `model` "
            "(tests/conftest.py: MODEL_MODULES, MODEL_FIXTURES)"
        )

    return load


def _choosing_embedder(real: Callable[..., Any]) -> Callable[..., Any]:
    def make(name: str = "auto", *, threads: int = 0, match: str | None = None) -> Any:
        if _Guard.model:
            return real(name, threads=threads, match=match)
        return hash_embedder(name, threads=threads, match=match)

    return make


def _install_guards() -> None:
    for cls in (SentenceTransformerEmbedder, E5Embedder, E5OnnxEmbedder, Judge, LlamaGenerator):
        cls.__init__ = _refusing(cls.__name__, cls.__init__)  # type: ignore[method-assign]
    letadesk.judge.default_judge = _refusing(  # type: ignore[assignment]
        "the shipped judge", letadesk.judge.default_judge
    )
    make = _choosing_embedder(embedder_module.make_embedder)
    embedder_module.make_embedder = make  # type: ignore[assignment]
    if hasattr(sync_module, "make_embedder"):  # should sync import it at module level
        sync_module.make_embedder = make


_install_guards()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _Guard.model = item.get_closest_marker("model") is not None
    _Guard.loaded = []


@pytest.fixture(autouse=True)
def _real_models_only_where_marked() -> Iterator[None]:
    yield
    if _Guard.loaded:
        pytest.fail(
            f"loaded {', '.join(sorted(set(_Guard.loaded)))} without the `model` "
            "mark: list the test in tests/conftest.py (or give it the fake embedder)"
        )


# ---- parser workers ----------------------------------------------------------------


@pytest.fixture(scope="session")
def _worker_stash() -> Iterator[Stash]:
    stash = Stash()
    yield stash
    stash.close()


@pytest.fixture(autouse=True)
def _warm_parser_workers(request: pytest.FixtureRequest) -> Iterator[None]:
    """Pools reuse idle workers across tests, except in :data:`FRESH_WORKER_MODULES`."""
    module = _module(request.node)
    if {module, f"{module}::{request.node.originalname}"} & FRESH_WORKER_MODULES:
        yield
        return
    with warm(request.getfixturevalue("_worker_stash")):
        yield


# ---- fixtures ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` next to the project; the test is skipped when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data not present")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def _no_real_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never touch a real profile: the default data dir is a temporary one."""
    monkeypatch.setenv("LETADESK_DATA_DIR", str(tmp_path / "profile"))


@pytest.fixture
def workspace(tmp_path: Path) -> Iterator[Workspace]:
    ws = Workspace.open(tmp_path / "ws")
    yield ws
    ws.close()


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A real PostgreSQL + pgvector (``tests/pg_server.py``), once per session."""
    from pg_server import start

    yield from start(tmp_path_factory.mktemp("pg"))
