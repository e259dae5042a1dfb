"""Support pairs in the words lawyers use: faithful restatements against corruptions.

    python -m training.paraphrase [--out training/data/paraphrase.jsonl]

Two sources, each pair tagged with its ``split``:

* **Frames** (:mod:`training.frames`): a provision as a source states it (the quote) and
  restated (the claim) with its numbers in another form ("thirty (30) days" / "30 days"
  / "treizeci de zile"), in other words, another voice, a clause left out, a question's
  answer made a statement -- *supported*; the same restatement with a number, a unit, the
  parties or an entity changed, or negated -- *contradicted*; against another kind of
  provision's quote holding the same duration -- *insufficient*. ``train``: the frames'
  training phrasings; ``held_phrasing``: phrasings never trained on (same kinds of
  provision); ``held_type``: kinds of provision never trained on at all.
* **Real sentences** with a duration: the sentence with its numbers rewritten in another
  form, or its first clause -- *supported*; a number, unit or negation changed
  (:mod:`training.corrupt`) -- *contradicted*. ``held_act``: Romanian laws no model was
  trained on (``ro/laws_consolidated_2026``) and the validation CUAD contracts;
  ``train``: the training CUAD contracts and codes.

Deterministic (fixed seed).
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from letadesk.answer.sentences import sentences
from letadesk.ingest.text_reader import clean_text
from training.build_data import cuad_contracts
from training.corrupt import negate, swap_number, swap_party, swap_unit
from training.frames import EN_PARTIES, FRAMES, RO_PARTIES, Frame
from training.numwords import FORMS, en_number, en_words, quantity, ro_words
from training.splits import split_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
SEED = 20261205
DRAWS = {"train": 6, "held_phrasing": 3, "held_type": 3}  # slot draws per template pair
_OTHER_UNIT = {"day": "month", "month": "year", "year": "month", "week": "day", "hour": "day"}


@dataclass(frozen=True, slots=True)
class SupportPair:
    split: str  # train | held_phrasing | held_type | held_act
    lang: str
    source: str  # frame key, or "real:<document>"
    claim: str
    quote: str
    label: str  # supported | contradicted | insufficient
    strategy: str  # the restatement or the corruption


# ---- frames ------------------------------------------------------------------------------


def _percent(lang: str, value: float, form: str) -> str:
    text = f"{value:g}"
    if lang == "ro":
        text = text.replace(".", ",")
        return f"{text}%" if form != "words" else f"{text} la sută"
    if form == "words" and value == int(value) and value < 100:
        return f"{en_words(int(value))} percent ({text}%)"
    return f"{text}%" if form == "digits" else f"{text} percent"


def _amount(lang: str, value: int, form: str) -> str:
    if lang == "ro":
        dotted = f"{value:,}".replace(",", ".")
        return {"digits": f"{dotted} lei", "words": f"{value} RON", "both": f"{dotted} RON"}[form]
    return {"digits": f"${value:,}", "words": f"{value:,} dollars", "both": f"US${value:,}"}[form]


def _bare(lang: str, n: int, form: str) -> str:
    if lang == "ro":
        return str(n) if form == "digits" else ro_words(n, feminine=False)
    return en_number(n, form)


@dataclass(frozen=True, slots=True)
class Slots:
    q: tuple[int, str]
    n: int
    m: int
    p: float
    a: int
    parties: int
    swapped: bool
    entity: str


def _draw(frame: Frame, rng: random.Random) -> Slots:
    n, m = sorted(rng.sample(frame.numbers, 2))
    q = rng.choice(frame.durations) if frame.durations else (30, "day")
    p = rng.choice((0.1, 0.5, 1, 2) if frame.lang == "ro" else (1, 1.5, 2, 5))
    a = rng.choice((50_000, 100_000, 250_000, 1_000_000))
    parties = rng.randrange(len(EN_PARTIES if frame.lang == "en" else RO_PARTIES))
    entity = rng.choice(frame.entities) if frame.entities else ""
    return Slots(q, n, m, p, a, parties, False, entity)


def render(frame: Frame, template: str, s: Slots, rng: random.Random) -> str:
    """``template`` with its slots filled; each number in a form drawn at random."""
    lang = frame.lang
    if lang == "en":
        x, y = EN_PARTIES[s.parties]
        xg, yg = x, y
    else:
        (x, xg), (y, yg) = RO_PARTIES[s.parties]
    if s.swapped:
        x, y, xg, yg = y, x, yg, xg
    values = {
        "Q": quantity(lang, s.q[0], s.q[1], rng.choice(FORMS)),
        "N": _bare(lang, s.n, rng.choice(FORMS)),
        "M": _bare(lang, s.m, rng.choice(FORMS)),
        "P": _percent(lang, s.p, rng.choice(FORMS)),
        "A": _amount(lang, s.a, rng.choice(FORMS)),
        "X": x,
        "Y": y,
        "Xg": xg,
        "Yg": yg,
        "E": s.entity,
    }
    out = template.format(**values)
    return out[0].upper() + out[1:]


def _corruptions(
    frame: Frame, template: str, s: Slots, rng: random.Random
) -> Iterator[tuple[Slots, str]]:
    slot = set(re.findall(r"\{(\w+)\}", template))
    if "Q" in slot:
        n, unit = s.q
        other = [v for v, u in frame.durations if u == unit and v != n] or [n * 2]
        yield _replace(s, q=(rng.choice(other), unit)), "number"
        yield _replace(s, q=(n, _OTHER_UNIT[unit])), "unit"
    if slot & {"N", "M"}:
        bigger = [v for v in frame.numbers if v > s.m]
        yield _replace(s, m=rng.choice(bigger) if bigger else s.m + 5), "number"
    if "P" in slot:
        yield _replace(s, p=s.p * 2), "number"
    if "A" in slot:
        yield _replace(s, a=s.a * 5), "number"
    if slot & {"X", "Y", "Xg", "Yg"}:
        yield _replace(s, swapped=True), "party"
    if "E" in slot:
        yield _replace(s, entity=rng.choice([e for e in frame.entities if e != s.entity])), "entity"


def _replace(s: Slots, **changes: object) -> Slots:
    fields = {k: getattr(s, k) for k in Slots.__slots__}  # type: ignore[attr-defined]
    fields.update(changes)
    return Slots(**fields)  # type: ignore[arg-type]


def _other_provision(
    frame: Frame, claim_t: str, s: Slots, split: str, rng: random.Random
) -> SupportPair | None:
    """The claim against another kind of provision's quote holding the same duration
    (a number that matches is not enough): *insufficient*. A training pair never uses a
    kind of provision held out."""
    if "{Q}" not in claim_t:
        return None
    others = [
        f
        for f in FRAMES
        if f.lang == frame.lang
        and f.key != frame.key
        and f.durations
        and (split != "train" or not f.held_out)
    ]
    if not others:
        return None
    other = rng.choice(others)
    quote = render(other, rng.choice(other.quotes), _replace(_draw(other, rng), q=s.q), rng)
    claim = render(frame, claim_t, s, rng)
    return SupportPair(
        split, frame.lang, frame.key, claim, quote, "insufficient", "other provision"
    )


def frame_pairs(frame: Frame, rng: random.Random) -> Iterator[SupportPair]:
    plans = (
        [("held_type", frame.train + frame.held, frame.negated_train + frame.negated_held)]
        if frame.held_out
        else [
            ("train", frame.train, frame.negated_train),
            ("held_phrasing", frame.held, frame.negated_held),
        ]
    )
    for split, claims, negated in plans:
        for quote_t in frame.quotes:
            for claim_t in claims:
                for _ in range(DRAWS[split]):
                    s = _draw(frame, rng)
                    quote = render(frame, quote_t, s, rng)
                    yield SupportPair(
                        split,
                        frame.lang,
                        frame.key,
                        render(frame, claim_t, s, rng),
                        quote,
                        "supported",
                        "restated",
                    )
                    for bad, how in _corruptions(frame, claim_t, s, rng):
                        claim = render(frame, claim_t, bad, rng)
                        yield SupportPair(
                            split, frame.lang, frame.key, claim, quote, "contradicted", how
                        )
                    unrelated = _other_provision(frame, claim_t, s, split, rng)
                    if unrelated is not None:
                        yield unrelated
                    if negated:
                        claim = render(frame, rng.choice(negated), s, rng)
                        yield SupportPair(
                            split, frame.lang, frame.key, claim, quote, "contradicted", "negation"
                        )


# ---- real sentences ----------------------------------------------------------------------

_EN_DUR = re.compile(r"\b(\d{1,2})(\s+\(\w+\))?\s+(days?|months?|years?)\b")
_EN_WORD_DUR = re.compile(r"\b([a-z]+(?:-[a-z]+)?)\s+\((\d{1,2})\)\s+(days?|months?|years?)\b")
_RO_DUR = re.compile(r"\b(\d{1,2})\s+(de\s+)?(zile|luni|ani)\b")
_RO_GENDER = {"zile": True, "luni": True, "ani": False}


def rewrite_numbers(text: str, lang: str) -> str | None:
    """``text`` with each duration's number in another written form, or None."""
    if lang == "en":
        both = _EN_WORD_DUR.sub(lambda m: f"{m[2]} {m[3]}", text)
        if both != text:
            return both
        out = _EN_DUR.sub(
            lambda m: f"{en_words(int(m[1]))} ({m[1]}) {m[3]}" if not m[2] else m[0], text
        )
    else:
        out = _RO_DUR.sub(
            lambda m: (
                f"{ro_words(int(m[1]), feminine=_RO_GENDER[m[3]])} "
                f"{'de ' if int(m[1]) >= 20 else ''}{m[3]}"
            ),
            text,
        )
    return out if out != text else None


