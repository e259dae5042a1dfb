"""Romanian word families: the forms of one lemma, and a verb with the noun made of it.

A lawyer asks with verbs ("cineva care *ucide* o persoană", "cel care *lovește*",
"angajatorul *concediază*"); a code states with nouns ("*Uciderea* unei persoane",
"*Lovirea* sau alte violențe", "*Concedierea* salariatului"). A stem joins the
inflections of a word by its spelling, not a verb with its long infinitive (*ucide* /
*uciderea*, *lovește* / *lovirea*), nor an irregular form with its lemma (*ucis* /
*ucide*). :func:`family` names the lemma of a word (simplemma's Romanian lexicon, looked
up with diacritics folded, so "loveste" typed without them is found too), a long
infinitive ("ucidere", "lovire", "concediere") by its verb: "ucide", "ucis", "uciderea"
are one family, and so are "lovește", "lovit", "lovirea".

Two readers, for a Romanian question only: Gate 2's topic
(:mod:`letadesk.answer.relevance`: a passage holds a question's word when it holds one
of its family) and the lexical indexes (:func:`with_family_forms`: a question's words
searched with their family's verb and long infinitive). English words can be Romanian
forms of something else ("date" is Romanian for "data"), so an English question is
read as before. The lexicon is read once, on first use (one to two seconds); without
simplemma every word is its own family and the query is searched as typed.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Iterable, Mapping
from functools import cache

from letadesk.synonyms import groups
from letadesk.text import detect_language, fold_diacritics, fold_lower, unify_diacritics

log = logging.getLogger(__name__)

# A family's name is kept apart from stems (both go into one set of a text's terms).
MARK = "~"
# A verb's infinitive ending and its long infinitive's, the longer first: concedia /
# concediere, ucide / ucidere, putea / putere, lovi / lovire, pleca / plecare, and
# hotărî / hotărâre (folded: "hotari" / "hotarare").
_LONG_INFINITIVE = (
    ("ia", "iere"),
    ("e", "ere"),
    ("ea", "ere"),
    ("i", "ire"),
    ("a", "are"),
    ("i", "are"),
)
# Lemmas every sentence has ("a fi", "a avea", "a face"): they join nothing.
_TOO_COMMON = frozenset({"fi", "avea", "face", "da", "lua", "vrea", "putea", "trebui", "sine"})
# Words shorter than this are never expanded in a search ("sa", "ca", "in").
_MIN_EXPANDED = 4
_WORD = re.compile(r"[^\W\d_]+")


def _verb_of(lemma: str, lemmas: frozenset[str]) -> str:
    """The verb a long infinitive is made of, when the lexicon has it; else ``lemma``."""
    for verb_end, noun_end in _LONG_INFINITIVE:
        if lemma.endswith(noun_end) and len(lemma) > len(noun_end) + 2:
            verb = lemma[: -len(noun_end)] + verb_end
            if verb in lemmas:
                return verb
    return lemma


@cache
def _lexicon() -> Mapping[str, str | frozenset[str]]:
    """Folded word form -> the folded name of its family ("" for a form of a lemma in
    every sentence), or the names of the families it may belong to (a form of two
    lemmas), for the forms whose family is not the form itself. A long infinitive
    belongs to its verb's family, also when written as its own lemma."""
    keys, values = _dictionary()
    if not keys:
        return {}
    forms, lemmas = fold_lower(keys).split("\n"), fold_lower(values).split("\n")
    known = frozenset(lemmas)
    names = {lemma: _verb_of(lemma, known) for lemma in known if lemma.endswith("re")}
    one: dict[str, str] = {}  # most forms have one family: kept as its name alone
    more: dict[str, set[str]] = {}
    of_forms = ((form, names.get(lemma, lemma)) for form, lemma in zip(forms, lemmas, strict=True))
    for form, name in itertools.chain(of_forms, names.items()):
        first = one.setdefault(form, name)
        if first != name:
            more.setdefault(form, {first}).add(name)
    out: dict[str, str | frozenset[str]] = {
        form: ("" if name in _TOO_COMMON else name)
        for form, name in one.items()
        if name != form and form not in more
    }
    out.update((form, frozenset(found - _TOO_COMMON)) for form, found in more.items())
    return out


@cache
def _dictionary() -> tuple[str, str]:
    """simplemma's Romanian lexicon, read once: its forms and their lemmas, one per line
    in the same order, as two strings ("" and "" without simplemma). simplemma keeps
    them as bytes: read so when it does (ten times faster; no form holds a newline)."""
    try:
        from simplemma.strategies.dictionaries import DefaultDictionaryFactory
    except ImportError:  # pragma: no cover - a dependency; kept working without it
        log.warning("simplemma is not installed: words join by their stems alone")
        return "", ""
    lexicon = DefaultDictionaryFactory().get_dictionary("ro")
    raw = getattr(lexicon, "_dict", None)
    if isinstance(raw, dict):
        return b"\n".join(raw).decode(), b"\n".join(raw.values()).decode()
    return "\n".join(lexicon), "\n".join(lexicon.values())  # pragma: no cover - other mapping


def load() -> None:
    """Read the lexicon now (a warm engine does, before its first question)."""
    _lexicon()
    _spellings()


def with_diacritics(text: str) -> str:
    """A Romanian ``text`` with the words typed without diacritics written with them,
    where the lexicon knows one spelling only and the typed one is no word
    ("subinchiriez" -> "subînchiriez", "mostenitorii" -> "moștenitorii"; "sa", "camera",
    "fata" stay: each is a word as typed). A word with a capital or a diacritic stays as
    typed; other text is returned as it is. The embedder and the judge read Romanian
    written with its diacritics (the indexes fold them either way)."""
    if detect_language(text, min_stopwords=1) != "ro":
        return text
    spelled = _spellings()

    def written(m: re.Match[str]) -> str:
        word = m.group(0)
        return spelled.get(word, word) if word.islower() else word

    return _WORD.sub(written, text)


