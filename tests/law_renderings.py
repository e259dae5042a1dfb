"""A Romanian code re-rendered the ways firms hold it, with where each unit is.

:func:`read_code` reads a code of ``../shared/data/ro/codes_original`` ("Articolul N" on
its own line, its marginal title on the next, alineate "(1)", litere "a)") by a parser
of its own, independent of LetaDesk's; :func:`write` writes it in one of
:data:`RENDERINGS`; :func:`truth_units` finds, in the text LetaDesk stored, where each
article, alineat and litera is (by its words, in order), so a quote's own unit is
known without asking the code under test. Used by ``tests/ingest/test_renderings.py``,
``benchmarks/bench_pinpoints.py`` and ``scripts/render_law.py``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from letadesk.text import unify_diacritics

CODUL_PENAL = "codes_original/codul_penal_L286-2009_forma_initiala_MO510-2009.txt"
RENDERINGS = (
    "inline_title",  # consolidated: "## Titlul II | Capitolul I", "Furtul (1) Luarea ..."
    "own_line_title",  # "Articolul 228" / "Furtul" / "(1) Luarea ..."
    "art_dash",  # "Art. 228. - Furtul (1) Luarea ...", "Art. 228^1. - ..."
    "uppercase",  # "ARTICOLUL 228" / "Furtul" / "(1) ..."
    "markdown",  # YAML front matter, "### Articolul 228 {#art-228}", "**Furtul**", "**(1)**"
    "html",  # <h3>Articolul 228</h3><p><b>Furtul</b> (1) Luarea ...</p>
    "docx",  # Word: "Articolul 228" as a heading, the title in bold, one paragraph a unit
)
SUFFIX = {"markdown": ".md", "html": ".html", "docx": ".docx"}

_ARTICLE = re.compile(r"^(?:Articolul|Art\.|ART\.?)\s*(\d{1,3}(?:\.\d{3})?|\d+)\.?$")
_HEADING = re.compile(
    r"^(Partea|Titlul|Capitolul|Sec[țţ]iunea|Cartea)\s+"
    r"(?:[IVXLC]+\b|a\s|\d|[A-ZĂÂÎȘŞȚŢ]{2,}|întâi|generală|specială|preliminar)"
)
_ALIN = re.compile(r"^\((\d+)\) ")
_LIT = re.compile(r"^([a-zșşțţ])\) ")  # "ș)" after "s)" (Codul fiscal)
_ROMAN_ITEM = re.compile(r"^\([ivx]+\) ")  # "(ii) ..." under a litera: its text
_ANNEX = re.compile(r"^Anexa\b")  # an annex printed between articles (Codul fiscal)
_PCT = re.compile(r"^(\d+)\. ")
# Slips of the published text, read as the law is: the next alineat on the same line
# after a sentence ("... bunuri. (2) Cu toate acestea ..."), and the next article printed
# inside the line before it ("... art. 2.435-2.444. Cumpărarea de către creditor Art.
# 2.448. - (1) Un creditor ...").
_NEXT_ALIN = re.compile(r"(?<=[.;:]) (?=\((\d+)\) [A-ZĂÂÎȘŞȚŢ])")
_INLINE_ARTICLE = re.compile(
    r"(?<=\.) ([A-ZĂÂÎȘŞȚŢ][^.()]{2,80}?) Art\. (\d{1,3}(?:\.\d{3})?)\. - (?=\(1\) )"
)


@dataclass
class Item:
    kind: str  # "alin" | "pct" | "lit" | "text"
    label: str  # "1", "a", ""
    text: str  # the line as written ("(1) Luarea ...")


@dataclass
class Article:
    number: str
    title: str
    headings: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)


def read_code(path: Path, first: int, last: int) -> list[Article]:
    """Articles ``first``..``last`` of a code as first published."""
    articles: list[Article] = []
    headings: list[str] = []
    current: Article | None = None
    for raw in _lines(path.read_text(encoding="utf-8")):
        line = raw.strip()
        if not line:
            continue
        if _ANNEX.match(line):
            current = None  # not an article's text: left out of the renderings
        elif m := _ARTICLE.match(line):
            current = Article(m[1].replace(".", ""), "", headings)
            headings = []
            if first <= int(current.number) <= last:
                articles.append(current)
        elif current is not None and not current.title and not current.items and _title(line):
            current.title = line
        elif _HEADING.match(line) and "\t" not in raw:
            headings.append(line)
        elif current is not None:
            current.items.append(_item(line))
    return [a for a in articles if a.items]


def _lines(text: str) -> list[str]:
    """The code's lines, its slips (:data:`_NEXT_ALIN`, :data:`_INLINE_ARTICLE`) each
    broken onto lines of their own, as the law reads."""
    out: list[str] = []
    for line in text.splitlines():
        line = _INLINE_ARTICLE.sub(lambda m: f"\nArticolul {m[2]}\n{m[1]}\n", line)
        out += [part for piece in line.split("\n") for part in _alineats(piece)]
    return out


def _alineats(line: str) -> list[str]:
    """``line`` split before each alineat that follows the one before it in number."""
    m = _ALIN.match(line.strip())
    if m is None:
        return [line]
    parts, start, expected = [], 0, int(m[1]) + 1
    for cut in _NEXT_ALIN.finditer(line):
        if int(cut[1]) == expected:
            parts.append(line[start : cut.start()])
            start, expected = cut.end(), expected + 1
    return [*parts, line[start:]]


def _title(line: str) -> bool:
    """A marginal title: a short line that is no unit and ends no sentence."""
    return (
        len(line) <= 200
        and not (_ALIN.match(line) or _LIT.match(line) or _PCT.match(line))
        and line[-1] not in ".:;,"
    )


def _item(line: str) -> Item:
    if m := _ALIN.match(line):
        return Item("alin", m[1], line)
    if m := _LIT.match(line):
        return Item("lit", unify_diacritics(m[1]), line)
    if m := _PCT.match(line):
        return Item("pct", m[1], line)
    return Item("text", "", line)


def _referenced(articles: list[Article]) -> set[str]:
    return {n for a in articles for i in a.items for n in re.findall(r"\bart\. (\d+)", i.text)}


def numbered(articles: list[Article], rendering: str) -> list[Article]:
    """The articles with the numbers ``rendering`` gives them: "art_dash" numbers every
    seventh article that no text cites as the one before's ``^1`` (an article inserted
    later), so ``Art. 5^1`` is rendered too and no cross-reference dangles."""
    cited = _referenced(articles) if rendering == "art_dash" else set()
    out: list[Article] = []
    for i, a in enumerate(articles):
        number = a.number
        if rendering == "art_dash" and i % 7 == 6 and a.number not in cited:
            number = articles[i - 1].number + "^1"
        out.append(Article(number, a.title, a.headings, a.items))
    return out


def write(articles: list[Article], rendering: str, path: Path) -> Path:
    """Write the code (``articles`` as :func:`numbered` gives them) as ``rendering`` to
    ``path`` (its suffix is :data:`SUFFIX`'s, ".txt" by default); returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if rendering != "docx":
        path.write_text(render(articles, rendering), encoding="utf-8")
        return path
    import docx  # python-docx, a dependency of the DOCX reader

    document = docx.Document()
    document.add_heading("Codul penal", level=1)
    for a in articles:
        for heading in a.headings:
            document.add_heading(heading, level=2)
        document.add_heading(f"Articolul {a.number}", level=3)
        document.add_paragraph().add_run(a.title).bold = True
        for item in a.items:
            document.add_paragraph(item.text)
    document.save(str(path))
    return path


def render(articles: list[Article], rendering: str) -> str:
    """The code (``articles`` as :func:`numbered` gives them) written as ``rendering``
    (a text rendering: all but "docx", which :func:`write` makes)."""
    out = [_opening(rendering)]
    for a in articles:
        out.append(_article(a, rendering))
    text = "\n".join(out) + "\n"
    if rendering == "html":
        return f"<html><head><title>Codul penal</title></head><body>\n{text}</body></html>\n"
    return text


def _opening(rendering: str) -> str:
    if rendering == "markdown":
        return '---\ntitle: "Codul penal"\ndate: 2009-07-17\nin_force: 2014-02-01\n---\n'
    if rendering == "html":
        return "<h1>Codul penal</h1>"
    return "CODUL PENAL din 17 iulie 2009\n(LEGEA nr. 286)\n"


def _first_inline(a: Article) -> bool:
    return bool(a.items) and a.items[0].kind == "alin" and a.items[0].label == "1"


def _article(a: Article, rendering: str) -> str:
    lines: list[str] = []
    heads = a.headings
    if rendering == "inline_title" and heads:
        lines.append("## " + " | ".join(heads))
    elif rendering == "markdown":
        lines += [f"## {h}\n" for h in heads]
    elif rendering == "html":
        lines += [f"<h2>{html.escape(h)}</h2>" for h in heads]
    elif rendering in ("art_dash", "uppercase"):
        lines += [h.upper() for h in heads]
    else:
        lines += heads
    items = [i.text for i in a.items]
    inline = _first_inline(a)
    if rendering == "inline_title":
        lines.append(f"Articolul {a.number}")
        lines += [f"{a.title} {items[0]}", *items[1:]] if inline else [a.title, *items]
    elif rendering == "art_dash":
        if inline:
            lines += [f"Art. {a.number}. - {a.title} {items[0]}", *items[1:]]
        else:
            lines += [f"Art. {a.number}. - {a.title}", *items]
    elif rendering == "uppercase":
        lines += [f"ARTICOLUL {a.number}", a.title, *items]
    elif rendering == "markdown":
        lines += [f"### Articolul {a.number} {{#art-{a.number}}}\n", f"**{a.title}**\n"]
        lines += [_md_item(i) + "\n" for i in a.items]
    elif rendering == "html":
        lines.append(f"<h3>Articolul {a.number}</h3>")
        lines.append(f"<p><b>{html.escape(a.title)}</b></p>")
        lines += [f"<p>{html.escape(t)}</p>" for t in items]
    else:
        lines += [f"Articolul {a.number}", a.title, *items]
    return "\n".join(lines) + "\n"


def _md_item(item: Item) -> str:
    if item.kind == "alin":
        marker = f"({item.label})"
        return f"**{marker}**" + item.text[len(marker) :]
    return item.text


@dataclass(frozen=True)
class Unit:
    locator: str
    start: int
    end: int


def truth_units(articles: list[Article], stored: str) -> list[Unit]:
    """Where each article, alineat and litera of ``articles`` (as rendered) is in the
    ``stored`` text: found by its words, in document order. An article spans its items
    (its header and marginal title are structure, not text)."""
    units: list[Unit] = []
    cursor = 0
    for a in articles:
        spans: list[tuple[Item, int, int]] = []
        for item in a.items:
            at = stored.index(item.text, cursor)
            spans.append((item, at, at + len(item.text)))
            cursor = at + len(item.text)
        units.append(Unit(f"art. {a.number}", spans[0][1], spans[-1][2]))
        units += _inner(a.number, spans)
    return units


def _inner(number: str, spans: list[tuple[Item, int, int]]) -> list[Unit]:
    """Alineate span up to the next alineat, puncte up to the next punct or alineat,
    litere their own line and the lines after it when another litera follows or when its
    line ends mid-sentence (a tariff row's values on the next lines: "f) peste 1.000 m²"
    then "14 + 0,01 lei/m²"); else the list closes: only "(i)", "(ii)" lines are still
    its own. A litera inside a punct is named under it. A litera that introduces puncte
    ("g) ... prin:" then "1. ...") spans them, and they are named under it, each up to
    the next punct, litera or alineat."""
    units: list[Unit] = []
    alin = pct = within = ""
    for i, (item, start, end) in enumerate(spans):
        if item.kind == "alin":
            alin, pct, within = f"art. {number} alin. ({item.label})", "", ""
            units.append(Unit(alin, start, _until(spans, i, ("alin",))))
        elif item.kind == "pct" and within:
            units.append(
                Unit(f"{within} pct. {item.label}", start, _until(spans, i, ("alin", "pct", "lit")))
            )
        elif item.kind == "pct":
            pct = f"{alin or f'art. {number}'} pct. {item.label}"
            units.append(Unit(pct, start, _until(spans, i, ("alin", "pct"))))
        elif item.kind == "lit":
            base = pct or alin or f"art. {number}"
            name = f"{base} lit. {item.label})"
            j = i + 1  # the lines up to the next unit: this litera's, if a litera follows
            while j < len(spans) and spans[j][0].kind == "text":
                j += 1
            after = spans[j][0].kind if j < len(spans) else ""
            introduces = not pct and after == "pct" and spans[j - 1][0].text.endswith(":")
            within = name if introduces else ""
            if introduces:
                end = _until(spans, i, ("alin", "lit"))
            elif after == "lit" or item.text[-1] not in ".:;,":
                end = spans[j - 1][2]
            else:  # the list closes; only its "(i)", "(ii)" sub-items are its text
                k = i + 1
                while k < len(spans) and _ROMAN_ITEM.match(spans[k][0].text):
                    end, k = spans[k][2], k + 1
            units.append(Unit(name, start, end))
    return units


def _until(spans: list[tuple[Item, int, int]], i: int, kinds: tuple[str, ...]) -> int:
    j = i + 1
    while j < len(spans) and spans[j][0].kind not in kinds:
        j += 1
    return spans[j - 1][2]


def own_unit(units: list[Unit], start: int, end: int) -> str:
    """The smallest unit holding ``[start, end)``; "" when none does."""
    holding = [u for u in units if u.start <= start and end <= u.end]
    return min(holding, key=lambda u: u.end - u.start).locator if holding else ""
