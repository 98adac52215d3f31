"""A client calling the ticket, template, message, attachment, notification and
time routes with bad input gets a 4xx, never a 500 (test_never_500.py walks every
route as an operator)."""

from __future__ import annotations

from api.routers import (
    attachments,
    messages,
    notifications,
    ticket_templates,
    tickets,
    time_registrations,
)
from tests.e2e.operator.conftest import Desk
from tests.e2e.operator.route_walk import walk

TICKET_ROUTERS = (
    tickets.router,
    ticket_templates.router,
    messages.router,
    attachments.router,
    notifications.router,
    time_registrations.router,
)


def test_the_ticket_routes_refuse_a_client_s_bad_input_without_a_500(
    desk: Desk, client_a: dict[str, str]
) -> None:
    seen, failures = walk(desk, client_a, TICKET_ROUTERS)
    assert failures == []
    # the portal's routes refused with 404 and 422, the operators' ones with 403
    assert {403, 404, 422} <= seen
