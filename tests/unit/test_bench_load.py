"""The load generator's client: the requests it sends, on one connection each."""

from __future__ import annotations

import asyncio
import random

import httpx

from bench.load import FAILED, Connection, _request, url
from bench.measuring import NEWEST_FIRST, ListCase
from bench.seeding import Tenant

TENANT = Tenant("acme", "t-1", 10, [], "")


def test_a_list_address_is_encoded_as_httpx_encodes_it() -> None:
    for params in (NEWEST_FIRST, ListCase(3, "printer vpn").params()):
        expected = httpx.URL("http://x/api/tickets", params=params)
        assert "http://x" + url("/api/tickets", params) == str(expected)


async def _serve(
    seen: list[bytes], statuses: list[int]
) -> tuple[asyncio.Server, str, list[int]]:
    """A one-answer-per-request HTTP/1.1 server; what each connection sent."""
    connections: list[int] = []

    async def handle(
        reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        connections.append(1)
        while head := await reader.readuntil(b"\r\n\r\n"):
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            seen.append(head + (await reader.readexactly(length) if length else b""))
            status = statuses.pop(0)
            body = b'{"ok": true}'
            writer.write(
                b"HTTP/1.1 %d X\r\ncontent-length: %d\r\n\r\n%s"
                % (status, len(body), body)
            )
            await writer.drain()
            if not statuses:
                break
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}", connections


def test_a_client_sends_its_tenant_and_token_on_one_connection() -> None:
    seen: list[bytes] = []

    async def run() -> list[bool]:
        server, base, connections = await _serve(seen, [200, 200, 404])
        headers = {"authorization": "Bearer abc"}
        rng = random.Random(1)
        async with server, Connection(base, TENANT) as http:
            answers = [
                await _request(http, headers, kind, rng, "/n", ["/f"], ["t1"], "1.1")()
                for kind in ("list", "reply", "detail")
            ]
        assert len(connections) == 1
        return [answer.is_success for answer in answers]

    assert asyncio.run(run()) == [True, True, False]
    listed, replied, detail = seen
    assert listed.startswith(b"GET /n HTTP/1.1\r\n")
    for sent in seen:
        assert b"host: acme.localhost\r\n" in sent.lower()
        assert b"authorization: Bearer abc\r\n" in sent
    assert replied.startswith(b"POST /api/messages HTTP/1.1\r\n")
    assert b"multipart/form-data; boundary=" in replied
    assert b'name="morphable_id"\r\n\r\nt1\r\n' in replied
    assert b"<p>Load reply 1.1</p>" in replied
    assert detail.startswith(b"GET /api/tickets/t1 HTTP/1.1\r\n")


def test_a_request_looks_for_no_module(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """No request imports a module: a missing one (sniffio, under httpcore)
    was searched for on the path again on every request."""
    import importlib.machinery

    searched: list[str] = []
    find_spec = importlib.machinery.PathFinder.find_spec

    def counted(name, path=None, target=None):  # type: ignore[no-untyped-def]
        searched.append(name)
        return find_spec(name, path, target)

    async def run() -> None:
        server, base, _ = await _serve([], [200, 200, 200])
        async with server, Connection(base, TENANT) as http:
            await http.get("/warm", {})  # the first request may import lazily
            monkeypatch.setattr(importlib.machinery.PathFinder, "find_spec", counted)
            await http.get("/a", {})
            await http.get("/b", {})

    asyncio.run(run())
    assert searched == []


async def _closing_server(
    answers: list[bytes],
) -> tuple[asyncio.Server, str, list[int]]:
    """A server that writes each given answer on a connection of its own and
    closes it (b"" closes it without answering, b"wait" answers after 5 s);
    the connections it saw."""
    connections: list[int] = []

    async def handle(
        reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        connections.append(1)
        await reader.readuntil(b"\r\n\r\n")
        answer = answers.pop(0)
        if answer == b"wait":
            await asyncio.sleep(5)
        writer.write(answer)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}", connections


def test_a_connection_the_answer_closes_is_opened_again() -> None:
    close = b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\nok"

    async def run() -> tuple[list[int], int]:
        server, base, connections = await _closing_server([close, close])
        async with server, Connection(base, TENANT) as http:
            statuses = [(await http.get("/a", {})).status for _ in range(2)]
        return statuses, len(connections)

    assert asyncio.run(run()) == ([200, 200], 2)


def test_a_broken_or_silent_connection_fails_the_request_then_recovers(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    import bench.load

    monkeypatch.setattr(bench.load, "REQUEST_TIMEOUT_S", 0.2)
    good = b"HTTP/1.1 204 No Content\r\n\r\n"
    answers = [b"", b"not http at all\r\n\r\n", b"wait", good]

    async def run() -> list[str]:
        server, base, _ = await _closing_server(answers)
        outcomes = []
        async with server, Connection(base, TENANT) as http:
            for _ in range(4):
                try:
                    outcomes.append(str((await http.get("/a", {})).status))
                except FAILED as error:
                    outcomes.append(type(error).__name__)
        return outcomes

    broken, garbled, silent, answered = asyncio.run(run())
    assert broken == "ConnectionResetError"
    assert garbled == "HttpParserError"
    assert silent == "TimeoutError"
    assert answered == "204"


def test_an_idle_connection_is_not_sent_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """One idle for KEEPALIVE_S may be closing at the server: a new one is opened."""
    import bench.load

    async def run() -> int:
        server, base, connections = await _serve([], [200, 200, 200])
        async with server, Connection(base, TENANT) as http:
            await http.get("/a", {})
            await http.get("/b", {})
            monkeypatch.setattr(bench.load, "KEEPALIVE_S", 0.0)
            await http.get("/c", {})
        return len(connections)

    assert asyncio.run(run()) == 2
