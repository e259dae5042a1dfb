"""LetaDesk ingest layer."""
