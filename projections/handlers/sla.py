"""The SLA clock in the read model: each ticket's history, policy and clock.

The clock itself is domain/sla.py; this keeps on each ticket row the history it
reads (opened, priority, company, status changes, the first client-visible
operator reply, the warnings and breaches raised) and the columns the queue
sorts and filters by. A policy or calendar change recomputes the tenant's open
tickets from their kept history. A warning or breach also shows in the ticket's
thread (the timer notifies the assigned operator: notifications are kept, not
rebuilt).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date, datetime
from functools import lru_cache
from typing import Any
from uuid import NAMESPACE_URL, uuid5

from sqlalchemy import and_, insert, select

from domain.errors import InvalidValue
from domain.settings import setting_list_id
from domain.sla import (
    CLOSED,
    Calendar,
    History,
    Policy,
    business_time,
    calendar_from_data,
    calendar_key,
    clock,
    policy_from_data,
)
from projections import tables as t
from projections.context import Apply
from projections.handlers import Handler, chained

SLA_KINDS = ("slas", "business_hour_contracts")
_KEPT = "sla"
RUNNING = ("running", "warned", "breached")
NO_CLOCK = {
    "sla_policy_id": None,
    "sla_state": None,
    "response_due_at": None,
    "resolution_due_at": None,
    "sla_due_at": None,
    "sla_minutes_left": None,
    "sla_next_at": None,
    "sla_next": None,
    "sla_calendar": None,
    "sla_calendar_key": None,
    "sla_due_ordinal": None,
}


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _moment(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def history_of(kept: Mapping[str, Any]) -> History:
    """The clock's history from what the row keeps."""
    opened = datetime.fromisoformat(kept["opened_at"])
    return History(
        opened_at=opened,
        priority_id=kept.get("priority_id"),
        statuses=tuple(
            (datetime.fromisoformat(at), int(kind)) for at, kind in kept["statuses"]
        ),
        first_response_at=_moment(kept.get("first_response_at")),
        alerts=frozenset(tuple(alert) for alert in kept.get("alerts", [])),  # type: ignore[misc]
    )


def _cache(a: Apply) -> dict[tuple[str, str], list[Any]]:
    """The SLA lists read and what is derived from them, kept by the follower
    from batch to batch until a list changes (`recompute_tenant`) or the
    follower's cache is reset, so a batch of one new ticket reads none."""
    cached: dict[tuple[str, str], list[Any]] = a.batch.rows.kept.setdefault(_KEPT, {})
    return cached


def _items(a: Apply, kind: str) -> list[Any]:
    """The tenant's policies or calendars, read once and kept (see `_cache`).

    Read on the batch's raw connection: setting items are not write-behind
    cached, and reaching for `a.connection` would write the cached rows out at
    every ticket event, undoing the batching.
    """
    cached = _cache(a)
    key = (a.tenant_id, kind)
    if key not in cached:
        # both lists in one statement: a batch of one new ticket reads once
        s = t.setting_items
        for other in SLA_KINDS:
            cached[(a.tenant_id, other)] = []
        for row in a.batch.raw.execute(
            select(s.c.kind, s.c.id, s.c.is_default, s.c.data).where(
                s.c.tenant_id == a.tenant_id, s.c.kind.in_(SLA_KINDS)
            )
        ):
            cached[(a.tenant_id, row.kind)].append(row)
    return cached[key]


def _contract_ids(a: Apply, company_id: str | None, day: date) -> set[str]:
    """The company's contracts running on a day."""
    if not company_id:
        return set()
    c = t.contracts.c
    found = a.batch.raw.execute(
        select(c.id, c.start_date, c.end_date).where(
            c.tenant_id == a.tenant_id, c.company_id == company_id
        )
    )
    today = day.isoformat()
    return {
        row.id
        for row in found
        if row.start_date <= today and (not row.end_date or row.end_date >= today)
    }


def choose_policy(
    slas: list[Any], kept: Mapping[str, Any], contract_ids: set[str]
) -> Any | None:
    """The ticket's own SLA, else its contract's, else its company's, else the
    tenant's default."""
    by_id = {item.id: item for item in slas}
    if kept.get("sla_id") in by_id:
        return by_id[kept["sla_id"]]
    for item in slas:
        if contract_ids & set((item.data or {}).get("contract_ids") or []):
            return item
    company = kept.get("company_id")
    for item in slas:
        if company and company in ((item.data or {}).get("company_ids") or []):
            return item
    return next((item for item in slas if item.is_default), None)


