"""One router per resource, all mounted under /api."""

from __future__ import annotations

from api.routers import (
    assets,
    audit,
    auth,
    contracts,
    exports,
    invoices,
    me,
    messages,
    presets,
    quotes,
    subscriptions,
    system,
    tickets,
)

ROUTERS = [
    system.router,
    auth.router,
    me.router,
    tickets.router,
    messages.router,
    quotes.router,
    contracts.router,
    subscriptions.router,
    assets.router,
    invoices.router,
    presets.router,
    exports.router,
    audit.router,
]
