"""Marginal titles: what a code's article is about, in its own words.

A code names each article ("Articolul 228 / Furtul", "Articolul 188 / Omorul"). A question
that holds every content word of an article's title ("Care este pedeapsa pentru furt?")
asks about that article, not about one whose text merely mentions the word ("Furtul în
scop de folosinţă": "scop" and "folosinţă" are not asked) -- and not about every
fragment that repeats "pedeapsa", which a plain ranking favours over "se pedepseşte".
Title words joined by "sau" / "ori" are named by either ("Lovirea sau alte violenţe"),
and a Romanian question's verb names its noun ("lovește" / "lovirea":
:mod:`letadesk.families`). :func:`titled_fragments` finds such articles by the
question's specific words alone. Titles made only of generic words ("Noţiunea",
"Sancţiuni", "Dispoziţii generale") name nothing.

An entry of a definition list is titled by the term it defines ("a) autorități și
organisme publice - Camera Deputaților ...", under a lead-in "... se definesc după cum
urmează:" that another fragment may hold): a question that asks what a term means
(:func:`asks_definition`) and names it is answered by that entry."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from letadesk.domain import Fragment
from letadesk.families import family, family_forms
from letadesk.references.grammar import is_structure_line
from letadesk.text import detect_language
from letadesk.verify.support import content_stems, is_content, stem, words

MAX_TITLED = 3  # fragments whose title the question names, at most
# Lexical candidates read for titles; a question asking what a term means reads more: a
# common term ("operator economic") is in hundreds of fragments, and BM25's length
# normalisation puts its long definition-list entry far down them (Legea 98/2016 art. 3
# alin. (1) lit. jj): 186th of 605).
TITLE_CANDIDATES = 50
DEFINITION_CANDIDATES = 1000
_TITLE = re.compile(
    r"(?:^|\n)[ \t]*(?:Articolul|ARTICOLUL|Art\.)[ \t]+\d+(?:\^\d+)?[ \t]*\n(?:[ \t]*\n)*"
    r"[ \t]*([^\n(0-9\-–][^\n]{1,90}?)[ \t]*\n[ \t]*\S"
)
# The label of a section's heading: its kind and number, and the dash or stop after it.
_SECTION_LABEL = re.compile(
    r"(?:Subsec[țţt]iunea|Sec[țţt]iunea|Paragraful|§)"
    r"(?:\s+(?:a\s+)?(?:[IVXLC]+|\d+|întâi|intai)(?:-a|-lea)?\b)?\s*[-–—.:]?\s*",
    re.IGNORECASE,
)
# Words that deny (folded): a title holding one the question lacks ("Concedierea pentru
# motive care nu ţin de persoana salariatului") is not the one it names.
_DENIALS = frozenset({"nu", "fara"})
# Words a title may hold that say nothing of its subject, and question words: neither
# chooses an article (stems).
_GENERIC = frozenset(
    stem(w)
    for w in """notiunea notiuni sanctiuni sanctiunea pedeapsa pedepseste pedepse definitii
    definitia dispozitii generale conditii conditiile termenul termene obiectul domeniul
    scopul aplicarea exceptii principii procedura care este sunt cum cand ce cine unde
    inseamna intelege exista potrivit codului codul legea legii lege prevede riscul risca
    aplica penal penala penale muncii civil civila fapta fapte constituie da primeste
    infractiune infractiunea intampla situatii cazuri ani inchisoare cineva parte partea
    partile parti partii intr dintr printr conform sensul""".split()
)
# A title chooses its article only when it also holds most of the question's specific
# words: "Public" does not answer "informaţie de interes public".
MIN_SPECIFIC_SHARE = 0.5
# A section's heading speaks for several articles: it chooses the first only when it
# holds most of the question ("Ce amendă se aplică pentru încălcarea regulilor de
# publicitate și transparență …?" asks the fine, not "Reguli de publicitate și
# transparență").
MIN_HEADING_SHARE = 0.75
_OR = frozenset({"sau", "ori"})
# Words that open a clause, not a defined term ("2. în cazul în care contractul este …")
_NOT_A_TERM = r"(?:în|in|dacă|daca|pentru|la|cu|de|când|cand|prin|pe|după|dupa|care|ce|nu|se)"
# An entry of a definition list: an enumerator, the term (at most ten words), a spaced
# dash ("a) plan de remediere - anexă ...", "1. acord-cadru – acordul ...") or, for a term
# in lower case, a defining verb ("29. insolvența este acea stare a patrimoniului ...",
# "16^1. creanțele în litigiu reprezintă ...").
_DEFINITION_ENTRY = re.compile(
    r"\s*(?:\(?[a-z]{1,2}\)|\d{1,3}(?:\^\d+)?[.)])[ \t]+"
    r"(?:((?:[^\s.;:!?]+[ \t]+){1,10}?)[-–—]"
    rf"|((?=[a-zăâîșşțţ])(?!{_NOT_A_TERM}\b)(?:[^\s.;:!?]+[ \t]+){{1,10}}?)"
    r"(?:este|sunt|reprezintă|reprezinta|înseamnă))[ \t]"
)
# Where an entry may start inside a fragment: at its start, a line's, or after the ";"
# or ":" that ends the entry or lead-in before it, or a consolidation note's ")".
_ENTRY_START = re.compile(r"(?:^|(?<=[\n;:)]))")
# Words that ask what a term means ("Ce înseamnă", "se înțelege", "What does X mean"),
# and the openings that ask it ("Ce este ...?", "What is a ...?").
DEFINING_STEMS = frozenset(
    stem(w)
    for w in """inseamna insemna intelege intelegem definitie definitia defineste definit
    definita reprezinta consta constau mean means meaning define defined definition""".split()
)
# "Ce este …?" at the start, or after a clause that names the act ("Potrivit Legii nr.
# 98/2016, ce este un ofertant?"); "Ce este, conform legii, …?" too.
_WHAT_IS = re.compile(
    r"(?:^|[,;:])\s*(?:ce\s+(?:este|sunt|e)|what\s+(?:is|are))[\s,]", re.IGNORECASE
)
# An act's number ("nr. 98/2016", "98/2016") names the act, not what a title says.
_ACT_NUMBER = re.compile(r"\b(?:nr\.?\s*)?\d+\s*/\s*\d{4}\b", re.IGNORECASE)
# Pronouns and determiners a title holds ("alte violenţe", "urmelor acestuia"): no
# question need repeat them.
_FILLER = frozenset(
    "alt alta alte altei altor altui aceasta acesta acestea acestei acestor acestora "
    "acestuia aceluiasi aceleiasi lor sale sai sa".split()
)


def alternations(word: str) -> set[str]:
    """Stems of the Romanian vowel alternations of ``word`` (folded): the noun
    "pedeapsă" and the verb "pedepsește" ("ea" / "e"), "poartă" / "porți" ("oa" / "o")
    name one thing, and a passage that says "se pedepsește" answers "care este
    pedeapsa"."""
    return {stem(word.replace(a, b, 1)) for a, b in (("ea", "e"), ("oa", "o")) if a in word}


