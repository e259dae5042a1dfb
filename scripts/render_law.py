"""Write a code of ../shared/data/ro/codes_original in each rendering firms hold it in
(tests/law_renderings.py): consolidated with inline marginal titles, title on its own
line, "Art. 5. - Titlu (1)", ARTICOLUL N, Markdown with YAML front matter and {#anchor}
headings, HTML, DOCX.

    .venv/bin/python scripts/render_law.py OUT_DIR [--code codes_original/...txt]
        [--first 1 --last 446]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import law_renderings as lr  # noqa: E402

SHARED = Path(os.environ.get("LETADESK_SHARED_DATA") or ROOT.parent / "shared" / "data")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--code", default=lr.CODUL_PENAL, help="path under shared/data/ro")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=10_000)
    args = parser.parse_args()
    source = SHARED / "ro" / args.code
    if not source.is_file():
        sys.exit(f"{source} not found: this script needs ../shared/data")
    code = lr.read_code(source, args.first, args.last)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = Path(args.code).stem
    for rendering in lr.RENDERINGS:
        path = args.out / f"{stem}.{rendering}{lr.SUFFIX.get(rendering, '.txt')}"
        print(lr.write(lr.numbered(code, rendering), rendering, path))


if __name__ == "__main__":
    main()
