"""The table assistant: referee a game played with the physical box (``regalia table``).

The table reports every chance outcome instead of the engine drawing it, players enter their
moves, and the session checks each entry, keeps them undoable and saves them as an ordinary
record. Nothing here knows a game: draws and moves come from the State contract.
"""

from regalia.table.draws import Draw
from regalia.table.session import Entry, TableError, TableSession, Turn

__all__ = ["Draw", "Entry", "TableError", "TableSession", "Turn"]
