"""sla_action_required_p95_ms: the operator queue filtered by 'action required'
(SLA warned or breached, still open), sorted by time left, first page."""

from __future__ import annotations

from bench.measuring import PortalClient, samples

ACTION_REQUIRED: list[tuple[str, str | int | float | bool | None]] = [
    ("page", "1"),
    ("builder[paginate]", "25"),
    ("builder[where][0][]", "sla_remaining"),
    ("builder[where][0][]", "action_required"),
    ("builder[where][0][]", "1"),
    ("builder[orderBy][0][]", "sla_remaining"),
    ("builder[orderBy][0][]", "asc"),
]


def action_required_timings(base_url: str, subdomain: str, count: int) -> list[float]:
    """Timings of the first page of an operator's 'action required' queue."""
    operator = PortalClient(base_url, subdomain, f"first@{subdomain}.test")
    try:

        def first_page(_: int) -> None:
            answer = operator.http.get("/api/tickets", params=ACTION_REQUIRED)
            answer.raise_for_status()
            if not answer.json()["data"]:
                raise RuntimeError("the 'action required' queue is empty")

        return samples(first_page, count)
    finally:
        operator.close()
