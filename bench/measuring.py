"""Timed requests through the real HTTP stack, and the hand-written SQL floors."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import cycle, islice
from typing import Any

import httpx
from sqlalchemy import Engine

from bench.presets import PresetFilter

PER_PAGE = 15
SEARCHES = ("printer", "vpn", "mailbox", "backup")
WARM_UP = 5
MIN_SAMPLES = 20
LISTED_TIMEOUT_S = 10.0
NEWEST_FIRST: list[tuple[str, str | int | float | bool | None]] = [
    ("builder[paginate]", str(PER_PAGE)),
    ("builder[orderBy][0][]", "updated_at"),
    ("builder[orderBy][0][]", "desc"),
    ("page", "1"),
]
"""The portal's ticket list as it opens: newest change first, one page."""


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (share 0.5 is the median)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def samples(
    action: Callable[[int], Any], count: int, budget_s: float | None = None
) -> list[float]:
    """Timings of action(i) for i in WARM_UP..WARM_UP+count, after untimed warm-ups.

    With a budget, stops once it is spent and at least MIN_SAMPLES were taken.
    """
    for i in range(WARM_UP):
        action(i)
    taken: list[float] = []
    started = time.perf_counter()
    for i in range(WARM_UP, WARM_UP + count):
        started_one = time.perf_counter()
        action(i)
        taken.append((time.perf_counter() - started_one) * 1000)
        spent = time.perf_counter() - started
        if budget_s is not None and spent > budget_s and len(taken) >= MIN_SAMPLES:
            break
    return taken


@dataclass(frozen=True)
class ListCase:
    """One list request: a status, a search text; sorted by updated_at desc."""

    status_id: int
    search: str

    def params(self) -> list[tuple[str, str | int | float | bool | None]]:
        """The builder[...] query parameters the portal sends for it."""
        return [
            ("builder[paginate]", str(PER_PAGE)),
            ("builder[where][0][]", "status_id"),
            ("builder[where][0][]", "="),
            ("builder[where][0][]", str(self.status_id)),
            ("builder[s]", self.search),
            ("builder[orderBy][0][]", "updated_at"),
            ("builder[orderBy][0][]", "desc"),
            ("page", "1"),
        ]


def list_cases(statuses: list[int], count: int) -> list[ListCase]:
    """count cases cycling over statuses and search texts."""
    pairs = ((s, q) for q in SEARCHES for s in statuses)
    return [ListCase(s, q) for s, q in islice(cycle(pairs), count)]


class PortalClient:
    """A signed-in portal client of one tenant, over HTTP on loopback."""

    def __init__(self, base_url: str, subdomain: str, email: str) -> None:
        self.http = httpx.Client(
            base_url=base_url,
            headers={"host": f"{subdomain}.localhost"},
            timeout=60.0,
        )
        answer = self.http.post(
            "/api/auth/login", json={"username": email, "password": "demo"}
        )
        answer.raise_for_status()
        self.http.headers["Authorization"] = f"Bearer {answer.json()['access_token']}"

    def list_ids(self, case: ListCase) -> list[str]:
        """One page of the ticket list; the ids of its rows."""
        answer = self.http.get("/api/tickets", params=case.params())
        answer.raise_for_status()
        return [row["id"] for row in answer.json()["data"]]

    def status(self) -> None:
        """GET /api/system/status: the HTTP stack with no query behind it."""
        self.http.get("/api/system/status").raise_for_status()

    def preset_counts(self) -> list[dict[str, Any]]:
        """presets-result-count for the ticket list."""
        answer = self.http.get("/api/presets-result-count/tickets")
        answer.raise_for_status()
        return list(answer.json())

    def reply(self, ticket_id: str, text: str) -> str:
        """A multipart reply on a ticket, answered once the read model shows it."""
        answer = self.http.post(
            "/api/messages",
            files={
                "message": (None, text),
                "morphable_type": (None, "Ticket"),
                "morphable_id": (None, ticket_id),
            },
        )
        answer.raise_for_status()
        return str(answer.json()["id"])

    def create_ticket(self, description: str, message: str, priority_id: int) -> str:
        """POST /api/tickets as the portal's form sends it (JSON); the new id."""
        answer = self.http.post(
            "/api/tickets",
            json={
                "description": description,
                "message": message,
                "priority_id": priority_id,
            },
        )
        answer.raise_for_status()
        return str(answer.json()["id"])

    def newest_ids(self) -> list[str]:
        """The ids on the first page of the portal's ticket list, newest first."""
        answer = self.http.get("/api/tickets", params=NEWEST_FIRST)
        answer.raise_for_status()
        return [row["id"] for row in answer.json()["data"]]

    def create_listed(self, description: str, message: str, priority_id: int) -> None:
        """Open a ticket and read the list until it shows it.

        The span a create figure covers: from sending the POST until a list GET
        answers with the new ticket on its first page. The POST answers once the
        read model shows the ticket (read-your-writes), so one GET should do; a
        list that still lacks it is asked again, and after LISTED_TIMEOUT_S the
        run fails rather than report a figure for a ticket nobody saw.
        """
        ticket_id = self.create_ticket(description, message, priority_id)
        deadline = time.perf_counter() + LISTED_TIMEOUT_S
        while ticket_id not in self.newest_ids():
            if time.perf_counter() > deadline:
                raise RuntimeError(f"the list never showed the new ticket {ticket_id}")

    def close(self) -> None:
        """Close the connection pool."""
        self.http.close()


