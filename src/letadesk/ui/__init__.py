"""LetaDesk ui layer."""
