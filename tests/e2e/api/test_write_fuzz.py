"""Generated bodies on every write route leave a read model a rebuild agrees with.

Hypothesis drives the OpenAPI's POST, PUT, PATCH and DELETE operations, portal
and operator, with bodies of wrong types, commas in numbers, zero, negative and
huge amounts, huge strings and ids of the caller's and another tenant. Then:
no answer was a 5xx, the follower reaches the log head with nothing parked,
the read model equals a rebuild from the log, and every public event the relay
would publish fits its JSON Schema.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outbound.public_events import translate, validate
from projections.rebuild import rebuild
from tests.e2e.api.conftest import Portal
from tests.e2e.api.fuzzing import ids_by_segment
from tests.integration.projections.conftest import snapshot

EXAMPLES = int(os.environ.get("LEDGERDESK_WRITE_FUZZ_EXAMPLES", "150"))
WRITES = ("post", "put", "patch", "delete")
# Signing out or changing a password ends the token the run signs in with.
SKIPPED = ("/api/auth/", "/api/me/password")
FIELDS = (
    "name",
    "description",
    "label",
    "message",
    "note",
    "price",
    "quantity",
    "hours",
    "vat_rate",
    "lines",
    "company_id",
    "client_id",
    "user_id",
    "ticket_id",
    "contract_id",
    "first_name",
    "last_name",
    "email",
    "permissions",
    "company_ids",
    "role",
    "language",
    "status_id",
    "priority_id",
    "prepaid_card_id",
    "service_id",
    "executed_at",
    "date",
    "start_date",
    "end_date",
    "period",
    "time_spent",
    "minutes",
    "ids",
    "is_default",
    "type",
    "order",
    "reference_number",
)
NASTY = (
    "12,50",
    "1,5",
    "0",
    "-1",
    "0.001",
    "1e308",
    "1e999",
    "-1.05e208",
    "NaN",
    "",
    " ",
    "x" * 20_000,
    "2026-13-45",
    "2026-05-01T10:00:00",
    "2026-05-01T10:00:00Z",
    "ab:cd",
    "<script>alert(1)</script>",
    "a\nb\tc",
)


def _operations(portal: Portal) -> list[tuple[str, str]]:
    """(method, path template) of every write operation in the OpenAPI."""
    spec = portal.client.get("/api/openapi.json").json()
    return sorted(
        (method.upper(), path)
        for path, operations in spec["paths"].items()
        for method in operations
        if method in WRITES and not path.startswith(SKIPPED)
    )


def _scalars(own: list[str], foreign: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**12), 10**12),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(NASTY),
        st.from_regex(r"\A-?\d{1,4},\d{1,2}\Z"),
        st.text(max_size=40),
        st.sampled_from(own or ["none"]),
        st.sampled_from(foreign or ["none"]),
    )


def _plausible(ids: dict[str, tuple[list[str], list[str]]]) -> dict[str, Any]:
    """Per field, values a form would send, so many generated writes succeed."""
    words = st.text("abcdefgh ijk", min_size=1, max_size=30).map(lambda w: f"W {w}")
    amount = st.decimals("0.01", "5000", places=2).map(str)
    line = st.fixed_dictionaries(
        {"description": words, "quantity": st.integers(1, 20), "price": amount}
    )
    companies, users = ids["companies"][0], ids["clients"][0]
    return {
        "name": words,
        "description": words,
        "label": words,
        "message": words,
        "note": words,
        "first_name": words,
        "last_name": words,
        "role": st.just("client"),
        "price": amount,
        "quantity": st.integers(1, 50),
        "hours": st.sampled_from([1, 2, "1.5", "0.25"]),
        "vat_rate": st.sampled_from([0, 9, 21]),
        "lines": st.lists(line, min_size=1, max_size=3),
        "company_id": st.sampled_from(companies),
        "client_id": st.sampled_from(users),
        "company_ids": st.lists(st.sampled_from(companies), max_size=2),
        "email": st.uuids().map(lambda u: f"{u.hex[:10]}@fuzz.test"),
        "language": st.sampled_from(["nl", "en", "de"]),
        "status_id": st.integers(1, 4),
        "priority_id": st.integers(1, 3),
        "prepaid_card_id": st.integers(1, 3),
        "service_id": st.integers(1, 3),
        "date": st.just("2026-05-01"),
        "start_date": st.just("2026-01-01"),
        "executed_at": st.just("2026-05-01T10:00:00Z"),
        "time_spent": st.sampled_from(["00:30", "01:15", 30]),
        "minutes": st.integers(1, 240),
        "is_default": st.booleans(),
    }


def _bodies(
    ids: dict[str, tuple[list[str], list[str]]], own: list[str], foreign: list[str]
) -> st.SearchStrategy[Any]:
    """A plausible form with a few nasty values, or nonsense of any shape."""
    scalar = _scalars(own, foreign)
    line = st.dictionaries(
        st.sampled_from(("description", "quantity", "price", "vat_rate")), scalar
    )
    nasty = st.one_of(scalar, st.lists(scalar, max_size=3), st.lists(line, max_size=3))
    plausible = _plausible(ids)
    base = st.lists(
        st.sampled_from(sorted(plausible)), max_size=8, unique=True
    ).flatmap(lambda keys: st.fixed_dictionaries({k: plausible[k] for k in keys}))
    spoiled = st.tuples(
        base, st.dictionaries(st.sampled_from(FIELDS), nasty, max_size=2)
    ).map(lambda pair: {**pair[0], **pair[1]})
    nonsense = st.one_of(st.lists(scalar, max_size=3), scalar)
    # Mostly objects, as forms send; now and then any other JSON value.
    return st.integers(0, 9).flatmap(
        lambda n: nonsense if n == 0 else (base if n < 4 else spoiled)
    )


def test_generated_writes_never_5xx_and_the_read_model_stays_rebuildable(
    portal: Portal,
) -> None:
    ids = ids_by_segment(portal)
    own = [i for mine, _ in ids.values() for i in mine]
    foreign = [i for _, theirs in ids.values() for i in theirs]
    operations = _operations(portal)
    assert len(operations) > 100
    # By resource first, so the many setting lists do not crowd out tickets.
    groups: dict[str, list[tuple[str, str]]] = {}
    for method, template in operations:
        groups.setdefault(template.split("/")[2], []).append((method, template))
    tokens = {
        email: portal.login(email) for email in ("second@demo.test", "client@demo.test")
    }
    bodies = _bodies(ids, own, foreign)
    failures: list[str] = []
    statuses: Counter[int] = Counter()

    def path_of(template: str, draw: Any) -> str:
        segment = template.split("/")[2]
        mine, theirs = ids.get(segment, (own, foreign))

        def fill(match: re.Match[str]) -> str:
            if match.group(1) in ("item_id", "line_id", "message_id", "preset_id"):
                return str(draw(st.integers(0, 6)))
            choices = [*(mine or own), *(theirs or foreign), "nope", "0"]
            return str(draw(st.sampled_from(choices)))

        return re.sub(r"\{([^}]+)\}", fill, template)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=os.environ.get("LEDGERDESK_FUZZ_RANDOM") != "1",
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def run(data: Any) -> None:
        for _ in range(data.draw(st.integers(1, 4))):
            # A wide integer spreads the picks; sampled_from favours the first.
            names = sorted(groups)
            group = groups[names[data.draw(st.integers(0, 10**6)) % len(names)]]
            method, template = group[data.draw(st.integers(0, 10**6)) % len(group)]
            # Mostly the operator: a client is refused most write routes.
            email = data.draw(
                st.sampled_from([*sorted(tokens), *["second@demo.test"] * 2])
            )
            url = path_of(template, data.draw)
            body = data.draw(bodies)
            kwargs = {} if method == "DELETE" else {"json": body}
            answer = portal.client.request(method, url, headers=tokens[email], **kwargs)
            statuses[answer.status_code] += 1
            if answer.status_code == 401:
                tokens[email] = portal.login(email)
            if answer.status_code >= 500:
                failures.append(
                    f"{method} {url} as {email} with {body!r:.300} -> "
                    f"{answer.status_code} {answer.text[:200]}"
                )

    run()
    assert not failures, "\n".join(failures)
    assert statuses[200] + statuses[201] >= 10, statuses  # writes did land

    svc = portal.svc
    svc.follower.catch_up()
    head = svc.domain.recorder.max_notification_id() or 0
    assert svc.follower.position() >= head
    try:
        from projections.parked import parked_count
    except ImportError:  # parking lands with the follower work
        pass
    else:
        assert parked_count(svc.engine) == 0
    followed = snapshot(svc.engine)
    rebuild(svc.domain, svc.engine)
    assert snapshot(svc.engine) == followed

    published = 0
    for notification in svc.domain.recorder.select_notifications(1, head + 1):
        public = translate(svc.domain.mapper.to_domain_event(notification))
        if public is not None:
            validate(public.value)
            published += 1
    assert published > 0
