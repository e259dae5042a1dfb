"""Pinpoints: does each quote cite its own unit, in every rendering of a code?

Each code of ``../shared/data/ro/codes_original`` named below is re-rendered as firms
hold it (``tests/law_renderings.py``: inline marginal titles, title on its own line,
"Art. 5. - Titlu (1)" with "Art. N^1", ARTICOLUL N, Markdown with front matter and
{#anchor} headings, HTML, DOCX), read by LetaDesk, and every candidate quote of every fragment
(what an extracted answer may quote) is cited two ways: by the smallest unit holding its
offsets (``ingest.units.unit_at``, what citations use now) and by its fragment's locator
(what citations used before). Truth: where the renderer's own parser put each article,
alineat, punct and litera. Then exact questions ("Ce prevede art. 228 alin. (1) din
Codul penal?") to every third alineat and litera of Codul penal art. 180-260, asked in
each rendering (extracted answers, no judge): answered, and every citation naming the
asked unit. Last, the consolidated laws of ``laws_consolidated_2026``: their
consolidation notes ("(la 13-07-2020, ... a fost modificat de ...)") found, candidate
quotes holding a note (must be 0), and provisions whose text is "Abrogat." that are
recognised as repealed with a date (``references.notes.repeal_of``), and, in the six laws
with the most, the exact question to each ("Ce prevede art. 6 din Legea nr. 101/2016?")
answered as repealed ("Art. 6 a fost abrogat la 04-06-2018 de OUG nr. 45/2018.").

    .venv/bin/python benchmarks/bench_pinpoints.py [--no-questions]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from _common import shared_data

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import law_renderings as lr
from letadesk.answer.ask import AskOptions
from letadesk.answer.scoring import candidate_sentences
from letadesk.ingest.readers import read_document
from letadesk.ingest.units import body_start, unit_at
from letadesk.references.notes import notes_in, repeal_of
from letadesk.workspace import Workspace

RESULTS = Path(__file__).resolve().parent / "results" / "pinpoints.txt"
CODES = (
    lr.CODUL_PENAL,
    "codes_original/codul_muncii_L53-2003_forma_initiala_MO72-2003.txt",
    "codes_original/codul_procedura_penala_L135-2010_forma_initiala_MO486-2010.txt",
    "codes_original/codul_civil_L287-2009_forma_initiala_MO511-2009.txt",
    "codes_original/codul_fiscal_L227-2015_forma_initiala_MO688-2015.txt",
)


def pinpoints(root: Path, code: str, rendering: str, folder: Path) -> tuple[int, int, int]:
    """(quotes, cited by their own unit, own unit == fragment locator)."""
    articles = lr.numbered(lr.read_code(root / "ro" / code, 1, 10_000), rendering)
    path = folder / f"{Path(code).stem}{lr.SUFFIX.get(rendering, '.txt')}"
    doc = read_document(lr.write(articles, rendering, path))
    units = lr.truth_units(articles, doc.text)
    quotes = own = by_fragment = 0
    for f in doc.fragments:
        for sentence in candidate_sentences(f.text):
            at = f.text.index(sentence)
            truth = lr.own_unit(units, f.start + at, f.start + at + len(sentence))
            quotes += 1
            own += unit_at(f.locator, f.text, at, at + len(sentence)) == truth
            by_fragment += f.locator == truth
    return quotes, own, by_fragment


def questions(root: Path, folder: Path) -> list[str]:
    """Exact questions to every third alineat and litera of art. 180-260, per rendering."""
    part = [a for a in lr.read_code(root / "ro" / lr.CODUL_PENAL, 180, 260)]
    lines = []
    ws = Workspace.open(folder / "ws")
    ws.settings = replace(ws.settings, embedder="minilm")
    try:
        for rendering in lr.RENDERINGS:
            articles = lr.numbered(part, rendering)
            path = folder / rendering / f"codul_penal{lr.SUFFIX.get(rendering, '.txt')}"
            ws.documents.ingest([lr.write(articles, rendering, path)], matter=rendering)
            asked = [u.locator for u in lr.truth_units(articles, ws_text(ws, rendering))]
            asked = [loc for loc in asked if " " in loc.removeprefix("art. ")][::3]
            answered = exact = 0
            started = time.perf_counter()
            for locator in asked:
                answer = ws.ask(
                    f"Ce prevede {locator} din Codul penal?",
                    matter=rendering,
                    options=AskOptions(generate=False, judge=False),
                )
                cited = [c.locator for claim in answer.claims for c in claim.citations]
                answered += answer.disposition == "answered"
                exact += bool(cited) and all(c == locator for c in cited)
            spent = (time.perf_counter() - started) / max(len(asked), 1)
            lines.append(
                f"  {rendering:<15} {len(asked):>4} asked  answered {answered / len(asked):6.1%}"
                f"  every citation the asked unit {exact / len(asked):6.1%}"
                f"  ({spent * 1000:.0f} ms a question)"
            )
    finally:
        ws.close()
    return lines


_NOTE_START = re.compile(r"\(la \d{2}-\d{2}-\d{4},")
_ABROGAT = re.compile(r"Abrogat[ăa]?\.?")


def consolidated(root: Path) -> list[str]:
    """Per consolidated law: notes written, found, quoted; "Abrogat." units, repealed."""
    lines = []
    total = [0] * 5
    for path in sorted((root / "ro" / "laws_consolidated_2026").glob("*.txt")):
        doc = read_document(path)
        row = [len(_NOTE_START.findall(doc.text)), 0, 0, 0, 0]
        for f in doc.fragments:
            body = f.text[body_start(f.text) :]
            row[1] += len(notes_in(f.text))
            row[2] += sum(bool(_NOTE_START.search(q)) for q in candidate_sentences(f.text))
            row[3] += bool(_ABROGAT.fullmatch(body.split("\n", 1)[0].strip()))
            row[4] += repeal_of(body) is not None
        total = [t + r for t, r in zip(total, row, strict=True)]
        lines.append(_notes_row(path.stem[:40], row))
    return [*lines, _notes_row("all", total)]


REPEALED_LAWS = ("legea_215", "legea_161", "legea_362", "legea_62", "legea_303", "legea_101")


def repealed_questions(root: Path, folder: Path) -> list[str]:
    """Per law: exact questions to its repealed provisions answered as repealed."""
    ws = Workspace.open(folder / "ws")
    ws.settings = replace(ws.settings, embedder="minilm")
    lines = []
    try:
        for name in REPEALED_LAWS:
            [path] = (root / "ro" / "laws_consolidated_2026").glob(f"{name}-*.txt")
            ws.documents.ingest([path], matter=name)
            doc = read_document(path)
            m = re.search(r"nr\. (\d+) din \d+ \w+ (\d{4})", doc.title)
            act = f"Legea nr. {m[1]}/{m[2]}" if m else doc.title
            asked = [
                f.locator
                for f in doc.fragments
                if repeal_of(f.text[body_start(f.text) :]) is not None
            ]
            said = 0
            for locator in asked:
                answer = ws.ask(
                    f"Ce prevede {locator} din {act}?",
                    matter=name,
                    options=AskOptions(generate=False, judge=False),
                )
                said += answer.disposition == "answered" and any(
                    " a fost abrogat" in c.text and c.text.startswith(locator.capitalize())
                    for c in answer.claims
                )
            lines.append(f"  {act:<22} {len(asked):>4} asked, answered as repealed {said:>4}")
    finally:
        ws.close()
    return lines


def _notes_row(name: str, row: list[int]) -> str:
    return (
        f"  {name:<40} notes {row[0]:>4} found {row[1]:>4} quoted {row[2]:>3}"
        f"  'Abrogat.' {row[3]:>4} repealed with date {row[4]:>4}"
    )


def ws_text(ws: Workspace, matter: str) -> str:
    [doc] = ws.documents.all(matter=matter)
    return ws.documents.text(doc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-questions", action="store_true")
    args = parser.parse_args()
    root = shared_data()
    out = ["Pinpoints: quotes citing their own unit, per rendering (tests/law_renderings.py)", ""]
    with tempfile.TemporaryDirectory() as tmp:
        for code in CODES:
            out.append(Path(code).stem)
            for rendering in lr.RENDERINGS:
                folder = Path(tmp) / "p" / rendering
                folder.mkdir(parents=True, exist_ok=True)
                quotes, own, by_fragment = pinpoints(root, code, rendering, folder)
                out.append(
                    f"  {rendering:<15} {quotes:>5} quotes  own unit {own / quotes:7.2%}"
                    f"  (fragment's locator: {by_fragment / quotes:6.2%})"
                )
            print("\n".join(out[-len(lr.RENDERINGS) - 1 :]), flush=True)
        out += ["", "Consolidated laws: notes, and repealed provisions"]
        out += consolidated(root)
        out += ["", "Exact questions to those repealed (six laws; extracted, no judge)"]
        out += repealed_questions(root, Path(tmp) / "r")
        print("\n".join(out[-23:]), flush=True)
        if not args.no_questions:
            out += ["", "Exact questions, Codul penal art. 180-260 (extracted, no judge)"]
            out += questions(root, Path(tmp) / "q")
            print("\n".join(out[-len(lr.RENDERINGS) :]))
    RESULTS.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"written {RESULTS}")


if __name__ == "__main__":
    main()
