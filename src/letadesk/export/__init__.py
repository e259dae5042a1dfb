"""Exports of answers for use outside LetaDesk (memos in Markdown and Word)."""
