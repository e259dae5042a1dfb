"""LetaDesk generate layer."""
