"""The window's look: one restrained stylesheet, readable at default sizes."""

STYLE = """
QWidget { font-size: 10pt; }
QLabel#sectionTitle { font-weight: 600; font-size: 11pt; color: #1f2a44; padding: 2px 0; }
QLabel#hint { color: #5f6368; }
QLabel#stage { color: #1a5fb4; font-style: italic; }
QLabel#question { font-size: 12pt; font-weight: 600; color: #1f2a44; }
QLabel#claimText { font-size: 11pt; color: #202124; }
QLabel#groupTitle { font-weight: 600; font-size: 11pt; color: #1f2a44; padding-top: 4px; }
QLabel#viewerHeader { font-size: 11pt; padding: 4px 2px; }
QLabel#badge { background: #e8eaed; color: #3c4043; border-radius: 8px; padding: 1px 8px;
               font-size: 9pt; }
QLabel#staleBadge { background: #fdf0d5; color: #7a4f00; border-radius: 8px; padding: 1px 8px;
                    font-size: 9pt; font-weight: 600; }
QLabel#unverifiedBadge { background: #f1f3f4; color: #5f6368; border: 1px dashed #9aa0a6;
                         border-radius: 8px; padding: 1px 8px; font-size: 9pt; }
QLabel#sourceNote { color: #7a4f00; }
QLabel#refusalTitle { font-weight: 700; color: #8c1d18; font-size: 11pt; }
QLabel#clarify { font-weight: 600; color: #202124; }
QLabel#shortAnswer { font-size: 13pt; font-weight: 700; color: #1f2a44; }
QLabel#followUp { color: #1a5fb4; font-style: italic; }
QPushButton#clarifyChip { background: #ffffff; color: #174ea6; border: 1px solid #1a73e8;
                          border-radius: 10px; padding: 2px 10px; font-size: 9pt; }
QPushButton#chip:focus, QPushButton#staleChip:focus, QPushButton#clarifyChip:focus {
    border: 2px solid #0b57d0; background: #c2d7fb; }
QWidget#answerPage { background: #ffffff; }
QFrame#claim { background: #f8f9fb; border: 1px solid #e1e4ea; border-radius: 6px; }
QFrame#claimError { background: #fdf1f0; border: 1px solid #e0a39e; border-radius: 6px; }
QFrame#claimMismatch { background: #fff6e5; border: 1px solid #e8b04b; border-radius: 6px; }
QLabel#mismatchBadge { background: #ffe3b0; color: #6b3d00; border-radius: 8px;
                       padding: 1px 8px; font-size: 9pt; font-weight: 600; }
QLabel#errorBadge { background: #f9dedc; color: #8c1d18; border-radius: 8px; padding: 1px 8px;
                    font-size: 9pt; font-weight: 600; }
QFrame#refusal { background: #fdf1f0; border: 1px solid #f2c4c0; border-radius: 6px; }
QFrame#rejected { background: #fafafa; border: 1px dashed #c8ccd2; border-radius: 6px; }
QPushButton#chip { background: #e8f0fe; color: #174ea6; border: 1px solid #c6dafc;
                   border-radius: 10px; padding: 2px 10px; font-size: 9pt; }
QPushButton#chip:hover { background: #d2e3fc; }
QPushButton#staleChip { background: #fdf0d5; color: #7a4f00; border: 1px solid #f0c36d;
                        border-radius: 10px; padding: 2px 10px; font-size: 9pt; }
QTableWidget, QTreeWidget, QListWidget { background: #ffffff; }
"""