def _policy(a: Apply, kept: Mapping[str, Any]) -> tuple[int, Policy] | None:
    slas = _items(a, "slas")
    if not slas:
        return None
    cached = _cache(a)
    # whether any policy names contracts, asked once per tenant, not per ticket
    by_contract = cached.get((a.tenant_id, "by contract"))
    if by_contract is None:
        by_contract = [any((item.data or {}).get("contract_ids") for item in slas)]
        cached[(a.tenant_id, "by contract")] = by_contract
    if by_contract[0]:
        opened = datetime.fromisoformat(kept["opened_at"]).date()
        contracts = _contract_ids(a, kept.get("company_id"), opened)
        item = choose_policy(slas, kept, contracts)
    else:  # the choice depends on the ticket's own SLA and company only
        chosen = (a.tenant_id, f"choice {kept.get('sla_id')} {kept.get('company_id')}")
        if chosen not in cached:
            cached[chosen] = [choose_policy(slas, kept, set())]
        item = cached[chosen][0]
    if item is None:
        return None
    key = (a.tenant_id, f"policy {item.id}")
    if key not in cached:
        cached[key] = [_parsed(a, item)]
    found: tuple[int, Policy] | None = cached[key][0]
    return found


def _parsed(a: Apply, item: Any) -> tuple[int, Policy] | None:
    """A policy item with its calendar, parsed (once per batch)."""
    data = item.data or {}
    calendars = _items(a, "business_hour_contracts")
    chosen = next((c for c in calendars if c.id == data.get("calendar_id")), None)
    chosen = chosen or next((c for c in calendars if c.is_default), None)
    return _parse(item.id, _frozen(data), _frozen(chosen.data) if chosen else None)


