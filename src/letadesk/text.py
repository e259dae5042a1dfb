"""Text normalisation shared by ingestion, retrieval and verification.

Romanian texts mix cedilla ş/ţ (U+015F/U+0163) and comma-below ș/ț (U+0219/U+021B);
a lawyer types either, or none. Every comparison goes through these functions, and
every function here keeps string length (one character in, one character out) so that
offsets computed on a normalised string are valid on the original.
"""

from __future__ import annotations

import re
import unicodedata

_CEDILLA_TO_COMMA = str.maketrans({"ş": "ș", "Ş": "Ș", "ţ": "ț", "Ţ": "Ț"})
_ROMANIAN_FOLD = str.maketrans(
    {
        "ă": "a",
        "â": "a",
        "î": "i",
        "ș": "s",
        "ț": "t",
        "ş": "s",
        "ţ": "t",
        "Ă": "A",
        "Â": "A",
        "Î": "I",
        "Ș": "S",
        "Ț": "T",
        "Ş": "S",
        "Ţ": "T",
    }
)
_SPACE_LIKE = {"\u00a0", "\u2007", "\u202f", "\t", "\r", "\n", "\f", "\v"}
_QUOTE_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2011": "-",
    }
)


def unify_diacritics(text: str) -> str:
    """Map cedilla ş/ţ to comma-below ș/ț. Length-preserving."""
    return text.translate(_CEDILLA_TO_COMMA)


def fold_diacritics(text: str) -> str:
    """Remove Romanian diacritics (ă â î ș ț, both ş/ș forms). Length-preserving."""
    return text.translate(_ROMANIAN_FOLD)


def fold_lower(text: str) -> str:
    """Lower-cased (in Python: SQLite's lower() folds ASCII only), then without
    diacritics: the form keyword search compares, in either store."""
    return fold_diacritics(text.lower())


def match_key(text: str) -> str:
    """The form used to compare a quote with a source: lower case, Romanian letters
    unified, typographic quotes and dashes folded, every space-like character a
    plain space. Length-preserving, so offsets carry over to the original text."""
    folded = unify_diacritics(text).translate(_QUOTE_FOLD)
    chars = [" " if c in _SPACE_LIKE else c for c in folded]
    lowered = "".join(chars).lower()
    return (
        lowered
        if len(lowered) == len(text)
        else "".join(c.lower() if len(c.lower()) == 1 else c for c in chars)
    )


def collapse_spaces(text: str) -> tuple[str, list[int]]:
    """Collapse runs of whitespace to one space.

    Returns the collapsed text and, for each of its characters, the offset of the
    character it came from in ``text`` (so a match in the collapsed text maps back).
    """
    out: list[str] = []
    origin: list[int] = []
    prev_space = True
    for i, ch in enumerate(text):
        if ch.isspace():
            if not prev_space:
                out.append(" ")
                origin.append(i)
            prev_space = True
        else:
            out.append(ch)
            origin.append(i)
            prev_space = False
    if out and out[-1] == " ":
        out.pop()
        origin.pop()
    return "".join(out), origin


def one_line(text: object) -> str:
    """``text`` with every run of whitespace (line breaks included) as one space."""
    return " ".join(str(text).split())


# What printable() escapes: control characters (a file name may hold a newline or a
# terminal escape: colours, the window title, a fake listing line), the characters
# str.splitlines breaks a line at (NEL, U+2028, U+2029) and the bidirectional controls
# that reorder what a terminal shows (U+202E and kin)
_BIDI = [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_ESCAPED = (
    {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7F, 0xA0)]}
    | {0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"}
    | {c: f"\\u{c:04x}" for c in [0x2028, 0x2029, *_BIDI]}
)


def printable(text: object) -> str:
    """An untrusted name (a file name, a title, a matter, a question) as one line a
    terminal shows as it is: the characters above escaped (``\\x1b``, ``\\n``,
    ``\\u202e``), and the bytes of a file name that is not UTF-8 shown as ``\\xff``."""
    shown = str(text).translate(_ESCAPED)
    try:
        shown.encode("utf-8")
    except UnicodeEncodeError:  # surrogates: undecodable bytes of a name, or stray ones
        try:
            raw = shown.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raw = shown.encode("utf-8", "backslashreplace")
        shown = raw.decode("utf-8", "backslashreplace")
    return shown


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


