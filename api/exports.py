"""Exports: exactly the filtered rows of a list as CSV and XLSX, made in background."""

from __future__ import annotations

import csv
import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import uuid4

from openpyxl import Workbook
from sqlalchemy import Engine, insert, select, update

from api.deps import User
from api.listing import all_rows
from api.query.parse import build
from api.query.resources import RESOURCES
from domain.values import clean
from storage.tables import exports

log = logging.getLogger("ledgerdesk.exports")
FORMATS = ("csv", "xlsx")


def flat(value: Any) -> Any:
    """A cell: names of related records, labels of lists, plain values.

    Text loses control characters: XLSX cannot hold them, and one such
    character in one old description must not fail the whole export.
    """
    if isinstance(value, dict):
        for key in ("name", "full_name", "label", "name_client"):
            if key in value:
                return flat(value[key])
        return ""
    if isinstance(value, list):
        return ", ".join(str(flat(v)) for v in value)
    if isinstance(value, str):
        return clean(value)
    return "" if value is None else value


def write_files(rows: list[dict[str, Any]], base: Path) -> None:
    """CSV and XLSX with one header row and one line per row."""
    base.parent.mkdir(parents=True, exist_ok=True)
    header = list(rows[0]) if rows else ["id"]
    with open(base.with_suffix(".csv"), "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for row in rows:
            writer.writerow([flat(row.get(k)) for k in header])
    book = Workbook(write_only=True)
    sheet = book.create_sheet("export")
    sheet.append(header)
    for row in rows:
        sheet.append([flat(row.get(k)) for k in header])
    book.save(base.with_suffix(".xlsx"))


class Exporter:
    """Runs export jobs on a small thread pool and records their state."""

    def __init__(self, engine: Engine, directory: str, workers: int = 2) -> None:
        self.engine = engine
        self.directory = Path(directory)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="export")

    def path(self, row: Any, fmt: str) -> Path:
        """Where an export's file lives."""
        return self.directory / row.tenant_id / f"{row.id}.{fmt}"

    def start(self, user: User, model: str, raw: Any) -> str:
        """Check the filter now (422 if bad), record the job, run it later."""
        query = build(RESOURCES[model], raw)
        export_id = str(uuid4())
        with self.engine.begin() as connection:
            connection.execute(
                insert(exports).values(
                    id=export_id,
                    tenant_id=user.tenant_id,
                    user_id=user.id,
                    model=model,
                    filter=raw,
                    status="pending",
                    created_at=datetime.now(UTC),
                )
            )
        self.pool.submit(self._run, export_id, user, model, query)
        return export_id

    def _run(self, export_id: str, user: User, model: str, query: Any) -> None:
        status, error, count = "done", None, None
        try:
            rows = all_rows(self.engine, RESOURCES[model], user, query)
            count = len(rows)
            write_files(rows, self.directory / user.tenant_id / export_id)
        except Exception as failure:  # recorded for the user; never lost silently
            log.exception("export %s failed", export_id)
            status, error = "failed", str(failure)[:500]
        with self.engine.begin() as connection:
            connection.execute(
                update(exports)
                .where(exports.c.id == export_id)
                .values(
                    status=status,
                    error=error,
                    rows=count,
                    finished_at=datetime.now(UTC),
                )
            )

    def find(self, user: User, export_id: str) -> Any:
        """The user's own export, or None."""
        with self.engine.connect() as connection:
            return connection.execute(
                select(exports).where(
                    exports.c.tenant_id == user.tenant_id,
                    exports.c.user_id == user.id,
                    exports.c.id == export_id[:40],
                )
            ).first()
