"""The operator API: one router per resource, mounted under /api like the portal's."""

from __future__ import annotations

from api.routers.operator import (
    agreements,
    deals,
    quotes,
)

OPERATOR_ROUTERS = [
    quotes.router,
    agreements.contracts,
    agreements.subscriptions,
    agreements.assets,
    deals.deals,
    deals.projects,
    deals.used_products,
]
