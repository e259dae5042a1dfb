"""parse_output, case by case: the model's raw text in, claims and the problem out; and
the claims' texts of an output still being written."""

from __future__ import annotations

import json

import pytest

from letadesk.domain import DraftClaim, Evidence, FragmentId
from letadesk.generate.schema import ParsedOutput, drafted_texts, parse_output


def claim(text: str, *evidence: tuple[int, str]) -> DraftClaim:
    return DraftClaim(text, tuple(Evidence(FragmentId(f), q) for f, q in evidence))


GOOD = {
    "text": " The term is 12 months. ",
    "evidence": [{"fragment_id": 3, "quote": "pe o durată de 12 luni"}],
}
OTHER = {
    "text": "Notice is 30 days.",
    "evidence": [
        {"fragment_id": 4, "quote": "preaviz de 30 de zile"},
        {"fragment_id": 3, "quote": "comunicat în scris"},
    ],
}
TERM = claim("The term is 12 months.", (3, "pe o durată de 12 luni"))
NOTICE = claim("Notice is 30 days.", (4, "preaviz de 30 de zile"), (3, "comunicat în scris"))
TWO = json.dumps({"claims": [GOOD, OTHER]})
SECOND = TWO.index('"Notice')
CUT_IN_SECOND = TWO[: SECOND + 5]
NOT_A_CLAIM = '{"claims": [1, ' + json.dumps(GOOD) + ", {"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(TWO, ParsedOutput((TERM, NOTICE), ""), id="valid, text stripped"),
        pytest.param('{"claims": []}', ParsedOutput((), ""), id="no claims is valid"),
        pytest.param(
            json.dumps({"claims": [GOOD], "note": "extra keys are ignored"}),
            ParsedOutput((TERM,), ""),
            id="extra key",
        ),
        pytest.param(
            json.dumps(
                {"claims": [{"text": "A", "evidence": [{"fragment_id": "7", "quote": "q"}]}]}
            ),
            ParsedOutput((claim("A", (7, "q")),), ""),
            id="a numeric string id is read as a number",
        ),
        pytest.param(
            json.dumps(
                {
                    "claims": [
                        GOOD,
                        {"text": 5, "evidence": []},
                        {"text": "B"},
                        {"text": "C", "evidence": [{"quote": "q"}]},
                        "x",
                    ]
                }
            ),
            ParsedOutput((TERM,), "4 malformed claims ignored"),
            id="malformed claims",
        ),
        pytest.param("[1, 2]", ParsedOutput((), "output has no 'claims' list"), id="a JSON list"),
        pytest.param(
            '{"claims": "none"}',
            ParsedOutput((), "output has no 'claims' list"),
            id="claims not a list",
        ),
        pytest.param(
            '{"answer": "yes"}', ParsedOutput((), "output has no 'claims' list"), id="no claims key"
        ),
        pytest.param(
            "",
            ParsedOutput(
                (), "invalid JSON (Expecting value: character 0); 0 complete claims salvaged"
            ),
            id="empty output",
        ),
        pytest.param(
            "The term is 12 months.",
            ParsedOutput(
                (), "invalid JSON (Expecting value: character 0); 0 complete claims salvaged"
            ),
            id="prose",
        ),
        pytest.param(
            CUT_IN_SECOND,
            ParsedOutput(
                (TERM,),
                "invalid JSON (Unterminated string starting at: character "
                f"{SECOND}); 1 complete claims salvaged",
            ),
            id="truncated in the second claim",
        ),
        pytest.param(
            TWO[:-2],
            ParsedOutput(
                (TERM, NOTICE),
                f"invalid JSON (Expecting ',' delimiter: character {len(TWO) - 2}); "
                "2 complete claims salvaged",
            ),
            id="truncated after the last claim",
        ),
        pytest.param(
            NOT_A_CLAIM,
            ParsedOutput(
                (TERM,),
                "invalid JSON (Expecting property name enclosed in double quotes: "
                f"character {len(NOT_A_CLAIM)}); 1 complete claims salvaged",
            ),
            id="salvage skips what is not a claim",
        ),
        pytest.param(
            '{"claims": [{"text": "A", "evid',
            ParsedOutput(
                (),
                "invalid JSON (Unterminated string starting at: character 26); "
                "0 complete claims salvaged",
            ),
            id="truncated in the first claim",
        ),
    ],
)
def test_parse_output(raw: str, expected: ParsedOutput) -> None:
    assert parse_output(raw) == expected


@pytest.mark.parametrize(
    ("raw", "texts"),
    [
        ('{"claims": [{"text": "The term is fi', ["The term is fi"]),
        (
            '{"claims": [{"text": "A \\"quoted\\" word", "evidence": [{"fragment_id": 3, '
            '"quote": "not a text"}]}, {"text": "Termenul e de 30 de zile \\u0219',
            ['A "quoted" word', "Termenul e de 30 de zile ș"],
        ),
        ('{"claims": [{"text": "Cut at an escape \\', ["Cut at an escape "]),
        ('{"claims": [{"text": "Cut in a code \\u02', ["Cut in a code "]),
        ('{ "claims": [ ]}', []),
        ("", []),
    ],
)
def test_drafted_texts_of_an_output_being_written(raw: str, texts: list[str]) -> None:
    assert drafted_texts(raw) == texts
