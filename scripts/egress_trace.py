"""Run a command under strace and list every network call and every file it writes
outside the folders it may write: the egress check *with* a network present.

    python scripts/egress_trace.py --allow PROFILE --allow CACHE -- CMD ARGS...

Exit 0 when the command succeeded and did nothing of the kind; 1 with one line per
finding otherwise (the command's own failure included). What counts:

- a socket of any family but AF_UNIX (AF_INET, AF_INET6, AF_NETLINK, AF_PACKET...), and
  any connect, sendto or sendmsg to an address that is not AF_UNIX;
- a DNS lookup: opening /etc/resolv.conf, /etc/hosts, /etc/gai.conf or /etc/host.conf,
  or connecting to the name service cache (nscd) or systemd-resolved;
- a file written, created, renamed, linked, truncated or removed, or a folder made or
  removed, outside the ``--allow`` folders (and /dev/null, /dev/tty, /dev/shm/sem.*,
  which multiprocessing's locks live in).

Child processes are followed (``strace -f``), paths of descriptors are resolved
(``-y``), and only the calls named are stopped on (``--seccomp-bpf``), so the command
runs at close to its normal speed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

CALLS = (
    "socket,connect,sendto,sendmsg,sendmmsg,bind,"
    "open,openat,openat2,creat,truncate,mkdir,mkdirat,rmdir,rename,renameat,renameat2,"
    "link,linkat,symlink,symlinkat,unlink,unlinkat"
)
DNS_FILES = ("/etc/resolv.conf", "/etc/hosts", "/etc/gai.conf", "/etc/host.conf")
RESOLVER_SOCKETS = ("/var/run/nscd/", "/run/nscd/", "/run/systemd/resolve/")
ALWAYS_ALLOWED = ("/dev/null", "/dev/tty", "/dev/shm/sem.", "/dev/pts/")
WRITE_FLAGS = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND")
WRITERS = {
    "creat": (0,),
    "truncate": (0,),
    "mkdir": (0,),
    "rmdir": (0,),
    "unlink": (0,),
    "rename": (0, 1),
    "link": (1,),
    "symlink": (1,),
    "mkdirat": (0,),
    "unlinkat": (0,),
    "renameat": (0, 1),
    "renameat2": (0, 1),
    "linkat": (1,),
    "symlinkat": (1,),
}

_LINE = re.compile(r"^(?:\[pid\s+)?(\d+)\]?\s+(\w+)\((.*)\)\s+=\s+(-?\d+|\?)")
_PATH = re.compile(r'(?:(AT_FDCWD|\d+)(?:<([^>]*)>)?,\s*)?"((?:[^"\\]|\\.)*)"')


def _unescape(text: str) -> str:
    """strace's C-style escapes (\\x.., \\n, \\") back to a path (bytes as latin-1)."""
    raw = text.encode("latin-1", "backslashreplace").decode("unicode_escape")
    return raw.encode("latin-1", "replace").decode("utf-8", "surrogateescape")


def _paths(call: str, args: str, cwd: str) -> list[str]:
    """The absolute paths a call names, in argument order; a path relative to a
    directory descriptor is resolved through strace's -y annotation."""
    out = []
    for _fd, fd_path, path in _PATH.findall(args):
        path = _unescape(path)
        base = fd_path or cwd
        out.append(os.path.normpath(os.path.join(base, path)))
    return out


def _allowed(path: str, roots: Iterable[str]) -> bool:
    if path.startswith(ALWAYS_ALLOWED):
        return True
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


def findings(lines: Iterable[str], allowed: Iterable[str], cwd: str) -> list[str]:
    """Each network call, DNS lookup and write outside ``allowed`` in an strace log."""
    roots = [os.path.normpath(os.path.abspath(r)) for r in allowed]
    found: list[str] = []
    for line in lines:
        match = _LINE.match(line.strip())
        if not match:
            continue
        pid, call, args, result = match.groups()
        problem = _network(call, args) or _file(call, args, result, roots, cwd)
        if problem:
            found.append(f"pid {pid}: {problem}: {call}({args[:200]})")
    return found


def _network(call: str, args: str) -> str:
    if call == "socket" and not args.startswith(("AF_UNIX", "AF_LOCAL")):
        return "network socket"
    if call in ("connect", "sendto", "sendmsg", "sendmmsg", "bind"):
        if "sa_family=AF_INET" in args or "sa_family=AF_NETLINK" in args:
            return "network call"
        if any(s in args for s in RESOLVER_SOCKETS):
            return "DNS lookup (name service socket)"
    return ""


def _file(call: str, args: str, result: str, roots: list[str], cwd: str) -> str:
    paths = _paths(call, args, cwd)
    if not paths:
        return ""
    if call in ("open", "openat", "openat2"):
        if paths[0] in DNS_FILES:
            return "DNS lookup (resolver file read)"
        written = any(flag in args for flag in WRITE_FLAGS) and not result.startswith("-")
        return "" if not written or _allowed(paths[0], roots) else "file written outside"
    if call in WRITERS:
        if result.startswith("-"):
            return ""  # the call failed: nothing was changed
        named = [paths[i] for i in WRITERS[call] if i < len(paths)]
        outside = [p for p in named if not _allowed(p, roots)]
        return "file changed outside" if outside else ""
    return ""


def trace(command: list[str], log: Path, *, cwd: str) -> int:
    strace = shutil.which("strace")
    if strace is None:
        raise SystemExit("egress: strace is not installed (scripts/setup.sh installs it)")
    argv = [strace, "-f", "-y", "-qq", "--seccomp-bpf", "-s", "512", "-e", f"trace={CALLS}"]
    return subprocess.run([*argv, "-o", str(log), *command], cwd=cwd, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--allow", action="append", default=[], help="a folder it may write")
    ap.add_argument("--log", type=Path, help="keep the strace log here")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        log = args.log or Path(tmp) / "strace.log"
        code = trace(command, log, cwd=cwd)
        lines = log.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    problems = findings(lines, args.allow, cwd)
    if code != 0:
        problems.append(f"the command failed (exit {code}): {' '.join(command)}")
    for problem in problems:
        print(f"egress: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