@dataclass(frozen=True, slots=True)
class Asked:
    """A question's forms (stems with alternations; a Romanian question's word
    families too), those of each of its specific words, and what the title search
    looks for: its specific words, a Romanian question's with their families' forms
    (the index expands only a query it reads as Romanian, and a question's specific
    words alone may not read so)."""

    stems: frozenset[str]
    specific: tuple[frozenset[str], ...]
    query: str
    defines: bool = False  # asks what a term means (:func:`asks_definition`)
    denials: frozenset[str] = frozenset()  # its words that deny (:data:`_DENIALS`)


def asked(question: str) -> Asked:
    """What a title must match of ``question`` (:func:`names_title`)."""
    romanian = detect_language(question, min_stopwords=1) == "ro"
    query = specific_words(question)
    specific = tuple(_forms(w, romanian) for w in query.split())
    stems = set().union(*(_forms(w, romanian) for w, _, _ in words(question) if is_content(w)))
    if romanian and query:
        query = " ".join([query, *family_forms(query)])
    return Asked(frozenset(stems), specific, query, asks_definition(question), _denials(question))


def _denials(text: str) -> frozenset[str]:
    """The words of ``text`` that deny (:data:`_DENIALS`)."""
    return frozenset(w for w, _, _ in words(text) if w in _DENIALS)


