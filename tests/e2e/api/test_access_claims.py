"""An access token's signature is checked once; its expiry at every use."""

from __future__ import annotations

import time

import pytest

from api import deps
from tests.e2e.api.conftest import Portal


def test_a_token_is_checked_once_and_refused_once_expired(
    portal: Portal, client_a: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[str] = []
    real = deps.read_token

    def counted(secret: str, token: str, kind: str) -> object:
        checks.append(kind)
        return real(secret, token, kind)

    monkeypatch.setattr(deps, "read_token", counted)
    for _ in range(3):
        assert portal.get("/api/tickets", client_a).status_code == 200
    assert checks == ["access"]

    later = time.time() + 24 * 3600
    monkeypatch.setattr(deps.time, "time", lambda: later)
    assert portal.get("/api/tickets", client_a).status_code == 401


def test_a_forged_token_is_refused_every_time(
    portal: Portal, client_a: dict[str, str]
) -> None:
    forged = {"Authorization": client_a["Authorization"][:-4] + "AAAA"}
    for _ in range(2):
        assert portal.get("/api/tickets", forged).status_code == 401
