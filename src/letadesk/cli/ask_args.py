"""The ``ask`` verb's arguments and the firm-server choice, kept free of heavy imports:
the full command line and the warm engine's fast path (:func:`letadesk.cli.engine.fast_ask`)
both read them, the latter before the rest of LetaDesk is imported."""

from __future__ import annotations

import argparse

from letadesk.config import Paths, Settings


def add_ask_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("question")
    p.add_argument("--matter", required=True)
    p.add_argument("--document", metavar="DOC", help="only this document (id or file name)")
    p.add_argument(
        "--as-of",
        help='the date the answer must hold on (YYYY-MM-DD; default today; "any": every '
        "version, with no date)",
    )
    mode_flags(p)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--cold",
        action="store_true",
        help="answer in this process even when a warm engine (letadesk engine) is running",
    )


def mode_flags(p: argparse.ArgumentParser) -> None:
    """``--extract-only`` / ``--generate``: override the settings' generation mode."""
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--extract-only",
        action="store_const",
        const=False,
        dest="generate",
        help="skip the language model; answer with verbatim extracted sentences",
    )
    mode.add_argument(
        "--generate",
        action="store_const",
        const=True,
        dest="generate",
        help="draft with the language model even when the generation mode "
        "setting would not (e.g. the bundled SmolLM2 under 'auto')",
    )


def backend_url(args: argparse.Namespace, settings: Settings | None = None) -> str:
    """The firm server's connection string: ``--backend``, else the ``backend`` setting
    (``settings``, or the profile's); "" for the embedded profile."""
    given = getattr(args, "backend", None)
    if given:
        return str(given)
    return (settings or Settings.load(Paths.resolve(args.data_dir))).backend
