<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ro_RO">
<context>
    <name>AnswerView</name>
    <message>
        <source>✗ not in the matter</source>
        <translation>✗ nu este în dosar</translation>
    </message>
    <message>
        <source>The draft cites a provision the matter&apos;s documents do not hold.</source>
        <translation>Proiectul citează o prevedere pe care documentele dosarului nu o conțin.</translation>
    </message>
    <message>
        <source>✗ not in force</source>
        <translation>✗ nu este în vigoare</translation>
    </message>
    <message>
        <source>The provision the draft cites is not in force on the date checked.</source>
        <translation>Prevederea citată de proiect nu este în vigoare la data verificată.</translation>
    </message>
    <message>
        <source>Ask again about:</source>
        <translation>Întrebați din nou despre:</translation>
    </message>
    <message>
        <source>Ask again, of {document} only: {q}</source>
        <translation>Întrebați din nou, doar în {document}: {q}</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="218"/>
        <source>No answer in: {documents}</source>
        <translation>Niciun răspuns în: {documents}</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="87"/>
        <source>Show rejected claims</source>
        <translation>Arată afirmațiile respinse</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="89"/>
        <source>Ask a question to see a grounded answer here.</source>
        <translation>Puneți o întrebare pentru a vedea aici un răspuns întemeiat pe surse.</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="187"/>
        <source>Source changed or missing on disk since it was indexed; add it again to refresh it: {documents}</source>
        <translation>Sursă modificată sau absentă de pe disc de la indexare; adăugați-o din nou pentru a o actualiza: {documents}</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="194"/>
        <source>Source not verified by a person; check the deadlines and article numbers against it: {documents}</source>
        <translation>Sursă neverificată de o persoană; verificați termenele și numerele articolelor în ea: {documents}</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="239"/>
        <source>extracted</source>
        <translation>extras</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="240"/>
        <source>A verbatim sentence from the source, not a model&apos;s wording.</source>
        <translation>O frază preluată exact din sursă, nu formularea unui model.</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="245"/>
        <source>stale source</source>
        <translation>sursă depășită</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="247"/>
        <source>A cited document changed or disappeared on disk since it was indexed; the quote is from the indexed version.</source>
        <translation>Un document citat s-a modificat sau a dispărut de pe disc după indexare; citatul provine din versiunea indexată.</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="254"/>
        <source>unverified source</source>
        <translation>sursă neverificată</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="255"/>
        <source>A cited document has not been verified by a person.</source>
        <translation>Un document citat nu a fost verificat de o persoană.</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="279"/>
        <source>p. {label}</source>
        <translation>p. {label}</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="285"/>
        <source>stale</source>
        <translation>depășită</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="286"/>
        <source>unverified</source>
        <translation>neverificată</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="322"/>
        <source>No answer</source>
        <translation>Niciun răspuns</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="338"/>
        <source>Nearest sources:</source>
        <translation>Cele mai apropiate surse:</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="362"/>
        <source>Show rejected claims ({n})</source>
        <translation>Arată afirmațiile respinse ({n})</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="150"/>
        <source>Drafted by the language model; every claim was checked against its quoted source.</source>
        <translation>Redactat de modelul de limbaj; fiecare afirmație a fost verificată în sursa citată.</translation>
    </message>
    <message>
        <location filename="../../ui/answer_view.py" line="153"/>
        <source>Verbatim passages from the sources (the language model was not used).</source>
        <translation>Pasaje exacte din surse (modelul de limbaj nu a fost folosit).</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="27"/>
        <source>Its quote is not, word for word, in the cited source.</source>
        <translation>Citatul său nu apare, cuvânt cu cuvânt, în sursa citată.</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="30"/>
        <source>It cites a provision that is not in this matter&apos;s documents.</source>
        <translation>Citează o prevedere care nu se află în documentele acestui dosar.</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="33"/>
        <source>It cites a provision that is not in force on the date asked.</source>
        <translation>Citează o prevedere care nu este în vigoare la data cerută.</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="36"/>
        <source>Its numbers, dates or wording (must, may, not) differ from its quote.</source>
        <translation>Numerele, datele sau formularea sa (trebuie, poate, nu) diferă de citatul său.</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="39"/>
        <source>Its quote does not say what the claim says.</source>
        <translation>Citatul său nu spune ceea ce afirmă ea.</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="42"/>
        <source>It contradicts another claim of this answer.</source>
        <translation>Contrazice o altă afirmație a acestui răspuns.</translation>
    </message>
    <message>
        <location filename="../../ui/rejected_claims.py" line="58"/>
        <source>(proposed and rejected {n} times)</source>
        <translation>(propusă și respinsă de {n} ori)</translation>
    </message>
    <message>
        <source>Showing verbatim passages from the sources instead.</source>
        <translation>Se afișează în schimb pasaje exacte din surse.</translation>
    </message>
    <message>
        <source>No verbatim passage answers the question either.</source>
        <translation>Nici vreun pasaj exact nu răspunde la întrebare.</translation>
    </message>
    <message>
        <source>None of the language model&apos;s claims passed the checks; each is listed as rejected, with why.</source>
        <translation>Nicio afirmație a modelului de limbaj nu a trecut verificările; fiecare apare ca respinsă, cu motivul.</translation>
    </message>
    <message>
        <source>The language model proposed no claim from these sources, so none was checked or rejected.</source>
        <translation>Modelul de limbaj nu a propus nicio afirmație din aceste surse, așa că niciuna nu a fost verificată sau respinsă.</translation>
    </message>
    <message>
        <source>The language model&apos;s draft could not be read as claims, so none was checked or rejected.</source>
        <translation>Ciorna modelului de limbaj nu a putut fi citită ca afirmații, așa că niciuna nu a fost verificată sau respinsă.</translation>
    </message>
    <message>
        <source>The language model&apos;s draft could not be verified.</source>
        <translation>Ciorna modelului de limbaj nu a putut fi verificată.</translation>
    </message>
    <message>
        <source>The model&apos;s draft so far, not yet checked:</source>
        <translation>Ciorna modelului până acum, încă neverificată:</translation>
    </message>
    <message>
        <source>≠ the value differs</source>
        <translation>≠ valoarea diferă</translation>
    </message>
    <message>
        <source>The draft states a deadline or rate the provision it cites does not: the draft&apos;s value is shown above the provision&apos;s.</source>
        <translation>Proiectul indică un termen sau o rată pe care prevederea citată nu o conține: valoarea din proiect apare deasupra celei din prevedere.</translation>
    </message>
