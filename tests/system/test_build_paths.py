"""No build machine's paths in what is shipped or run to build it: a script that falls
back to one machine's virtualenv works there and nowhere else."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A home, a workspace or a CI checkout of one machine, named outright.
MACHINE_PATH = re.compile(r"(?<![\w$}\"])/(?:work|home/\w+|root)/[\w.-]+")


def test_no_script_or_source_names_a_build_machine_path() -> None:
    found = []
    for folder in ("installers", "scripts", "src", "resources", ".github", ".ci"):
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or path.suffix in {".qm", ".onnx", ".npz", ".png", ".pdf"}:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if MACHINE_PATH.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