def first_clause(text: str) -> str | None:
    """The sentence up to its first semicolon, when that is a statement of its own."""
    head = text.split("; ", 1)[0].rstrip(" ,")
    if (
        head == text
        or len(head) < 40
        or re.search(r"\b(unless|except|provided|cu excepția|dacă)\b", text[len(head) :])
    ):
        return None
    return head + "."


def real_pairs(
    doc: str, split: str, lang: str, sentences: list[str], rng: random.Random
) -> Iterator[SupportPair]:
    for quote in sentences:
        claim = rewrite_numbers(quote, lang)
        how = "number form"
        if claim is None:
            continue
        head = first_clause(claim)
        if head is not None and rng.random() < 0.5:
            claim, how = head, "number form, first clause"
        yield SupportPair(split, lang, f"real:{doc}", claim, quote, "supported", how)
        for corruption in (swap_number, swap_unit, negate, swap_party):
            bad = corruption(claim, rng)
            if bad is not None and bad != claim:
                yield SupportPair(
                    split, lang, f"real:{doc}", bad, quote, "contradicted", corruption.__name__
                )


def _with_duration(text: str, lang: str, limit: int, rng: random.Random) -> list[str]:
    pattern = _RO_DUR if lang == "ro" else _EN_DUR
    found = []
    for s, e in sentences(text):
        body = " ".join(text[s:e].split())
        if 40 <= len(body) <= 400 and pattern.search(body) and not body.isupper():
            found.append(body)
    return rng.sample(found, min(limit, len(found)))


