"""The operator API: one router per resource, mounted under /api like the portal's."""

from __future__ import annotations

from api.routers.operator import (
    agreements,
    companies,
    deals,
    identities,
    invoices,
    lookups,
    people,
    places,
    quotes,
    settings,
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
