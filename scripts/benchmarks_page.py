"""Writes docs/benchmarks.md from the files in benchmarks/results.

``benchmarks/results/*.txt`` holds each benchmark's current result, one file a benchmark:
each becomes a section under the benchmark that writes it, headed by what is known of its
run: the commit that last changed it and that commit's date (from git, when the checkout
has its history), the machine and the date of the run where the file itself names them.
The file's text follows verbatim. ``benchmarks/results/history/`` holds supporting runs
(comparisons, before and after a change, other scales) that the measurement pages cite:
they are listed after the current results, each with its benchmark, its commit and the
pages that cite it. The page is generated when the docs are built (the mkdocs hook
``scripts/mkdocs_hooks.py``), so it cannot drift from the files; it is not committed.

    .venv/bin/python scripts/benchmarks_page.py     # write docs/benchmarks.md
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
HISTORY = RESULTS / "history"
DOCS = ROOT / "docs"
PAGE = DOCS / "benchmarks.md"

# (file name prefix, what it measures, the script that writes it), most specific first
BENCHMARKS: list[tuple[str, str, str]] = [
    ("answers", "Grounded answers", "benchmarks/bench_answers.py"),
    ("review_tuning", "The review grid's bar", "benchmarks/tune_review.py"),
    ("review", "The review grid", "benchmarks/bench_review.py"),
    ("draft_check", "The draft check", "benchmarks/bench_draft.py"),
    (
        "presuppositions",
        "Questions about provisions that do not exist",
        "benchmarks/bench_presuppositions.py",
    ),
    ("gate2", "Gate 2: tuning the bar and the combiners", "benchmarks/tune_gate2.py"),
    ("support", "Gate 3: the lexical support calibration", "benchmarks/bench_support.py"),
    ("judge_latency", "The judge's latency", "benchmarks/bench_judge.py"),
    ("judge_backbone", "The judge's backbone (research)", "benchmarks/judge_backbone_e5.py"),
    ("judge_natural", "The judge on natural questions", "benchmarks/judge_natural.py"),
    ("natural", "Natural questions", "benchmarks/bench_natural.py"),
    (
        "cross_language",
        "Questions of documents in the other language",
        "benchmarks/bench_cross_language.py",
    ),
    ("nda_questions", "NDA questions in a lawyer's words", "benchmarks/bench_nda_questions.py"),
    ("pinpoints", "Pinpoints: each quote cites its own unit", "benchmarks/bench_pinpoints.py"),
    ("generation", "Does the bundled model earn its time?", "benchmarks/bench_generation.py"),
    ("ingest", "Ingestion", "benchmarks/bench_ingest.py"),
    ("embed_engines", "e5 engines", "benchmarks/bench_embed_engines.py"),
    ("retrieval", "Retrieval recall", "benchmarks/bench_retrieval.py"),
    ("fusion_tuning", "Fusion weights", "benchmarks/tune_fusion.py"),
    ("latency", "Search latency", "benchmarks/bench_latency.py"),
    ("server", "The firm server", "benchmarks/bench_server.py"),
    ("first_answer", "A new user's first answer", "benchmarks/bench_first_answer.py"),
    ("engine", "What a CLI ask spends loading models", "benchmarks/bench_engine.py"),
    ("contention", "Asking on a busy machine", "benchmarks/bench_contention.py"),
    ("kill9", "kill -9 during ingest", "benchmarks/bench_kill9.py"),
    ("redteam_workstation", "Red team: the workstation", "benchmarks/redteam_workstation.py"),
    ("redteam_server", "Red team: the firm server", "benchmarks/redteam_server.py"),
]

MACHINE = re.compile(
    r"(AMD EPYC|(?:Intel )?Xeon(?: with [\w -]+?)?(?=[,;.)\n])"
    r"|\d+-core(?: [\w-]+)?(?: machine| container)|\d+ cores)",
    re.IGNORECASE,
)
DATE = re.compile(r"\b(20\d\d-\d\d-\d\d)\b")
# a date before the project began is a date in the data (an "as of" date), not the run's
PROJECT_START = "2026-11-30"
HEAD_LINES = 6


@dataclass(frozen=True)
class Result:
    path: Path
    text: str
    commit: str
    committed: str
    timestamp: int = 0

    @property
    def head(self) -> str:
        return "\n".join(self.text.splitlines()[:HEAD_LINES])

    @property
    def machine(self) -> str:
        found = MACHINE.search(self.head)
        return found.group(1).strip() if found else "not recorded in the file"

    @property
    def run_date(self) -> str:
        dates = [d for d in DATE.findall(self.head) if d >= PROJECT_START]
        return dates[0] if dates else "not recorded in the file"


def git_record(path: Path) -> tuple[str, str, int]:
    """The commit that last changed ``path``'s text (a move into history/ is followed,
    not counted), its date and its time (seconds), or ("", "", 0) without git."""
    log = ["git", "log", "-1", "--follow", "--diff-filter=AM", "--format=%h %cs %ct"]
    try:
        done = subprocess.run(
            [*log, "--", str(path.relative_to(ROOT))],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return "", "", 0
    parts = done.stdout.split()
    if done.returncode != 0 or len(parts) != 3:
        return "", "", 0
    return parts[0], parts[1], int(parts[2])


def group_of(name: str) -> int:
    for index, (prefix, _, _) in enumerate(BENCHMARKS):
        if name.startswith(prefix):
            return index
    return len(BENCHMARKS)


def load(folder: Path = RESULTS) -> list[Result]:
    results = []
    for path in sorted(folder.glob("*.txt")):
        commit, committed, timestamp = git_record(path)
        text = path.read_text(encoding="utf-8")
        results.append(Result(path, text, commit, committed, timestamp))
    return results


def fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}text\n{text.rstrip()}\n{ticks}"


def section(result: Result) -> list[str]:
    if result.commit:
        recorded = f"commit `{result.commit}`, {result.committed}"
    else:
        recorded = "not known (no git history in this checkout)"
    return [
        f"### {result.path.name}",
        "",
        f"- **file last changed in:** {recorded}",
        f"- **machine:** {result.machine}",
        f"- **run on:** {result.run_date}",
        "",
        fence(result.text),
        "",
    ]


def citing_pages(name: str) -> list[str]:
    """The docs pages (relative to docs/, this page excepted) that name ``name``."""
    return sorted(
        str(page.relative_to(DOCS))
        for page in DOCS.rglob("*.md")
        if page != PAGE and name in page.read_text(encoding="utf-8")
    )


def supporting(runs: list[Result]) -> list[str]:
    """The list of supporting runs: each file with its benchmark, its commit and the
    pages that cite it."""
    if not runs:
        return []
    lines = [
        "## Supporting runs",
        "",
        "Runs the measurement pages cite beside the current results: comparisons, before",
        "and after a change, other scales. They are kept in `benchmarks/results/history/`",
        "and not reproduced here.",
        "",
    ]
    titles = [title for _, title, _ in BENCHMARKS] + ["Other results"]
    for run in sorted(runs, key=lambda r: (group_of(r.path.name), r.path.name)):
        recorded = f"commit `{run.commit}`, {run.committed}" if run.commit else "commit not known"
        pages = ", ".join(f"[{page}]({page})" for page in citing_pages(run.path.name))
        cited = f"; cited on {pages}" if pages else ""
        lines.append(
            f"- `history/{run.path.name}`: {titles[group_of(run.path.name)]}; {recorded}{cited}"
        )
    return [*lines, ""]


def render(results: list[Result], history: list[Result] | None = None) -> str:
    lines = [
        "# Benchmark results",
        "",
        "<!-- Generated by scripts/benchmarks_page.py from benchmarks/results when the docs",
        "     are built; do not edit. -->",
        "",
        "Each benchmark's current result file (`benchmarks/results/*.txt`), verbatim, under",
        "the benchmark that writes it. Each is headed by the commit that last changed it and",
        "that commit's date, and by the machine and the date of the run where the file names",
        "them. What the figures mean is said on the measurement pages (Measurements in the",
        "navigation); the runs they cite beside these are listed under",
        "[Supporting runs](#supporting-runs).",
        "",
    ]
    groups = [*BENCHMARKS, ("", "Other results", "")]
    for index, (_, title, script) in enumerate(groups):
        members = [r for r in results if group_of(r.path.name) == index]
        members.sort(key=lambda r: (-r.timestamp, r.path.name))  # newest first
        if not members:
            continue
        lines += [f"## {title}", ""]
        if script:
            lines += [f"Written by `{script}`.", ""]
        for result in members:
            lines += section(result)
    lines += supporting(history or [])
    return "\n".join(lines).rstrip() + "\n"


def write() -> bool:
    """Writes the page when its text changed; True when it did."""
    text = render(load(), load(HISTORY))
    if PAGE.exists() and PAGE.read_text(encoding="utf-8") == text:
        return False
    PAGE.write_text(text, encoding="utf-8")
    return True


if __name__ == "__main__":
    write()
    sys.exit(0)
