"""A firm's model server: generation through an OpenAI-compatible endpoint on the firm's
network (llama.cpp's ``llama-server``, llama-cpp-python's server, vLLM).

Off by default. When the ``model_server`` setting names an endpoint:

* its host must be on the ``model_server_hosts`` allow-list (nothing else is ever
  contacted), and the scheme must be ``https`` unless the host is this computer
  (loopback), so that sources and questions never cross the network in clear;
* the request is the app's own prompt as chat messages (the server applies its model's
  chat template), greedy (temperature 0), with the answer schema
  (:func:`letadesk.generate.schema.json_schema`) as ``response_format`` — the form
  llama.cpp's servers accept; every claim is still verified by the gates afterwards;
* :attr:`model_id` names the model and the endpoint, so the audit record of every
  answer says which server drafted it.

The promise then changes from "nothing leaves the machine" to "nothing leaves the hosts
you named" (docs/firm-server.md, "The firm's model server"). Only the standard library
speaks HTTP here.
"""

from __future__ import annotations

import ipaddress
import json
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from letadesk.errors import ConfigError, ModelError
from letadesk.generate.generator import DraftProgress, Generation
from letadesk.generate.prompts import Prompt
from letadesk.generate.schema import json_schema

MAX_TOKENS = 1024
TIMEOUT_S = 120.0


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def checked_endpoint(url: str, allowed_hosts: Sequence[str]) -> str:
    """``url`` (the server's base, e.g. ``https://llm.firm.local/v1``) without a trailing
    slash, or a ConfigError: not http(s), a host not allow-listed, or plain http to
    another computer."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host:
        raise ConfigError(f"model server {url!r}: expected https://host[:port]/v1")
    if parts.username or parts.password:
        raise ConfigError(f"model server {parts.hostname}: credentials do not go in the URL")
    allowed = {h.strip().lower() for h in allowed_hosts if h.strip()}
    if host not in allowed:
        raise ConfigError(
            f"model server {host}: not on the model_server_hosts allow-list "
            f"({', '.join(sorted(allowed)) or 'empty'}); IT adds the host to allow it"
        )
    if parts.scheme != "https" and not is_loopback(host):
        raise ConfigError(
            f"model server {host}: plain http would send the sources in clear; use https "
            "(http is allowed for this computer only)"
        )
    return url.strip().rstrip("/")


class RemoteGenerator:
    """Drafts with the model ``model`` of the OpenAI-compatible server at ``endpoint``."""

    def __init__(
        self, endpoint: str, model: str, allowed_hosts: Sequence[str], *, timeout: float = TIMEOUT_S
    ) -> None:
        self.endpoint = checked_endpoint(endpoint, allowed_hosts)
        self._model = model
        self._timeout = timeout

    @property
    def model_id(self) -> str:
        return f"{self._model or 'default'}@{self.endpoint}"

    def generate(self, prompt: Prompt, progress: DraftProgress | None = None) -> Generation:
        """The server's reply, whole (not streamed: ``progress`` is told once, at the end,
        with the tokens the server says it generated)."""
        body = {
            "model": self._model,
            "messages": [
                {"role": "system", "content": prompt.system},
                {"role": "user", "content": prompt.user},
            ],
            "temperature": 0.0,
            "max_tokens": MAX_TOKENS,
            "response_format": {"type": "json_object", "schema": json_schema(prompt.fragment_ids)},
        }
        started = time.perf_counter()
        reply = self._post("/chat/completions", body)
        try:
            text = str(reply["choices"][0]["message"]["content"] or "")
        except (KeyError, IndexError, TypeError):
            raise ModelError(f"model server {self.endpoint}: an answer without a message") from None
        given = reply.get("usage")
        usage: dict[str, Any] = given if isinstance(given, dict) else {}
        tokens = usage.get("prompt_tokens")
        if progress is not None:
            progress(int(usage.get("completion_tokens") or 0), text)
        return Generation(
            text,
            (),
            time.perf_counter() - started,
            fragment_ids=prompt.fragment_ids,
            prompt_tokens=int(tokens or 0),
        )

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.endpoint + path,
            data=json.dumps(body).encode("utf-8"),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                reply = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            raise ModelError(
                f"model server {self.endpoint}: HTTP {exc.code} {exc.reason}"
            ) from None
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ModelError(f"model server {self.endpoint}: unreachable ({reason})") from None
        except ValueError:
            raise ModelError(f"model server {self.endpoint}: the answer is not JSON") from None
        if not isinstance(reply, dict):
            raise ModelError(f"model server {self.endpoint}: the answer is not a JSON object")
        return reply
