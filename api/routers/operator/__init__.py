"""The operator API: one router per resource, mounted under /api like the portal's."""

from __future__ import annotations

from api.routers.operator import (
    agreements,
    companies,
    deals,
    identities,
    invoices,
    lookups,
    messages,
    people,
    places,
    quotes,
    settings,
    tickets,
    time,
)

OPERATOR_ROUTERS = [
    # Lookups first: /products/search must win over the products list's /{id}.
    lookups.router,
    companies.router,
    people.clients,
    people.operators,
    identities.clients,
    identities.operators,
    places.locations,
    places.ticket_groups,
    tickets.tickets,
    tickets.templates,
    messages.router,
    time.router,
    quotes.router,
    invoices.invoices,
    invoices.exports,
    agreements.contracts,
    agreements.subscriptions,
    agreements.assets,
    deals.deals,
    deals.projects,
    deals.used_products,
    *settings.ROUTERS,
]
