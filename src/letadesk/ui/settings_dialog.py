"""Settings: model file (checked for size and memory fit), the firm's model server
(checked against the hosts IT allowed), generation mode, embedder, threads, default
"as of" date and interface language; saved under the profile."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from letadesk.config import GENERATION_MODES, Paths, Settings, backend_problem
from letadesk.errors import LetaDeskError
from letadesk.files import sha256_of
from letadesk.generate.allowlist import ModelAllowList, may_load
from letadesk.generate.llama_generator import check_fits, is_bundled
from letadesk.generate.remote_generator import checked_endpoint
from letadesk.index.embedder import CHOICES
from letadesk.ui.as_of import AsOfField
from letadesk.ui.i18n import LANGUAGES


class SettingsDialog(QDialog):
    def __init__(self, paths: Paths, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.paths = paths
        self.settings = settings
        self.model_path = QLineEdit(settings.model_path)
        self.model_path.setPlaceholderText(self.tr("(built-in small model)"))
        self.model_path.textChanged.connect(self._model_changed)
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        self.model_info = QLabel()
        self.model_info.setObjectName("hint")
        self.model_info.setWordWrap(True)
        self._server_fields(settings)
        self.backend = QLineEdit(settings.backend)
        self.backend.setPlaceholderText(self.tr("(none: the matters on this computer)"))
        self.backend.setToolTip(
            self.tr(
                "The firm's PostgreSQL server, e.g. postgresql://db.firm.local/letadesk or "
                "service=letadesk. Its password comes from ~/.pgpass or a service file, "
                "never from here."
            )
        )
        self.backend_info = QLabel()
        self.backend_info.setObjectName("hint")
        self.backend_info.setWordWrap(True)
        self.generation = self._generation_box(settings.generation)
        self.embedder = QComboBox()
        self.embedder.setEditable(True)  # a sentence-transformers folder is allowed too
        self.embedder.addItems(list(CHOICES))
        for i, tip in enumerate(self._embedder_tips()):
            self.embedder.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
        self.embedder.setToolTip(self.tr("How passages are found by meaning, beside their words."))
        self.embedder.setCurrentText(settings.embedder)
        self.threads = QSpinBox()
        self.threads.setRange(0, max(64, os.cpu_count() or 1))
        self.threads.setSpecialValueText(self.tr("automatic"))
        self.threads.setValue(settings.threads)
        self.as_of = AsOfField(self.tr("Use a fixed date"))
        self.as_of.set_iso(settings.default_as_of)
        self.as_of_check, self.as_of_date = self.as_of.check, self.as_of.date
        self.language = QComboBox()
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self._build_layout(browse)
        self._model_changed()

    def _server_fields(self, settings: Settings) -> None:
        """The model server's URL and model name; its hosts are IT's list, shown only."""
        self.model_server = QLineEdit(settings.model_server)
        self.model_server.setPlaceholderText(self.tr("(none: the model on this computer)"))
        self.model_server.textChanged.connect(self._server_changed)
        self.model_server_model = QLineEdit(settings.model_server_model)
        self.model_server_model.setPlaceholderText(self.tr("(the server's default model)"))
        self.server_info = QLabel()
        self.server_info.setObjectName("hint")
        self.server_info.setWordWrap(True)
        self._server_changed()

    def server_problem(self) -> str:
        """Why the model server cannot be used, or "" when it can (or none is set)."""
        url = self.model_server.text().strip()
        if not url:
            return ""
        try:
            checked_endpoint(url, self.settings.model_server_hosts)
        except LetaDeskError as exc:
            return str(exc)
        return ""

    def _server_changed(self) -> None:
        hosts = ", ".join(self.settings.model_server_hosts)
        allowed = (
            self.tr("Hosts IT allowed: {hosts}.").format(hosts=hosts)
            if hosts
            else self.tr("IT has allowed no model server host (model_server_hosts).")
        )
        if not self.model_server.text().strip():
            self.server_info.setText(allowed)
            return
        problem = self.server_problem()
        self.server_info.setText(
            problem
            or self.tr(
                "Questions and their sources are sent to this server to draft answers; "
                "every claim is still checked here. {allowed}"
            ).format(allowed=allowed)
        )

    def _embedder_tips(self) -> list[str]:
        """What each of :data:`CHOICES` is, in plain words."""
        return [
            self.tr("Automatic: the best one installed (the multilingual one when present)"),
            self.tr("Small and fast, trained on English"),
            self.tr("Multilingual: Romanian and English"),
        ]

    def _generation_box(self, current: str) -> QComboBox:
        """The generation mode choice (``letadesk.generate.mode``), set to ``current``."""
        box = QComboBox()
        labels = {
            "auto": self.tr(
                "Automatic: when a language model file or the firm's model server is chosen above"
            ),
            "always": self.tr("Always (the built-in small model too)"),
            "never": self.tr("Never: verbatim passages only"),
        }
        for code in GENERATION_MODES:
            box.addItem(labels[code], code)
        box.setCurrentIndex(max(0, box.findData(current)))
        box.setToolTip(
            self.tr(
                "The built-in small model's drafts were rarely verifiable, "
                "so by default answers are verbatim passages unless you "
                "choose a more capable model."
            )
        )
        return box

    def _build_layout(self, browse: QPushButton) -> None:
        model_row = QHBoxLayout()
        model_row.addWidget(self.model_path, 1)
        model_row.addWidget(browse)
        as_of_row = QHBoxLayout()
        as_of_row.addWidget(self.as_of_check)
        as_of_row.addWidget(self.as_of_date)
        as_of_row.addStretch(1)
        form = QFormLayout()
        form.addRow(self.tr("Language model file:"), model_row)
        form.addRow("", self.model_info)
        form.addRow(self.tr("Firm model server (URL):"), self.model_server)
        form.addRow(self.tr("Model on the server:"), self.model_server_model)
        form.addRow("", self.server_info)
        form.addRow(self.tr("Firm server (matters):"), self.backend)
        form.addRow("", self.backend_info)
        form.addRow(self.tr("Draft answers with the model:"), self.generation)
        form.addRow(self.tr("Search model (finds passages by meaning):"), self.embedder)
        form.addRow(self.tr("Processor cores to use:"), self.threads)
        form.addRow(self.tr("Default \u201cas of\u201d date:"), as_of_row)
        form.addRow(self.tr("Interface language:"), self.language)
        note = QLabel(
            self.tr(
                "A new language, search model or firm server applies after restarting LetaDesk."
            )
        )
        note.setObjectName("hint")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.resize(560, self.sizeHint().height())

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Choose a model"), "", self.tr("Language model files (*.gguf)")
        )
        if path:
            self.model_path.setText(path)

    def model_problem(self) -> str:
        """Why the chosen model cannot be used, or "" when it can (or none is chosen)."""
        text = self.model_path.text().strip()
        if not text:
            return ""
        try:
            check_fits(Path(text))
        except LetaDeskError as exc:
            return str(exc)
        return ""

    def _model_changed(self) -> None:
        text = self.model_path.text().strip()
        if not text:
            self.model_info.setText(self.tr("The built-in model is used."))
            return
        problem = self.model_problem()
        if problem:
            self.model_info.setText(problem)
            return
        size = Path(text).stat().st_size / 2**20
        self.model_info.setText(
            self.tr("{size:.0f} MiB; fits in the available memory.").format(size=size)
        )

    def chosen(self) -> Settings:
        as_of = self.as_of.iso()
        return replace(
            self.settings,
            model_path=self.model_path.text().strip(),
            model_server=self.model_server.text().strip().rstrip("/"),
            model_server_model=self.model_server_model.text().strip(),
            backend=self.backend.text().strip(),
            generation=str(self.generation.currentData()),
            embedder=self.embedder.currentText().strip() or "auto",
            threads=self.threads.value(),
            default_as_of=as_of,
            language=str(self.language.currentData()),
        )

    def accept(self) -> None:
        problem = self.model_problem()
        if problem:
            self.model_info.setText(problem)
            return  # stay open: the model would not load
        problem = self.server_problem()
        if problem:
            self.server_info.setText(problem)
            return  # stay open: nothing would be sent to that server
        problem = backend_problem(self.backend.text())
        if problem:
            self.backend_info.setText(self.tr("Firm server: {problem}").format(problem=problem))
            return  # stay open: the window could not open it
        text = self.model_path.text().strip()
        if text and not self._confirmed(Path(text)):
            self.model_info.setText(self.tr("The model was not confirmed, so it is not used."))
            return
        self.settings = self.chosen()
        self.settings.save(self.paths)
        super().accept()

    def _confirmed(self, model: Path) -> bool:
        """Whether ``model`` may be loaded (the loader's rule, ``allowlist.may_load``), or
        the user confirms it now, having seen its SHA-256 (then recorded)."""
        digest = sha256_of(model)
        allowed = ModelAllowList(self.paths.allowed_models)
        if may_load(digest, embedded=is_bundled(model), allow_list=allowed):
            return True
        if not self.ask_to_confirm(model, digest):
            return False
        allowed.allow(model, digest)
        return True

    def ask_to_confirm(self, model: Path, digest: str) -> bool:
        """Ask whether to allow a model file LetaDesk has not loaded before."""
        text = self.tr(
            "LetaDesk has not loaded this model file before:\n{file}\n\nSHA-256: {digest}\n\n"
            "A model decides what the drafts say. Compare the SHA-256 with the one its "
            "publisher gives. Allow this file?"
        ).format(file=model, digest=digest)
        answer = QMessageBox.question(
            self,
            self.tr("Confirm the model"),
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes
