"""For auditors: an aggregate's events, and its state at a version or a time."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel

from api.deps import ServicesDep, User, require
from api.errors import denied, invalid
from audit.history import history, resolve

router = APIRouter(prefix="/audit", tags=["audit"])


class AuditEvent(BaseModel):
    version: int
    time: str
    actor: str | None
    type: str
    changes: dict[str, Any]


class AuditEvents(BaseModel):
    id: str
    model: str
    version: int
    events: list[AuditEvent]


class AuditState(BaseModel):
    id: str
    model: str
    version: int
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


def _csv(rows: list[dict[str, Any]], name: str) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    header = list(rows[0]) if rows else ["version"]
    writer.writerow(header)
    for row in rows:
        writer.writerow(
            [json.dumps(v) if isinstance(v, (dict, list)) else v for v in row.values()]
        )
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
        return _csv(found["events"], f"{found['model']}-{found['id']}-events")
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
    answer = {k: found[k] for k in ("id", "model", "version", "state")}
    if format == "csv":
        rows = [{"field": k, "value": v} for k, v in (found["state"] or {}).items()]
        return _csv(rows, f"{found['model']}-{found['id']}-state")
    return answer
