"""Grounded answers: the gates around generation, extraction, and the audit record."""
