<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ro_RO">
<context>
    <name>AnswerView</name>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="127" />
        <source>No answer in: {documents}</source>
        <translation>Niciun răspuns în: {documents}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="51" />
        <source>Show rejected claims</source>
        <translation>Arată afirmațiile respinse</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="53" />
        <source>Ask a question to see a grounded answer here.</source>
        <translation>Puneți o întrebare pentru a vedea aici un răspuns întemeiat pe surse.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="116" />
        <source>extracted</source>
        <translation>extras</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="118" />
        <source>A verbatim sentence from the source, not a model's wording.</source>
        <translation>O frază preluată exact din sursă, nu formularea unui model.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="131" />
        <source>p. {label}</source>
        <translation>p. {label}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="147" />
        <source>No answer</source>
        <translation>Niciun răspuns</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="156" />
        <source>Nearest sources:</source>
        <translation>Cele mai apropiate surse:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="171" />
        <source>✗ {text}
    check: {check} — {reason}</source>
        <translation>✗ {text}
    verificare: {check} — {reason}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="177" />
        <source>Show rejected claims ({n})</source>
        <translation>Arată afirmațiile respinse ({n})</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="103" />
        <source>The language model&apos;s draft could not be verified; showing verbatim passages.</source>
        <translation>Ciorna modelului de limbaj nu a putut fi verificată; se afișează pasaje exacte din surse.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="103" />
        <source>The language model&apos;s draft could not be verified, and no verbatim passage answers the question.</source>
        <translation>Ciorna modelului de limbaj nu a putut fi verificată și niciun pasaj exact nu răspunde la întrebare.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="109" />
        <source>Drafted by the language model; every claim was checked against its quoted source.</source>
        <translation>Redactat de modelul de limbaj; fiecare afirmație a fost verificată în sursa citată.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/answer_view.py" line="111" />
        <source>Verbatim passages from the sources (the language model was not used).</source>
        <translation>Pasaje exacte din surse (modelul de limbaj nu a fost folosit).</translation>
    </message>
</context>
<context>
    <name>AskPanel</name>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="91" />
        <source>The question is too long: {length} characters (at most {limit}).</source>
        <translation>Întrebarea este prea lungă: {length} de caractere (cel mult {limit}).</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="28" />
        <source>Ask a question about this matter's documents…</source>
        <translation>Puneți o întrebare despre documentele acestui dosar…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="30" />
        <source>Ask</source>
        <translation>Întreabă</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="33" />
        <source>Cancel</source>
        <translation>Anulează</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="36" />
        <source>As of</source>
        <translation>La data de</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="42" />
        <source>Extract only (no model)</source>
        <translation>Doar extrase (fără model)</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="44" />
        <source>Answer with verbatim sentences from the sources, without the language model.</source>
        <translation>Răspunde cu fraze preluate exact din surse, fără modelul de limbaj.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="91" />
        <source>Checking the question…</source>
        <translation>Se verifică întrebarea…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="92" />
        <source>Searching the matter…</source>
        <translation>Se caută în dosar…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="93" />
        <source>Drafting…</source>
        <translation>Se redactează…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="94" />
        <source>Checking citations…</source>
        <translation>Se verifică citările…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="95" />
        <source>Extracting sentences…</source>
        <translation>Se extrag frazele…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/ask_panel.py" line="96" />
        <source>Checking consistency…</source>
        <translation>Se verifică coerența…</translation>
    </message>
</context>
<context>
    <name>AuditView</name>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="110" />
        <source>cancelled</source>
        <translation>anulat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="110" />
        <source>failed</source>
        <translation>eșuat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="46" />
        <source>When</source>
        <translation>Când</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="46" />
        <source>Outcome</source>
        <translation>Rezultat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="46" />
        <source>Question</source>
        <translation>Întrebare</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="59" />
        <source>Export memo (Word)…</source>
        <translation>Exportă nota (Word)…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="60" />
        <source>Export memo (Markdown)…</source>
        <translation>Exportă nota (Markdown)…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="108" />
        <source>answered</source>
        <translation>cu răspuns</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="108" />
        <source>refused</source>
        <translation>refuzat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="120" />
        <source>No questions asked in this matter yet.</source>
        <translation>Nicio întrebare în acest dosar încă.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="124" />
        <source>Record {id} · model: {model} · as of: {as_of} · hash {hash}</source>
        <translation>Înregistrarea {id} · model: {model} · la data de: {as_of} · hash {hash}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="126" />
        <source>none (extracted)</source>
        <translation>niciunul (extrase)</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="127" />
        <source>today</source>
        <translation>azi</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/audit_view.py" line="136" />
        <location filename="../../src/letadesk/ui/audit_view.py" line="142" />
        <location filename="../../src/letadesk/ui/audit_view.py" line="148" />
        <location filename="../../src/letadesk/ui/audit_view.py" line="154" />
        <source>Export memo</source>
        <translation>Exportă nota</translation>
    </message>
