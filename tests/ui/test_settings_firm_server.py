"""The Settings dialog chooses the firm server the window opens on its next start (the
``backend`` setting, as ``--backend`` does): a PostgreSQL connection string, never one
that holds a password. Nothing connects here."""

from __future__ import annotations

from pathlib import Path

import pytest

from letadesk.config import Paths, Settings, backend_problem

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")


@pytest.mark.parametrize(
    "url",
    ["", "postgresql://ana@db.firm.local/letadesk", "postgres://db:5432/x", "service=letadesk"],
)
def test_connection_strings_without_a_password_are_kept(url: str) -> None:
    assert backend_problem(url) == ""


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("postgresql://ana:secret@db/letadesk", "holds a password"),
        ("host=db dbname=letadesk password=secret", "holds a password"),
        ("https://db.firm.local/letadesk", "not a PostgreSQL connection string"),
    ],
)
def test_a_password_or_another_scheme_is_refused(url: str, reason: str) -> None:
    assert reason in backend_problem(url)


def _dialog(qtbot, profile: Path):  # type: ignore[no-untyped-def]
    from letadesk.ui.app import application
    from letadesk.ui.settings_dialog import SettingsDialog

    application("en")
    paths = Paths.resolve(profile)
    dialog = SettingsDialog(paths, Settings.load(paths))
    qtbot.addWidget(dialog)
    return paths, dialog


def test_a_string_with_a_password_keeps_the_dialog_open(qtbot, profile: Path) -> None:
    paths, dialog = _dialog(qtbot, profile)
    dialog.backend.setText("postgresql://ana:secret@db.firm.local/letadesk")
    dialog.accept()
    assert not dialog.result()
    assert "password" in dialog.backend_info.text()
    assert "secret" not in dialog.backend_info.text()  # the reason does not echo it
    assert Settings.load(paths).backend == ""


def test_a_firm_server_is_saved_for_the_next_start(qtbot, profile: Path) -> None:
    paths, dialog = _dialog(qtbot, profile)
    dialog.backend.setText("  service=letadesk ")
    dialog.accept()
    assert dialog.result()
    assert Settings.load(paths).backend == "service=letadesk"


def test_the_window_is_not_opened_on_a_backend_that_is_no_server(
    profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from letadesk.cli import main

    code = main(["--data-dir", str(profile), "--backend", "https://db.firm.local/x", "gui"])
    assert code != 0
    assert "not a PostgreSQL connection string" in capsys.readouterr().err