</context>
<context>
    <name>AskPanel</name>
    <message>
        <source>drafting: experimental</source>
        <translation>redactare: experimentală</translation>
    </message>
    <message>
        <source>Only the small built-in model can draft here: it is slow and its drafts are often rejected by the checks. Extract only gives verbatim passages; a model file or the firm&apos;s model server (Settings) drafts better.</source>
        <translation>Aici poate redacta doar modelul mic inclus: este lent, iar redactările lui sunt adesea respinse de verificări. „Doar extrase” dă pasaje citate întocmai; un fișier de model sau serverul de modele al firmei (Setări) redactează mai bine.</translation>
    </message>
    <message>
        <source>Follow-up</source>
        <translation>Întrebare în continuare</translation>
    </message>
    <message>
        <source>Ask it of the previous question&apos;s document and date, unless it names another document or you set another date.</source>
        <translation>Puneți-o pe documentul și la data întrebării anterioare, dacă nu numește alt document sau nu alegeți altă dată.</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="124"/>
        <source>The question is too long: {length} characters (at most {limit}).</source>
        <translation>Întrebarea este prea lungă: {length} de caractere (cel mult {limit}).</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="33"/>
        <source>Ask a question about this matter&apos;s documents…</source>
        <translation>Puneți o întrebare despre documentele acestui dosar…</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="35"/>
        <source>Ask</source>
        <translation>Întreabă</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="38"/>
        <source>Cancel</source>
        <translation>Anulează</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="41"/>
        <source>As of</source>
        <translation>La data de</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="43"/>
        <source>Extract only (no model)</source>
        <translation>Doar extrase</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="45"/>
        <source>Answer with verbatim sentences from the sources, without the language model.</source>
        <translation>Răspunde cu fraze preluate exact din surse, fără modelul de limbaj.</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="108"/>
        <source>Drafts on the firm&apos;s model server {host}</source>
        <translation>Redactează pe serverul de modele al firmei {host}</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="148"/>
        <source>{n} s</source>
        <translation>{n} s</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="153"/>
        <source>Checking the question…</source>
        <translation>Se verifică întrebarea…</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="154"/>
        <source>Searching the matter…</source>
        <translation>Se caută în dosar…</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="155"/>
        <source>Drafting: the model is reading the sources…</source>
        <translation>Se redactează: modelul citește sursele…</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="156"/>
        <source>Checking citations…</source>
        <translation>Se verifică citările…</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="157"/>
        <source>Extracting sentences…</source>
        <translation>Se extrag frazele…</translation>
    </message>
    <message>
        <location filename="../../ui/ask_panel.py" line="158"/>
        <source>Checking consistency…</source>
        <translation>Se verifică coerența…</translation>
    </message>
    <message>
        <source>Drafting… {n} tokens written</source>
        <translation>Se redactează… {n} tokeni scriși</translation>
    </message>
</context>
<context>
    <name>AuditView</name>
    <message>
        <location filename="../../ui/audit_view.py" line="139"/>
        <source>cancelled</source>
        <translation>anulat</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="138"/>
        <source>failed</source>
        <translation>eșuat</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="67"/>
        <source>When</source>
        <translation>Când</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="67"/>
        <source>Outcome</source>
        <translation>Rezultat</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="67"/>
        <source>Question</source>
        <translation>Întrebare</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="80"/>
        <source>Export memo (Word)…</source>
        <translation>Exportă nota (Word)…</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="81"/>
        <source>Export memo (Markdown)…</source>
        <translation>Exportă nota (Markdown)…</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="136"/>
        <source>answered</source>
        <translation>cu răspuns</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="137"/>
        <source>refused</source>
        <translation>refuzat</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="162"/>
        <source>No questions asked in this matter yet.</source>
        <translation>Nicio întrebare în acest dosar încă.</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="167"/>
        <source>Record {id} · model: {model} · as of: {as_of} · hash {hash}</source>
        <translation>Înregistrarea {id} · model: {model} · la data de: {as_of} · hash {hash}</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="169"/>
        <source>none (extracted)</source>
        <translation>niciunul (extrase)</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="170"/>
        <source>none (every version)</source>
        <translation>niciuna (toate versiunile)</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="184"/>
        <source>Memo saved: {path}</source>
        <translation>Notă salvată: {path}</translation>
    </message>
    <message>
        <location filename="../../ui/audit_view.py" line="190"/>
        <location filename="../../ui/audit_view.py" line="197"/>
        <location filename="../../ui/audit_view.py" line="203"/>
        <location filename="../../ui/audit_view.py" line="210"/>
        <source>Export memo</source>
        <translation>Exportă nota</translation>
    </message>
</context>
<context>
    <name>DocumentsPanel</name>
    <message>
        <source>Resume indexing</source>
        <translation>Reia indexarea</translation>
    </message>
    <message>
        <source>Finish indexing the documents a cancelled add left partly indexed.</source>
        <translation>Termină indexarea documentelor rămase parțial indexate după o adăugare anulată.</translation>
    </message>
    <message>
        <source>Remove from the matter, with their passages?

