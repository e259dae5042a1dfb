"""Word documents the way a firm expects them (shared by the memo and the grid export):
the document's properties say LetaDesk, its title and when it was made (python-docx's
template says "python-docx", created 2013), and real footnotes (python-docx writes
none: the footnotes part is added here, with Word's two separator notes)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

__all__ = ["add_footnote", "set_properties"]

_FOOTNOTES_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"
_SEPARATORS = (
    '<w:footnotes {ns}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/>'
    '</w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p>'
    "<w:r><w:continuationSeparator/></w:r></w:p></w:footnote></w:footnotes>"
)


def set_properties(document: Any, *, title: str, subject: str = "") -> None:
    """Title, author "LetaDesk", subject, and created/modified now (UTC)."""
    props = document.core_properties
    props.title, props.author, props.subject = title[:250], "LetaDesk", subject[:250]
    props.last_modified_by = "LetaDesk"
    props.created = props.modified = datetime.now(UTC).replace(tzinfo=None)
    props.revision = 1
    props.comments = ""


def _footnotes(document: Any) -> Any:
    """The document's footnotes element, the part created on first use."""
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.opc.packuri import PackURI
    from docx.opc.part import XmlPart
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    part = document.part
    for rel in part.rels.values():
        if rel.reltype == RELATIONSHIP_TYPE.FOOTNOTES:
            return rel.target_part.element
    element = parse_xml(_SEPARATORS.format(ns=nsdecls("w")))
    notes = XmlPart(PackURI("/word/footnotes.xml"), _FOOTNOTES_TYPE, element, part.package)
    part.relate_to(notes, RELATIONSHIP_TYPE.FOOTNOTES)
    return element


def _superscript_run(child: Any) -> Any:
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    run, props, align = OxmlElement("w:r"), OxmlElement("w:rPr"), OxmlElement("w:vertAlign")
    align.set(qn("w:val"), "superscript")
    props.append(align)
    run.append(props)
    run.append(child)
    return run


def add_footnote(document: Any, paragraph: Any, parts: list[tuple[str, bool]]) -> int:
    """A footnote at the end of ``paragraph`` whose text is ``parts`` ((text, italic)
    runs, in order); its number (Word numbers footnotes in reading order)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    notes = _footnotes(document)
    number = len(notes.findall(qn("w:footnote"))) - 1  # the two separators are -1 and 0
    note = OxmlElement("w:footnote")
    note.set(qn("w:id"), str(number))
    para = OxmlElement("w:p")
    para.append(_superscript_run(OxmlElement("w:footnoteRef")))
    for text, italic in [(" ", False), *parts]:
        run, value = OxmlElement("w:r"), OxmlElement("w:t")
        if italic:
            props = OxmlElement("w:rPr")
            props.append(OxmlElement("w:i"))
            run.append(props)
        value.set(qn("xml:space"), "preserve")
        value.text = text
        run.append(value)
        para.append(run)
    note.append(para)
    notes.append(note)
    reference = OxmlElement("w:footnoteReference")
    reference.set(qn("w:id"), str(number))
    paragraph._p.append(_superscript_run(reference))
    return number
