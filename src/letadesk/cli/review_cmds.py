"""CLI verb for the matter review grid: review."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from letadesk.cli.common import open_profile, parse_date, print_json
from letadesk.cli.progress import progress_bar
from letadesk.export.grid import cell_text, write_grid_docx, write_grid_xlsx
from letadesk.review.grid import ReviewCell, fill_grid, review_documents
from letadesk.review.templates import SHIPPED, load_template
from letadesk.text import printable


def register(sub: Any) -> None:
    p = sub.add_parser(
        "review", help="a review grid: documents by questions, each cell a grounded answer"
    )
    p.add_argument("--matter", required=True)
    p.add_argument(
        "--questions",
        required=True,
        metavar="FILE|" + "|".join(SHIPPED),
        help="a question template: a shipped set (cuad: CUAD's clause categories; ro: "
        "Romanian contract clauses) or a file of questions: one a line, JSON or JSON lines",
    )
    p.add_argument(
        "--documents",
        nargs="+",
        metavar="DOC",
        help="only these documents (ids or file names; default: every indexed document)",
    )
    p.add_argument("--as-of", help="the date the answers must hold on (YYYY-MM-DD; default today)")
    p.add_argument("--xlsx", metavar="OUT", help="also write the grid as an Excel workbook")
    p.add_argument("--docx", metavar="OUT", help="also write the grid as a Word table")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    questions = load_template(args.questions)
    as_of = parse_date(args.as_of)
    with open_profile(args, sources="quick") as ws, progress_bar() as bars:
        documents = review_documents(ws, args.matter, args.documents or ())
        update = bars.task("Reviewing")

        def progress(done: int, total: int, cell: ReviewCell) -> None:
            if update is not None:
                update(done, total, cell.document)

        grid = fill_grid(ws, args.matter, questions, documents, as_of=as_of, progress=progress)
        language = ws.settings.language
    shape = grid.as_json()
    if args.xlsx:
        print(f"wrote {write_grid_xlsx(shape, args.xlsx, language=language)}", file=sys.stderr)
    if args.docx:
        print(f"wrote {write_grid_docx(shape, args.docx, language=language)}", file=sys.stderr)
    print(
        f"{len(shape['cells'])} cells: {grid.asked} asked, {grid.reused} reused from "
        "an earlier run",
        file=sys.stderr,
    )
    if args.json:
        print_json(shape)
        return 0
    labels = dict(zip(shape["columns"], shape["labels"], strict=True))
    for row in shape["rows"]:
        print(f"{printable(row)}:")
        for cell in (c for c in shape["cells"] if c["document"] == row):
            lines = [printable(line) for line in cell_text(cell, language).split("\n")]
            print(f"  {printable(labels[cell['question']])}:\n      " + "\n      ".join(lines))
    return 0