{names}</source>
        <translation>Eliminați din dosar, cu pasajele lor?

{names}</translation>
    </message>
    <message>
        <source>Remove documents</source>
        <translation>Eliminați documentele</translation>
    </message>
    <message>
        <source>Ask about this document only</source>
        <translation>Întreabă doar despre acest document</translation>
    </message>
    <message>
        <source>Open containing folder</source>
        <translation>Deschide folderul care îl conține</translation>
    </message>
    <message>
        <source>Mark as verified by a person</source>
        <translation>Marchează ca verificat de o persoană</translation>
    </message>
    <message>
        <source>Mark as not verified</source>
        <translation>Marchează ca neverificat</translation>
    </message>
    <message>
        <source>Re-index (read the file again)</source>
        <translation>Reindexează (citește din nou fișierul)</translation>
    </message>
    <message>
        <source>Remove from the matter…</source>
        <translation>Elimină din dosar…</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="29"/>
        <source>same content as document {id}</source>
        <translation>același conținut ca documentul {id}</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="33"/>
        <source>file removed from the folder</source>
        <translation>fișier eliminat din folder</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="46"/>
        <source>{n} passage(s) not yet indexed; the next add resumes them</source>
        <translation>{n} pasaj(e) neindexat(e) încă; următoarea adăugare le reia</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="52"/>
        <source>{n} page(s) read by OCR</source>
        <translation>{n} pagină(i) citite prin OCR</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="56"/>
        <source>{n} page(s) without text</source>
        <translation>{n} pagină(i) fără text</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="62"/>
        <source>changed on disk since indexing; add it again to refresh</source>
        <translation>modificat pe disc după indexare; adăugați-l din nou pentru actualizare</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="69"/>
        <source>file no longer found on disk</source>
        <translation>fișierul nu mai există pe disc</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="77"/>
        <source>Indexed</source>
        <translation>Indexat</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="78"/>
        <source>Partly indexed</source>
        <translation>Indexat parțial</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="79"/>
        <source>Failed</source>
        <translation>Eșuat</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="80"/>
        <source>Duplicate</source>
        <translation>Duplicat</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="81"/>
        <source>Retired</source>
        <translation>Retras</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="82"/>
        <source>Stale</source>
        <translation>Depășit</translation>
    </message>
    <message>
        <location filename="../../ui/doc_status.py" line="83"/>
        <source>Missing</source>
        <translation>Lipsă</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="45"/>
        <source>Documents</source>
        <translation>Documente</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="48"/>
        <source>Add files…</source>
        <translation>Adaugă fișiere…</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="49"/>
        <source>Add folder…</source>
        <translation>Adaugă folder…</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="52"/>
        <source>Drop files or folders here to add them.</source>
        <translation>Trageți aici fișiere sau foldere pentru a le adăuga.</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="76"/>
        <source>Document</source>
        <translation>Document</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="76"/>
        <source>Status</source>
        <translation>Stare</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="76"/>
        <source>Pages</source>
        <translation>Pagini</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="76"/>
        <source>Details</source>
        <translation>Detalii</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="126"/>
        <source> ({n} OCR)</source>
        <translation> ({n} OCR)</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="147"/>
        <source>Documents (*.pdf *.docx *.html *.htm *.txt *.md);;All files (*)</source>
        <translation>Documente (*.pdf *.docx *.html *.htm *.txt *.md);;Toate fișierele (*)</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="151"/>
        <source>Add documents</source>
        <translation>Adaugă documente</translation>
    </message>
    <message>
        <location filename="../../ui/documents_panel.py" line="157"/>
        <source>Add a folder</source>
        <translation>Adaugă un folder</translation>
    </message>
</context>
<context>
    <name>DraftView</name>
    <message>
        <source>✗ {n} to review — </source>
        <translation>✗ {n} de verificat — </translation>
    </message>
    <message>
        <source>Clause {i} of the draft</source>
        <translation>Clauza {i} a proiectului</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="51"/>
        <source>Check a draft…</source>
        <translation>Verifică un proiect…</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="53"/>
        <source>Cancel</source>
        <translation>Anulează</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="56"/>
        <source>Export (Word)…</source>
        <translation>Exportă (Word)…</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="59"/>
        <source>As of</source>
        <translation>La data</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="61"/>
        <source>Open a draft to check it against this matter&apos;s documents.</source>
        <translation>Deschideți un proiect pentru a-l verifica față de documentele acestui dosar.</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="108"/>
        <source>Select a clause to see its findings.</source>
        <translation>Selectați o clauză pentru a vedea constatările.</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="120"/>
        <source>Check a draft</source>
        <translation>Verifică un proiect</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="128"/>
        <source>Reading {name}…</source>
        <translation>Se citește {name}…</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="134"/>
        <source>Clause {n} of {total}</source>
        <translation>Clauza {n} din {total}</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="139"/>
        <source>{title}: {errors} findings to review in {n} clauses</source>
        <translation>{title}: {errors} constatări de verificat în {n} clauze</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="143"/>
        <source>(cancelled after {n} of {total})</source>
        <translation>(anulat după {n} din {total})</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="162"/>
        <source>Nothing to report for this clause.</source>
        <translation>Nimic de semnalat pentru această clauză.</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="169"/>
        <source>The draft could not be checked: {m}</source>
        <translation>Proiectul nu a putut fi verificat: {m}</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="183"/>
        <source>Drafts (*.docx *.pdf *.txt *.md *.html *.htm);;All files (*)</source>
        <translation>Proiecte (*.docx *.pdf *.txt *.md *.html *.htm);;Toate fișierele (*)</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="187"/>
        <source>{draft} - check</source>
        <translation>{draft} - verificare</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="194"/>
        <location filename="../../ui/draft_view.py" line="203"/>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <location filename="../../ui/draft_view.py" line="205"/>
        <source>Saved: {path}</source>
        <translation>Salvat: {path}</translation>
    </message>
    <message>
        <source>The draft says: {value}</source>
        <translation>Proiectul spune: {value}</translation>
    </message>
    <message>
        <source>{provision} says: {value}</source>
        <translation>{provision} spune: {value}</translation>
    </message>
    <message>
        <source>The provision</source>
        <translation>Prevederea</translation>
    </message>
