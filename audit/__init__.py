"""The auditors' queries, straight on the event store: an aggregate's events and its
state at a moment (history), and whether every event's chain holds (chain)."""
