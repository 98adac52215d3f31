"""Many portal clients at once against the real `ledgerdesk serve --workers`.

CLIENTS clients, each signed in with a session of its own, loop for a fixed time
over the mix a provider's Monday morning brings: the ticket list as it opens,
filtered lists (a status and a search), a ticket's details, the preset counts and
a reply. Each client sends its next request when the last one answered (a closed
loop: the load is bounded by the clients, and the run stops by itself at its
deadline). Figures: answered requests per second, the p50 and p95 latency over
all of them, and the errors (any answer but 2xx, a timeout, a refused connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urlencode, urlsplit

import httptools
import httpx
import orjson

from bench.measuring import NEWEST_FIRST, ListCase, list_cases, percentile
from bench.seeding import Tenant
from bench.server import ApiServer

CLIENTS = 50
REQUEST_TIMEOUT_S = 10.0
KEEPALIVE_S = 4.0
"""How long a client keeps an idle connection: less than uvicorn's 5 s, so a
connection idle since its sign-in is never sent on as the server closes it (a
broken read, counted as an error, a few times a run)."""
FAILED = (TimeoutError, OSError, httptools.HttpParserError)
"""What a request may raise instead of answering (each counts as an error):
no answer in REQUEST_TIMEOUT_S, a refused or broken connection, an answer
that is not HTTP."""
ARRIVAL_S = 0.02
"""The gap between two clients' first requests."""
MIX: list[tuple[str, int]] = [
    ("list", 30),
    ("filtered", 30),
    ("detail", 20),
    ("presets", 10),
    ("reply", 10),
]
"""What each request of a client is, by weight (out of 100)."""


@dataclass
class Tally:
    """What the clients saw: each answered request's time, and the errors."""

    timings_ms: list[float] = field(default_factory=list)
    errors: int = 0
    kinds: dict[str, list[float]] = field(default_factory=dict)
    """The timings by kind of request (printed per kind with the run)."""


