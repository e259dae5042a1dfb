"""The docs site (mkdocs.yml, docs/) and the short README that points into it.

The CLI reference is generated from the argument parser (scripts/cli_reference.py) and
committed: it must be current and name every verb and option. The benchmarks page is
generated from benchmarks/results (scripts/benchmarks_page.py): each benchmark's current
result file gets a section headed by what is known of its run, and the supporting runs in
benchmarks/results/history are listed after them. The build itself (``mkdocs build --strict``)
runs in scripts/test.sh."""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from letadesk.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
# history belongs in the changelog; a generated page quotes result files as they are
HISTORY_ALLOWED = {DOCS / "CHANGELOG.md", DOCS / "benchmarks.md"}


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def commands(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command and sub-command of ``parser`` with its words, read from argparse
    directly (not through the generator under test)."""
    found = [(words, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found += commands(child, (*words, name))
    return found


def sections(text: str) -> dict[str, str]:
    """The generated page's sections by heading (``letadesk ask``, ``letadesk models allow``)."""
    parts = re.split(r"^#{2,3} (letadesk[^\n]*)$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def nav_pages(nav: list[object]) -> list[str]:
    pages: list[str] = []
    for entry in nav:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            pages += nav_pages(value) if isinstance(value, list) else [str(value)]
    return pages


def test_the_committed_cli_reference_is_what_the_parser_generates() -> None:
    generated = script("cli_reference").render()
    committed = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert committed == generated, "docs/cli.md is stale: run scripts/cli_reference.py"


def test_the_cli_reference_names_every_verb_and_every_option() -> None:
    by_heading = sections((DOCS / "cli.md").read_text(encoding="utf-8"))
    everything = commands(build_parser())
    assert len(everything) > 20
    for words, parser in everything:
        heading = " ".join(("letadesk", *words))
        assert heading in by_heading, f"docs/cli.md has no section for `{heading}`"
        for action in parser._actions:
            for option in action.option_strings:
                if option in ("-h", "--help"):
                    continue
                assert f"`{option}`" in by_heading[heading], f"`{heading}` lacks {option}"


def test_a_stale_cli_reference_is_reported(tmp_path: Path) -> None:
    module = script("cli_reference")
    module.PAGE = tmp_path / "cli.md"
    module.PAGE.write_text("# CLI reference\n\nout of date\n", encoding="utf-8")
    assert module.main(["--check"]) == 1
    assert module.main([]) == 0
    assert module.main(["--check"]) == 0


def test_every_result_file_is_on_the_benchmarks_page_with_its_provenance() -> None:
    module = script("benchmarks_page")
    page = module.render(module.load())
    files = sorted((ROOT / "benchmarks" / "results").glob("*.txt"))
    assert files
    for path in files:
        section = page.split(f"### {path.name}\n", 1)
        assert len(section) == 2, f"{path.name} is not on the benchmarks page"
        head = section[1][:600]
        for field in ("file last changed in:", "machine:", "run on:"):
            assert field in head, f"{path.name}: no {field!r}"
        assert path.read_text(encoding="utf-8").strip().splitlines()[0] in section[1]


def test_each_benchmark_has_one_current_result_file() -> None:
    module = script("benchmarks_page")
    groups: dict[int, list[str]] = {}
    for path in sorted((ROOT / "benchmarks" / "results").glob("*.txt")):
        groups.setdefault(module.group_of(path.name), []).append(path.name)
    crowded = {module.BENCHMARKS[i][1]: names for i, names in groups.items() if len(names) > 1}
    assert not crowded, f"more than one current file: {crowded}"


def test_every_supporting_run_is_listed_and_cited_on_a_docs_page() -> None:
    """A run in results/history is kept because a measurement page cites it: the page
    lists it, with the pages that cite it, after the current results, and does not
    reproduce it."""
    module = script("benchmarks_page")
    history = module.load(module.HISTORY)
    assert history
    page = module.render(module.load(), history)
    current, listed = page.split("\n## Supporting runs\n", 1)
    for run in history:
        name = run.path.name
        assert f"### {name}\n" not in current, f"{name} is shown as a current result"
        [line] = [x for x in listed.splitlines() if x.startswith(f"- `history/{name}`")]
        assert "cited on [" in line, f"history/{name} is cited by no docs page"


def test_a_run_date_is_not_a_date_in_the_data() -> None:
    module = script("benchmarks_page")
    result = module.Result(Path("x.txt"), "# as of 2018-06-01, run 2026-12-04\n", "", "")
    assert result.run_date == "2026-12-04"
    assert module.Result(Path("y.txt"), "as of 2018-06-01\n", "", "").run_date.startswith("not")


def test_the_nav_lists_every_page_and_every_page_exists() -> None:
    """As the build sees it: mkdocs.yml's nav, with the pages the hook adds once they
    exist."""
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["strict"] is True
    nav = script("mkdocs_hooks").with_optional_pages(config["nav"], DOCS)
    on_disk = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")} | {"benchmarks.md"}
    assert set(nav_pages(nav)) == on_disk


def test_a_page_being_written_joins_the_nav_once_it_exists(tmp_path: Path) -> None:
    hooks = script("mkdocs_hooks")
    section, title, page = hooks.OPTIONAL_PAGES[0]
    nav = [{"Home": "index.md"}, {section: [{"Other": "other.md"}]}]
    assert hooks.with_optional_pages([dict(e) for e in nav], tmp_path) == nav
    (tmp_path / page).write_text("# A page\n", encoding="utf-8")
    grown = hooks.with_optional_pages(
        [{"Home": "index.md"}, {section: [{"Other": "other.md"}]}], tmp_path
    )
    assert grown[1][section] == [{"Other": "other.md"}, {title: page}]
    assert hooks.with_optional_pages(grown, tmp_path) == grown  # listed once


def test_the_readme_is_short_and_names_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    assert "./scripts/run.sh" in text and "./scripts/test.sh" in text
    for link in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / link).is_file(), f"README links to a missing {link}"


def history_in(text: str) -> list[str]:
    """Commit hashes (lower-case hex with a digit and a letter) and session labels
    ("stop 35", "issue 13") in ``text``'s prose: fenced code and URLs are left out (a
    key id in a download address is not a commit)."""
    prose = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    prose = re.sub(r"https?://\S+", "", prose)
    pattern = r"(?i:\bstop[ -]\d+|\bissue \d+)|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,12}\b"
    return re.findall(pattern, prose)


def test_history_is_found_in_prose_only() -> None:
    assert history_in("on d4b108b (stop 36), see issue 13") == ["d4b108b", "stop 36", "issue 13"]
    assert history_in("keys/ACCC4CF8.asc https://x.org/a/1164d6d0 ```\nabc1234\n```") == []


def test_no_commit_hash_or_session_history_in_the_readme_or_the_docs() -> None:
    pages = [README, *(p for p in DOCS.rglob("*.md") if p not in HISTORY_ALLOWED)]
    for page in pages:
        if page.name == "cli.md":
            continue  # generated from the parser's help texts
        found = history_in(page.read_text(encoding="utf-8"))
        assert found == [], f"{page.relative_to(ROOT)}: {found}"
