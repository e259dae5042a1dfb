"""The ``letadesk`` command line: thin; parses arguments, calls Workspace, maps errors.

With no arguments it opens the desktop window.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import apsw

from letadesk.cli import answer_cmds, check_cmds, corpus_cmds, profile_cmds
from letadesk.cli.common import fail
from letadesk.errors import LetaDeskError
from letadesk.store.database import fault_error


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="letadesk",
        description="Offline legal assistant: grounded answers from your documents.")
    parser.add_argument("--data-dir", help="profile folder (default: LETADESK_DATA_DIR or the "
                        "platform's user data folder)")
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    corpus_cmds.register(sub)
    answer_cmds.register(sub)
    check_cmds.register(sub)
    profile_cmds.register(sub)
    gui = sub.add_parser("gui", help="open the desktop window (the default with no verb)")
    gui.set_defaults(func=_gui)
    return parser


def _gui(args: argparse.Namespace) -> int:
    from letadesk.ui.app import run_app

    return run_app(data_dir=args.data_dir)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    func = getattr(args, "func", _gui)
    try:
        return int(func(args))
    except LetaDeskError as exc:
        return fail(str(exc), exc.exit_code)
    except apsw.Error as exc:  # a disk or file fault met outside a transaction
        fault = fault_error(exc)
        if fault is None:
            raise
        return fail(str(fault), fault.exit_code)
    except KeyboardInterrupt:
        return fail("interrupted", 130)


if __name__ == "__main__":
    sys.exit(main())