def _frozen(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


@lru_cache(maxsize=256)
def _parse(item_id: int, data: str, calendar: str | None) -> tuple[int, Policy] | None:
    """A policy and its calendar as stored, parsed once for as long as they
    stay the same (not at every batch)."""
    try:
        chosen = calendar_from_data(json.loads(calendar)) if calendar else Calendar()
        return item_id, policy_from_data(json.loads(data), chosen)
    except InvalidValue:  # kept before it was checked: no clock rather than a wrong one
        return None


def clock_columns(
    kept: Mapping[str, Any],
    found: tuple[int, Policy] | None,
    at: datetime,
    history: History | None = None,
) -> dict[str, Any]:
    """The row's SLA columns for its kept history under a policy (or none);
    `history` is that history when the caller has it at hand."""
    if found is None:
        return dict(NO_CLOCK)
    policy_id, policy = found
    result = clock(history or history_of(kept), policy)
    if result.response is None and result.resolution is None:
        return {**NO_CLOCK, "sla_policy_id": policy_id}
    pending = result.pending
    next_alert = result.next_alert
    due_at = pending.due_at if pending else None
    running = due_at is not None and result.state in RUNNING
    return {
        "sla_policy_id": policy_id,
        "sla_state": result.state,
        "response_due_at": result.response.due_at if result.response else None,
        "resolution_due_at": result.resolution.due_at if result.resolution else None,
        "sla_due_at": due_at,
        # kept for a paused clock only: a running one's is counted at the request
        "sla_minutes_left": result.minutes_left(policy.calendar, at)
        if result.state == "paused"
        else None,
        "sla_next_at": next_alert[0] if next_alert else None,
        "sla_next": _next_key(result, next_alert) if next_alert else None,
        "sla_calendar": _calendar_data(policy.calendar),
        "sla_calendar_key": calendar_key(policy.calendar) if running else None,
        "sla_due_ordinal": business_time(policy.calendar).ordinal(due_at)
        if running and due_at is not None
        else None,
    }


def _spans_kept(a: Apply, calendar: Calendar) -> None:
    """Keep the calendar's numbered spans in the read model (once per tenant)."""
    key = calendar_key(calendar)
    cached = _cache(a)
    if (a.tenant_id, f"spans {key}") in cached:
        return
    cached[(a.tenant_id, f"spans {key}")] = []
    s = t.sla_calendar_spans.c
    found = a.batch.raw.execute(
        select(s.starts_at)
        .where(s.tenant_id == a.tenant_id, s.calendar_key == key)
        .limit(1)
    ).first()
    rows = business_time(calendar).rows()
    if found is None and rows:
        a.batch.raw.execute(
            insert(t.sla_calendar_spans),
            [
                {
                    "tenant_id": a.tenant_id,
                    "calendar_key": key,
                    "starts_at": start,
                    "ends_at": end,
                    "ordinal": ordinal,
                    "next_at": next_at,
                }
                for start, end, ordinal, next_at in rows
            ],
        )


@lru_cache(maxsize=64)
def _calendar_data(calendar: Calendar) -> dict[str, Any]:
    return calendar.as_data()


def _next_key(result: Any, alert: tuple[datetime, str, str]) -> str:
    """What the timer raises next: target, level and the due moment it is of."""
    _, target, level = alert
    of = result.response if target == "response" else result.resolution
    return f"{target} {level} {of.due_at.isoformat()}"


def _refresh(
    a: Apply,
    kept: dict[str, Any],
    row_id: str | None = None,
    history: History | None = None,
) -> None:
    columns = clock_columns(kept, _policy(a, kept), a.at, history)
    a.update(t.tickets, row_id, touch=False, sla_history=kept, **columns)


def _kept(a: Apply) -> dict[str, Any] | None:
    row = a.peek(t.tickets)
    if row is None or row["sla_history"] is None:
        return None
    history = row["sla_history"]
    return {
        **history,
        "statuses": list(history["statuses"]),
        "alerts": list(history.get("alerts", [])),
    }


def opened(a: Apply) -> None:
    e = a.event
    fields = e.fields
    at = _iso(a.at)
    kept = {
        "opened_at": at,
        "priority_id": fields.get("priority_id"),
        "company_id": fields.get("company_id"),
        "sla_id": fields.get("sla_id"),
        "statuses": [[at, e.status_type]],
        "first_response_at": None,
        "alerts": [],
    }
    if e.is_template:
        a.update(t.tickets, touch=False, **NO_CLOCK)
        return
    # every ticket opens through here: its history is made from the event, not
    # read back from the strings just written for the row
    history = History(
        opened_at=a.at,
        priority_id=kept["priority_id"],
        statuses=((a.at, int(e.status_type)),),
    )
    _refresh(a, kept, history=history)


def updated(a: Apply) -> None:
    changes = a.event.changes
    watched = {"priority_id", "company_id", "sla_id"} & set(changes)
    kept = _kept(a)
    if not watched or kept is None:
        return
    for name in watched:
        kept[name] = changes[name]
    _refresh(a, kept)


def message_posted(a: Apply) -> None:
    e = a.event
    if getattr(e, "is_from_client", False) or not getattr(e, "visible_to_client", True):
        return  # only an operator's reply the client sees moves the clock
    row = a.peek(t.tickets)
    history = row["sla_history"] if row is not None else None
    if history is None or history.get("first_response_at"):
        return  # answered before: looked at without copying the kept history
    kept = _kept(a)
    if kept is None:
        return
    kept["first_response_at"] = _iso(a.at)
    _refresh(a, kept)


def status_changed(a: Apply) -> None:
    kept = _kept(a)
    if kept is None:
        return
    kept["statuses"].append([_iso(a.at), a.event.status_type])
    _refresh(a, kept)


def _alert(level: str) -> Handler:
    def apply(a: Apply) -> None:
        e = a.event
        kept = _kept(a)
        if kept is None:
            return
        kept["alerts"].append([e.target, level, e.due_at])
        _refresh(a, kept)
        # not a change the operator made (updated_at stays), but the ticket's version
        # moved: the editor must load this one, or its next save is refused as stale
        a.update(t.tickets, touch=False, version=a.version)
        row = a.peek(t.tickets)
        assert row is not None  # _kept found it
        a.insert(
            t.messages,
            morphable_id=a.aggregate_id,
            morphable_type="Ticket",
            id=str(uuid5(NAMESPACE_URL, f"sla:{a.aggregate_id}:{a.version}")),
            message="",
            format="text",
            type=f"sla-{level}",
            is_from_client=False,
            visible_to_client=False,
            actor_id=e.actor,
            recipients=[],
            attachment_ids=[],
            mentions=[],
            data={"target": e.target, "due_at": e.due_at},
            email_to=[],
            email_cc=[],
            created_at=a.at,
            updated_at=a.at,
        )
        a.update(t.tickets, touch=False, message_count=row["message_count"] + 1)

    return apply


def recompute_tenant(a: Apply) -> None:
    """A policy or calendar changed: every open ticket's clock again."""
    if not any(
        setting_list_id(a.tenant_id, kind) == a.aggregate_id for kind in SLA_KINDS
    ):
        return
    a.batch.rows.kept.pop(_KEPT, None)  # the lists changed: read them again
    # the numbered spans of every calendar a policy runs on, for the queue's
    # sla_remaining; kept here, where policies change, not on a ticket's path
    for item in _items(a, "slas"):
        found = _parsed(a, item)
        if found is not None:
            _spans_kept(a, found[1].calendar)
    tk = t.tickets.c
    open_ids = [
        row.id
        for row in a.connection.execute(
            select(tk.id).where(
                and_(
                    tk.tenant_id == a.tenant_id,
                    tk.sla_history.is_not(None),
                    tk.status_type.not_in(sorted(CLOSED)),
                )
            )
        )
    ]
    for ticket_id in open_ids:
        row = a.peek(t.tickets, ticket_id)
        if row is not None and row["sla_history"] is not None:
            _refresh(a, dict(row["sla_history"]), ticket_id)


HANDLERS: dict[str, Handler] = {
    "Ticket.Opened": opened,
    "Ticket.Updated": updated,
    "Ticket.MessagePosted": message_posted,
    "Ticket.StatusChanged": status_changed,
    "Ticket.SlaWarned": _alert("warned"),
    "Ticket.SlaBreached": _alert("breached"),
    "SettingList.ItemAdded": recompute_tenant,
    "SettingList.ItemChanged": recompute_tenant,
    "SettingList.ItemRemoved": recompute_tenant,
    "SettingList.DefaultSet": recompute_tenant,
}


def extend(handlers: Mapping[str, Handler]) -> dict[str, Handler]:
    """The read model's handlers with the clock's run after each of their own."""
    return chained(handlers, HANDLERS)
