"""The read model compared with a replay of the log: rows changed by hand show.

The read model is a projection of the events, so a fresh replay into a scratch
SQLite file must give the same rows. Money and the lines of invoices, quotes,
subscriptions and prepaid-card purchases, and the hours of contracts, are
compared; each difference names the row and the column.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Table, create_engine, select

import projections.parked  # noqa: F401  (its table, so a replay parks in scratch)
from audit.checkpoints import Finding
from domain.store import Store
from projections import tables as t
from projections.follower import Follower

COMPARED: dict[str, tuple[Table, tuple[str, ...]]] = {
    "invoice": (
        t.invoices,
        ("amount_excl", "amount_incl", "lines", "status_id", "external_id"),
    ),
    "quote": (t.quotes, ("total", "lines", "status_id")),
    "contract": (
        t.contracts,
        ("quantity", "topped_up_minutes", "minutes_remaining", "end_date"),
    ),
    "subscription": (t.subscriptions, ("total", "mrr", "lines")),
    "prepaid purchase": (t.prepaid_purchases, ("minutes", "price")),
}
"""Per kind of row: its table and the columns compared."""


@contextmanager
def replayed(store: Store, batch_size: int = 2000) -> Iterator[Engine]:
    """A scratch read model (SQLite, in a temporary folder) replayed from the log."""
    with tempfile.TemporaryDirectory(prefix="ledgerdesk-replay-") as folder:
        scratch = create_engine(f"sqlite:///{Path(folder) / 'replay.sqlite3'}")
        try:
            t.metadata.create_all(scratch)
            follower = Follower(store, scratch, name="replay", batch_size=batch_size)  # type: ignore[arg-type]
            while follower.apply_batch():
                pass
            yield scratch
        finally:
            scratch.dispose()


def _rows(engine: Engine, table: Table, columns: tuple[str, ...]) -> dict[Any, Any]:
    keys = [column.name for column in table.primary_key.columns]
    with engine.connect() as connection:
        found = connection.execute(
            select(*(table.c[name] for name in (*keys, *columns)))
        ).all()
    return {tuple(row[: len(keys)]): row[len(keys) :] for row in found}


def compare(live: Engine, store: Store) -> list[Finding]:
    """The differences between the read model's rows and a replay's."""
    findings: list[Finding] = []
    with replayed(store) as scratch:
        for kind, (table, columns) in COMPARED.items():
            kept = _rows(live, table, columns)
            expected = _rows(scratch, table, columns)
            for key, values in expected.items():
                subject = f"{kind} {'/'.join(str(part) for part in key[1:])}"
                row = kept.get(key)
                if row is None:
                    findings.append(
                        Finding("read model", subject, "missing from the read model")
                    )
                    continue
                for name, have, want in zip(columns, row, values, strict=True):
                    if have != want:
                        findings.append(
                            Finding(
                                "read model",
                                f"{subject} {name}",
                                f"the read model holds {have!r}, a replay of the "
                                f"events gives {want!r}",
                            )
                        )
            for key in kept.keys() - expected.keys():
                subject = f"{kind} {'/'.join(str(part) for part in key[1:])}"
                findings.append(
                    Finding("read model", subject, "in the read model, not in a replay")
                )
    return findings
