"""Refuse what no route can store: NUL, control characters, lone surrogates, depth.

No database stores NUL or a lone surrogate as text, XLSX exports cannot hold
control characters, and a body nested a thousand deep costs every reader a
recursion: all are a 422 before any route sees the request.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from domain.values import CONTROL

MAX_JSON_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 32
BODY = {"message": "The request contains a NUL character.", "errors": {}}
TOO_DEEP = f"The body may nest arrays and objects at most {MAX_DEPTH} deep."
CONTROL_TEXT = "The text contains a control character."
NOT_UNICODE = "The text is not valid Unicode."
TOO_LARGE = f"The body may be at most {MAX_JSON_BYTES // (1024 * 1024)} MB."

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
# \u escapes of control characters or of surrogates: only then is a body walked.
_SUSPECT = re.compile(
    rb"\\u(?:00[01][0-9a-fA-F]|00[89][0-9a-fA-F]|007[fF]|[dD][89a-fA-F])"
    rb"|\x7f|\xc2[\x80-\x9f]"
)
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def too_deep(body: bytes) -> bool:
    """Whether JSON text nests arrays and objects deeper than MAX_DEPTH."""
    if body.count(b"[") + body.count(b"{") <= MAX_DEPTH:
        return False
    depth = 0
    for bracket in _STRING.sub(b'""', body).translate(None, _NOT_BRACKET):
        if bracket in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def _text_problem(value: str) -> str | None:
    if _SURROGATE.search(value):
        return NOT_UNICODE
    if CONTROL.search(value):
        return CONTROL_TEXT
    return None


def value_problem(
    value: Any, field: str = "body", depth: int = 0
) -> tuple[str, str] | None:
    """The first (field, message) a parsed JSON value cannot be stored with."""
    if depth > MAX_DEPTH:
        return "body", TOO_DEEP
    if isinstance(value, str):
        problem = _text_problem(value)
        return None if problem is None else (field, problem)
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        name = str(key) if field == "body" else f"{field}.{key}"
        if isinstance(key, str) and _text_problem(key):
            return name[:100], _text_problem(key) or ""
        found = value_problem(item, name, depth + 1)
        if found is not None:
            return found
    return None


def body_problem(body: bytes) -> tuple[str, str] | None:
    """What makes a JSON body unstorable, cheaply: most bodies are only scanned."""
    if too_deep(body):
        return "body", TOO_DEEP
    if not _SUSPECT.search(body):
        return None
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None  # the route answers that the body is not valid JSON
    return value_problem(data)


async def _answer(
    send: Send, field: str, message: str = str(BODY["message"]), status: int = 422
) -> None:
    payload = json.dumps({"message": message, "errors": {field: [message]}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class RefuseNul:
    """ASGI middleware: a JSON body with what no route can store is a 422.

    That is a NUL (in the query too), a control character, a lone surrogate or
    nesting deeper than MAX_DEPTH; a JSON body over MAX_JSON_BYTES is a 413.
    """

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
        size = 0
        more = True
        while more:
            message = await receive()
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > MAX_JSON_BYTES:  # stop reading: the rest is never needed
                await _answer(send, "body", TOO_LARGE, 413)
                return
            more = bool(message.get("more_body"))
        body = b"".join(chunks)
        if b"\\u0000" in body or b"\x00" in body:
            await _answer(send, "body")
            return
        problem = body_problem(body)
        if problem is not None:
            await _answer(send, *problem)
            return
        await self.app(scope, replaying(body, receive), send)


def replaying(body: bytes, receive: Receive) -> Receive:
    """A receive that hands out a body read already, then the client's next word."""
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if replayed:
            return await receive()
        replayed = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def has_nul(value: Any) -> bool:
    """Whether a form value holds a NUL character."""
    return isinstance(value, str) and "\x00" in value
