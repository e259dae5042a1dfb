"""The Settings dialog chooses the firm's model server: only a host IT allowed, over
https unless it is this computer; the ask bar then names the host. Nothing connects."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from letadesk.config import Paths, Settings

HOST = "llm.firm.local"


def _dialog(qtbot, profile: Path, hosts: tuple[str, ...]):  # type: ignore[no-untyped-def]
    from letadesk.ui.app import application
    from letadesk.ui.settings_dialog import SettingsDialog

    application("en")
    paths = Paths.resolve(profile)
    replace(Settings.load(paths), model_server_hosts=hosts).save(paths)
    dialog = SettingsDialog(paths, Settings.load(paths))
    qtbot.addWidget(dialog)
    return paths, dialog


def test_a_host_it_did_not_allow_is_refused(qtbot, profile: Path) -> None:
    paths, dialog = _dialog(qtbot, profile, (HOST,))
    assert HOST in dialog.server_info.text()  # the allowed hosts are shown
    dialog.model_server.setText("https://elsewhere.example/v1")
    assert "not on the model_server_hosts allow-list" in dialog.server_info.text()
    dialog.accept()
    assert not dialog.result()
    assert Settings.load(paths).model_server == ""


def test_plain_http_to_another_computer_is_refused(qtbot, profile: Path) -> None:
    paths, dialog = _dialog(qtbot, profile, (HOST,))
    dialog.model_server.setText(f"http://{HOST}/v1")
    assert "plain http" in dialog.server_info.text()
    dialog.accept()
    assert not dialog.result() and Settings.load(paths).model_server == ""


def test_no_allowed_host_says_so(qtbot, profile: Path) -> None:
    _, dialog = _dialog(qtbot, profile, ())
    assert "allowed no model server host" in dialog.server_info.text()
    dialog.model_server.setText(f"https://{HOST}/v1")
    assert "empty" in dialog.server_info.text()


def test_an_allowed_server_is_saved_and_named_in_the_ask_bar(qtbot, window) -> None:
    from letadesk.ui.settings_dialog import SettingsDialog

    paths = window.ws.paths
    replace(window.ws.settings, model_server_hosts=(HOST,)).save(paths)
    dialog = SettingsDialog(paths, Settings.load(paths), window)
    qtbot.addWidget(dialog)
    dialog.model_server.setText(f"https://{HOST}/v1/")
    dialog.model_server_model.setText("qwen2.5-7b-instruct")
    assert "sent to this server" in dialog.server_info.text()
    dialog.accept()
    assert dialog.result()
    saved = Settings.load(paths)
    assert (saved.model_server, saved.model_server_model) == (
        f"https://{HOST}/v1",
        "qwen2.5-7b-instruct",
    )
    window.apply_settings(saved)
    label = window.ask_panel.server_label
    assert label.isVisibleTo(window) and HOST in label.text()
    # back to this computer's model: the label goes
    again = SettingsDialog(paths, saved, window)
    qtbot.addWidget(again)
    again.model_server.setText("")
    again.accept()
    window.apply_settings(again.settings)
    assert Settings.load(paths).model_server == ""
    assert not window.ask_panel.server_label.isVisibleTo(window)
