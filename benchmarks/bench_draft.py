"""Draft check: 20 drafts derived from real Romanian acts, each with planted errors,
checked against the matter (``letadesk check-document``'s core, ``draft.check``).

The matter holds Codul muncii (as first published), Legea nr. 544/2001 and Legea nr.
190/2018 (consolidated, 2026) and Legea nr. 98/2016 at three dates with their validity,
from ``../shared/data/ro``. Each draft (a fixed seed; DOCX and text alternately) has
eight clauses:

* four correct ones: "Potrivit art. X alin. (Y) din <act>, <that provision's first
  sentence, verbatim>" (Legea nr. 98/2016 only in provisions its 2017 version has);
* a clause citing nothing (boilerplate);
* three planted errors: a **wrong article** (past the act's last article), a **wrong
  deadline** (a provision's sentence quoted with its number of days, months or years
  changed), and a provision **not in force** (of Legea nr. 98/2016, one that only its
  later versions have; the drafts are checked as of 2018-06-01).

A planted error is found when its clause has an error finding (``missing``,
``not_in_force``, ``mismatch``) of the planted kind; a false finding is an error finding
in any other clause. MiniLM embeds the passages (only the "related" lookups use them).

    .venv/bin/python benchmarks/bench_draft.py [--drafts 20] [--keep DIR] [-v]

``--keep DIR`` keeps the profile there and reuses it on the next run (the ingest takes
minutes).
"""

from __future__ import annotations

import argparse
import random
import re
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from bench_presuppositions import ingest_versions

from _common import shared_data
from letadesk.answer.sentences import sentences
from letadesk.domain import Document, Fragment
from letadesk.draft.check import ERROR_KINDS, DraftReport, check_draft
from letadesk.workspace import Workspace

RESULTS = Path(__file__).resolve().parent / "results" / "draft_check.txt"
MATTER = "Proiecte"
SEED = 20261201
AS_OF = date(2018, 6, 1)
ACTS = {  # file -> how a lawyer names the act
    "codes_original/codul_muncii_L53-2003_forma_initiala_MO72-2003.txt": "Codul muncii",
    "laws_consolidated_2026/legea_544-2001_acces_informatii.txt": "Legea nr. 544/2001",
    "laws_consolidated_2026/legea_190-2018_gdpr.txt": "Legea nr. 190/2018",
}
LEGEA_98 = "Legea nr. 98/2016"
BOILERPLATE = (
    "Prezentul contract a fost încheiat astăzi, în două exemplare originale, câte unul "
    "pentru fiecare parte, ambele având aceeași valoare juridică."
)
_DURATION = re.compile(r"\b(\d{1,3})(\s+(?:de\s+)?(?:zile|zi|luni|lună|ani|an)\b)")
_ARTICLE = re.compile(r"^art\. (\d+)(?: alin\. \((\d+)\))?$")


@dataclass(frozen=True, slots=True)
class Clause:
    text: str
    planted: str = ""  # "" | "article" | "deadline" | "not_in_force"


@dataclass(frozen=True, slots=True)
class Provision:
    act: str
    locator: str
    sentence: str


def build(ws: Workspace, root: Path) -> None:
    ws.documents.ingest([root / path for path in ACTS], matter=MATTER)
    ingest_versions(ws, root, MATTER)


def _first_sentence(fragment: Fragment) -> str:
    """The fragment's first full sentence after its heading line(s), on one line."""
    for start, end in sentences(fragment.text):
        body = " ".join(fragment.text[start:end].split())
        if 60 <= len(body) <= 400 and body.endswith(".") and not body.startswith("Articolul"):
            return re.sub(r"^\(\d+\)\s*", "", body)
    return ""


def provisions(ws: Workspace, doc: Document, act: str) -> list[Provision]:
    out = []
    for fragment in ws.documents.fragments(doc):
        if _ARTICLE.match(fragment.locator) and (sentence := _first_sentence(fragment)):
            out.append(Provision(act, fragment.locator, sentence))
    return out


def not_in(ws: Workspace, later: Document, earlier: Document) -> list[str]:
    """The article and alineat locators of ``later`` that ``earlier`` lacks: neither
    the unit nor, for an alin. (1), its article (a single-paragraph article is its own
    first paragraph)."""
    had = set(ws.corpus.locators_of(earlier.id))
    out = []
    for locator in ws.corpus.locators_of(later.id):
        m = _ARTICLE.match(locator)
        if not m or locator in had or (m.group(2) == "1" and f"art. {m.group(1)}" in had):
            continue
        out.append(locator)
    return sorted(set(out))


def last_article(pool: list[Provision]) -> int:
    return max(int(m.group(1)) for p in pool if (m := _ARTICLE.match(p.locator)))


