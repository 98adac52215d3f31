"""Refuse NUL characters anywhere in a request: no database stores them as text."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_JSON_BYTES = 5 * 1024 * 1024
BODY = {"message": "The request contains a NUL character.", "errors": {}}


async def _answer(send: Send, field: str) -> None:
    payload = json.dumps({**BODY, "errors": {field: [BODY["message"]]}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 422,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class RefuseNul:
    """ASGI middleware: a NUL in the query or a JSON body is a 422, not a 500."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").lower()
        if b"%00" in query or b"\x00" in query:
            await _answer(send, "query")
            return
        headers = dict(scope.get("headers") or [])
        if not headers.get(b"content-type", b"").startswith(b"application/json"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        more = True
        while more:
            message = await receive()
            chunks.append(message.get("body", b""))
            more = bool(message.get("more_body"))
        body = b"".join(chunks)
        if b"\\u0000" in body or b"\x00" in body:
            await _answer(send, "body")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def has_nul(value: Any) -> bool:
    """Whether a form value holds a NUL character."""
    return isinstance(value, str) and "\x00" in value
