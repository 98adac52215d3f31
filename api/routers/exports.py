"""POST /exports starts an export; GET /exports/{id} tells when its files are ready."""

from __future__ import annotations

import json
from typing import Any, Literal

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

from api.deps import (
    ServicesDep,
    Tenant,
    TenantDep,
    User,
    caller,
    load_user,
    require,
    signed_in,
)
from api.errors import denied, invalid, not_found
from api.exports import FORMATS, Exporter
from api.models.commerce import ExportFiles, ExportIn, ExportStarted, ExportState
from api.query.resources import EXPORTABLE
from api.security import file_token, read_token
from api.services import Services

router = APIRouter(prefix="/exports", tags=["exports"])
MEDIA = {
    "csv": "text/csv",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _file_user(
    request: Request, svc: Services, tenant: Tenant, export_id: str, token: str | None
) -> User:
    """Whose export: from a file token in the address, else the bearer token."""
    claims = read_token(svc.settings.secret_key, token, "file") if token else None
    if claims and claims.get("tid") == tenant.id and claims.get("fid") == export_id:
        with svc.engine.connect() as connection:
            user = load_user(connection, tenant.id, str(claims["sub"]))
        if user is None:
            raise not_found()
    else:
        user = signed_in(anyio.from_thread.run(caller, request, tenant))
    if not user.can("exports.index"):
        raise denied()
    return user


def exporter(svc: Services) -> Exporter:
    """The process's exporter, made on first use."""
    if "exports" not in svc.extras:
        svc.extras["exports"] = Exporter(svc.engine, svc.settings.export_dir)
    return svc.extras["exports"]  # type: ignore[no-any-return]


@router.post("", response_model=ExportStarted, status_code=202, name="create")
def create(
    body: ExportIn, svc: ServicesDep, user: User = require("exports.index")
) -> ExportStarted:
    """Export exactly the rows the filter shows, as CSV and XLSX."""
    if body.userId is not None and str(body.userId) != user.id:
        raise denied()
    if body.model not in EXPORTABLE:
        raise invalid("model", "The selected model is invalid.")
    if not user.can(f"{body.model}.index"):
        raise denied()
    raw: Any = body.filter or {}
    if isinstance(raw, str):
        try:
            raw = json.loads(raw or "{}")
        except ValueError:
            raise invalid("filter", "The filter must be JSON.") from None
    export_id = exporter(svc).start(user, body.model, raw)
    return ExportStarted(
        message="The export is being prepared; it will be ready shortly.", id=export_id
    )


@router.get("/{export_id}", response_model=ExportState, name="show")
def show(
    export_id: str, svc: ServicesDep, user: User = require("exports.index")
) -> ExportState:
    """The export's state and, once done, its file addresses."""
    row = exporter(svc).find(user, export_id)
    if row is None:
        raise not_found()
    done = row.status == "done"
    token = file_token(svc.settings.secret_key, user.tenant_id, user.id, row.id)
    files = {
        f: f"/api/exports/{row.id}/{f}?token={token}" if done else None for f in FORMATS
    }
    return ExportState(
        id=row.id, status=row.status, rows=row.rows, files=ExportFiles(**files)
    )


@router.get(
    "/{export_id}/{fmt}",
    name="download",
    response_class=FileResponse,
    responses={200: {"content": {m: {} for m in MEDIA.values()}}},
)
def download(
    export_id: str,
    fmt: Literal["csv", "xlsx"],
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    token: str | None = Query(None, max_length=2000),
) -> FileResponse:
    """One file of a finished export: the bearer's own, or the address's token."""
    user = _file_user(request, svc, tenant, export_id, token)
    jobs = exporter(svc)
    row = jobs.find(user, export_id)
    if row is None or row.status != "done":
        raise not_found()
    return FileResponse(
        jobs.path(row, fmt), media_type=MEDIA[fmt], filename=f"{row.model}.{fmt}"
    )