class RawSql:
    """Hand-written SQL on the read-model tables over one DBAPI connection."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.mark = "?" if self.sqlite else "%s"
        self.ilike = "LIKE" if self.sqlite else "ILIKE"

    @contextmanager
    def cursor(self) -> Iterator[Any]:
        """A cursor on a pooled connection, rolled back afterwards."""
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            yield cursor
            cursor.close()
            connection.rollback()
        finally:
            connection.close()

    def _scope(self) -> str:
        m = self.mark
        return (
            f"tenant_id = {m} AND company_id = {m} "
            f"AND deleted = {self._false()} AND is_template = {self._false()}"
        )

    def _false(self) -> str:
        return "0" if self.sqlite else "false"

    def list_ids(
        self, cursor: Any, tenant_id: str, company: str, case: ListCase
    ) -> Any:
        """The page the portal list shows, by hand."""
        m = self.mark
        cursor.execute(
            f"SELECT id FROM tickets WHERE {self._scope()} AND status_id = {m} "
            f"AND id IN ({self._found()}) "
            f"ORDER BY updated_at DESC, id LIMIT {PER_PAGE}",
            (
                tenant_id,
                company,
                case.status_id,
                *self._found_params(tenant_id, company, case.search),
            ),
        )
        return [row[0] for row in cursor.fetchall()]

    def _found(self) -> str:
        """The client's tickets whose own text or a visible message holds the word
        as typed (a prefix, stemmed) or whose reference contains it (docs/search.md)."""
        m = self.mark
        if self.sqlite:
            match = (
                f"d.rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH {m}) "
                f"OR lower(d.ref) LIKE {m}"
            )
        else:
            match = (
                " OR ".join(
                    f"(d.language = '{language}' AND d.tsv @@ "
                    f"(websearch_to_tsquery('{language}', {m}) || "
                    f"to_tsquery('{language}', {m}) || to_tsquery('simple', {m})))"
                    for language in ("dutch", "english", "german")
                )
                + f" OR d.ref ILIKE {m}"
            )
        return (
            f"SELECT d.ticket_id FROM search_documents d WHERE d.tenant_id = {m} "
            f"AND d.deleted = {self._false()} AND d.kind IN ('ticket', 'message') "
            f"AND d.visible_to_client = {self._true()} AND d.company_id = {m} "
            f"AND ({match})"
        )

    def _found_params(self, tenant_id: str, company: str, word: str) -> tuple[str, ...]:
        like = f"%{word.lower()}%"
        if self.sqlite:
            return (tenant_id, company, f'"{word}"*', like)
        return (tenant_id, company, *(word, f"{word}:*", f"{word}:*") * 3, like)

    def _true(self) -> str:
        return "1" if self.sqlite else "true"

    def list_count(
        self, cursor: Any, tenant_id: str, company: str, case: ListCase
    ) -> int:
        """The total the list's pager shows, by hand."""
        m = self.mark
        cursor.execute(
            f"SELECT count(*) FROM tickets WHERE {self._scope()} "
            f"AND status_id = {m} AND id IN ({self._found()})",
            (
                tenant_id,
                company,
                case.status_id,
                *self._found_params(tenant_id, company, case.search),
            ),
        )
        return int(cursor.fetchone()[0])

    def preset_counts(
        self, cursor: Any, tenant_id: str, company: str, presets: list[PresetFilter]
    ) -> list[int]:
        """The presets' counts as plain count(*) queries, one per preset."""
        counts = []
        for item in presets:
            extra = f" AND {item.sql.format(p=self.mark)}" if item.sql else ""
            cursor.execute(
                f"SELECT count(*) FROM tickets WHERE {self._scope()}{extra}",
                (tenant_id, company, *item.params),
            )
            counts.append(int(cursor.fetchone()[0]))
        return counts