</context>
<context>
    <name>DocumentsPanel</name>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="53" />
        <source>same content as document {id}</source>
        <translation>același conținut ca documentul {id}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="56" />
        <source>file removed from the folder</source>
        <translation>fișier eliminat din dosar</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="65" />
        <source>{n} page(s) read by OCR</source>
        <translation>{n} pagină(i) citite prin OCR</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="68" />
        <source>{n} page(s) without text</source>
        <translation>{n} pagină(i) fără text</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="73" />
        <source>changed on disk since indexing; add it again to refresh</source>
        <translation>modificat pe disc după indexare; adăugați-l din nou pentru actualizare</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="77" />
        <source>file no longer found on disk</source>
        <translation>fișierul nu mai există pe disc</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="85" />
        <source>Indexed</source>
        <translation>Indexat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="86" />
        <source>Failed</source>
        <translation>Eșuat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="87" />
        <source>Duplicate</source>
        <translation>Duplicat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="88" />
        <source>Retired</source>
        <translation>Retras</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="89" />
        <source>Stale</source>
        <translation>Depășit</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/doc_status.py" line="90" />
        <source>Missing</source>
        <translation>Lipsă</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="38" />
        <source>Documents</source>
        <translation>Documente</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="41" />
        <source>Add files…</source>
        <translation>Adaugă fișiere…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="42" />
        <source>Add folder…</source>
        <translation>Adaugă dosar…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="45" />
        <source>Drop files or folders here to add them.</source>
        <translation>Trageți aici fișiere sau dosare pentru a le adăuga.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="60" />
        <source>Document</source>
        <translation>Document</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="60" />
        <source>Status</source>
        <translation>Stare</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="60" />
        <source>Pages</source>
        <translation>Pagini</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="60" />
        <source>Details</source>
        <translation>Detalii</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="85" />
        <source> ({n} OCR)</source>
        <translation> ({n} OCR)</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="105" />
        <source>Add documents</source>
        <translation>Adaugă documente</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/documents_panel.py" line="110" />
        <source>Add a folder</source>
        <translation>Adaugă un dosar</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="60" />
        <source>LetaDesk</source>
        <translation>LetaDesk</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="68" />
        <source>Answer</source>
        <translation>Răspuns</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="69" />
        <source>History</source>
        <translation>Istoric</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="107" />
        <source>Cancel</source>
        <translation>Anulează</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="116" />
        <source>&amp;File</source>
        <translation>&amp;Fișier</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="117" />
        <source>&amp;Settings…</source>
        <translation>&amp;Setări…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="119" />
        <source>&amp;Refresh documents</source>
        <translation>&amp;Reîmprospătează documentele</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="122" />
        <source>&amp;Quit</source>
        <translation>&amp;Ieșire</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="165" />
        <source>Reading documents…</source>
        <translation>Se citesc documentele…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="174" />
        <source>Working on: {q}</source>
        <translation>Se lucrează la: {q}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="180" />
        <source>Deleting {name}…</source>
        <translation>Se șterge {name}…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="186" />
        <source>Cancelling…</source>
        <translation>Se anulează…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="195" />
        <source>How long do the confidentiality obligations survive termination?</source>
        <translation>Cât timp se păstrează confidențialitatea după încetarea contractului?</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="209" />
        <source>Settings saved.</source>
        <translation>Setările au fost salvate.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="247" />
        <source>Reading {done}/{total}: {name}</source>
        <translation>Se citește {done}/{total}: {name}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="254" />
        <source>Indexing passages {done}/{total}</source>
        <translation>Se indexează pasajele {done}/{total}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="261" />
        <source>Added {a}, updated {u}, unchanged {n}, failed {f}.</source>
        <translation>Adăugate {a}, actualizate {u}, neschimbate {n}, eșuate {f}.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="264" />
        <source>Cancelled. </source>
        <translation>Anulat. </translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="274" />
        <source>Answered in {s:.1f} s.</source>
        <translation>Răspuns în {s:.1f} s.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="275" />
        <source>No answer (see the reason).</source>
        <translation>Niciun răspuns (vedeți motivul).</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="280" />
        <source>Deleted {name}.</source>
        <translation>{name} a fost șters.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="285" />
        <location filename="../../src/letadesk/ui/main_window.py" line="287" />
        <source>Cancelled.</source>
        <translation>Anulat.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="293" />
        <source>The question could not be answered: {m}</source>
        <translation>Întrebarea nu a putut primi răspuns: {m}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="297" />
        <source>Error: {m}</source>
        <translation>Eroare: {m}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/main_window.py" line="302" />
        <source>Ask a question to see a grounded answer here.</source>
        <translation>Puneți o întrebare pentru a vedea aici un răspuns întemeiat pe surse.</translation>
    </message>
