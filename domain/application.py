"""The one application object: every use case of every context, on one event store."""

from __future__ import annotations

from domain.invoicing import InvoicingUseCases


class Ledgerdesk(InvoicingUseCases):
    """Loads, changes and saves the aggregates of every tenant.

    Configured by an eventsourcing environment (PERSISTENCE_MODULE and the
    database settings); the domain itself knows nothing of the database.
    """
