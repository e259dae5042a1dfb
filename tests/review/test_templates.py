"""Question templates for the review grid: the shipped sets found as package data, a
firm's own file in JSON or JSON lines, saved and read back, and the errors that name
the file and the question."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from letadesk.errors import ConfigError
from letadesk.review.templates import (
    MAX_QUESTIONS,
    Question,
    load_template,
    parse_template,
    save_template,
    template_path,
)

CUAD_LABELS = {  # the categories benchmarks/bench_answers.py tuned the judge's phrasing on
    "Governing Law",
    "Expiration Date",
    "Termination For Convenience",
    "Anti-Assignment",
    "Non-Compete",
    "Exclusivity",
    "Cap On Liability",
    "Insurance",
    "Audit Rights",
    "Liquidated Damages",
}


def test_the_shipped_templates_are_package_data() -> None:
    cuad = load_template("cuad")
    assert {q.label for q in cuad} >= CUAD_LABELS
    assert {"Change Of Control", "Renewal Term"} <= {q.label for q in cuad}
    assert all(q.question.endswith("?") for q in cuad)
    ro = load_template("ro")
    labels = {q.label for q in ro}
    assert {"Durata contractului", "Preaviz și denunțare", "Legea aplicabilă"} <= labels
    assert {
        "Prețul și plata",
        "Penalități",
        "Confidențialitate",
        "Încetarea contractului",
    } <= labels
    assert template_path("ro").is_file()
    with pytest.raises(ConfigError, match="no shipped question template 'nda'"):
        template_path("nda")


def test_a_firm_template_in_json_or_json_lines(tmp_path: Path) -> None:
    lines = tmp_path / "firm.jsonl"
    lines.write_text(
        '{"question": "Who are the parties?", "label": "Parties"}\n\n'
        '{"question": "  Is there a penalty clause?  "}\n',
        encoding="utf-8",
    )
    assert load_template(str(lines)) == [
        Question("Parties", "Who are the parties?"),
        Question("Is there a penalty clause?", "Is there a penalty clause?"),
    ]
    assert parse_template('["Who signs?", {"question": "When?"}]', "x.json") == [
        Question("Who signs?", "Who signs?"),
        Question("When?", "When?"),
    ]
    saved = tmp_path / "saved.json"
    save_template(saved, load_template(str(lines)), name="Firm set")
    assert json.loads(saved.read_text(encoding="utf-8"))["name"] == "Firm set"
    assert load_template(str(saved)) == load_template(str(lines))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "holds no question"),
        ('{"questions": []}', "holds no question"),
        ('{"question": "A?"}\nnot json\n', r"firm\.jsonl:2: not JSON"),
        ('[{"label": "L"}]', 'question 1 needs "question" as a string'),
        ('[{"question": "A?", "label": 3}]', 'question 1: "label" must be a string'),
        ('["A?", "   "]', "question 2: the question is empty"),
        ('["A?", "A?"]', "the question 'A\\?' is there twice"),
        ("42", "expected a list of questions"),
        (json.dumps([f"Q{i}?" for i in range(MAX_QUESTIONS + 1)]), f"at most {MAX_QUESTIONS}"),
    ],
)
def test_a_bad_template_names_the_file_and_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem) as caught:
        parse_template(text, "firm.jsonl")
    assert str(caught.value).startswith("firm.jsonl")


def test_a_plain_list_one_question_a_line(tmp_path: Path) -> None:
    # before: refused as "not JSON" (issue 40)
    path = tmp_path / "q.txt"
    path.write_text(
        "# the firm's set\nWhat is the governing law?\n\nCare este termenul de plată?\n",
        encoding="utf-8",
    )
    assert load_template(str(path)) == [
        Question("What is the governing law?", "What is the governing law?"),
        Question("Care este termenul de plată?", "Care este termenul de plată?"),
    ]


def test_a_missing_template_file_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nosuch\.json: cannot be read"):
        load_template(str(tmp_path / "nosuch.json"))
