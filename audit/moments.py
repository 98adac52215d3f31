"""Moments for auditors: the tenant's time zone, and an asked time read in it.

A tenant keeps its zone in its ``time_zone`` config (an IANA name); without
one, or with a name the zone database does not know, it is Europe/Amsterdam,
the zone the business-hour calendars start in. A time asked without a zone
means that hour on the tenant's clock, not in UTC, and the answer says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from domain.errors import InvalidValue, NotFound
from domain.sla import DEFAULT_ZONE
from domain.store import Store

ZONE_CONFIG = "time_zone"


def zone_named(name: Any) -> ZoneInfo:
    """The zone of that name, or the default zone for an unknown or empty one."""
    if isinstance(name, str) and name.strip():
        try:
            return ZoneInfo(name.strip())
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return ZoneInfo(DEFAULT_ZONE)


def tenant_zone(app: Store, tenant_id: str | None) -> ZoneInfo:
    """The tenant's time zone, read from its own events."""
    if not tenant_id:
        return zone_named(None)
    try:
        events = app.events_of(tenant_id)
    except (ValueError, TypeError, NotFound):  # not an id the store holds
        return zone_named(None)
    tenant: Any = None
    for domain_event in events:
        tenant = domain_event.mutate(tenant)
    configs = getattr(tenant, "configs", None) or {}
    return zone_named(configs.get(ZONE_CONFIG))


@dataclass(frozen=True)
class Moment:
    """An asked time: as given, as read, and whether the tenant's zone was assumed."""

    given: str
    moment: datetime
    zone: ZoneInfo
    zone_assumed: bool

    def shown(self) -> dict[str, Any]:
        """For the answer: what was asked and how it was read."""
        return {
            "given": self.given,
            "time": local_iso(self.moment, self.zone),
            "time_utc": utc_iso(self.moment),
            "time_zone": self.zone.key,
            "zone_assumed": self.zone_assumed,
        }

    def note(self) -> str:
        """One line saying how the time was read."""
        how = (
            f"has no zone, so it is read in the tenant's zone {self.zone.key}"
            if self.zone_assumed
            else "has its own zone"
        )
        return (
            f"--at {self.given} {how}: {local_iso(self.moment, self.zone)} "
            f"({utc_iso(self.moment)})"
        )


def read_moment(value: str | datetime, zone: ZoneInfo) -> Moment:
    """A moment from ISO text; without a zone it is that time in the given zone."""
    if isinstance(value, datetime):
        moment, given = value, value.isoformat()
    else:
        given = value.strip()
        try:
            moment = datetime.fromisoformat(given.replace("Z", "+00:00"))
        except ValueError as error:
            raise InvalidValue(
                "The at field must be an ISO date-time.", "at"
            ) from error
    asked = Moment(given, moment, zone, zone_assumed=False)
    if moment.tzinfo is None:
        asked = Moment(given, moment.replace(tzinfo=zone), zone, zone_assumed=True)
    try:  # the first and last days of the calendar have no UTC or local twin
        asked.moment.astimezone(UTC).astimezone(zone)
    except OverflowError as error:
        raise InvalidValue("The at field is out of range.", "at") from error
    return asked


def local_iso(moment: datetime, zone: ZoneInfo) -> str:
    """The moment on the tenant's clock, with its offset."""
    return moment.astimezone(zone).isoformat()


def utc_iso(moment: datetime) -> str:
    """The moment in UTC, ending in Z."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")
