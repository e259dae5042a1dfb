"""The structured output the generator must produce, and tolerant parsing of it.

Schema version 1: ``{"claims": [{"text": str, "evidence": [{"fragment_id": int,
"quote": str}]}]}``. Invalid or truncated JSON never raises: complete claims are
salvaged and the problem is reported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from letadesk.domain import DraftClaim, Evidence, FragmentId

SCHEMA_VERSION = "claims-v1"
MAX_CLAIMS = 4
# a claim's "text" in an output still being written: its string, closed or not yet
_PARTIAL_TEXT = re.compile(r'"text"\s*:\s*"((?:[^"\\]|\\.)*)')


class _EvidenceModel(BaseModel):
    fragment_id: int
    quote: str


class _ClaimModel(BaseModel):
    text: str
    evidence: list[_EvidenceModel]


def json_schema(fragment_ids: Sequence[int]) -> dict[str, Any]:
    """The JSON schema handed to the constrained decoder: fragment ids are an enum of
    exactly the fragments shown to the model."""
    evidence = {
        "type": "object",
        "properties": {"fragment_id": {"enum": list(fragment_ids)}, "quote": {"type": "string"}},
        "required": ["fragment_id", "quote"],
    }
    claim = {
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "evidence": {"type": "array", "minItems": 1, "maxItems": 2, "items": evidence},
        },
        "required": ["text", "evidence"],
    }
    return {
        "type": "object",
        "properties": {"claims": {"type": "array", "maxItems": MAX_CLAIMS, "items": claim}},
        "required": ["claims"],
    }


@dataclass(frozen=True, slots=True)
class ParsedOutput:
    claims: tuple[DraftClaim, ...]
    problem: str  # "" when the output was valid


def parse_output(raw: str) -> ParsedOutput:
    """Claims from the model's raw output; never raises."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        salvaged = _salvage(raw)
        return ParsedOutput(
            salvaged,
            f"invalid JSON ({exc.msg}: character {exc.pos}); "
            f"{len(salvaged)} complete claims salvaged",
        )
    items = data.get("claims") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return ParsedOutput((), "output has no 'claims' list")
    claims, bad = _claims(items)
    return ParsedOutput(claims, f"{bad} malformed claims ignored" if bad else "")


def _claims(items: list[Any]) -> tuple[tuple[DraftClaim, ...], int]:
    claims: list[DraftClaim] = []
    bad = 0
    for item in items:
        try:
            model = _ClaimModel.model_validate(item)
        except ValidationError:
            bad += 1
            continue
        evidence = tuple(Evidence(FragmentId(e.fragment_id), e.quote) for e in model.evidence)
        claims.append(DraftClaim(model.text.strip(), evidence))
    return tuple(claims), bad


def _salvage(raw: str) -> tuple[DraftClaim, ...]:
    """Complete claim objects from a truncated ``{"claims": [ {...}, {...`` output."""
    start = raw.find("[")
    if start < 0:
        return ()
    decoder = json.JSONDecoder()
    items: list[Any] = []
    pos = start + 1
    while pos < len(raw):
        while pos < len(raw) and raw[pos] in " \n\r\t,":
            pos += 1
        try:
            obj, pos = decoder.raw_decode(raw, pos)
        except ValueError:
            break
        items.append(obj)
    return _claims(items)[0]


def drafted_texts(raw: str) -> list[str]:
    """The claims' texts of an output still being written (``{"claims": [{"text": "The
    term is fi``), the last one as far as it goes: what the model is drafting."""
    texts = []
    for m in _PARTIAL_TEXT.finditer(raw):
        body = re.sub(r"\\u?[0-9a-fA-F]{0,3}$|\\$", "", m.group(1))  # a cut-off escape
        try:
            texts.append(str(json.loads(f'"{body}"')))
        except json.JSONDecodeError:
            texts.append(body)
    return texts
