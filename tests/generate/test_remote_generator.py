"""The firm's model server (OpenAI-compatible) as the drafting model: only allow-listed
hosts, TLS unless loopback, and a real round trip to llama-cpp-python's own server with
the bundled SmolLM2 GGUF on loopback (a subprocess: loads the model)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from corpus_factory import NDA_EN, make_passage, write_text
from letadesk.answer.ask import AskOptions
from letadesk.config import Paths, Settings
from letadesk.errors import ConfigError, ModelError
from letadesk.generate.configured import configured_model, generates, make_generator
from letadesk.generate.generator import Generator
from letadesk.generate.llama_generator import embedded_model_path
from letadesk.generate.prompts import build_prompt
from letadesk.generate.remote_generator import RemoteGenerator, checked_endpoint
from letadesk.workspace import Workspace


def test_only_allow_listed_hosts_and_tls_beyond_this_computer() -> None:
    hosts = ["llm.firm.local", "127.0.0.1"]
    assert (
        checked_endpoint("https://llm.firm.local:8443/v1/", hosts)
        == "https://llm.firm.local:8443/v1"
    )
    assert checked_endpoint("http://127.0.0.1:8080/v1", hosts) == "http://127.0.0.1:8080/v1"
    with pytest.raises(ConfigError, match="allow-list"):
        checked_endpoint("https://api.openai.com/v1", hosts)
    with pytest.raises(ConfigError, match="in clear"):
        checked_endpoint("http://llm.firm.local/v1", hosts)
    with pytest.raises(ConfigError, match="credentials"):
        checked_endpoint("https://key:secret@llm.firm.local/v1", hosts)
    with pytest.raises(ConfigError, match="expected https"):
        checked_endpoint("ftp://llm.firm.local/v1", hosts)


def test_the_settings_choose_the_server_and_auto_mode_drafts_with_it(tmp_path: Path) -> None:
    paths = Paths.resolve(tmp_path / "p")
    paths.settings_file.write_text(
        json.dumps(
            {
                "model_server": "https://llm.firm.local/v1",
                "model_server_model": "qwen",
                "model_server_hosts": ["llm.firm.local"],
            }
        ),
        encoding="utf-8",
    )
    settings = Settings.load(paths)
    assert settings.model_server_hosts == ("llm.firm.local",)
    assert configured_model(settings) == "qwen@https://llm.firm.local/v1"
    assert generates(settings)  # "auto": not the bundled model
    generator = make_generator(settings, allow_list=None)  # type: ignore[arg-type]
    assert generator.model_id == "qwen@https://llm.firm.local/v1"
    assert not generates(Settings())  # the bundled SmolLM2 under "auto"


@pytest.mark.enable_socket  # a loopback connection, refused
def test_an_unreachable_server_is_a_model_error_naming_it() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    generator = RemoteGenerator(f"http://127.0.0.1:{port}/v1", "m", ["127.0.0.1"], timeout=5)
    prompt = build_prompt("What law governs?", [make_passage(7, "Delaware law governs.")])
    with pytest.raises(ModelError, match=f"127.0.0.1:{port}/v1: unreachable"):
        generator.generate(prompt)


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server with the bundled GGUF, on loopback."""
    pytest.importorskip("llama_cpp.server.app", reason="needs llama-cpp-python[server] (dev)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "llama_cpp.server",
                "--model",
                str(embedded_model_path()),
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--n_ctx",
                "2048",
                "--n_threads",
                "2",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "/models", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(
                        f"the model server exited: {log.read_text(errors='replace')[-800:]}"
                    )
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.enable_socket
def test_a_draft_comes_back_from_a_real_server_in_the_answer_schema(llama_server: str) -> None:
    generator = RemoteGenerator(llama_server, "smollm2", ["127.0.0.1"])
    passage = make_passage(7, "This Agreement is governed by the laws of the State of Delaware.")
    out = generator.generate(build_prompt("Which law governs this agreement?", [passage]))
    draft = json.loads(out.raw)  # the server held the model to the schema
    assert isinstance(draft["claims"], list)
    cited = [e["fragment_id"] for c in draft["claims"] for e in c["evidence"]]
    assert all(f == 7 for f in cited)  # the schema names source 7 only
    assert out.prompt_tokens > 0 and out.fragment_ids == (7,)


@pytest.mark.enable_socket
def test_an_answer_drafted_on_the_server_records_the_endpoint_and_model(
    llama_server: str, tmp_path: Path
) -> None:
    write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    with Workspace.open(tmp_path / "ws") as ws:
        ws.documents.ingest([tmp_path / "docs"], matter="NDA")
        ws.settings = replace(
            ws.settings,
            model_server=llama_server,
            model_server_model="smollm2",
            model_server_hosts=("127.0.0.1",),
            generation="always",
        )
        generator: Generator = ws.generator()
        assert generator.model_id == f"smollm2@{llama_server}"
        answer = ws.ask(
            "How long do the confidentiality obligations survive termination?",
            matter="NDA",
            options=AskOptions(generate=True),
        )
        record = ws.audit.entry(answer.audit_id)
    assert record is not None and record.record["model"] == f"smollm2@{llama_server}"
    assert answer.mode in ("generated", "extracted_after_generation_failed")
