"""Subscriptions: recurring lines billed per period until terminated."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue
from domain.lines import CENT, priced_line, total_excl
from domain.periods import PERIOD_MONTHS, check_period, parse_date, period_bounds


class Subscription(LedgerAggregate):
    """Recurring services for a company, billed every period."""

    @event("Started")
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        description: str,
        company_id: str | None,
        client_id: str | None,
        period: str,
        billing_start_date: str,
        direct_debit: bool,
        lines: list[dict[str, Any]],
    ) -> None:
        self.tenant_id = tenant_id
        self.description = description
        self.company_id = company_id
        self.client_id = client_id
        self.period = period
        self.billing_start_date = billing_start_date
        self.direct_debit = direct_debit
        self.lines = lines
        self.start_period = billing_start_date
        self.unbilled_from = billing_start_date
        self.termination_date: str | None = None

    @classmethod
    def start(
        cls,
        tenant_id: str,
        actor: str,
        description: str,
        company_id: str | None,
        client_id: str | None,
        period: str,
        billing_start_date: str,
        direct_debit: bool,
        lines: list[dict[str, Any]],
    ) -> Subscription:
        """Start a subscription after checking its terms."""
        start = parse_date(billing_start_date, "billing_start_date")
        if start is None:
            raise InvalidValue(
                "The billing_start_date field is required.", "billing_start_date"
            )
        checked = check_period(period)
        if checked is None:
            raise InvalidValue("A subscription needs a period.", "period")
        return cls(
            tenant_id=tenant_id,
            actor=actor,
            description=require_text(description, "description", 200),
            company_id=company_id,
            client_id=client_id,
            period=checked,
            billing_start_date=start.isoformat(),
            direct_debit=bool(direct_debit),
            lines=[priced_line(str(i + 1), line) for i, line in enumerate(lines)],
        )

    @property
    def total(self) -> Decimal:
        return total_excl(self.lines)

    @property
    def mrr(self) -> Decimal:
        """Monthly recurring revenue: the total spread over the period's months."""
        return (self.total / PERIOD_MONTHS[self.period]).quantize(CENT)

    def _period_end(self, begin: str) -> str:
        # Counted from the billing start, so a start on the 31st keeps month ends.
        first = date.fromisoformat(self.billing_start_date)
        _, end = period_bounds(first, self.period, date.fromisoformat(begin))
        return end.isoformat()

    @property
    def end_period(self) -> str:
        return self._period_end(self.start_period)

    @property
    def next_billing_date(self) -> str | None:
        """The start of the first period not yet billed; none past termination."""
        if self.termination_date and self.unbilled_from > self.termination_date:
            return None
        return self.unbilled_from

    def change_lines(self, actor: str, lines: list[dict[str, Any]]) -> None:
        """Replace the lines."""
        if self.termination_date:
            raise InvalidTransition("A terminated subscription cannot be changed.")
        priced = [priced_line(str(i + 1), line) for i, line in enumerate(lines)]
        if priced != self.lines:
            self._lines_changed(actor=actor, lines=priced)

    @event("LinesChanged")
    def _lines_changed(self, actor: str, lines: list[dict[str, Any]]) -> None:
        self.lines = lines

    def bill_period(self, actor: str) -> None:
        """Bill the first unbilled period."""
        period_start = self.next_billing_date
        if period_start is None:
            raise InvalidTransition("The subscription has no further period to bill.")
        self._period_billed(
            actor=actor,
            period_start=period_start,
            period_end=self._period_end(period_start),
        )

    @event("PeriodBilled")
    def _period_billed(self, actor: str, period_start: str, period_end: str) -> None:
        self.start_period = period_start
        self.unbilled_from = (
            date.fromisoformat(period_end) + timedelta(days=1)
        ).isoformat()

    def terminate(self, actor: str, termination_date: str) -> None:
        """End the subscription on a date."""
        day = parse_date(termination_date, "termination_date")
        if day is None:
            raise InvalidValue(
                "The termination_date field is required.", "termination_date"
            )
        if day.isoformat() < self.billing_start_date:
            raise InvalidValue(
                "The termination date must not be before the start.", "termination_date"
            )
        self._terminated(actor=actor, termination_date=day.isoformat())

    @event("Terminated")
    def _terminated(self, actor: str, termination_date: str) -> None:
        self.termination_date = termination_date
