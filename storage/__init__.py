"""What is kept rather than rebuilt from the event log, and how its shape changes.

The read model (projections/) is disposable: a release that changes it replays
the log into fresh tables. Sessions, tokens, throttling, exports, attachments,
notifications, followers' positions, parked events and the relay's and the
accounting consumer's state cannot be replayed, so their tables change by the
Alembic migrations in storage/migrations. The API's own kept tables are defined in
storage/tables.py; each follower defines its position and state beside itself.
"""
