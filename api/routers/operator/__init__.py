"""The operator API: one router per resource, mounted under /api like the portal's."""

from __future__ import annotations

from api.routers.operator import companies, messages, people, places, settings, tickets

OPERATOR_ROUTERS = [
    companies.router,
    people.clients,
    people.operators,
    places.locations,
    places.ticket_groups,
    tickets.tickets,
    tickets.templates,
    messages.router,
    *settings.ROUTERS,
]