def real_sources(rng: random.Random) -> Iterator[SupportPair]:
    for path in sorted((DATA / "ro" / "laws_consolidated_2026").glob("*.json")):
        law = json.loads(path.read_text(encoding="utf-8"))
        text = "\n".join(str(p.get("content", "")) for p in law.get("provisions", []))
        chosen = _with_duration(text, "ro", 15, rng)
        yield from real_pairs(path.stem, "held_act", "ro", chosen, rng)
    for path in sorted((DATA / "ro" / "codes_original").glob("*.txt")):
        if split_of(path.name) == "train":
            text = clean_text(path.read_text(encoding="utf-8"))
            yield from real_pairs(
                path.name, "train", "ro", _with_duration(text, "ro", 40, rng), rng
            )
    for _row, path, text in cuad_contracts():
        split = "held_act" if split_of(path.name) == "val" else "train"
        yield from real_pairs(path.name, split, "en", _with_duration(text, "en", 3, rng), rng)


def build(rng: random.Random) -> list[SupportPair]:
    pairs = [p for frame in FRAMES for p in frame_pairs(frame, rng)]
    return pairs + list(real_sources(rng))


def read_pairs(path: Path) -> list[SupportPair]:
    return [SupportPair(**json.loads(line)) for line in path.open(encoding="utf-8")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "training" / "data" / "paraphrase.jsonl")
    args = parser.parse_args()
    pairs = build(random.Random(SEED))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as f:
        for pair in pairs:
            f.write(json.dumps(asdict(pair), ensure_ascii=False) + "\n")
    counts: dict[str, int] = {}
    for p in pairs:
        key = f"{p.split}/{p.lang}/{p.label}"
        counts[key] = counts.get(key, 0) + 1
    print(json.dumps(counts, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
