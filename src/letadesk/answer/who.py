"""Who does what a question asks: the party a quote makes the subject of its verb.

A who-question asks for a party, not a value: "Cine plătește serviciile?" is answered
by whoever the quote puts before the question's verb, "Beneficiarul plătește
Prestatorului un onorariu lunar …" → "Beneficiarul"; "Upon written request, the
receiving party shall return or destroy …" → "the receiving party" for "Who must return
the confidential information?". :func:`acting_party` finds the question's verb (its
first word after "who" / "cine" and any modal), the same verb in the quote (one stem,
diacritics aside), steps back over the quote's own modals ("shall", "trebuie să", "are
obligația să") and reads the words before them up to a comma, a paragraph number or the
quote's start (at most :data:`MAX_WORDS`); a passive verb ("se emit de", "issued by")
answers nothing. They answer only when they name a party: one of the parties' names or
of the bodies laws make act ("party", "partea", "Licensee", "angajatorul", "instanța"),
or capitals that are more than a sentence's first word ("Consiliul local", "…,
Beneficiarul"); otherwise nothing is said (a relative clause, a condition, "Plata se
face …").
"""

from __future__ import annotations

import re

from letadesk.text import fold_diacritics
from letadesk.verify.paraphrase import PARTY_ROLES, name_key
from letadesk.verify.support import stem

MAX_WORDS = 5
_WHO = re.compile(r"^\W*(?:cine|who)\s+(.*)$", re.IGNORECASE | re.DOTALL)
# Words between a subject and its verb, and between "who" and the question's verb.
_MODALS = frozenset(
    """shall must will may can cannot should would not also hereby agrees agree undertakes
    is are be has have to does do required obliged obligated entitled
    sa se va vor poate pot trebuie este sunt e obligat obligata obligati obligate obliga
    obligatia are au dreptul nu isi il le o ii mai""".split()
)
# Words that name who acts (folded, a Romanian article aside: :func:`name_key`): the
# parties' names and the public bodies and officers laws make act.
_PARTY_WORDS = (
    frozenset(
        """party parties parte partea partile parti persoana persoanele court courts
        authority authorities government board committee tribunal instanta instantele
        autoritatea autoritatile institutia institutiile consili primar prefect guvern
        minister judecator procuror angajat salariatul salariatii""".split()
    )
    | PARTY_ROLES
)
_TOKEN = re.compile(r"\w+|[^\w\s]")
_BOUNDARY = re.compile(r"[,;:.()\[\]\"“”„]")
# Words that introduce the agent of a passive ("issued by", "emisă de").
_AGENT = frozenset("by de catre".split())
# Words that open a clause, not a name: the subject is not before them.
_CLAUSE = frozenset("that which who if when where care daca cand ca iar unless".split())


def _verb(question: str) -> str | None:
    """The question's verb: its first word after "who" / "cine" that is no modal."""
    m = _WHO.match(fold_diacritics(question).lower())
    if m is None:
        return None
    words: list[str] = re.findall(r"\w+", m.group(1))
    return next((w for w in words if w not in _MODALS), None)


def acting_party(question: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` names who does what ``question`` (a who-question) asks: offsets of
    the words before the question's verb in the quote; None when the quote does not
    have that verb or the words before it name no party."""
    verb = _verb(question)
    if verb is None:
        return None
    wanted = stem(verb)
    folded = fold_diacritics(quote).lower()
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(folded)]
    for i, (word, _, _) in enumerate(tokens):
        if word[0].isalnum() and stem(word) == wanted:
            found = _before(tokens, i, quote)
            if found is not None:
                return found
    return None


def _before(tokens: list[tuple[str, int, int]], verb: int, quote: str) -> tuple[int, int] | None:
    """The party named before the token ``verb``: after its modals, up to a boundary.
    None for a passive ("Autorizațiile se emit de …", "… are issued by …"): what comes
    before it is what is done, not who does it."""
    after = tokens[verb + 1][0] if verb + 1 < len(tokens) else ""
    if (verb > 0 and tokens[verb - 1][0] == "se") or after in _AGENT:
        return None
    i = verb - 1
    while i >= 0 and tokens[i][0] in _MODALS:
        i -= 1
    end = i
    if end + 1 < verb and tokens[end + 1][0] in ("to", "sa"):
        return None  # "fails to pay": the word before is a verb of its own
    while i >= 0 and not _BOUNDARY.match(tokens[i][0]) and tokens[i][0] not in _CLAUSE:
        i -= 1
    start = i + 1
    if end < start or end - start + 1 > MAX_WORDS or tokens[start][0].isdigit():
        return None
    words = [w for w, _, _ in tokens[start : end + 1]]
    # a name: a party's word, or capitals that are not merely a sentence's first word
    opens = start == 0 or tokens[start - 1][0] in ")."
    named = quote[tokens[start][1]].isupper() and (len(words) > 1 or not opens)
    if not named and not any(name_key(w) in _PARTY_WORDS for w in words):
        return None
    return tokens[start][1], tokens[end][2]
