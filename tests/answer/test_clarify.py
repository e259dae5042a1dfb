"""A Gate 2 refusal whose nearest passages came close asks which provision was meant
(letadesk.answer.messages.clarifying_question): on the sample matter and in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus_factory import make_passage
from letadesk.answer.messages import NEAR_SHARE, clarifying_question
from letadesk.assets import resource
from letadesk.cli import main
from letadesk.workspace import Workspace

SAMPLE = resource("sample_matter")


def test_it_names_the_two_nearest_provisions_once_each() -> None:
    near = [
        make_passage(1, "…", title="Contract", locator="art. 6 alin. (1)"),
        make_passage(2, "…", title="Contract", locator="art. 6 alin. (1)"),  # same place
        make_passage(3, "…", title="Contract", locator=""),  # no place to name (page 1)
        make_passage(4, "…", title="Contract", locator="art. 2"),
    ]
    said = clarifying_question(near, 0.10, 0.16, "ro")
    assert said.startswith("Vă referiți la art. 6 alin. (1) sau p. 1 din Contract?")
    other = [near[0], make_passage(5, "…", title="NDA", locator="Section 3.2")]
    assert clarifying_question(other, 0.10, 0.16, "en").startswith(
        "Do you mean art. 6 alin. (1) of Contract or Section 3.2 of NDA?"
    )
    # not close enough: no question back
    assert clarifying_question(near, NEAR_SHARE * 0.16 - 1e-6, 0.16, "en") == ""
    assert clarifying_question([], 0.15, 0.16, "en") == ""


@pytest.mark.model
def test_a_near_miss_on_the_sample_matter_asks_back_and_a_far_one_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "profile"
    with Workspace.open(profile) as ws:
        ws.documents.ingest([SAMPLE], matter="S")
    # art. 5 (1) answers in other words ("notificare ... cu 30 de zile înainte", not
    # "preaviz"): its sentence is near the question in meaning (docs/gates.md)
    asked = "Cu ce preaviz poate fi denunțat contractul?"
    assert main(["--data-dir", str(profile), "ask", asked, "--matter", "S", "--json"]) == 0
    answered = json.loads(capsys.readouterr().out)
    assert answered["disposition"] == "answered"
    assert answered["claims"][0]["citations"][0]["locator"] == "art. 5 alin. (1)"
    # asked of "încetarea", two provisions come near and none reaches the bar: asked back
    asked = "Care este termenul de preaviz pentru încetarea contractului?"
    assert main(["--data-dir", str(profile), "ask", asked, "--matter", "S", "--json"]) == 0
    near = json.loads(capsys.readouterr().out)
    assert near["disposition"] == "refused"
    # as asked: RO, naming the two nearest; art. 3 alin. (2) (notice of ending) and art. 5
    # alin. (2) (ending by law) tie at Gate 2's two decimals (0.054 and 0.045 on one
    # machine), so their order follows retrieval and is not asserted
    assert near["clarify"].startswith("Vă referiți la art. ")
    assert "art. 3 alin. (2)" in near["clarify"].split("?")[0]
    assert "Contract de prestări servicii" in near["clarify"]
    # refused far below the bar (0.05 < 0.17): nothing came close enough to ask about
    far = "Which court has jurisdiction over disputes?"
    assert main(["--data-dir", str(profile), "ask", far, "--matter", "S", "--json"]) == 0
    refused = json.loads(capsys.readouterr().out)
    assert refused["disposition"] == "refused" and refused["clarify"] == ""
    assert refused["nearest_sources"]
    # a date asked of the NDA, which states none: its sections that count from "the
    # effective date" come near by their words, but are no answer, so none is offered
    dated = "What is the effective date of the NDA?"
    assert main(["--data-dir", str(profile), "ask", dated, "--matter", "S", "--json"]) == 0
    undated = json.loads(capsys.readouterr().out)
    assert undated["disposition"] == "refused" and undated["clarify"] == ""
    assert undated["nearest_sources"]
