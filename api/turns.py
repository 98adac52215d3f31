"""A worker's requests take turns: a few run at once, the others wait in order.

A worker runs one thread of Python at a time. When every request its clients
sent ran at once, each got a slice of the interpreter in turn and all of them
finished late together: under the bench's load (fifty clients, two workers) a
request of any kind waited twice its median at the 95th percentile. A worker
now runs `turns` requests at once (LEDGERDESK_REQUEST_TURNS, default 4: enough
that while some wait on the database or on the read model others use the
interpreter) and the rest wait in the order they came, as asyncio's semaphore
admits its waiters first come, first served.

A turn covers a request's own work. It is taken once the body is in, so a
client that sends slowly holds none, and given back when the answer starts, so
one that reads slowly holds none either. A body longer than PREREAD_BYTES, or
of a length not told in advance, is not read ahead: such a request (an upload)
goes without a turn rather than keep one while its bytes arrive. Health checks
and metrics take no turn: they answer while the worker is busy.
"""

from __future__ import annotations

import asyncio
import weakref

from prometheus_client import Gauge
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.guards import replaying

DEFAULT_TURNS = 4
PREREAD_BYTES = 1024 * 1024
WITHOUT_TURN = frozenset({"/api/health", "/metrics"})


def _body_length(scope: Scope) -> int | None:
    """The body's announced length: 0 without a body, None when not told."""
    length = 0
    for name, value in scope["headers"]:
        if name == b"transfer-encoding":
            return None
        if name == b"content-length":
            try:
                length = int(value)
            except ValueError:
                return None
    return length


class Turns:
    """ASGI middleware: at most `turns` requests of this worker run at once."""

    def __init__(self, app: ASGIApp, turns: int, waiting: Gauge | None = None) -> None:
        self.app = app
        self.turns = turns
        self.waiting = waiting
        # one semaphore per event loop: a semaphore belongs to the loop it first
        # waited on, and a test client may run the app on several loops
        self._semaphores: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, asyncio.Semaphore
        ] = weakref.WeakKeyDictionary()

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        semaphore = self._semaphores.get(loop)
        if semaphore is None:
            semaphore = self._semaphores[loop] = asyncio.Semaphore(self.turns)
        return semaphore

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = _body_length(scope) if scope["type"] == "http" else None
        if (
            self.turns <= 0
            or length is None
            or length > PREREAD_BYTES
            or scope["path"] in WITHOUT_TURN
        ):
            await self.app(scope, receive, send)
            return
        if length:
            receive = await _read_ahead(receive)
        semaphore = self._semaphore()
        if self.waiting is not None:
            self.waiting.inc()
        try:
            await semaphore.acquire()
        finally:
            if self.waiting is not None:
                self.waiting.dec()
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                semaphore.release()

        async def send_starting(message: Message) -> None:
            if message["type"] == "http.response.start":
                give_back()
            await send(message)

        try:
            await self.app(scope, receive, send_starting)
        finally:
            give_back()


async def _read_ahead(receive: Receive) -> Receive:
    """The body read now, handed out again to the first read after."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return receive  # gone: the app hears so at its own first read
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return replaying(b"".join(chunks), receive)
