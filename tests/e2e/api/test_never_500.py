"""Whatever builder parameters arrive, a list answers 200 or a 422, never a 500."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.e2e.api.conftest import Portal

SEGMENTS = st.sampled_from(
    [
        "where", "whereIn", "whereNull", "whereNotNull", "whereBetween", "whereHas",
        "doesntHave", "customField", "orderBy", "paginate", "with", "withCount", "s",
        "0", "1", "", "status_id", "company", "name", "x",
    ]
)  # fmt: skip
VALUES = st.one_of(
    st.sampled_from(
        ["status_id", "=", "like", "preset", "today", "1", "15", "asc", "company",
         "name", "2026-01-01", "null", "%", "'", "--", "-1", "1e309"]
    ),
    st.text(max_size=12),
)  # fmt: skip
KEYS = st.lists(SEGMENTS, min_size=0, max_size=4).map(
    lambda parts: "builder" + "".join(f"[{p}]" for p in parts)
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    params=st.lists(st.tuples(KEYS, VALUES), max_size=6),
    route=st.sampled_from(["tickets", "quotes", "contracts", "subscriptions", "assets",
                           "invoices"]),
)  # fmt: skip
def test_random_builders_are_answered_or_refused(
    portal: Portal, client_a: dict[str, str], params: list[tuple[str, str]], route: str
) -> None:
    answer = portal.get(f"/api/{route}", client_a, params=params)
    assert answer.status_code in (200, 422), (params, answer.text)
    if answer.status_code == 422:
        body = answer.json()
        assert body["message"] and len(body["errors"]) == 1
