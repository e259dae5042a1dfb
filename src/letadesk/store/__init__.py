"""LetaDesk store layer."""