def asks_definition(question: str) -> bool:
    """Whether ``question`` asks what a term means: it holds a defining word
    ("înseamnă", "se înțelege", "definiția", "mean") or asks "Ce este" / "What is", at
    its start or after a clause ("Potrivit Legii nr. 98/2016, ce este un ofertant?")."""
    if _WHAT_IS.search(question):
        return True
    return any(stem(w) in DEFINING_STEMS for w, _, _ in words(question))


def defined_term(text: str) -> str:
    """The term that ``text`` defines when it is an entry of a definition list ("a)
    plan de remediere - anexă la ..." defines "plan de remediere"), else ""."""
    m = _DEFINITION_ENTRY.match(text)
    return (m.group(1) or m.group(2)).strip() if m else ""


def _forms(word: str, families: bool) -> frozenset[str]:
    """A folded word's stem and :func:`alternations`, and with ``families`` its
    family (:mod:`letadesk.families`: "lovește" and "lovirea" are one)."""
    return frozenset({stem(word), *alternations(word), *(family(word) if families else ())})


def marginal_title(text: str) -> str:
    """The marginal title of the first article whose head ``text`` holds ("Furtul")."""
    m = _TITLE.search(text)
    title = m.group(1).strip() if m else ""
    return "" if title.endswith((".", ";", ":", ",")) else title  # a sentence of its text


def heading_title(text: str) -> str:
    """The name of the heading ``text`` opens with, when an article header follows it
    directly: an act without marginal titles names its first article of a section by
    the section ("Secţiunea a 6-a Dreptul la preaviz" / "Articolul 73": "Dreptul la
    preaviz"; the innermost of breadcrumbs "## Capitolul IV - … | Secţiunea a 13-a -
    Informarea candidaților"; "Secţiunea 1" with its name on the next line); "" else,
    and for a chapter's heading (:func:`_heading_name`)."""
    lines: list[str] = []
    for line in (x.strip() for x in text.split("\n")):
        if not line:
            continue
        if is_structure_line(line) == "article":
            break
        lines.append(line)
        if len(lines) > 3:
            return ""
    else:
        return ""
    if not lines or is_structure_line(lines[0]) != "heading":
        return ""  # text before the article: not the head of a section
    name = _heading_name(lines[-1])
    if name is None and len(lines) > 1 and _heading_name(lines[-2]) == "":
        name = lines[-1]  # the label on one line, the name on the next
    if not name or len(name) > 120 or name.endswith((".", ";", ":", ",")):
        return ""
    return name


def _heading_name(line: str) -> str | None:
    """What a section's heading line names after its label ("Secţiunea a 6-a Dreptul la
    preaviz" -> "Dreptul la preaviz"; "" for a bare label), None for a line that is no
    section's heading. A chapter, title or part ("Capitolul 2 Greva") names what all its
    articles are about, not its first one."""
    if is_structure_line(line) != "heading":
        return None
    innermost = line.lstrip("#").split(" | ")[-1].strip()
    label = _SECTION_LABEL.match(innermost)
    return None if label is None else innermost[label.end() :].strip()


def title_terms(title: str) -> list[frozenset[str]]:
    """The content words of ``title``, each as its forms with its family; words joined
    by "sau" / "ori" or a slash are one term, named by either ("Lovirea sau alte
    violenţe": the question names *lovirea* or *violenţe*; "subcontractant/subantreprenor":
    either)."""
    terms: list[frozenset[str]] = []
    join, end = False, -1
    for word, start, stop in words(title):
        if word in _OR:
            join = bool(terms)
        elif is_content(word) and word not in _FILLER:
            slashed = bool(terms) and title[end:start] == "/"
            forms = _forms(word, families=True)
            terms.append(terms.pop() | forms if join or slashed else forms)
            join = False
        end = stop
    return terms