@cache
def _spellings() -> Mapping[str, str]:
    """Folded form -> its one spelling with diacritics, for the lexicon's forms whose
    folded spelling is not itself a form and has no other spelling."""
    keys, values = _dictionary()
    if not keys:
        return {}
    forms = set(unify_diacritics(f"{keys}\n{values}".lower()).split("\n"))
    spellings: dict[str, set[str]] = {}
    for form in forms:
        folded = fold_diacritics(form)
        if folded != form:
            spellings.setdefault(folded, set()).add(form)
    return {
        folded: next(iter(found))
        for folded, found in spellings.items()
        if len(found) == 1 and folded not in forms
    }


def family(word: str) -> frozenset[str]:
    """The family names (each marked by :data:`MARK`) of a folded, lower-case Romanian
    ``word``: the word itself when the lexicon does not know it; none for a form of a
    lemma in every sentence ("este", "are")."""
    names = _lexicon().get(word, word)
    if isinstance(names, str):
        return frozenset({MARK + names}) if names else frozenset()
    return frozenset(MARK + name for name in names)


# A family negated: what "neplata" says of "plata" (a law's "neplata", "nerespectarea"
# answer a client's "nu plătește", "nu respectă"), kept apart from the family itself ("nu
# au drepturi patrimoniale" is not asked by "drepturile nepatrimoniale").
NEGATED = "¬"


def negated_families(words: Iterable[str]) -> set[str]:
    """The negated families (each marked by :data:`NEGATED` and :data:`MARK`) of the
    "ne-" words among ``words`` (:func:`negated`)."""
    out: set[str] = set()
    for word in words:
        if plain := negated(word):
            out.update(NEGATED + name for name in family(plain))
    return out


# "ne-" words whose rest is another word, not their negation ("neapărat" / "aparat",
# "nepot" / "pot").
_NOT_NEGATED = ("neaparat", "nevoi", "nepot")
_MIN_NEGATED = 5  # letters after "ne-": "nebun" is not "not good" ("bun", a good)


def negated(word: str) -> str:
    """The word a folded "ne-" word negates, when the lexicon knows it ("neplata" ->
    "plata", "nerespectarea" -> "respectarea"); "" otherwise."""
    rest = word[2:]
    if not word.startswith("ne") or len(rest) < _MIN_NEGATED or word.startswith(_NOT_NEGATED):
        return ""
    return rest if rest in _lexicon() or rest in _family_names() else ""


@cache
def _family_names() -> frozenset[str]:
    """Every family name of the lexicon (lemmas that are their own family's name)."""
    out: set[str] = set()
    for names in _lexicon().values():
        out.update((names,) if isinstance(names, str) else names)
    return frozenset(out)


def families(words: Iterable[str]) -> set[str]:
    """The family names of all ``words``."""
    out: set[str] = set()
    for word in words:
        out |= family(word)
    return out


def long_infinitive(verb: str) -> str | None:
    """The noun made of a folded infinitive ("lovi" -> "lovire", "concedia" ->
    "concediere", "ucide" -> "ucidere"); None for a word that is not one."""
    for verb_end, noun_end in _LONG_INFINITIVE:
        if verb.endswith(verb_end):
            return verb[: -len(verb_end)] + noun_end
    return None


def with_family_forms(query: str) -> str:
    """A Romanian ``query`` followed by the forms of its words' families that it does
    not hold (:func:`family_forms`: "cine lovește" also searches "lovi lovire"). The
    query itself is unchanged, first; a query in another language is returned as it
    is."""
    if detect_language(query, min_stopwords=1) != "ro":
        return query  # "date" is Romanian for "data", not an English contract's date
    extra = family_forms(query)
    return " ".join([query, *extra]) if extra else query


def family_forms(text: str) -> list[str]:
    """The forms of the families of ``text``'s (Romanian) words that it does not hold,
    for each word that is not its family's own: that word and its long infinitive
    ("lovește" -> "lovi", "lovire")."""
    typed = [fold_lower(w) for w in _WORD.findall(text)]
    seen = set(typed)
    extra: list[str] = []
    for word in typed:
        if len(word) < _MIN_EXPANDED:
            continue
        for name in sorted(family(word)):
            base = name[len(MARK) :]
            if base == word:  # a word the lexicon does not know, or a lemma typed
                continue
            for form in (base, long_infinitive(base)):
                if form and form not in seen:
                    seen.add(form)
                    extra.append(form)
    return extra


@cache
def _groups(language: str) -> dict[str, frozenset[str]]:
    """A family name -> the family names of the synonym groups (:mod:`letadesk.synonyms`)
    holding a word of that family. Keyed by family, not stem: Romanian stems are short
    enough to join words a group must keep apart ("angajat" and "angajator")."""
    out: dict[str, frozenset[str]] = {}
    for group in groups(language):
        keys = frozenset(families(group))
        for key in keys:
            out[key] = out.get(key, frozenset()) | keys
    return out


def synonyms(word: str, language: str) -> frozenset[str]:
    """The family names of the words of ``word``'s synonym groups in ``language``,
    ``word``'s own among them; empty when it is in none, and for a language without
    groups. ``word`` is folded and lower case."""
    index = _groups(language)
    found: frozenset[str] = frozenset()
    for key in family(word) if index else ():
        found |= index.get(key, frozenset())
    return found
