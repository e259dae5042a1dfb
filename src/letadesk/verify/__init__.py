"""LetaDesk verify layer."""
