"""The one application object: every use case of every context, on one event store."""

from __future__ import annotations

from domain.deal_use_cases import DealUseCases


class Ledgerdesk(DealUseCases):
    """Loads, changes and saves the aggregates of every tenant.

    Configured by an eventsourcing environment (PERSISTENCE_MODULE and the
    database settings); the domain itself knows nothing of the database.
    """
