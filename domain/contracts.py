"""Contracts: hours per period, or a prepaid card of hours topped up by purchase."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from eventsourcing.domain import event

from domain import values
from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.periods import check_period, parse_date, period_bounds


def exact_hours(value: Any) -> Decimal:
    """Hours as stored before they were exact (a float) as the Decimal they meant:
    a float's shortest text is the number that was typed."""
    return Decimal(str(value))


class Contract(LedgerAggregate):
    """A service contract; with period None it is a prepaid card of hours."""

    class Concluded(LedgerAggregate.Created):
        """A contract was concluded; since version 2 its hours are an exact
        Decimal (version 1 held a float)."""

        class_version = 2
        name: str
        client_id: str | None
        company_id: str | None
        service_id: int | None
        period: str | None
        quantity: Decimal
        start_date: str
        end_date: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """The float hours of version 1 as the Decimal they meant."""
            state["quantity"] = exact_hours(state["quantity"])

    class Amended(LedgerAggregate.Event):
        """Terms changed; since version 2 changed hours are an exact Decimal."""

        class_version = 2
        changes: dict[str, Any]

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """The float hours of a version 1 change as the Decimal they meant."""
            if "quantity" in state["changes"]:
                state["changes"] = {
                    **state["changes"],
                    "quantity": exact_hours(state["changes"]["quantity"]),
                }

    @event(Concluded)
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        name: str,
        client_id: str | None,
        company_id: str | None,
        service_id: int | None,
        period: str | None,
        quantity: Decimal,
        start_date: str,
        end_date: str | None,
    ) -> None:
        self.tenant_id = tenant_id
        self.name = name
        self.client_id = client_id
        self.company_id = company_id
        self.service_id = service_id
        self.period = period
        self.quantity = quantity
        self.start_date = start_date
        self.end_date = end_date
        self.topped_up_minutes = 0
        self.bookings: dict[str, dict[str, Any]] = {}

    @classmethod
    def conclude(
        cls,
        tenant_id: str,
        actor: str,
        name: str,
        client_id: str | None,
        company_id: str | None,
        service_id: int | None,
        period: str | None,
        quantity: Decimal | float | int | str,
        start_date: str,
        end_date: str | None = None,
    ) -> Contract:
        """Start a contract after checking its terms."""
        start = parse_date(start_date, "start_date")
        if start is None:
            raise InvalidValue("The start_date field is required.", "start_date")
        end = parse_date(end_date, "end_date")
        if end is not None and end < start:
            raise InvalidValue(
                "The end date must not be before the start date.", "end_date"
            )
        hours = values.allowance(quantity, "quantity")
        return cls(
            tenant_id=tenant_id,
            actor=actor,
            name=require_text(name, "name", 200),
            client_id=client_id,
            company_id=company_id,
            service_id=service_id,
            period=check_period(period),
            quantity=hours,
            start_date=start.isoformat(),
            end_date=end.isoformat() if end else None,
        )

    @property
    def is_prepaid(self) -> bool:
        return self.period is None

    def period_of(self, day: date) -> tuple[str, str]:
        """The contract period (start, end) a day falls in."""
        start = date.fromisoformat(self.start_date)
        if self.period is None:
            return self.start_date, self.end_date or ""
        begin, end = period_bounds(start, self.period, day)
        return begin.isoformat(), end.isoformat()

    def registered_minutes(self, period_start: str | None = None) -> int:
        """Minutes booked in one period, or in all of them."""
        return sum(
            b["minutes"]
            for b in self.bookings.values()
            if period_start is None or b["period_start"] == period_start
        )

    def minutes_remaining(self, period_start: str | None = None) -> int:
        """What is left: of the card for prepaid, of the period otherwise."""
        allowance = round(self.quantity * 60)
        if self.is_prepaid:
            return allowance + self.topped_up_minutes - self.registered_minutes()
        return allowance - self.registered_minutes(period_start)

    def buy_prepaid_card(
        self,
        actor: str,
        prepaid_card_id: int,
        hours: Any,
        price: str,
        description: str,
    ) -> None:
        """Top up a prepaid contract with a card of hours (whole minutes)."""
        if not self.is_prepaid:
            raise InvalidValue(
                "Only a contract without a period takes a prepaid card.",
                "prepaid_card_id",
            )
        self._prepaid_card_bought(
            actor=actor,
            prepaid_card_id=prepaid_card_id,
            minutes=values.minutes_of(hours, "hours"),
            price=str(values.money(price, "price", positive=True)),
            description=description,
        )

    @event("PrepaidCardBought")
    def _prepaid_card_bought(
        self,
        actor: str,
        prepaid_card_id: int,
        minutes: int,
        price: str,
        description: str,
    ) -> None:
        self.topped_up_minutes += minutes

    def book_time(
        self, actor: str, registration_id: str, ticket_id: str, minutes: int, day: date
    ) -> None:
        """Book time registered on a ticket against this contract."""
        begin = date.fromisoformat(self.start_date)
        if day < begin or (self.end_date and day > date.fromisoformat(self.end_date)):
            raise InvalidValue("The date falls outside the contract.", "executed_at")
        if registration_id in self.bookings:
            raise InvalidTransition("This time registration is already booked.")
        period_start, period_end = self.period_of(day)
        self._time_booked(
            actor=actor,
            registration_id=registration_id,
            ticket_id=ticket_id,
            minutes=int(minutes),
            period_start=period_start,
            period_end=period_end,
        )

    @event("TimeBooked")
    def _time_booked(
        self,
        actor: str,
        registration_id: str,
        ticket_id: str,
        minutes: int,
        period_start: str,
        period_end: str,
    ) -> None:
        self.bookings[registration_id] = {
            "ticket_id": ticket_id,
            "minutes": minutes,
            "period_start": period_start,
            "period_end": period_end,
        }

    def unbook_time(self, actor: str, registration_id: str) -> None:
        """Release time booked against this contract."""
        if registration_id not in self.bookings:
            raise NotFound("Time registration not booked on this contract.")
        self._time_unbooked(actor=actor, registration_id=registration_id)

    @event("TimeUnbooked")
    def _time_unbooked(self, actor: str, registration_id: str) -> None:
        del self.bookings[registration_id]

    def amend(self, actor: str, changes: dict[str, Any]) -> None:
        """Change name, service, hours or end date."""
        allowed = {
            "name",
            "service_id",
            "quantity",
            "end_date",
            "client_id",
            "company_id",
        }
        unknown = set(changes) - allowed
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidValue(f"The {field} field cannot be changed.", field)
        if "name" in changes:
            changes["name"] = require_text(changes["name"], "name", 200)
        if "end_date" in changes:
            end = parse_date(changes["end_date"], "end_date")
            if end is not None and end < date.fromisoformat(self.start_date):
                raise InvalidValue(
                    "The end date must not be before the start date.", "end_date"
                )
            changes["end_date"] = end.isoformat() if end else None
        if "quantity" in changes:
            changes["quantity"] = values.allowance(changes["quantity"], "quantity")
        changed = {k: v for k, v in changes.items() if getattr(self, k) != v}
        if changed:
            self._amended(actor=actor, changes=changed)

    @event(Amended)
    def _amended(self, actor: str, changes: dict[str, Any]) -> None:
        for name, value in changes.items():
            setattr(self, name, value)
