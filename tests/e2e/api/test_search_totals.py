"""A searched list's total is the exact count, however the matches lie.

The total once was the share of matches among the newest rows scaled to the
list: with the newest rows all matching it answered ten times too many. Here
hypothesis draws lists where the newest rows all match, none do, or matches are
spread evenly, over tickets whose own text, client-visible reply or internal
note holds the word, and compares the API's total with Python's count, for an
operator and for a portal client.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, insert, select

import api.counts
import api.listing
from projections import tables as t
from tests.e2e.api.conftest import Portal

START = datetime(2025, 1, 1, tzinfo=UTC)
WHERE = ("none", "description", "reply", "note")


def _layout(shape: str, n: int, share: float, where: list[str]) -> list[str]:
    """Where each ticket (oldest first) holds the word: skewed as drawn."""
    hits = round(n * share)
    if shape == "newest":  # the newest rows all match, the rest none
        marks = [False] * (n - hits) + [True] * hits
    elif shape == "oldest":  # the newest rows match none
        marks = [True] * hits + [False] * (n - hits)
    else:  # spread evenly
        marks = [(i * hits) // n != ((i + 1) * hits) // n for i in range(n)]
    return [where[i % len(where)] if mark else "none" for i, mark in enumerate(marks)]


def _store(
    portal: Portal, places: list[str], companies: list[str]
) -> list[dict[str, Any]]:
    tenant_id = portal.tenant_id()
    tickets, documents, expected = [], [], []
    for i, place in enumerate(places):
        number = i + 1
        ticket_id = f"s-{number:06d}"
        reference = f"S-{number:06d}"
        description = "printer jams" if place == "description" else "monitor flickers"
        company = companies[i % len(companies)]
        moment = START + timedelta(minutes=i)
        tickets.append(
            {
                "tenant_id": tenant_id,
                "id": ticket_id,
                "number": number,
                "reference": reference,
                "description": description,
                "search": f"{reference} {description}".lower(),
                "company_id": company,
                "status_id": 1 + i % 2,
                "status_type": 1,
                "is_template": False,
                "deleted": False,
                "custom_values": {},
                "message_count": 1,
                "created_at": moment,
                "updated_at": moment,
                "version": 1,
            }
        )
        base = {
            "tenant_id": tenant_id,
            "ticket_id": ticket_id,
            "company_id": company,
            "deleted": False,
            "language": "english",
            "updated_at": moment,
        }
        documents.append(
            {
                **base,
                "id": ticket_id,
                "kind": "ticket",
                "record_id": ticket_id,
                "visible_to_client": True,
                "title": f"{reference} {description}",
                "text": "",
                "ref": f"{reference} {description}".lower(),
            }
        )
        text = "the printer was replaced" if place in ("reply", "note") else "done"
        documents.append(
            {
                **base,
                "id": f"{ticket_id}/m",
                "kind": "message",
                "record_id": f"m-{number:06d}",
                "visible_to_client": place != "note",
                "title": "",
                "text": text,
                "ref": "",
            }
        )
        expected.append({**tickets[-1], "place": place})
    with portal.svc.engine.begin() as connection:
        for table in (t.tickets, t.ticket_counts, t.search_documents):
            connection.execute(delete(table).where(table.c.tenant_id == tenant_id))
        if tickets:
            connection.execute(insert(t.tickets), tickets)
            connection.execute(insert(t.search_documents), documents)
    return expected


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    shape=st.sampled_from(["newest", "oldest", "even"]),
    n=st.integers(0, 90),
    share=st.sampled_from([0.0, 0.05, 0.3, 1.0]),
    where=st.lists(st.sampled_from(WHERE[1:]), min_size=1, max_size=3),
    status=st.none() | st.sampled_from([1, 2]),
    size=st.sampled_from([5, 15]),
)
def test_a_searched_total_is_the_count(
    portal: Portal,
    operator: dict[str, str],
    client_a: dict[str, str],
    shape: str,
    n: int,
    share: float,
    where: list[str],
    status: int | None,
    size: int,
) -> None:
    with portal.svc.engine.connect() as connection:
        companies = list(
            connection.execute(
                select(t.companies.c.id)
                .where(t.companies.c.tenant_id == portal.tenant_id())
                .order_by(t.companies.c.name)
            ).scalars()
        )
    client_company = portal.rows(t.users, email="client@demo.test")[0].company_id
    rows = _store(portal, _layout(shape, n, share, where), companies)
    params: dict[str, Any] = {"builder[s]": "printer", "builder[paginate]": size}
    if status is not None:
        params["builder[where][0][]"] = ["status_id", "=", str(status)]
    for headers, sees in (
        (operator, lambda r: r["place"] != "none"),
        (
            client_a,
            lambda r: (
                r["company_id"] == client_company
                and r["place"] in ("description", "reply")
            ),
        ),
    ):
        expected = [
            r for r in rows if sees(r) and (status is None or r["status_id"] == status)
        ]
        # a sample far shorter than the list: the old estimate would scale it up
        with (
            patch.object(api.counts, "SAMPLE", 8),
            patch.object(api.listing, "SAMPLE", 8),
        ):
            body = portal.get("/api/tickets", headers, params=params).json()
        assert body["total_is_estimate"] is False
        assert body["total"] == len(expected)
        assert len(body["data"]) == min(size, len(expected))
