"""One router per resource, all mounted under /api."""

from __future__ import annotations

from api.routers import (
    assets,
    attachments,
    audit,
    auth,
    contracts,
    exports,
    invoices,
    me,
    messages,
    notifications,
    presets,
    quotes,
    subscriptions,
    system,
    ticket_templates,
    tickets,
    time_registrations,
)

ROUTERS = [
    system.router,
    auth.router,
    me.router,
    tickets.router,
    ticket_templates.router,
    messages.router,
    attachments.router,
    notifications.router,
    time_registrations.router,
    quotes.router,
    contracts.router,
    subscriptions.router,
    assets.router,
    invoices.router,
    presets.router,
    exports.router,
    audit.router,
]
