"""Schemathesis over the whole OpenAPI the app serves: no input answers a 5xx.

Every operation gets schema-valid and schema-breaking requests (bounded by
LEDGERDESK_FUZZ_EXAMPLES per operation), sent in-process to the running app,
once with an operator's token and once with a portal client's.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from tests.e2e.api.conftest import Portal
from tests.e2e.api.fuzzing import ids_by_segment

EXAMPLES = int(os.environ.get("LEDGERDESK_FUZZ_EXAMPLES", "10"))
# Signing out or changing one's password would end the token mid-run.
NUMBERED = ("item_id", "line_id", "message_id", "preset_id", "notification_id")
SKIPPED = ("/api/auth/logout", "/api/auth/password", "/api/me/password")


def _send(portal: Portal, case: Any, headers: dict[str, str]) -> Any:
    """Send a generated case through the app's test client; answers the response."""
    kwargs = case.as_transport_kwargs(base_url="http://demo.localhost")
    sent = {**(kwargs.get("headers") or {}), **headers}
    sent.pop("Content-Length", None)
    body: dict[str, Any] = {}
    if kwargs.get("json") is not None or "json" in kwargs:
        body["json"] = kwargs["json"]
    if kwargs.get("data") is not None:
        data = kwargs["data"]
        body["content" if isinstance(data, (bytes, str)) else "data"] = data
    if kwargs.get("files"):
        body["files"] = kwargs["files"]
    if kwargs.get("cookies"):
        sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in kwargs["cookies"].items())
    return portal.client.request(
        kwargs["method"],
        kwargs["url"],
        params=kwargs.get("params"),
        headers=sent,
        **body,
    )


def _fuzz(portal: Portal, email: str) -> None:
    """Drive every operation with generated cases; collect every 5xx."""
    spec = portal.client.get("/api/openapi.json").json()
    schema = schemathesis.openapi.from_dict(spec)
    headers = portal.login(email)
    ids = ids_by_segment(portal)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path.startswith(SKIPPED):
            continue
        operations += 1
        modes = [operation.as_strategy(GenerationMode.POSITIVE)]
        try:
            modes.append(operation.as_strategy(GenerationMode.NEGATIVE))
        except Exception:  # an operation with nothing to break has no negative cases
            pass
        names = re.findall(r"\{([^}]+)\}", operation.path)
        real = ids.get(operation.path.split("/")[2], ([], []))[0]
        if names and (real or all(n in NUMBERED for n in names)):
            # Random ids only ever find nothing: also aim at the tenant's records.
            fixed = {n: 1 if n in NUMBERED else real[0] for n in names}
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                try:
                    modes.append(operation.as_strategy(mode, path_parameters=fixed))
                except Exception:  # as above
                    pass

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=os.environ.get("LEDGERDESK_FUZZ_RANDOM") != "1",
            suppress_health_check=list(HealthCheck),
        )
        @given(case=st.one_of(modes))
        def run(case: Any) -> None:
            nonlocal headers
            answer = _send(portal, case, headers)
            if answer.status_code == 401:
                headers = portal.login(email)  # a generated call ended the session
            if answer.status_code >= 500:
                failures.append(
                    f"{case.method} {case.formatted_path} -> {answer.status_code} "
                    f"{case.body!r:.300}: {answer.text[:200]}"
                )

        run()
    assert operations > 100, "the OpenAPI document lists too few operations"
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    "email", ["second@demo.test", "client@demo.test"], ids=["operator", "client"]
)
def test_no_generated_request_answers_a_5xx(portal: Portal, email: str) -> None:
    _fuzz(portal, email)
