"""The read side: list tables kept up to date by followers of the event log."""