</context>
<context>
    <name>MattersPanel</name>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="29" />
        <source>Matters</source>
        <translation>Dosare</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="33" />
        <source>New…</source>
        <translation>Nou…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="34" />
        <source>Rename…</source>
        <translation>Redenumește…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="35" />
        <source>Delete</source>
        <translation>Șterge</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="68" />
        <source>LetaDesk</source>
        <translation>LetaDesk</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="72" />
        <source>New matter</source>
        <translation>Dosar nou</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="72" />
        <source>Name:</source>
        <translation>Nume:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="90" />
        <source>Rename matter</source>
        <translation>Redenumire dosar</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="91" />
        <source>New name:</source>
        <translation>Nume nou:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="110" />
        <source>Delete matter</source>
        <translation>Ștergere dosar</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/matters_panel.py" line="111" />
        <source>Delete the matter “{name}” and all its documents from LetaDesk? The files on disk are not touched.</source>
        <translation>Ștergeți dosarul „{name}” și toate documentele sale din LetaDesk? Fișierele de pe disc nu sunt atinse.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="38" />
        <source>Settings</source>
        <translation>Setări</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="42" />
        <source>(built-in small model)</source>
        <translation>(modelul mic inclus)</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="44" />
        <source>Browse…</source>
        <translation>Răsfoiește…</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="55" />
        <source>automatic</source>
        <translation>automat</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="57" />
        <source>Use a fixed date</source>
        <translation>Folosește o dată fixă</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="82" />
        <source>Model file (GGUF):</source>
        <translation>Fișierul modelului (GGUF):</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="84" />
        <source>Embedder:</source>
        <translation>Model de vectorizare:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="85" />
        <source>Threads:</source>
        <translation>Fire de execuție:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="86" />
        <source>Default “as of” date:</source>
        <translation>Data implicită „la data de”:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="87" />
        <source>Interface language:</source>
        <translation>Limba interfeței:</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="88" />
        <source>A new language or embedder applies after restarting LetaDesk.</source>
        <translation>O limbă sau un model de vectorizare nou se aplică după repornirea LetaDesk.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="101" />
        <source>Choose a model</source>
        <translation>Alegeți un model</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="102" />
        <source>GGUF models (*.gguf)</source>
        <translation>Modele GGUF (*.gguf)</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="120" />
        <source>The built-in model is used.</source>
        <translation>Se folosește modelul inclus.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="127" />
        <source>{size:.0f} MiB; fits in the available memory.</source>
        <translation>{size:.0f} MiB; încape în memoria disponibilă.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="78" />
        <source>Automatic: only with a model file chosen above</source>
        <translation>Automat: doar cu un fișier de model ales mai sus</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="79" />
        <source>Always (the built-in small model too)</source>
        <translation>Întotdeauna (inclusiv modelul mic integrat)</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="80" />
        <source>Never: verbatim passages only</source>
        <translation>Niciodată: doar pasaje exacte</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="84" />
        <source>The built-in small model&apos;s drafts were rarely verifiable, so by default answers are verbatim passages unless you choose a more capable model.</source>
        <translation>Ciornele modelului mic integrat au putut fi rareori verificate, așa că implicit răspunsurile sunt pasaje exacte, cu excepția cazului în care alegeți un model mai capabil.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/settings_dialog.py" line="100" />
        <source>Draft answers with the model:</source>
        <translation>Redactare cu modelul de limbaj:</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <location filename="../../src/letadesk/ui/source_viewer.py" line="64" />
        <source>Click a source chip to see the cited passage.</source>
        <translation>Apăsați pe o sursă pentru a vedea pasajul citat.</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/source_viewer.py" line="82" />
        <source>Previous page</source>
        <translation>Pagina anterioară</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/source_viewer.py" line="83" />
        <source>Next page</source>
        <translation>Pagina următoare</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/source_viewer.py" line="125" />
        <source>p. {label}</source>
        <translation>p. {label}</translation>
    </message>
    <message>
        <location filename="../../src/letadesk/ui/source_viewer.py" line="175" />
        <source>Page {n} of {total}</source>
        <translation>Pagina {n} din {total}</translation>
    </message>
</context>
</TS>