# Abbreviations after which a full stop does not end a sentence (lower case, no dot).
_ABBREVIATIONS = frozenset(
    "art alin lit pct nr no sec par para cf ca etc eg ie vs inc ltd co corp mr mrs ms dr "
    "str bl ap jud mun sect ord hg oug og dec civ proc pen fisc c l".split()
)


def ends_sentence(text: str, dot: int) -> bool:
    """Whether the punctuation at ``text[dot]`` ends a sentence: a full stop after an
    abbreviation (``nr.``, ``art.``, ``Sec.``) does not."""
    if text[dot] != ".":
        return True
    word_start = dot
    while word_start > 0 and text[word_start - 1].isalpha():
        word_start -= 1
    return text[word_start:dot].lower() not in _ABBREVIATIONS


def nfc(text: str) -> str:
    """Unicode NFC, applied to text as it is read from a file."""
    return unicodedata.normalize("NFC", text)


# Function words of each language, also as typed without diacritics ("sa", "daca").
# Words both languages use ("in", "are") are in neither list.
_RO_WORDS = frozenset(
    "și şi si nu este sunt care pentru prin din cu la de pe ale al sau ori către catre "
    "acesta aceasta legii lege articolul alineatul potrivit prezenta dacă daca fi se să sa "
    "un își isi îi ii ce cum cui când cand câte cate câți cati trebuie poate "
    # as typed in a hurry: "in cat timp pot face apel impotriva unei sentinte?"
    "cât cat pot poți poti putem fost unei unui unor lor lui mai nici dar iar după dupa "
    "până pana fără fara între intre împotriva impotriva asupra fiindcă fiindca deoarece "
    "acest această acestei acestui vreau meu mea "
    # a reference typed alone: "art 66 alin 1 legea 85/2014"
    "legea codul codului alin".split()
)
_EN_WORDS = frozenset(
    "the and of to is be shall that for by with this any or as such which on agreement "
    "party parties not will from may must can what how does do its if some has have".split()
)
_WORD = re.compile(r"[^\W\d_]+")
_RO_LETTERS = re.compile("[ăâîșțşţ]")


def detect_language(text: str, *, min_stopwords: int = 3) -> str:
    """ "ro", "en", or "" when neither language's stopwords clearly dominate
    (counted over the first 20,000 characters; at least ``min_stopwords`` needed).
    A short text (a question) with no clear stopword majority is Romanian when it
    has Romanian letters (ă â î ș ț)."""
    head = text[:20000].lower()
    words = _WORD.findall(head)
    ro = sum(1 for w in words if w in _RO_WORDS)
    en = sum(1 for w in words if w in _EN_WORDS)
    if max(ro, en) < min_stopwords:
        return "ro" if len(head) < 1000 and _RO_LETTERS.search(head) else ""
    if ro > 1.5 * en:
        return "ro"
    if en > 1.5 * ro:
        return "en"
    return ""


# English verbs that open a request, asked as a question is ("Summarize the insurance
# terms."); the clause router also leaves them out (they name no clause type).
REQUEST_VERBS = frozenset(
    "summarize summarise list describe explain show find identify tell give outline".split()
)
# Words that open a question (diacritics folded); Romanian "de ce" opens with "de".
_INTERROGATIVE = re.compile(
    r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|"
    r"could|may|might|must|shall|should|will|would|has|have|had|ce|care|cine|cui|cand|"
    r"unde|cum|cat|cata|cati|cate|de ce|este|sunt|poate|pot|exista|trebuie|"
    + "|".join(sorted(REQUEST_VERBS))
    + r"|enumera|enumerati|descrie|descrieti|explica|explicati|arata|aratati|spune|spuneti|"
    r"rezuma|rezumati|identifica|identificati)\b"
)


def is_question(text: str) -> bool:
    """Whether ``text`` is asked as a question: it ends with "?" or opens with an
    interrogative word ("What …", "Care …", "Shall the …") or a request ("List …",
    "Enumerați …"). A statement to check ("The
    Receiving Party shall not disclose …"), a clause or bare keywords are not."""
    stripped = text.strip()
    return stripped.endswith("?") or bool(
        _INTERROGATIVE.match(fold_diacritics(stripped[:40]).lower())
    )


Texts = dict[str, dict[str, str]]  # key -> language -> text (with {placeholders})


def translate(texts: Texts, key: str, language: str, **values: object) -> str:
    """``texts[key]`` in ``language`` (English when it has none), formatted: the one
    lookup of the words a lawyer reads outside Qt (refusals, exports)."""
    entry = texts[key]
    return entry.get(language, entry["en"]).format(**values)
