"""LetaDesk index layer."""
