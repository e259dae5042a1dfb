"""Checking a lawyer's draft (not indexed) against the matter's law: see
:mod:`letadesk.draft.check`."""
