"""The read model's handlers with a second set run after each of their own."""

from __future__ import annotations

from typing import cast

from projections.context import Apply
from projections.handlers import Handler, chained


def _record(calls: list[str], label: str) -> Handler:
    return lambda a: calls.append(label)


def test_an_extra_handler_runs_after_the_handler_of_its_event() -> None:
    calls: list[str] = []
    handlers = {
        "Ticket.Opened": _record(calls, "row"),
        "Ticket.Closed": _record(calls, "closed"),
    }
    extra = {
        "Ticket.Opened": _record(calls, "index"),
        "Company.Registered": _record(calls, "company"),
    }

    combined = chained(handlers, extra)
    apply = cast(Apply, None)  # the handlers here read nothing of it
    for name in ("Ticket.Opened", "Ticket.Closed", "Company.Registered"):
        combined[name](apply)

    assert calls == ["row", "index", "closed", "company"]
    assert set(combined) == {"Ticket.Opened", "Ticket.Closed", "Company.Registered"}