def names_title(question: Asked, text: str) -> bool:
    """Whether the question names every term of the title in ``text`` (its marginal
    title, or else the heading it opens with: :func:`heading_title`;
    :func:`title_terms`), the title says more than generic words, and it holds
    :data:`MIN_SPECIFIC_SHARE` of the question's specific words (a heading, which speaks
    for several articles: :data:`MIN_HEADING_SHARE`)."""
    title = marginal_title(text)
    if title:
        return _names(question, title)
    return _named_share(question, heading_title(text)) >= MIN_HEADING_SHARE


def names_defined(question: Asked, text: str) -> bool:
    """Whether ``text`` holds the definition-list entry of a term whose meaning the
    question asks (:func:`defined_terms`), named as :func:`names_title` names a title."""
    return question.defines and any(_names(question, t) for t in defined_terms(text))


def defined_terms(text: str) -> list[str]:
    """The terms of the entries of a definition list that ``text`` holds, at its start
    or after the end of another entry ("…; jj) operator economic - …")."""
    found = (_DEFINITION_ENTRY.match(text, m.start()) for m in _ENTRY_START.finditer(text))
    return [(m.group(1) or m.group(2)).strip() for m in found if m]


def _names(question: Asked, title: str) -> bool:
    """Whether ``question`` names ``title`` (:func:`names_title`)."""
    return _named_share(question, title) >= MIN_SPECIFIC_SHARE


def _named_share(question: Asked, title: str) -> float:
    """The share of the question's specific words ``title`` holds, when the question
    names every term of it and it says more than generic words; else 0."""
    if not set(content_stems(title)) - _GENERIC:
        return 0.0
    if _denials(title) - question.denials:
        return 0.0
    terms = title_terms(title)
    if not all(term & question.stems for term in terms):
        return 0.0
    held_by = frozenset().union(*terms)
    held = sum(bool(forms & held_by) for forms in question.specific)
    return held / max(1, len(question.specific))


def _entry_share(question: Asked, text: str) -> float:
    """The most of the question's specific words an entry of ``text`` it names holds."""
    return max((_named_share(question, t) for t in defined_terms(text)), default=0.0)


def specific_words(question: str) -> str:
    """The question without its generic and question words, and without the numbers
    of the acts it names: what a title must name."""
    kept = [
        w
        for w, _, _ in words(_ACT_NUMBER.sub(" ", question))
        if is_content(w) and stem(w) not in _GENERIC and w not in _FILLER
    ]
    return " ".join(kept)


def titled_fragments(
    question: str,
    lexical: Callable[[str, int], Sequence[int]],
    fragments: Callable[[Sequence[int]], Sequence[Fragment]],
) -> list[Fragment]:
    """Up to :data:`MAX_TITLED` fragments whose marginal title ``question`` names (or
    that hold the entry of a term whose meaning it asks: the entry that names most of the
    question first), among the lexical candidates
    for its specific words (:attr:`Asked.query`; ``lexical``: query, how many -> fragment
    ids, best first: :data:`TITLE_CANDIDATES`, or :data:`DEFINITION_CANDIDATES` for a
    question asking a meaning; ``fragments``: ids -> fragments, in that order)."""
    wanted = asked(question)
    if not wanted.query:
        return []
    k = DEFINITION_CANDIDATES if wanted.defines else TITLE_CANDIDATES
    found: list[tuple[float, Fragment]] = []
    for f in fragments(lexical(wanted.query, k)):
        share = _entry_share(wanted, f.text) if wanted.defines else 0.0
        if share >= MIN_SPECIFIC_SHARE or names_title(wanted, f.text):
            found.append((share, f))
    found.sort(key=lambda t: t[0], reverse=True)  # the entry naming most of the question first
    return [f for _, f in found[:MAX_TITLED]]
