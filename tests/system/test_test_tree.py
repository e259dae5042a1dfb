"""The test tree mirrors the package (issue 12): ``src/letadesk/<package>/<module>.py`` is
tested in ``tests/<package>/``, a module directly under ``src/letadesk`` in
``tests/toplevel/``; what ships in ``tests/release/`` and what cuts across the packages in
``tests/system/``. The top of ``tests/`` holds only ``conftest.py`` and helper modules, and
every module ``tests/conftest.py`` marks ``model`` exists (a stale path unmarks it)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
PACKAGE = TESTS.parent / "src" / "letadesk"
NOT_PACKAGES = frozenset({"toplevel", "release", "system"})


def misplaced(tests: Path, package: Path) -> list[str]:
    """Test modules at the top of ``tests``, and folders of ``tests`` that name neither
    a package of ``package`` nor one of :data:`NOT_PACKAGES`."""
    packages = {p.name for p in package.iterdir() if (p / "__init__.py").is_file()}
    found = [p.name for p in sorted(tests.glob("test_*.py"))]
    found += [
        f"{p.name}/"
        for p in sorted(tests.iterdir())
        if p.is_dir() and p.name != "__pycache__" and p.name not in packages | NOT_PACKAGES
    ]
    return found


def model_modules(conftest: Path) -> frozenset[str]:
    """The literal ``MODEL_MODULES = frozenset({...})`` of ``conftest``."""
    for node in ast.parse(conftest.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "MODEL_MODULES":
            assert isinstance(node.value, ast.Call)
            return frozenset(ast.literal_eval(node.value.args[0]))
    raise AssertionError(f"{conftest}: no MODEL_MODULES")


def test_every_test_module_sits_in_the_folder_of_what_it_tests() -> None:
    assert misplaced(TESTS, PACKAGE) == []


def test_a_test_module_at_the_top_or_in_a_stray_folder_is_caught(tmp_path: Path) -> None:
    package = tmp_path / "src" / "pkg"
    (package / "store").mkdir(parents=True)
    (package / "store" / "__init__.py").touch()
    tests = tmp_path / "tests"
    for name in ("conftest.py", "fakes.py", "test_new.py", "store/test_db.py", "misc/test_x.py"):
        (tests / name).parent.mkdir(parents=True, exist_ok=True)
        (tests / name).touch()
    assert misplaced(tests, package) == ["test_new.py", "misc/"]


def test_every_module_marked_model_exists() -> None:
    modules = model_modules(TESTS / "conftest.py")
    assert len(modules) > 10
    assert sorted(m for m in modules if not (TESTS / m).is_file()) == []
