"""LetaDesk: an offline legal assistant whose every claim is tied to a verbatim source.

No network call, ever. Importing this package changes nothing in the process: the
entry points set the environment that keeps the bundled libraries offline and their
thread pools quiet (:func:`letadesk.offline.prepare_environment`) before any of those
libraries is imported.
"""

__version__ = "0.1.0"