def seconds_for(tickets: int) -> float:
    """30 s at the bench's full size, fewer for a smoke run."""
    return float(min(30, max(5, tickets // 1000)))


def run(
    database_url: str, tenant: Tenant, seconds: float, workers: int | None = None
) -> dict[str, float]:
    """Serve with `serve --workers`, load it for `seconds`; the load_* figures."""
    with ApiServer(
        database_url, tenant.subdomain, serve=True, workers=workers
    ) as server:
        tally, elapsed = asyncio.run(_load(server.base_url, tenant, seconds))
    for kind, timings in tally.kinds.items():
        p50, p95 = percentile(timings, 0.5), percentile(timings, 0.95)
        print(
            f"  {kind}: {len(timings)} answered, p50 {p50:.1f} ms, p95 {p95:.1f} ms",
            file=sys.stderr,
        )
    return figures(tally, elapsed)


def figures(tally: Tally, elapsed: float) -> dict[str, float]:
    """The four load figures from what the clients saw."""
    return {
        "load_rps": len(tally.timings_ms) / max(elapsed, 1e-9),
        "load_p50_ms": percentile(tally.timings_ms, 0.5),
        "load_p95_ms": percentile(tally.timings_ms, 0.95),
        "load_errors": float(tally.errors),
    }


async def _load(base_url: str, tenant: Tenant, seconds: float) -> tuple[Tally, float]:
    async with contextlib.AsyncExitStack() as stack:
        https = [
            await stack.enter_async_context(Connection(base_url, tenant))
            for _ in range(CLIENTS)
        ]
        tokens = [await _sign_in(http, tenant) for http in https]
        tickets = await _ticket_ids(https[0], tokens[0])
        cases = list_cases(tenant.statuses, 64)
        tally = Tally()
        deadline = time.perf_counter() + seconds
        started = time.perf_counter()
        await asyncio.gather(
            *(
                _client(http, token, n, cases, tickets, tally, deadline)
                for n, (http, token) in enumerate(zip(https, tokens, strict=True))
            )
        )
        return tally, time.perf_counter() - started


@dataclass(frozen=True)
class Answer:
    """A status and the body, read in full."""

    status: int
    content: bytes

    @property
    def is_success(self) -> bool:
        """2xx."""
        return 200 <= self.status < 300

    def json(self) -> Any:
        """The body as JSON."""
        return orjson.loads(self.content)


class Connection:
    """One client's own keep-alive connection, as each user's browser holds one.

    Fifty clients sharing one pool of fifty connections cost the generator 2.5
    times the CPU per request, and the pool kept reusing a few connections, so
    one worker got most of the requests. On the same two cores as the server,
    the generator's CPU per request is taken from the server's: through
    httpcore (its pool, anyio's streams and h11's parser in Python) it spent
    1.2 ms of CPU per request, an eighth of the machine under the load. This
    writes a request's bytes on an asyncio transport and reads the answer with
    httptools, uvicorn's C parser (`Answers`).
    """

    def __init__(self, base_url: str, tenant: Tenant) -> None:
        address = urlsplit(base_url)
        self.address = (address.hostname or "127.0.0.1", address.port or 80)
        self.host = f"{tenant.subdomain}.localhost"
        self.answers: Answers | None = None

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(self, *_: object) -> None:
        if self.answers is not None:
            self.answers.close()
            self.answers = None

    async def get(self, path: str, headers: dict[str, str]) -> Answer:
        """GET path (with its query string)."""
        return await self.send("GET", path, headers)

    async def send(
        self,
        method: str,
        path: str,
        headers: dict[str, str],
        content: bytes | None = None,
    ) -> Answer:
        """One request on this client's connection; the answer read in full."""
        lines = [f"{method} {path} HTTP/1.1", f"host: {self.host}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if content is not None:
            lines.append(f"content-length: {len(content)}")
        request = ("\r\n".join(lines) + "\r\n\r\n").encode() + (content or b"")
        try:
            async with asyncio.timeout(REQUEST_TIMEOUT_S):
                answers = await self._open()
                return await answers.ask(request)
        except BaseException:
            # an answer still coming would be taken for the next request's
            await self.__aexit__()
            raise

    async def _open(self) -> Answers:
        """This client's connection, opened again when it cannot be used."""
        answers = self.answers
        if answers is None or not answers.usable():
            if answers is not None:
                answers.close()
            _, answers = await asyncio.get_running_loop().create_connection(
                Answers, *self.address
            )
            self.answers = answers
        return answers


class Answers(asyncio.Protocol):
    """One connection's answers: each request waits for the next one in full.

    httptools calls on_body and on_message_complete as it parses. A connection
    the server closes fails the request waiting on it; one whose answer asks
    to close it is not used again.
    """

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpResponseParser(self)
        self.waiting: asyncio.Future[Answer] | None = None
        self.body: list[bytes] = []
        self.keep = True
        self.idle_since = time.monotonic()

    def usable(self) -> bool:
        """Open, willing, and idle for less than KEEPALIVE_S."""
        return (
            self.transport is not None
            and self.keep
            and time.monotonic() - self.idle_since < KEEPALIVE_S
        )

    async def ask(self, request: bytes) -> Answer:
        """Send a request; its answer."""
        if self.transport is None:
            raise ConnectionResetError("the connection is closed")
        self.waiting = asyncio.get_running_loop().create_future()
        self.transport.write(request)
        try:
            return await self.waiting
        finally:
            self.waiting = None
            self.idle_since = time.monotonic()

    def close(self) -> None:
        """Close the connection (a request still waiting fails)."""
        if self.transport is not None:
            self.transport.close()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as error:
            self._fail(error)
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self._fail(exc or ConnectionResetError("the server closed the connection"))

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        answer = Answer(self.parser.get_status_code(), b"".join(self.body))
        self.body = []
        self.keep = self.parser.should_keep_alive()
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(answer)

    def _fail(self, error: BaseException) -> None:
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(error)


def url(path: str, params: list[tuple[str, Any]]) -> str:
    """path with params as its query string (httpx's encoding, done once)."""
    return f"{path}?{urlencode(params)}" if params else path


async def _sign_in(http: Connection, tenant: Tenant) -> dict[str, str]:
    body = {"username": f"client@{tenant.subdomain}.test", "password": "demo"}
    answer = await http.send(
        "POST",
        "/api/auth/login",
        {"content-type": "application/json"},
        orjson.dumps(body),
    )
    if not answer.is_success:
        raise RuntimeError(f"sign-in answered {answer.status}")
    return {"authorization": f"Bearer {answer.json()['access_token']}"}


async def _ticket_ids(http: Connection, headers: dict[str, str]) -> list[str]:
    params = [(k, "50" if k == "builder[paginate]" else v) for k, v in NEWEST_FIRST]
    answer = await http.get(url("/api/tickets", params), headers)
    if not answer.is_success:
        raise RuntimeError(f"the ticket list answered {answer.status}")
    return [row["id"] for row in answer.json()["data"]]


async def _client(
    http: Connection,
    headers: dict[str, str],
    number: int,
    cases: list[ListCase],
    tickets: list[str],
    tally: Tally,
    deadline: float,
) -> None:
    rng = random.Random(number)
    # users arrive over the first second rather than in one burst of connects
    await asyncio.sleep(number * ARRIVAL_S)
    kinds = [kind for kind, _ in MIX]
    weights = [weight for _, weight in MIX]
    urls = [url("/api/tickets", case.params()) for case in cases]
    newest = url("/api/tickets", NEWEST_FIRST)
    i = 0
    while time.perf_counter() < deadline:
        i += 1
        kind = rng.choices(kinds, weights)[0]
        send = _request(
            http, headers, kind, rng, newest, urls, tickets, f"{number}.{i}"
        )
        started = time.perf_counter()
        try:
            answer = await send()
            ok = answer.is_success
        except FAILED:
            ok = False
        if ok:
            tally.timings_ms.append((time.perf_counter() - started) * 1000)
            tally.kinds.setdefault(kind, []).append(tally.timings_ms[-1])
        else:
            tally.errors += 1


def _request(
    http: Connection,
    headers: dict[str, str],
    kind: str,
    rng: random.Random,
    newest: str,
    filtered: list[str],
    tickets: list[str],
    tag: str,
) -> Callable[[], Awaitable[Answer]]:
    """The next request of one kind, ready to send."""
    if kind == "list":
        return lambda: http.get(newest, headers)
    if kind == "filtered":
        chosen = rng.choice(filtered)
        return lambda: http.get(chosen, headers)
    ticket = rng.choice(tickets)
    if kind == "detail":
        return lambda: http.get(f"/api/tickets/{ticket}", headers)
    if kind == "presets":
        return lambda: http.get("/api/presets-result-count/tickets", headers)
    form = httpx.Request(
        "POST",
        "/api/messages",
        files={
            "message": (None, f"<p>Load reply {tag}</p>"),
            "morphable_type": (None, "Ticket"),
            "morphable_id": (None, ticket),
        },
    )
    body = form.read()  # the multipart body as httpx encodes it
    sent = {**headers, "content-type": form.headers["content-type"]}
    return lambda: http.send("POST", "/api/messages", sent, body)
