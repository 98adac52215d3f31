"""A clash of two saves is retried with jittered back-off; a stale version is not."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from domain import store
from domain.errors import AlreadyExists, ConcurrentChange, StaleVersion
from domain.store import Store


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    slept: list[float] = []
    monkeypatch.setattr(store.time, "sleep", slept.append)
    return slept


def clashing(times: int, error: Exception) -> tuple[list[int], object]:
    """An action that clashes `times` times, then answers its attempt number."""
    attempts: list[int] = []

    def action() -> int:
        attempts.append(len(attempts) + 1)
        if len(attempts) <= times:
            raise error
        return len(attempts)

    return attempts, action


def test_twenty_clashes_in_a_row_still_end_in_a_save(pauses: list[float]) -> None:
    attempts, action = clashing(19, ConcurrentChange("clash"))
    assert Store.retrying(SimpleNamespace(**vars(Store)), action) == 20  # type: ignore[arg-type]
    assert len(attempts) == 20 and len(pauses) == 19
    assert all(0 < pause <= Store.retry_pause_max for pause in pauses)
    assert Store.retries_on_conflict >= 20


def test_pauses_grow_and_are_jittered(pauses: list[float]) -> None:
    _, action = clashing(10, AlreadyExists("created meanwhile"))
    Store.retrying(SimpleNamespace(**vars(Store)), action)  # type: ignore[arg-type]
    assert pauses[0] <= 0.004 < pauses[-1]
    _, again = clashing(10, ConcurrentChange("clash"))
    Store.retrying(SimpleNamespace(**vars(Store)), again)  # type: ignore[arg-type]
    assert pauses[:10] != pauses[10:]


def test_a_stale_version_is_refused_at_once(pauses: list[float]) -> None:
    attempts, action = clashing(1, StaleVersion("changed by someone else"))
    with pytest.raises(StaleVersion):
        Store.retrying(SimpleNamespace(**vars(Store)), action)  # type: ignore[arg-type]
    assert attempts == [1] and pauses == []


def test_a_clash_that_never_ends_is_refused_after_the_last_attempt(
    pauses: list[float],
) -> None:
    limited = SimpleNamespace(retries_on_conflict=3, retry_pause_max=0.01)
    attempts, action = clashing(99, ConcurrentChange("clash"))
    with pytest.raises(ConcurrentChange):
        Store.retrying(limited, action)  # type: ignore[arg-type]
    assert attempts == [1, 2, 3] and len(pauses) == 2
