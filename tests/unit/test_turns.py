"""A worker's requests take turns: so many at once, the rest in their order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from prometheus_client import CollectorRegistry, Gauge
from pydantic import ValidationError
from starlette.types import Message, Receive, Scope, Send

from api.settings import Settings
from api.turns import PREREAD_BYTES, Turns


class Desk:
    """An inner app whose requests each wait for their own gate to answer."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.bodies: dict[str, bytes] = {}
        self.gates: dict[str, asyncio.Event] = {}
        self.after_start: dict[str, asyncio.Event] = {}

    def gate(self, name: str) -> asyncio.Event:
        return self.gates.setdefault(name, asyncio.Event())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        name = scope["path"].rsplit("/", 1)[-1]
        self.started.append(name)
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        self.bodies[name] = body
        await self.gate(name).wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        if name in self.after_start:
            await self.after_start[name].wait()
        await send({"type": "http.response.body", "body": b"ok"})


def scope(path: str, headers: list[tuple[bytes, bytes]] | None = None) -> Scope:
    return {"type": "http", "method": "GET", "path": path, "headers": headers or []}


def a_body(*chunks: bytes, arrive: asyncio.Event | None = None) -> Receive:
    """A client sending the chunks, the last only once `arrive` is set."""
    pending = list(chunks)

    async def receive() -> Message:
        if not pending:
            await asyncio.Event().wait()  # nothing more: wait as for a disconnect
        if len(pending) == 1 and arrive is not None:
            await arrive.wait()
        return {
            "type": "http.request",
            "body": pending.pop(0),
            "more_body": bool(pending),
        }

    return receive


async def nothing() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


def answers() -> tuple[list[Message], Callable[[Message], Awaitable[None]]]:
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    return sent, send


async def settled() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 5))


def test_a_worker_runs_its_turns_at_once_and_admits_the_rest_in_order() -> None:
    async def test() -> None:
        desk = Desk()
        turns = Turns(desk, turns=2)
        requests = []
        for name in "abcde":
            requests.append(
                asyncio.create_task(turns(scope(f"/api/{name}"), nothing, answers()[1]))
            )
            await settled()
        assert desk.started == ["a", "b"]
        desk.gate("b").set()
        await settled()
        assert desk.started == ["a", "b", "c"]
        desk.gate("a").set()
        desk.gate("d").set()
        await settled()
        assert desk.started == ["a", "b", "c", "d", "e"]
        desk.gate("c").set()
        desk.gate("e").set()
        await asyncio.gather(*requests)

    run(test)


def test_a_turn_is_given_back_when_the_answer_starts() -> None:
    async def test() -> None:
        desk = Desk()
        turns = Turns(desk, turns=1)
        desk.after_start["slow-reader"] = asyncio.Event()
        desk.gate("slow-reader").set()
        sent, send = answers()
        first = asyncio.create_task(turns(scope("/api/slow-reader"), nothing, send))
        await settled()
        assert [m["type"] for m in sent] == ["http.response.start"]
        second = asyncio.create_task(turns(scope("/api/next"), nothing, answers()[1]))
        await settled()
        assert desk.started == ["slow-reader", "next"]
        desk.gate("next").set()
        await second
        desk.after_start["slow-reader"].set()
        await first

    run(test)


def test_a_failing_request_gives_its_turn_back() -> None:
    async def failing(scope: Scope, receive: Receive, send: Send) -> None:
        raise RuntimeError("broken")

    async def test() -> None:
        turns = Turns(failing, turns=1)
        with pytest.raises(RuntimeError):
            await turns(scope("/api/a"), nothing, answers()[1])
        with pytest.raises(RuntimeError):  # not stuck waiting for the first's turn
            await turns(scope("/api/b"), nothing, answers()[1])

    run(test)


def test_a_body_arrives_before_its_turn_and_reaches_the_route_whole() -> None:
    async def test() -> None:
        desk = Desk()
        turns = Turns(desk, turns=1)
        arrive = asyncio.Event()
        headers = [(b"content-length", b"11")]
        slow = a_body(b"hello ", b"world", arrive=arrive)
        sender = asyncio.create_task(
            turns(scope("/api/sender", headers), slow, answers()[1])
        )
        await settled()
        # the slow sender holds no turn: a later request runs meanwhile
        reader = asyncio.create_task(turns(scope("/api/reader"), nothing, answers()[1]))
        await settled()
        assert desk.started == ["reader"]
        desk.gate("reader").set()
        await reader
        arrive.set()
        desk.gate("sender").set()
        await sender
        assert desk.bodies["sender"] == b"hello world"

    run(test)


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/api/health", []),
        ("/metrics", []),
        ("/api/upload", [(b"content-length", str(PREREAD_BYTES + 1).encode())]),
        ("/api/upload", [(b"transfer-encoding", b"chunked")]),
    ],
)
def test_health_metrics_and_uploads_go_without_a_turn(
    path: str, headers: list[tuple[bytes, bytes]]
) -> None:
    async def test() -> None:
        desk = Desk()
        turns = Turns(desk, turns=1)
        busy = asyncio.create_task(turns(scope("/api/busy"), nothing, answers()[1]))
        await settled()
        name = path.rsplit("/", 1)[-1]
        desk.gate(name).set()
        await turns(scope(path, headers), nothing, answers()[1])
        assert desk.started == ["busy", name]
        desk.gate("busy").set()
        await busy

    run(test)


def test_the_waiting_requests_are_counted() -> None:
    async def test() -> None:
        desk = Desk()
        waiting = Gauge("waiting", "requests waiting", registry=CollectorRegistry())
        turns = Turns(desk, turns=1, waiting=waiting)
        requests = [
            asyncio.create_task(turns(scope(f"/api/{name}"), nothing, answers()[1]))
            for name in "abc"
        ]
        await settled()
        assert waiting._value.get() == 2
        for name in "abc":
            desk.gate(name).set()
        await asyncio.gather(*requests)
        assert waiting._value.get() == 0

    run(test)


def test_no_turns_means_no_limit() -> None:
    async def test() -> None:
        desk = Desk()
        turns = Turns(desk, turns=0)
        requests = [
            asyncio.create_task(turns(scope(f"/api/{name}"), nothing, answers()[1]))
            for name in "abcdef"
        ]
        await settled()
        assert desk.started == list("abcdef")
        for name in "abcdef":
            desk.gate(name).set()
        await asyncio.gather(*requests)

    run(test)


def test_turns_is_a_setting_that_cannot_be_negative(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEDGERDESK_REQUEST_TURNS", "2")
    assert Settings().request_turns == 2
    monkeypatch.setenv("LEDGERDESK_REQUEST_TURNS", "-1")
    with pytest.raises(ValidationError, match="request_turns"):
        Settings()


def test_the_application_takes_its_turns_from_the_setting(settings: Settings) -> None:
    from api.main import create_app

    app = create_app(settings.model_copy(update={"request_turns": 3}))
    try:
        layers = [m for m in app.user_middleware if m.cls is Turns]
        assert len(layers) == 1
        assert layers[0].kwargs["turns"] == 3
    finally:
        app.state.services.domain.close()
        app.state.services.engine.dispose()