def make_draft(
    rng: random.Random,
    pools: dict[str, list[Provision]],
    later_only: list[str],
) -> list[Clause]:
    acts = sorted(pools)
    clauses = []
    for act in rng.sample(acts, 4):
        p = rng.choice(pools[act])
        clauses.append(Clause(f"Potrivit {p.locator} din {p.act}, {p.sentence}"))
    clauses.append(Clause(BOILERPLATE))
    act = rng.choice(acts)
    wrong = last_article(pools[act]) + rng.randint(5, 400)
    duty = f"Părțile se obligă să respecte obligațiile prevăzute la art. {wrong} din {act}."
    clauses.append(Clause(duty, "article"))
    timed = [p for a in acts for p in pools[a] if _DURATION.search(p.sentence)]
    p = rng.choice(timed)
    m = _DURATION.search(p.sentence)
    assert m is not None
    changed = p.sentence[: m.start(1)] + str(int(m.group(1)) + rng.choice((2, 5, 10, 15)))
    changed += p.sentence[m.end(1) :]
    clauses.append(Clause(f"Potrivit {p.locator} din {p.act}, {changed}", "deadline"))
    locator = rng.choice(later_only)
    clauses.append(
        Clause(f"Procedura se desfășoară potrivit {locator} din {LEGEA_98}.", "not_in_force")
    )
    rng.shuffle(clauses)
    return clauses


def write_draft(path: Path, clauses: list[Clause]) -> Path:
    title = "CONTRACT DE PRESTĂRI SERVICII"
    if path.suffix == ".docx":
        import docx

        document = docx.Document()
        document.add_heading(title, level=1)
        for i, clause in enumerate(clauses, start=1):
            document.add_paragraph(f"Clauza {i}")
            document.add_paragraph(clause.text)
        document.save(str(path))
    else:
        body = "\n\n".join(f"Clauza {i}\n{c.text}" for i, c in enumerate(clauses, start=1))
        path.write_text(f"{title}\n\n{body}\n", encoding="utf-8")
    return path


def score(report: DraftReport, clauses: list[Clause]) -> tuple[Counter[str], Counter[str], int]:
    """(planted kinds, planted kinds found, false findings) for one draft."""
    kinds = {"article": "missing", "deadline": "mismatch", "not_in_force": "not_in_force"}
    planted: Counter[str] = Counter()
    found: Counter[str] = Counter()
    false = 0
    for clause in clauses:
        key = " ".join(clause.text.split())[:60]
        pieces = [p for p in report.pieces if key in " ".join(p.text.split())]
        errors = [f for p in pieces for f in p.findings if f.kind in ERROR_KINDS]
        if clause.planted:
            planted[clause.planted] += 1
            found[clause.planted] += any(f.kind == kinds[clause.planted] for f in errors)
            false += sum(f.kind != kinds[clause.planted] for f in errors)
        else:
            false += len(errors)
    return planted, found, false


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drafts", type=int, default=20)
    parser.add_argument("--keep", type=Path, help="keep (and reuse) the profile in DIR")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    root = shared_data() / "ro"
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        profile = args.keep or Path(tmp) / "profile"
        reuse = (profile / "letadesk.sqlite3").is_file()
        ws = Workspace.open(profile)
        ws.settings = replace(ws.settings, embedder="minilm", language="ro")
        started = time.perf_counter()
        if not reuse:
            build(ws, root)
        built = time.perf_counter() - started
        docs = {Path(d.path).name: d for d in ws.documents.all(MATTER)}
        pools = {act: provisions(ws, docs[Path(f).name], act) for f, act in ACTS.items()}
        v2017 = docs["legea_98-2016_v2017-05-05.txt"]
        pools[LEGEA_98] = provisions(ws, v2017, LEGEA_98)
        later_only = not_in(ws, docs["legea_98-2016_v2026-02_ansvar.txt"], v2017)
        planted: Counter[str] = Counter()
        found: Counter[str] = Counter()
        false_per_draft: list[int] = []
        checked = time.perf_counter()
        details = []
        for i in range(args.drafts):
            clauses = make_draft(rng, pools, later_only)
            suffix = ".docx" if i % 2 == 0 else ".txt"
            path = write_draft(Path(tmp) / f"proiect_{i:02d}{suffix}", clauses)
            report = check_draft(ws, path, matter=MATTER, as_of=AS_OF)
            p, f, false = score(report, clauses)
            planted += p
            found += f
            false_per_draft.append(false)
            details.append((path.name, report, clauses, f, false))
        elapsed = time.perf_counter() - checked
        ws.close()
    total, hit = sum(planted.values()), sum(found.values())
    lines = [
        f"Draft check: {args.drafts} drafts (8 clauses each: 4 correct citations, 1 "
        f"boilerplate, 3 planted errors), as of {AS_OF}, from ../shared/data/ro",
        "",
        f"Planted errors found: {hit}/{total} ({100 * hit / total:.0f}%)",
        *(f"  {kind:<13} {found[kind]}/{planted[kind]}" for kind in sorted(planted)),
        f"False findings per draft: max {max(false_per_draft)}, mean "
        f"{sum(false_per_draft) / len(false_per_draft):.2f} (total {sum(false_per_draft)})",
        "",
        f"({'profile reused' if reuse else f'ingest {built:.0f} s'}; checking {elapsed:.1f} s, "
        f"{elapsed / args.drafts:.2f} s per draft)",
    ]
    if args.verbose:
        for name, report, _clauses, f, false in details:
            lines.append(f"\n{name}: found {dict(f)}, false {false}")
            for piece in report.pieces:
                for finding in piece.findings:
                    if finding.kind in ERROR_KINDS:
                        lines.append(f"  {finding.kind}: {finding.claim}")
                        lines.append(f"      in: {' '.join(piece.text.split())[:140]}")
    text = "\n".join(lines)
    print(text)
    RESULTS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
