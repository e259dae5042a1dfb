"""What a lawyer reads when LetaDesk refuses, in the interface language ("en", "ro";
anything else reads English). The engine's own reasons (logs, audit, tests) stay English;
these are built from the same facts."""

from __future__ import annotations

from letadesk.verify.scope import ScopeVerdict

_TEXT: dict[str, dict[str, str]] = {
    "no_source": {"en": "I don't have a sufficient source", "ro": "Nu am o sursă suficientă"},
    "no_match": {"en": "nothing in this matter matches the question",
                 "ro": "nimic din acest dosar nu corespunde întrebării"},
    "not_addressed": {
        "en": "the closest sources do not address the question "
              "(best relevance {best:.2f} < {threshold:.2f})",
        "ro": "sursele cele mai apropiate nu tratează întrebarea "
              "(relevanța cea mai bună {best:.2f} < {threshold:.2f})"},
    "ungrounded": {"en": "no claim could be grounded in a source",
                   "ro": "nicio afirmație nu a putut fi întemeiată pe o sursă"},
    "out_of_scope": {"en": "out of scope: the question is not a legal question",
                     "ro": "în afara domeniului: întrebarea nu este una juridică"},
    "off_topic": {"en": "off-topic terms found: {off}; legal terms: {legal}",
                  "ro": "termeni din afara dreptului: {off}; termeni juridici: {legal}"},
    "few_terms": {"en": "too few legal terms: {legal}",
                  "ro": "prea puțini termeni juridici: {legal}"},
    "no_terms": {"en": "no legal terms found", "ro": "niciun termen juridic"},
    "none": {"en": "none", "ro": "niciunul"},
}


def message(key: str, language: str, **values: object) -> str:
    """The text ``key`` in ``language`` (English when there is no such translation)."""
    texts = _TEXT[key]
    return texts.get(language, texts["en"]).format(**values)


def no_source(language: str, why: str, **values: object) -> str:
    """"I don't have a sufficient source: <why>"."""
    return f"{message('no_source', language)}: {message(why, language, **values)}"


def out_of_scope(verdict: ScopeVerdict, language: str) -> str:
    """Why Gate 1 refused, naming the terms it found."""
    legal = ", ".join(verdict.legal_terms)
    if verdict.off_topic_terms:
        detail = message("off_topic", language, off=", ".join(verdict.off_topic_terms),
                         legal=legal or message("none", language))
    elif legal:
        detail = message("few_terms", language, legal=legal)
    else:
        detail = message("no_terms", language)
    return f"{message('out_of_scope', language)} ({detail})"
