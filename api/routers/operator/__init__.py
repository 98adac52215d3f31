"""The operator API: one router per resource, mounted under /api like the portal's."""

from __future__ import annotations

from api.routers.operator import (
    deals,
)

OPERATOR_ROUTERS = [
    deals.deals,
    deals.projects,
    deals.used_products,
]