</context>
<context>
    <name>FailureReason</name>
    <message>
        <location filename="../../ui/failure_reasons.py" line="23"/>
        <source>corrupt or unreadable PDF ({0})</source>
        <translation>PDF deteriorat sau ilizibil ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="27"/>
        <source>truncated PDF (the file ends before %%EOF)</source>
        <translation>PDF trunchiat (fișierul se termină înainte de %%EOF)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="33"/>
        <source>encrypted PDF (password required)</source>
        <translation>PDF criptat (necesită parolă)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="35"/>
        <source>PDF has no pages</source>
        <translation>PDF-ul nu are pagini</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="38"/>
        <source>corrupt or truncated PDF ({0})</source>
        <translation>PDF deteriorat sau trunchiat ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="42"/>
        <source>corrupt or unreadable DOCX ({0})</source>
        <translation>DOCX deteriorat sau ilizibil ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="46"/>
        <source>no extractable text (OCR unavailable)</source>
        <translation>niciun text extractibil (OCR indisponibil)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="50"/>
        <source>no extractable text (file is blank)</source>
        <translation>niciun text extractibil (fișierul este gol)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="54"/>
        <source>no extractable text</source>
        <translation>niciun text extractibil</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="58"/>
        <source>HTML nested too deeply (more than {0} levels of block elements)</source>
        <translation>HTML imbricat prea adânc (peste {0} niveluri de elemente bloc)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="62"/>
        <source>empty file</source>
        <translation>fișier gol</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="65"/>
        <source>not a supported document: {0}</source>
        <translation>nu este un document acceptat: {0}</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="69"/>
        <source>binary data, not a readable {0} document</source>
        <translation>date binare, nu un document {0} lizibil</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="73"/>
        <source>not a regular file: a named pipe</source>
        <translation>nu este un fișier obișnuit: un canal cu nume (FIFO)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="77"/>
        <source>not a regular file: a socket</source>
        <translation>nu este un fișier obișnuit: un socket</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="81"/>
        <location filename="../../ui/failure_reasons.py" line="85"/>
        <source>not a regular file: a device</source>
        <translation>nu este un fișier obișnuit: un dispozitiv</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="87"/>
        <source>not a regular file</source>
        <translation>nu este un fișier obișnuit</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="88"/>
        <source>file not found</source>
        <translation>fișierul nu a fost găsit</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="91"/>
        <source>no such file or folder</source>
        <translation>nu există un asemenea fișier sau folder</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="95"/>
        <source>is a folder, not a file</source>
        <translation>este un folder, nu un fișier</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="99"/>
        <source>cannot read file ({0})</source>
        <translation>fișierul nu poate fi citit ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="103"/>
        <source>cannot be read ({0})</source>
        <translation>nu poate fi citit ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="107"/>
        <source>folder not read ({0})</source>
        <translation>folder necitit ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="111"/>
        <source>symbolic link not followed</source>
        <translation>legătură simbolică neurmată</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="115"/>
        <source>symbolic link to a folder not followed</source>
        <translation>legătură simbolică spre un folder, neurmată</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="119"/>
        <source>path leads outside the chosen folder</source>
        <translation>calea duce în afara folderului ales</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="123"/>
        <source>unsupported file type {0}</source>
        <translation>tip de fișier neacceptat {0}</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="127"/>
        <source>corrupt ZIP container ({0})</source>
        <translation>container ZIP deteriorat ({0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="131"/>
        <source>ZIP archive that is not a DOCX document</source>
        <translation>arhivă ZIP care nu este un document DOCX</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="135"/>
        <source>ZIP bomb suspected: {0} bytes would unzip to {1} MB</source>
        <translation>suspiciune de bombă ZIP: {0} octeți s-ar dezarhiva în {1} MB</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="142"/>
        <source>too large: at least {0} fragments &gt; {1} per file (setting max_fragments_per_file)</source>
        <translation>prea mare: cel puțin {0} fragmente &gt; {1} pe fișier (setarea max_fragments_per_file)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="149"/>
        <source>too large: {0} fragments &gt; {1} per file (setting max_fragments_per_file)</source>
        <translation>prea mare: {0} fragmente &gt; {1} pe fișier (setarea max_fragments_per_file)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="156"/>
        <source>file too large ({0} MB &gt; {1} MB limit)</source>
        <translation>fișier prea mare ({0} MB &gt; limita de {1} MB)</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="160"/>
        <source>timed out after {0} s</source>
        <translation>timp depășit după {0} s</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="164"/>
        <source>the reader stopped unexpectedly (exit code {0})</source>
        <translation>cititorul s-a oprit neașteptat (cod de ieșire {0})</translation>
    </message>
    <message>
        <location filename="../../ui/failure_reasons.py" line="170"/>
        <source>the reader gave no result</source>
        <translation>cititorul nu a dat niciun rezultat</translation>
    </message>
</context>
<context>
    <name>FirmMode</name>
    <message>
        <location filename="../../ui/firm_mode.py" line="74"/>
        <source>LetaDesk — firm server {where}</source>
        <translation>LetaDesk — serverul firmei {where}</translation>
    </message>
    <message>
        <location filename="../../ui/firm_mode.py" line="76"/>
        <source>Documents reach the firm server through its ingest (letadesk ingest --backend), run by IT; they are not added from this window.</source>
        <translation>Documentele ajung pe serverul firmei prin indexarea lui (letadesk ingest --backend), făcută de IT; nu se adaugă din această fereastră.</translation>
    </message>
    <message>
        <location filename="../../ui/firm_mode.py" line="82"/>
        <source>The matters your role may read on the firm server {where}.</source>
        <translation>Dosarele pe care rolul dvs. le poate citi pe serverul firmei {where}.</translation>
    </message>
    <message>
        <location filename="../../ui/firm_mode.py" line="87"/>
        <source>Not on the firm server yet: this works on this computer&apos;s profile only.</source>
        <translation>Nu este încă disponibil pe serverul firmei: funcționează doar pe profilul acestui calculator.</translation>
    </message>
    <message>
        <location filename="../../ui/firm_mode.py" line="95"/>
        <source>Firm server: {where}</source>
        <translation>Serverul firmei: {where}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Resuming…</source>
        <translation>Se reia…</translation>
    </message>
    <message>
        <source>Updating documents…</source>
        <translation>Se actualizează documentele…</translation>
    </message>
    <message>
        <source>Documents updated.</source>
        <translation>Documente actualizate.</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="78"/>
        <source>LetaDesk</source>
        <translation>LetaDesk</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="88"/>
        <source>Answer</source>
        <translation>Răspuns</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="89"/>
        <source>History</source>
        <translation>Istoric</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="90"/>
        <source>Review</source>
        <translation>Analiză</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="91"/>
        <source>Draft check</source>
        <translation>Verificare proiect</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="142"/>
        <source>Cancel</source>
        <translation>Anulează</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="30"/>
        <source>&amp;File</source>
        <translation>&amp;Fișier</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="32"/>
        <source>&amp;Export the answer as a memo (Word)…</source>
        <translation>&amp;Exportă răspunsul ca notă (Word)…</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="37"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Setări…</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="39"/>
        <source>&amp;Refresh documents</source>
        <translation>&amp;Reîmprospătează documentele</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="42"/>
        <source>&amp;Quit</source>
        <translation>&amp;Ieșire</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="47"/>
        <source>&amp;Help</source>
        <translation>&amp;Ajutor</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="48"/>
        <source>&amp;About LetaDesk</source>
        <translation>&amp;Despre LetaDesk</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="49"/>
        <source>About LetaDesk</source>
        <translation>Despre LetaDesk</translation>
    </message>
    <message>
        <location filename="../../ui/window_menu.py" line="57"/>
        <source>&lt;b&gt;LetaDesk {version}&lt;/b&gt;&lt;p&gt;An offline legal assistant: every claim is tied to a verbatim quote of the matter&apos;s documents, or it is not shown. Nothing leaves this computer.&lt;/p&gt;&lt;p&gt;Profile (documents index, audit trail, settings): {profile}&lt;/p&gt;&lt;p&gt;Licences: LetaDesk is AGPL-3.0 (it uses PyMuPDF); the models are Apache-2.0 or MIT; Qt is LGPL. See the documentation&apos;s Data and licences page (docs/licences.md).&lt;/p&gt;</source>
        <translation>&lt;b&gt;LetaDesk {version}&lt;/b&gt;&lt;p&gt;Un asistent juridic offline: fiecare afirmație este legată de un citat exact din documentele dosarului, altfel nu este arătată. Nimic nu părăsește acest calculator.&lt;/p&gt;&lt;p&gt;Profil (indexul documentelor, jurnalul de audit, setările): {profile}&lt;/p&gt;&lt;p&gt;Licențe: LetaDesk este AGPL-3.0 (folosește PyMuPDF); modelele sunt Apache-2.0 sau MIT; Qt este LGPL. Vezi pagina Date și licențe a documentației (docs/licences.md).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="176"/>
        <source>Memo saved: {path}</source>
        <translation>Notă salvată: {path}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="204"/>
        <source>Reading documents…</source>
        <translation>Se citesc documentele…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="216"/>
        <source>Working on: {q}</source>
        <translation>Se lucrează la: {q}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="222"/>
        <source>Deleting {name}…</source>
        <translation>Se șterge {name}…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="229"/>
        <location filename="../../ui/main_window.py" line="235"/>
        <source>Cancelling…</source>
        <translation>Se anulează…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="244"/>
        <source>How long do the confidentiality obligations survive termination?</source>
        <translation>Cât timp se păstrează confidențialitatea după încetarea contractului?</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="264"/>
        <source>Settings saved.</source>
        <translation>Setările au fost salvate.</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="16"/>
        <source>Reading {done}/{total}: {name}</source>
        <translation>Se citește {done}/{total}: {name}</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="22"/>
        <source>Indexing passages {done}/{total}</source>
        <translation>Se indexează pasajele {done}/{total}</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="45"/>
        <source>Added {a}, updated {u}, unchanged {n}, failed {f}.</source>
        <translation>Adăugate {a}, actualizate {u}, neschimbate {n}, eșuate {f}.</translation>
    </message>
    <message>
        <source>{m} document(s) followed their file to a new place.</source>
        <translation>{m} document(e) și-au urmat fișierul în noul loc.</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="53"/>
        <source>{h} hidden entries skipped ({names}).</source>
        <translation>{h} intrări ascunse omise ({names}).</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="35"/>
        <source>Cancelled: {i} document(s) fully indexed, {p} pending (the next add resumes them), {r} not read, {f} failed.</source>
        <translation>Anulat: {i} document(e) indexat(e) complet, {p} în așteptare (următoarea adăugare le reia), {r} necitit(e), {f} eșuat(e).</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="63"/>
        <source>Answered in {s:.1f} s.</source>
        <translation>Răspuns în {s:.1f} s.</translation>
    </message>
    <message>
        <location filename="../../ui/window_messages.py" line="61"/>
        <source>No answer (see the reason).</source>
        <translation>Niciun răspuns (vedeți motivul).</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="352"/>
        <source>Deleted {name}.</source>
        <translation>{name} a fost șters.</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="357"/>
        <location filename="../../ui/main_window.py" line="359"/>
        <source>Cancelled.</source>
        <translation>Anulat.</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="366"/>
        <source>The question could not be answered: {m}</source>
        <translation>Întrebarea nu a putut primi răspuns: {m}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="370"/>
        <source>Error: {m}</source>
        <translation>Eroare: {m}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="378"/>
        <source>Ask a question to see a grounded answer here.</source>
        <translation>Puneți o întrebare pentru a vedea aici un răspuns întemeiat pe surse.</translation>
    </message>
    <message>
        <source>Warning: Romanian search is weaker on this computer:</source>
        <translation>Atenție: căutarea în limba română este mai slabă pe acest calculator:</translation>
    </message>
    <message>
        <source>Installed bundle: none (run from a source checkout).</source>
        <translation>Pachet instalat: niciunul (rulează dintr-o copie a codului sursă).</translation>
    </message>
    <message>
        <source>Installed bundle: {bundle}</source>
        <translation>Pachet instalat: {bundle}</translation>
    </message>
</context>
<context>
    <name>MattersPanel</name>
    <message>
        <location filename="../../ui/matters_panel.py" line="29"/>
        <source>Matters</source>
        <translation>Dosare</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="33"/>
        <source>New…</source>
        <translation>Nou…</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="34"/>
        <source>Rename…</source>
        <translation>Redenumește…</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="35"/>
        <source>Delete</source>
        <translation>Șterge</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="68"/>
        <source>LetaDesk</source>
        <translation>LetaDesk</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="72"/>
        <source>New matter</source>
        <translation>Dosar nou</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="72"/>
        <source>Name:</source>
        <translation>Nume:</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="91"/>
        <source>Rename matter</source>
        <translation>Redenumire dosar</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="91"/>
        <source>New name:</source>
        <translation>Nume nou:</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="112"/>
        <source>Delete matter</source>
        <translation>Ștergere dosar</translation>
    </message>
    <message>
        <location filename="../../ui/matters_panel.py" line="114"/>
        <source>Delete the matter “{name}” and all its documents from LetaDesk? The files on disk are not touched.</source>
        <translation>Ștergeți dosarul „{name}” și toate documentele sale din LetaDesk? Fișierele de pe disc nu sunt atinse.</translation>
    </message>
</context>
<context>
    <name>QuestionEditor</name>
    <message>
        <location filename="../../ui/question_editor.py" line="39"/>
        <source>Questions of the grid</source>
        <translation>Întrebările grilei</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="46"/>
        <source>A question of your own…</source>
        <translation>O întrebare proprie…</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="55"/>
        <source>Add</source>
        <translation>Adaugă</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="57"/>
        <source>Remove</source>
        <translation>Elimină</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="59"/>
        <source>Save as template…</source>
        <translation>Salvează ca șablon…</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="74"/>
        <source>Tick the questions to ask; double-click one to reword it; drag to reorder.</source>
        <translation>Bifați întrebările de pus; dublu clic pe una pentru a o reformula; trageți pentru a le reordona.</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="116"/>
        <source>the questions picked</source>
        <translation>întrebările alese</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="131"/>
        <source>Save the questions as a template</source>
        <translation>Salvează întrebările ca șablon</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="131"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/question_editor.py" line="141"/>
        <source>Saved: {path}</source>
        <translation>Salvat: {path}</translation>
    </message>
</context>
<context>
    <name>ReviewView</name>
    <message>
        <location filename="../../ui/review_view.py" line="80"/>
        <source>CUAD clause categories</source>
        <translation>Categoriile de clauze CUAD</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="81"/>
        <source>Romanian contract clauses</source>
        <translation>Clauze de contract românești</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="82"/>
        <source>From a file…</source>
        <translation>Dintr-un fișier…</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="92"/>
        <location filename="../../ui/review_view.py" line="206"/>
        <source>Select a cell to see its claims and sources.</source>
        <translation>Selectați o celulă pentru a-i vedea afirmațiile și sursele.</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="96"/>
        <source>Pick and edit…</source>
        <translation>Alege și editează…</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="97"/>
        <source>Fill grid</source>
        <translation>Completează grila</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="98"/>
        <source>Cancel</source>
        <translation>Anulează</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="99"/>
        <source>Export Excel…</source>
        <translation>Exportă Excel…</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="100"/>
        <source>Export Word…</source>
        <translation>Exportă Word…</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="102"/>
        <source>Questions:</source>
        <translation>Întrebări:</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="155"/>
        <location filename="../../ui/review_view.py" line="221"/>
        <location filename="../../ui/review_view.py" line="337"/>
        <source>Error: {m}</source>
        <translation>Eroare: {m}</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="166"/>
        <source>{n} questions</source>
        <translation>{n} întrebări</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="169"/>
        <source> (edited)</source>
        <translation> (editate)</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="190"/>
        <source>Open a question template</source>
        <translation>Deschide un șablon de întrebări</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="192"/>
        <source>Question templates (*.json *.jsonl);;All files (*)</source>
        <translation>Șabloane de întrebări (*.json *.jsonl);;Toate fișierele (*)</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="251"/>
        <source>Tick at least one document.</source>
        <translation>Bifați cel puțin un document.</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="257"/>
        <source>Filling the grid…</source>
        <translation>Se completează grila…</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="266"/>
        <source>Cancelling…</source>
        <translation>Se anulează…</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="283"/>
        <location filename="../../ui/review_view.py" line="295"/>
        <source>not computed yet</source>
        <translation>necalculată încă</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="291"/>
        <source>answered: {claim}</source>
        <translation>răspuns: {claim}</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="296"/>
        <source>refused</source>
        <translation>fără răspuns</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="317"/>
        <source>Cell {n} of {m}</source>
        <translation>Celula {n} din {m}</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="328"/>
        <source>Cancelled: {n} of {m} cells filled; Fill grid again computes only the rest.</source>
        <translation>Anulat: {n} din {m} celule completate; „Completează grila” din nou le calculează doar pe celelalte.</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="331"/>
        <source>Done: {m} cells ({asked} asked now, {reused} kept from before).</source>
        <translation>Gata: {m} celule ({asked} calculate acum, {reused} păstrate de dinainte).</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="356"/>
        <source>This cell is not computed yet.</source>
        <translation>Această celulă nu este calculată încă.</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="374"/>
        <source>{matter} - review</source>
        <translation>{matter} - analiză</translation>
    </message>
    <message>
        <location filename="../../ui/grid_export.py" line="27"/>
        <source>Export the review grid</source>
        <translation>Exportă grila de analiză</translation>
    </message>
    <message>
        <location filename="../../ui/review_view.py" line="385"/>
        <source>Saved {path}.</source>
        <translation>Salvat: {path}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>How passages are found by meaning, beside their words.</source>
        <translation>Cum sunt găsite pasajele după sens, pe lângă cuvintele lor.</translation>
    </message>
    <message>
        <source>Automatic: the best one installed (the multilingual one when present)</source>
        <translation>Automat: cel mai bun instalat (cel multilingv, când există)</translation>
    </message>
    <message>
        <source>Small and fast, trained on English</source>
        <translation>Mic și rapid, antrenat pe engleză</translation>
    </message>
    <message>
        <source>Multilingual: Romanian and English</source>
        <translation>Multilingv: română și engleză</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="41"/>
        <source>Settings</source>
        <translation>Setări</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="45"/>
        <source>(built-in small model)</source>
        <translation>(modelul mic inclus)</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="47"/>
        <source>Browse…</source>
        <translation>Răsfoiește…</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="54"/>
        <source>(none: the matters on this computer)</source>
        <translation>(niciunul: dosarele de pe acest calculator)</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="57"/>
        <source>The firm&apos;s PostgreSQL server, e.g. postgresql://db.firm.local/letadesk or service=letadesk. Its password comes from ~/.pgpass or a service file, never from here.</source>
        <translation>Serverul PostgreSQL al firmei, de ex. postgresql://db.firm.local/letadesk sau service=letadesk. Parola vine din ~/.pgpass sau dintr-un fișier de servicii, niciodată de aici.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="72"/>
        <source>automatic</source>
        <translation>automat</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="74"/>
        <source>Use a fixed date</source>
        <translation>Folosește o dată fixă</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="87"/>
        <source>(none: the model on this computer)</source>
        <translation>(niciunul: modelul de pe acest calculator)</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="90"/>
        <source>(the server&apos;s default model)</source>
        <translation>(modelul implicit al serverului)</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="110"/>
        <source>Hosts IT allowed: {hosts}.</source>
        <translation>Servere permise de IT: {hosts}.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="112"/>
        <source>IT has allowed no model server host (model_server_hosts).</source>
        <translation>IT nu a permis niciun server de modele (model_server_hosts).</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="121"/>
        <source>Questions and their sources are sent to this server to draft answers; every claim is still checked here. {allowed}</source>
        <translation>Întrebările și sursele lor sunt trimise acestui server pentru a redacta răspunsuri; fiecare afirmație este verificată tot aici. {allowed}</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="130"/>
        <source>Automatic: when a language model file or the firm&apos;s model server is chosen above</source>
        <translation>Automat: când mai sus este ales un fișier de model de limbaj sau serverul de modele al firmei</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="155"/>
        <source>Language model file:</source>
        <translation>Fișierul modelului de limbaj:</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="157"/>
        <source>Firm model server (URL):</source>
        <translation>Serverul de modele al firmei (URL):</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="158"/>
        <source>Model on the server:</source>
        <translation>Modelul de pe server:</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="160"/>
        <source>Firm server (matters):</source>
        <translation>Serverul firmei (dosare):</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="163"/>
        <source>Search model (finds passages by meaning):</source>
        <translation>Modelul de căutare (găsește pasaje după sens):</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="164"/>
        <source>Processor cores to use:</source>
        <translation>Nuclee de procesor folosite:</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="165"/>
        <source>Default “as of” date:</source>
        <translation>Data implicită „la data de”:</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="166"/>
        <source>Interface language:</source>
        <translation>Limba interfeței:</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="168"/>
        <source>A new language, search model or firm server applies after restarting LetaDesk.</source>
        <translation>O nouă limbă, un nou model de căutare sau un nou server al firmei se aplică după repornirea LetaDesk.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="184"/>
        <source>Choose a model</source>
        <translation>Alegeți un model</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="184"/>
        <source>Language model files (*.gguf)</source>
        <translation>Fișiere de model de limbaj (*.gguf)</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="203"/>
        <source>The built-in model is used.</source>
        <translation>Se folosește modelul inclus.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="211"/>
        <source>{size:.0f} MiB; fits in the available memory.</source>
        <translation>{size:.0f} MiB; încape în memoria disponibilă.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="240"/>
        <source>Firm server: {problem}</source>
        <translation>Serverul firmei: {problem}</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="244"/>
        <source>The model was not confirmed, so it is not used.</source>
        <translation>Modelul nu a fost confirmat, deci nu este folosit.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="265"/>
        <source>LetaDesk has not loaded this model file before:
{file}

SHA-256: {digest}

A model decides what the drafts say. Compare the SHA-256 with the one its publisher gives. Allow this file?</source>
        <translation>LetaDesk nu a mai încărcat acest fișier de model:
{file}

SHA-256: {digest}

Modelul hotărăște ce spun ciornele. Comparați SHA-256 cu cel dat de editorul său. Permiteți acest fișier?</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="271"/>
        <source>Confirm the model</source>
        <translation>Confirmați modelul</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="131"/>
        <source>Always (the built-in small model too)</source>
        <translation>Întotdeauna (inclusiv modelul mic integrat)</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="132"/>
        <source>Never: verbatim passages only</source>
        <translation>Niciodată: doar pasaje exacte</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="139"/>
        <source>The built-in small model&apos;s drafts were rarely verifiable, so by default answers are verbatim passages unless you choose a more capable model.</source>
        <translation>Ciornele modelului mic integrat au putut fi rareori verificate, așa că implicit răspunsurile sunt pasaje exacte, cu excepția cazului în care alegeți un model mai capabil.</translation>
    </message>
    <message>
        <location filename="../../ui/settings_dialog.py" line="162"/>
        <source>Draft answers with the model:</source>
        <translation>Redactare cu modelul de limbaj:</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <source>{i} of {n}, page {p}</source>
        <translation>{i} din {n}, pagina {p}</translation>
    </message>
    <message>
        <location filename="../../ui/source_viewer.py" line="155"/>
        <source>Click a source chip to see the cited passage.</source>
        <translation>Apăsați pe o sursă pentru a vedea pasajul citat.</translation>
    </message>
    <message>
        <location filename="../../ui/source_viewer.py" line="319"/>
        <source>Not found</source>
        <translation>Nu a fost găsit</translation>
    </message>
    <message>
        <location filename="../../ui/source_viewer.py" line="323"/>
        <source>Found on page {n}</source>
        <translation>Găsit la pagina {n}</translation>
    </message>
    <message>
        <location filename="../../ui/source_viewer.py" line="160"/>
        <source>p. {label}</source>
        <translation>p. {label}</translation>
    </message>
</context>
<context>
    <name>ViewerToolbar</name>
    <message>
        <source>Copied ✓</source>
        <translation>Copiat ✓</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="38"/>
        <source>Previous page</source>
        <translation>Pagina anterioară</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="39"/>
        <source>Next page</source>
        <translation>Pagina următoare</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="40"/>
        <source>Zoom out (Ctrl+-)</source>
        <translation>Micșorare (Ctrl+-)</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="41"/>
        <source>Zoom in (Ctrl++)</source>
        <translation>Mărire (Ctrl++)</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="43"/>
        <source>Fit width</source>
        <translation>Potrivire la lățime</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="43"/>
        <source>Fit the page to the viewer&apos;s width (Ctrl+0)</source>
        <translation>Potrivește pagina la lățimea panoului (Ctrl+0)</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="46"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="46"/>
        <source>Show the page&apos;s text, to select and copy it</source>
        <translation>Arată textul paginii, pentru a-l selecta și copia</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="49"/>
        <source>Copy</source>
        <translation>Copiere</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="49"/>
        <source>Copy the citation</source>
        <translation>Copiază citarea</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="52"/>
        <source>Copy citation</source>
        <translation>Copiază citarea</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="53"/>
        <source>Copy quote with citation</source>
        <translation>Copiază citatul cu citarea</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="56"/>
        <source>Open in the system viewer (at this page where it can)</source>
        <translation>Deschide în vizualizatorul sistemului (la această pagină, unde se poate)</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="58"/>
        <source>The claim&apos;s previous quote</source>
        <translation>Citatul anterior al afirmației</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="59"/>
        <source>The claim&apos;s next quote</source>
        <translation>Citatul următor al afirmației</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="64"/>
        <source>Find in document (Ctrl+F)</source>
        <translation>Caută în document (Ctrl+F)</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="171"/>
        <source>Quote {n} of {total}</source>
        <translation>Citatul {n} din {total}</translation>
    </message>
    <message>
        <location filename="../../ui/viewer_toolbar.py" line="174"/>
        <source>Page {n} of {total}</source>
        <translation>Pagina {n} din {total}</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>in {document}</source>
        <translation>în {document}</translation>
    </message>
    <message>
        <source>in the whole matter</source>
        <translation>în tot dosarul</translation>
    </message>
    <message>
        <source>as of {date}</source>
        <translation>la data de {date}</translation>
    </message>
    <message>
        <source>Follow-up to “{q}”: asked of {document}, which it names</source>
        <translation>Continuare la „{q}”: întrebată în {document}, pe care îl numește</translation>
    </message>
    <message>
        <source>Follow-up to “{q}”: asked {where}, as the previous question was.</source>
        <translation>Continuare la „{q}”: întrebată {where}, ca întrebarea anterioară.</translation>
    </message>
    <message>
        <source>Asked of {document} only.</source>
        <translation>Întrebată doar în {document}.</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversație</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Conversație nouă</translation>
    </message>
    <message>
        <source>The next question starts afresh: it inherits no document and no date.</source>
        <translation>Următoarea întrebare începe de la capăt: nu preia niciun document și nicio dată.</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>niciun răspuns</translation>
    </message>
</context>
</TS>
