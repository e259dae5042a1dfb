"""LetaDesk retrieve layer."""
