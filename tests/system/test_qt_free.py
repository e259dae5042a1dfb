"""The core never imports Qt: the CLI and the workspace run where PySide6 is absent."""

from __future__ import annotations

import subprocess
import sys


def test_core_does_not_import_qt() -> None:
    code = (
        "import letadesk.workspace, letadesk.cli, letadesk.export.memo, sys; "
        "assert not any(m.startswith('PySide6') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
