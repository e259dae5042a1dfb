"""No module under src/letadesk is over 400 lines (issue 12): one that grows past it is
split along its seams, not left to grow."""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "letadesk"
MAX_LINES = 400


def modules_over(root: Path, limit: int = MAX_LINES) -> dict[str, int]:
    """Every ``.py`` file under ``root`` longer than ``limit`` lines, with its length."""
    lengths = {
        str(path.relative_to(root)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(root.rglob("*.py"))
    }
    return {name: n for name, n in lengths.items() if n > limit}


def test_no_module_is_over_400_lines() -> None:
    assert SRC.is_dir()
    assert modules_over(SRC) == {}


def test_a_long_module_is_found(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * 401, encoding="utf-8")
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * 400, encoding="utf-8")
    assert modules_over(tmp_path) == {str(Path("pkg") / "long.py"): 401}
