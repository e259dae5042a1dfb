"""What a lawyer reads when LetaDesk refuses, or about the sources it cites, in the
language of the question (:func:`question_language`; the interface language when the
question does not say; anything but "ro" reads English). No score is ever part of
these texts: the scores stay in the audit record. The engine's own reasons (logs,
audit, tests) stay English; these are built from the same facts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from letadesk.answer.citations import Unheld
from letadesk.domain import Citation, Claim, Passage
from letadesk.text import Texts, detect_language, translate
from letadesk.verify.scope import ScopeVerdict

_TEXT: Texts = {
    "no_source": {"en": "I don't have a sufficient source", "ro": "Nu am o sursă suficientă"},
    "no_match": {
        "en": "nothing in this matter matches the question",
        "ro": "nimic din acest dosar nu corespunde întrebării",
    },
    "not_addressed": {
        "en": "the closest sources do not address the question",
        "ro": "sursele cele mai apropiate nu tratează întrebarea",
    },
    "ungrounded": {
        "en": "no claim could be grounded in a source",
        "ro": "nicio afirmație nu a putut fi întemeiată pe o sursă",
    },
    # every claim was a source's sentence citing what the matter does not hold
    "unheld_citation": {
        "en": "the nearest source cites {refs}, which this matter does not hold",
        "ro": "sursa cea mai apropiată citează {refs}, care nu se află în acest dosar",
    },
    "repealed_citation": {
        "en": "the nearest source cites {refs}, repealed",
        "ro": "sursa cea mai apropiată citează {refs}, abrogat",
    },
    # an answer over several documents: those searched that hold no answer
    "no_answer_in": {"en": "No answer in: {documents}", "ro": "Niciun răspuns în: {documents}"},
    "out_of_scope": {
        "en": "out of scope: the question is not a legal question",
        "ro": "în afara domeniului: întrebarea nu este una juridică",
    },
    "off_topic": {
        "en": "it speaks of {off}, and nothing in this matter addresses it",
        "ro": "se referă la {off}, iar nimic din acest dosar nu o tratează",
    },
    "no_terms": {
        "en": "nothing in this matter addresses it",
        "ro": "nimic din acest dosar nu o tratează",
    },
    # a provision the question names that the matter does not have (answer/presupposition.py)
    "no_provision": {"en": "No such provision", "ro": "Prevedere inexistentă"},
    "no_article": {
        "en": "{act} has no {provision}; its articles are {have}",
        "ro": "{act} nu are {provision}; articolele sale sunt {have}",
    },
    "no_section": {
        "en": "{act} has no {provision}; its sections are {have}",
        "ro": "{act} nu are {provision}; secțiunile sale sunt {have}",
    },
    "no_paragraph": {
        "en": "{within} of {act} has no {part}; its paragraphs are {have}",
        "ro": "{within} din {act} nu are {part}; alineatele sale sunt {have}",
    },
    "no_paragraphs": {
        "en": "{within} of {act} has no {part}: it is not divided into numbered paragraphs",
        "ro": "{within} din {act} nu are {part}: nu este împărțit în alineate numerotate",
    },
    "no_point": {
        "en": "{within} of {act} has no {part}; its points are {have}",
        "ro": "{within} din {act} nu are {part}; punctele sale sunt {have}",
    },
    "no_points": {
        "en": "{within} of {act} has no {part}: it has no numbered points",
        "ro": "{within} din {act} nu are {part}: nu are puncte",
    },
    "no_letter": {
        "en": "{within} of {act} has no {part}; its letters are {have}",
        "ro": "{within} din {act} nu are {part}; literele sale sunt {have}",
    },
    "no_letters": {
        "en": "{within} of {act} has no {part}: it has no lettered items",
        "ro": "{within} din {act} nu are {part}: nu are litere",
    },
    "no_act": {  # said of a question and of a draft's reference alike
        "en": "{act} is not among this matter's documents, so its {provision} cannot be checked",
        "ro": "{act} nu se află printre documentele acestui dosar, deci prevederea "
        "{provision} nu poate fi verificată",
    },
    "not_in_force": {
        "en": "{act} as in force on {date} has no {provision}: the version then in force "
        "({span}) does not hold it; {provision} is in the text in force {held}",
        "ro": "{act} în vigoare la {date} nu are {provision}: versiunea în vigoare atunci "
        "({span}) nu conține această prevedere; {provision} apare în textul în vigoare "
        "{held}",
    },
    "no_version": {
        "en": "no version of {act} in this matter is in force on {date}; {provision} is in "
        "the text in force {held}",
        "ro": "niciun text din acest dosar al actului {act} nu este în vigoare la {date}; "
        "{provision} apare în textul în vigoare {held}",
    },
    "including": {"en": "including", "ro": "inclusiv"},
    "and": {"en": "and", "ro": "și"},
    "since": {"en": "since {date}", "ro": "din {date}"},
    "until": {"en": "until {date}", "ro": "până la {date}"},
    "undated": {"en": "without validity dates", "ro": "fără date de valabilitate"},
    # the currency and the human check of the sources an answer cites
    "stale_note": {
        "en": "Source changed or missing on disk since it was indexed; add it again to "
        "refresh it: {documents}",
        "ro": "Sursă modificată sau absentă de pe disc de la indexare; adăugați-o din nou "
        "pentru a o actualiza: {documents}",
    },
    "read_across": {  # the answer's language is the question's; the documents', the other
        "en": "Asked of Romanian documents: searched and read in Romanian as “{text}”",
        "ro": "Întrebare despre documente în engleză: căutată și citită în engleză ca „{text}”",
    },
    "acronym_reading": {
        "en": "{acronym} read as “{name}”, as the documents of this matter spell it out",
        "ro": "{acronym} citit ca „{name}”, cum îl scriu documentele acestui dosar",
    },
    "unverified_note": {
        "en": "Source not verified by a person; check the deadlines and article numbers "
        "against it: {documents}",
        "ro": "Sursă neverificată de o persoană; verificați termenele și numerele "
        "articolelor în ea: {documents}",
    },
    "clarify": {
        "en": "Do you mean {options}? Ask again naming it, or put the question differently.",
        "ro": "Vă referiți la {options}? Întrebați din nou numind-o sau formulați altfel.",
    },
    "clarify_option": {"en": "{where} of {document}", "ro": "{where} din {document}"},
    "or": {"en": "or", "ro": "sau"},
    # the CLI's answer (letadesk ask)
    "extracted_mark": {"en": "extracted", "ro": "extras"},
    "nearest": {"en": "nearest", "ro": "sursă apropiată"},
    "rejected_count": {
        "en": "{count} claims rejected; see the audit record {audit}",
        "ro": "{count} afirmații respinse; vedeți înregistrarea de audit {audit}",
    },
    "draft_failed": {
        "en": "the language model's draft could not be verified; {then}",
        "ro": "ciorna modelului de limbaj nu a putut fi verificată; {then}",
    },
    # why, where the answer says (Answer.draft_failure)
    "draft_failed_rejected": {
        "en": "none of the language model's claims passed the checks; {then}",
        "ro": "nicio afirmație a modelului de limbaj nu a trecut verificările; {then}",
    },
    "draft_failed_empty": {
        "en": "the language model proposed no claim from these sources; {then}",
        "ro": "modelul de limbaj nu a propus nicio afirmație din aceste surse; {then}",
    },
    "draft_failed_unreadable": {
        "en": "the language model's draft could not be read as claims; {then}",
        "ro": "ciorna modelului de limbaj nu a putut fi citită ca afirmații; {then}",
    },
    "verbatim_shown": {"en": "verbatim passages shown", "ro": "se arată pasaje citate exact"},
    "no_verbatim": {"en": "no verbatim passage either", "ro": "nici vreun pasaj citat exact"},
    "stale_mark": {"en": "stale", "ro": "depășită"},
    "unverified_mark": {"en": "unverified", "ro": "neverificată"},
}


def question_language(question: str, default: str) -> str:
    """The language a question is asked in ("ro", "en"), read from its words (one
    stopword is enough: questions are short); ``default`` when they do not say."""
    return detect_language(question, min_stopwords=1) or default


def message(key: str, language: str, **values: object) -> str:
    """The text ``key`` in ``language`` (English when there is no such translation)."""
    return translate(_TEXT, key, language, **values)


def no_source(language: str, why: str, **values: object) -> str:
    """ "I don't have a sufficient source: <why>"."""
    return f"{message('no_source', language)}: {message(why, language, **values)}"


def ungrounded(language: str, unheld: Sequence[Unheld]) -> str:
    """Why no claim could be grounded: the references its sources cite that the matter
    does not hold or holds repealed (at most three), when that is why (a law's sentence
    citing the GDPR is never shown while the GDPR is not in the matter), else in
    general. Whether such an act exists is not the matter's to say (a planted paragraph
    cites acts that do not), so the reason names the references and advises nothing."""
    if not unheld:
        return no_source(language, "ungrounded")
    shown = unheld[:3]
    said = []
    for repealed, key in ((False, "unheld_citation"), (True, "repealed_citation")):
        refs = [u.ref for u in shown if u.repealed == repealed]
        if refs:
            quoted = ", ".join(f"„{r.raw}”" if language == "ro" else f'"{r.raw}"' for r in refs)
            said.append(message(key, language, refs=quoted))
    return f"{message('no_source', language)}: " + "; ".join(said)


def out_of_scope(verdict: ScopeVerdict, language: str) -> str:
    """Why Gate 1 refused, in plain words: the question has no legal meaning (naming the
    off-topic words it found, if any), and nothing in the matter addresses it."""
    if verdict.off_topic_terms:
        detail = message("off_topic", language, off=", ".join(verdict.off_topic_terms))
    else:
        detail = message("no_terms", language)
    return f"{message('out_of_scope', language)} ({detail})"


def question_readings(read_as: dict[str, str], language: str, read_in: str = "") -> tuple[str, ...]:
    """How the question was read: ``read_in``, the words of the other language it was
    searched with in documents all of that language (:mod:`letadesk.retrieve.crosslingual`),
    then a note for each acronym searched by the name the matter's documents spell it out
    as (:mod:`letadesk.retrieve.acronyms`)."""
    across = (message("read_across", language, text=read_in),) if read_in else ()
    return across + tuple(
        message("acronym_reading", language, acronym=acronym, name=name)
        for acronym, name in read_as.items()
    )


def source_notes(claims: Sequence[Claim], language: str) -> tuple[str, ...]:
    """The notes an answer carries about the documents its ``claims`` cite: those stale
    on disk, and those not verified by a person (each named once, in citation order)."""
    stale = _titles(c for claim in claims for c in claim.citations if c.stale)
    unverified = _titles(c for claim in claims for c in claim.citations if not c.verified)
    notes = []
    if stale:
        notes.append(message("stale_note", language, documents="; ".join(stale)))
    if unverified:
        notes.append(message("unverified_note", language, documents="; ".join(unverified)))
    return tuple(notes)


def _titles(citations: Iterable[Citation]) -> list[str]:
    return list(dict.fromkeys(c.document for c in citations))


# Gate 2 refusals whose best passage scores at least this share of the bar are "near":
# the answer then asks which of the nearest provisions was meant. On the answers
# benchmark's validation questions (benchmarks/gate2_features.py dump, shipped
# combiners) 0.5 makes 17 of 22 wrongly refused answerable CUAD questions (7 with the
# gold sentence first) and 26 of 79 rightly refused unanswerable ones "near".
NEAR_SHARE = 0.5


def clarifying_question(
    nearest: Sequence[Passage], best: float, threshold: float, language: str
) -> str:
    """For a question refused by Gate 2 although passages came close (``best`` at least
    :data:`NEAR_SHARE` of ``threshold``), a question back naming the two nearest
    provisions ("Do you mean Section 3.2 of the NDA or art. 5 of the contract?");
    "" when none came close or none has a place to name."""
    if threshold <= 0 or best < NEAR_SHARE * threshold:
        return ""
    places: list[tuple[str, str]] = []  # (where, document), distinct
    for p in nearest:
        where = p.fragment.locator or (
            f"p. {p.fragment.printed_page}" if p.fragment.printed_page else ""
        )
        if where and (where, p.document.title) not in places:
            places.append((where, p.document.title))
        if len(places) == 2:
            break
    if not places:
        return ""
    either = f" {message('or', language)} "
    if len({document for _, document in places}) == 1:  # "art. 6 or art. 2 of the contract"
        wheres = either.join(where for where, _ in places)
        options = message("clarify_option", language, where=wheres, document=places[0][1])
    else:
        options = either.join(
            message("clarify_option", language, where=w, document=d) for w, d in places
        )
    return message("clarify", language, options=options)
