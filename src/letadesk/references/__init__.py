"""Legal reference parser: Romanian and English citation forms found in free text.

``parse_references(text)`` finds citations such as ``art. 7 alin. (1) din Legea nr.
98/2016``, ``art. 181 C. proc. civ.``, ``OUG nr. 195/2002, art. 104 alin. (1)`` or
``Section 5.2(a) of the Distribution Agreement`` and returns one :class:`Reference` per
cited unit, in text order. ``locator_of(ref)`` renders the canonical locator the
ingest chunker stores on fragments (``"art. 57 alin. (3) lit. b)"``, ``"Section 5.2"``).

Decisions (the promises tests hold us to):

* Matching runs on a length-preserving key (``match_key`` + ``fold_diacritics``), so
  diacritics, cedilla or comma-below and letter case never matter, and every ``span``
  indexes the caller's original text (``raw == text[span[0]:span[1]]``).
* Article numbers: ``549^1``, ``549¹``, ``549 ind. 1`` and ``549 indice 1`` all give
  ``"549^1"``; Romanian dotted thousands ``2.335`` give ``"2335"``; amending-law
  articles in roman numerals (``Articolul I``) keep ``"I"``.
* Ranges expand to one reference per unit when both ends are plain integers (or
  letters) and the range holds at most 50 units; otherwise only the two endpoints
  are returned. Lists (``art. 37-39, 42, 43``) give one reference per item.
* English: ``Section/Sec./§/Clause/Article/Art. 5.2`` keep the dotted number whole as
  ``article`` (``"5.2"``); bracketed parts after it are ``(3)`` -> paragraph, ``(a)``
  -> letter, ``(iv)`` -> point. ``paragraph 3`` alone gives ``paragraph="3"`` with
  ``article=None``. ``of the Distribution Agreement`` gives an ``agreement`` act.
  ``Art. 5`` alone is ambiguous and is rendered the Romanian way (``"art. 5"``); it is
  rendered ``"Article 5"`` only with English evidence (``Art. 5(2)``, an agreement).
* An act written right after a citation (``din``/``al``/``of the``/nothing between)
  or right before it (``OUG nr. 195/2002, art. 104``) attaches to it; citations
  chained by ``,``/``și``/``ale`` share the act that closes the chain. An act that no
  citation claims is returned alone (``article=None``) when it is identified by a
  number, a code or a name; bare ``Legea nr``, acronyms (``CP``, ``NCC``) and
  ``this Agreement`` are only ever attached, never returned alone.
* Court decisions (``Decizia CCR nr. 766/2011``, ``Decizia ÎCCJ nr. 22/2007``) and EU
  directives are acts of kind ``"other"``; the Monitorul Oficial is a publication,
  not a source of law, and is never returned.
* A citation's ``span`` runs from its keyword to its last unit and includes an act
  that follows it directly; references expanded from one citation share its span.
* Nothing fires without a keyword: ``5 days``, ``2016`` or ``$5.2 million`` give ``[]``.
"""

from __future__ import annotations

from letadesk.references.locators import locator_of, stored_locators
from letadesk.references.model import ActRef, Reference
from letadesk.references.parse import parse_references

__all__ = ["ActRef", "Reference", "locator_of", "parse_references", "stored_locators"]
