"""LetaDesk: an offline legal assistant whose every claim is tied to a verbatim source."""

__version__ = "0.1.0"
