"""For auditors: an aggregate's events, and its state at a version or a time.

Every event names who (id, full name and role at that moment), when (on the
tenant's clock and in UTC) and what changed from what to what. The CSV of the
events has one change per row; the CSV of a state one field per row, so no
cell ever holds JSON.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Literal, NotRequired

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel
from typing_extensions import TypedDict

from api.deps import ServicesDep, User, require
from api.errors import denied, invalid
from audit.changes import diff, flatten
from audit.history import history, resolve
from domain.errors import InvalidValue

router = APIRouter(prefix="/audit", tags=["audit"])

FieldChange = TypedDict(
    "FieldChange",
    {
        "from": Any,
        "to": Any,
        "added": NotRequired[list[Any]],
        "removed": NotRequired[list[Any]],
    },
)


class AuditActor(BaseModel):
    id: str | None
    full_name: str | None
    role: str | None


class AuditEvent(BaseModel):
    version: int
    time: str
    time_utc: str
    actor: AuditActor
    type: str
    changes: dict[str, FieldChange]
    data: dict[str, Any]


class AuditMoment(BaseModel):
    given: str
    time: str
    time_utc: str
    time_zone: str
    zone_assumed: bool


class AuditEvents(BaseModel):
    id: str
    model: str
    version: int
    time_zone: str
    events: list[AuditEvent]


class AuditVersion(BaseModel):
    version: int
    time: str
    time_utc: str
    actor: AuditActor
    type: str


class AuditDiff(BaseModel):
    id: str
    model: str
    time_zone: str
    old: AuditVersion
    new: AuditVersion
    changes: dict[str, FieldChange]


class AuditState(BaseModel):
    id: str
    model: str
    version: int
    time_zone: str
    at: AuditMoment | None = None
    time: str | None
    time_utc: str | None
    state: dict[str, Any] | None


def _history(
    svc: ServicesDep,
    user: User,
    model: str,
    ref: str,
    version: int | None = None,
    at: str | None = None,
) -> dict[str, Any]:
    if user.is_client:
        raise denied()
    aggregate_id = resolve(svc.engine, user.tenant_id, model, ref[:64])
    return history(
        svc.domain,
        model,
        aggregate_id,
        version=version,
        at=at,
        tenant_id=user.tenant_id,
    )


def cell(value: Any) -> Any:
    """A plain value for a CSV cell: lists as text, never JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "; ".join(str(cell(item)) for item in value)
    return value


def change_rows(found: dict[str, Any]) -> list[list[Any]]:
    """One row per change: time, actor, role, event, field, from, to."""
    rows = []
    for item in found["events"]:
        actor = item["actor"]
        who = [actor["full_name"] or actor["id"] or "", actor["role"] or ""]
        when = [item["version"], item["time"], item["time_utc"]]
        changes = item["changes"] or {"": {"from": None, "to": None}}
        for field, change in changes.items():
            rows.append(
                [
                    *when,
                    *who,
                    actor["id"] or "",
                    item["type"],
                    field,
                    cell(change["from"]),
                    cell(change["to"]),
                ]
            )
    return rows


EVENT_COLUMNS = [
    "version",
    "time",
    "time_utc",
    "actor",
    "role",
    "actor_id",
    "event",
    "field",
    "from",
    "to",
]


def _csv(header: list[str], rows: list[list[Any]], name: str) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return Response(
        out.getvalue(),
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}.csv"'},
    )


@router.get(
    "/{model}/{record_id}/events",
    response_model=AuditEvents,
    name="events",
    responses={200: {"content": {"text/csv": {}}}},
)
def events(
    model: str,
    record_id: str,
    svc: ServicesDep,
    user: User = require("audit.view"),
    format: Literal["json", "csv"] = "json",  # noqa: A002 (the query's name)
) -> Any:
    """Every event of one aggregate, oldest first (JSON or CSV)."""
    found = _history(svc, user, model, record_id)
    if format == "csv":
        name = f"{found['model']}-{found['id']}-events"
        return _csv(EVENT_COLUMNS, change_rows(found), name)
    return found


@router.get(
    "/{model}/{record_id}/state",
    response_model=AuditState,
    name="state",
    responses={200: {"content": {"text/csv": {}}}},
)
def state(
    model: str,
    record_id: str,
    svc: ServicesDep,
    user: User = require("audit.view"),
    at: str | None = Query(None, max_length=40),
    version: int | None = Query(None, ge=1),
    format: Literal["json", "csv"] = "json",  # noqa: A002 (the query's name)
) -> Any:
    """The aggregate as it was at a version or a moment (default: now)."""
    if at is not None and version is not None:
        raise invalid("version", "Give either a version or a time, not both.")
    found = _history(svc, user, model, record_id, version=version, at=at)
    last = found["events"][-1] if found["events"] else None
    answer = {
        **{k: found[k] for k in ("id", "model", "version", "time_zone", "state")},
        "at": found.get("at"),
        "time": last["time"] if last else None,
        "time_utc": last["time_utc"] if last else None,
    }
    if format == "csv":
        rows = [[k, cell(found[k])] for k in ("model", "id", "version")]
        rows += [[k, cell(v)] for k, v in flatten(found["state"]).items()]
        return _csv(["field", "value"], rows, f"{found['model']}-{found['id']}-state")
    return answer


@router.get("/{model}/{record_id}/diff", response_model=AuditDiff, name="diff")
def compare(
    model: str,
    record_id: str,
    svc: ServicesDep,
    old: int = Query(ge=1),
    new: int = Query(ge=1),
    user: User = require("audit.view"),
) -> dict[str, Any]:
    """What changed between two versions: each field's old and new value."""
    # the later version's history holds both versions' events; the earlier state
    # needs a replay of its own
    field, latest = ("new", new) if new >= old else ("old", old)
    try:
        later = _history(svc, user, model, record_id, version=latest)
    except InvalidValue as error:
        raise invalid(
            field, str(error).replace("The version", f"The {field} version")
        ) from error
    earlier = _history(svc, user, model, later["id"], version=min(old, new))
    states = {latest: later["state"], min(old, new): earlier["state"]}
    keys = ("version", "time", "time_utc", "actor", "type")
    return {
        **{k: later[k] for k in ("id", "model", "time_zone")},
        "old": {k: later["events"][old - 1][k] for k in keys},
        "new": {k: later["events"][new - 1][k] for k in keys},
        "changes": diff(states[old], states[new]),
    }
