"""The SLA report: per company and month, how many tickets met or breached their
SLA, per priority; as JSON for the screen's chart, or as CSV to take away.

A ticket counts in the month it was opened, under the outcome its clock has now:
met (every target met), breached (a target missed, or past due and still open),
or open (still running or paused, nothing missed yet).
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response
from pydantic import BaseModel, Field
from sqlalchemy import and_, func, select

from api.deps import ServicesDep, User, staff
from api.errors import invalid, not_found
from api.present.common import Lookups
from projections import tables as t

router = APIRouter(prefix="/sla-report", tags=["sla-report"])
Month = Annotated[
    str,
    Query(pattern=r"^\d{4}-(0[1-9]|1[0-2])$", description="the month as YYYY-MM"),
]


class SlaReportRow(BaseModel):
    """One priority's tickets of the month."""

    priority_id: int | None
    priority: str | None = Field(description="the priority's label")
    met: int
    breached: int
    open: int


class SlaReport(BaseModel):
    """A company's SLA outcomes of one month, per priority."""

    company_id: str
    company_name: str
    month: str
    rows: list[SlaReportRow]
    met: int
    breached: int
    open: int


def _bounds(month: str) -> tuple[datetime, datetime]:
    year, number = int(month[:4]), int(month[5:])
    start = datetime(year, number, 1, tzinfo=UTC)
    end = datetime(year + number // 12, number % 12 + 1, 1, tzinfo=UTC)
    return start, end


def report(svc: Any, tenant_id: str, company_id: str, month: str) -> dict[str, Any]:
    """Count the company's tickets of the month by priority and outcome."""
    start, end = _bounds(month)
    tk = t.tickets.c
    co = t.companies.c
    outcome = (
        select(tk.priority_id, tk.sla_state, func.count().label("n"))
        .where(
            and_(
                tk.tenant_id == tenant_id,
                tk.company_id == company_id,
                tk.deleted.is_(False),
                tk.is_template.is_(False),
                tk.sla_state.is_not(None),
                tk.created_at >= start,
                tk.created_at < end,
            )
        )
        .group_by(tk.priority_id, tk.sla_state)
    )
    with svc.engine.connect() as connection:
        company = connection.execute(
            select(co.name).where(co.tenant_id == tenant_id, co.id == company_id)
        ).first()
        if company is None:
            raise not_found()
        counted = list(connection.execute(outcome))
        lookups = Lookups(connection, tenant_id)
        rows: dict[int | None, dict[str, Any]] = {}
        for priority_id, state, n in counted:
            row = rows.setdefault(
                priority_id,
                {
                    "priority_id": priority_id,
                    "priority": (lookups.labelled("priorities", priority_id) or {}).get(
                        "label"
                    ),
                    "met": 0,
                    "breached": 0,
                    "open": 0,
                },
            )
            key = state if state in ("met", "breached") else "open"
            row[key] += n
    ordered = sorted(
        rows.values(), key=lambda r: (r["priority_id"] is None, r["priority_id"] or 0)
    )
    return {
        "company_id": company_id,
        "company_name": company.name,
        "month": month,
        "rows": ordered,
        **{key: sum(r[key] for r in ordered) for key in ("met", "breached", "open")},
    }


@router.get(
    "",
    response_model=SlaReport,
    name="show",
    responses={200: {"content": {"text/csv": {}}}},
)
def show(
    svc: ServicesDep,
    company_id: Annotated[str, Query(min_length=1, max_length=64)],
    month: Month,
    format: Annotated[Literal["json", "csv"], Query()] = "json",
    user: User = staff("tickets.index"),
) -> Any:
    """Met and breached tickets per priority for a company and month (format=csv
    answers the same as a spreadsheet)."""
    if not month[:4].isdigit() or int(month[:4]) < 2000:
        raise invalid("month", "The month must be YYYY-MM from 2000 on.")
    found = report(svc, user.tenant_id, company_id, month)
    if format == "json":
        return found
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["company", "month", "priority", "met", "breached", "open"])
    for row in found["rows"]:
        writer.writerow(
            [
                found["company_name"],
                month,
                row["priority"] or "",
                row["met"],
                row["breached"],
                row["open"],
            ]
        )
    name = f"sla-report-{month}.csv"
    return Response(
        out.getvalue(),
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
