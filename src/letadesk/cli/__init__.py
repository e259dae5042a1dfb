"""The ``letadesk`` command line: thin; parses arguments, calls Workspace, maps errors.

With no arguments it opens the desktop window.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Sequence

from letadesk.cli.engine import fast_ask
from letadesk.errors import LetaDeskError
from letadesk.offline import prepare_environment

# The verbs' modules (and, through them, the models' and stores' libraries) are imported
# by build_parser, not here: an ``ask`` that a warm engine answers (engine.fast_ask) has
# no use for them, and importing them is most of what such an ask costs.


def build_parser() -> argparse.ArgumentParser:
    from letadesk.cli import (
        answer_cmds,
        check_cmds,
        corpus_cmds,
        draft_cmds,
        model_cmds,
        profile_cmds,
        review_cmds,
        server_cmds,
    )

    parser = argparse.ArgumentParser(
        prog="letadesk",
        description="Offline legal assistant: grounded answers from your documents.",
    )
    parser.add_argument(
        "--data-dir",
        help="profile folder (default: LETADESK_DATA_DIR or the platform's user data folder)",
    )
    parser.add_argument(
        "--backend",
        metavar="URL",
        help="the firm server (postgresql://host/database; its password from ~/.pgpass, a "
        "service file or PGPASSWORD, never here); default: the backend setting, else this "
        "computer's profile",
    )
    parser.add_argument(
        "--version",
        action="store_true",
        help="print the version, the build commit and the models' SHA-256",
    )
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    corpus_cmds.register(sub)
    answer_cmds.register(sub)
    check_cmds.register(sub)
    review_cmds.register(sub)
    draft_cmds.register(sub)
    profile_cmds.register(sub)
    model_cmds.register(sub)
    server_cmds.register(sub)
    gui = sub.add_parser("gui", help="open the desktop window (the default with no verb)")
    gui.set_defaults(func=_gui)
    return parser


def _version(args: argparse.Namespace) -> int:
    from letadesk.cli.about import version_text

    print(version_text())
    return 0


def _gui(args: argparse.Namespace) -> int:
    from letadesk.cli.ask_args import backend_url
    from letadesk.cli.common import firm_server
    from letadesk.ui.app import run_app

    url = backend_url(args)  # --backend, else the backend setting: the firm server
    return run_app(data_dir=args.data_dir, server=firm_server(url) if url else None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one verb; every error it meets on purpose ends in one line on stderr and an
    exit code (argparse's usage errors: 2). Output piped into a reader that stops early
    (``| head``) ends quietly with 141, as a shell command killed by SIGPIPE does."""
    prepare_environment()  # before anything can import onnxruntime or Hugging Face's
    # In a frozen build (PyInstaller) a spawned parser worker starts this same executable:
    # here it runs the worker and exits, instead of parsing the worker's arguments as a
    # verb. A no-op when not frozen.
    multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        answered = fast_ask(argv)
        if answered is not None:
            sys.stdout.flush()
            return answered
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        _drop_stdout()
        return BROKEN_PIPE
    from letadesk.store.transaction import fault_error

    args = build_parser().parse_args(argv)
    func = _version if args.version else getattr(args, "func", _gui)
    if problem := _undecodable(args):
        return _fail(problem, 2)
    try:
        code = int(func(args))
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return code
    except LetaDeskError as exc:
        return _fail(str(exc), exc.exit_code)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        _drop_stdout()
        return BROKEN_PIPE
    except Exception as exc:  # a disk or file fault met outside a transaction
        fault = fault_error(exc)
        if fault is not None:
            return _fail(str(fault), fault.exit_code)
        if isinstance(exc, OSError) and exc.filename is not None:  # a path the system refuses
            return _fail(f"{exc.filename}: cannot be used ({exc.strerror or exc})", 2)
        raise


def gui_main() -> int:
    """The ``letadesk-gui`` executable: the window (``letadesk gui``), with no console on
    Windows and macOS; it takes ``--data-dir`` as ``letadesk`` does."""
    return main([*sys.argv[1:], "gui"])


BROKEN_PIPE = 128 + 13  # 128 + SIGPIPE


def _fail(message: str, code: int) -> int:
    from letadesk.cli.common import fail

    return fail(message, code)


def _undecodable(args: argparse.Namespace) -> str:
    """The first argument that is not valid text, as an error message ("" if none):
    bytes the locale could not decode (no database, index or terminal takes them), or a
    NUL character (no file name holds one; only a program can pass it)."""
    for name, value in vars(args).items():
        for text in value if isinstance(value, list) else [value]:
            if not isinstance(text, str):
                continue
            flag = name.replace("_", "-")
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                try:  # show the undecodable bytes as they were on the command line
                    shown = repr(text.encode("utf-8", "surrogateescape"))
                except UnicodeEncodeError:  # a lone surrogate from a program, not argv
                    shown = ascii(text)
                return f"{flag}: {shown} is not valid UTF-8 text"
            if "\x00" in text:
                return f"{flag}: {text!r} holds a NUL character"
    return ""


def _drop_stdout() -> None:
    """Point stdout at the null device, so that Python's final flush of what is still
    buffered does not fail again on the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (stdout replaced in-process)
        pass


if __name__ == "__main__":
    sys.exit(main())
