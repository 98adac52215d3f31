"""Request ids, JSON log lines and request metrics, at a few microseconds a request.

Every request gets an id (a sane incoming X-Request-ID, else a new one), echoed
in the answer's header and carried, with the tenant's subdomain, by every log
line written while it runs. Latency is observed per route template, never per
raw path, into a registry of the application's own; /metrics adds the
follower's and relay's state, read from the database only when scraped.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from contextvars import ContextVar
from typing import Any
from uuid import uuid4

from fastapi import FastAPI
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from pythonjsonlogger.json import JsonFormatter
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.deps import subdomain_of
from api.turns import Turns

REQUEST_ID = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")

_request: ContextVar[dict[str, str | None] | None] = ContextVar("request", default=None)
"""The running request's id and tenant, for every log line written meanwhile."""

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)


def current_request_id() -> str | None:
    """The id of the request being answered (None outside a request)."""
    found = _request.get()
    return found["request_id"] if found else None


class RequestContext(logging.Filter):
    """Puts the running request's id and tenant on each log record."""

    def filter(self, record: logging.LogRecord) -> bool:
        found = _request.get()
        record.request_id = found["request_id"] if found else None
        record.tenant = found["tenant"] if found else None
        return True


def json_formatter() -> logging.Formatter:
    """One JSON object a line: time, level, logger, message, request id, tenant."""
    return JsonFormatter(
        "{asctime}{levelname}{name}{message}{request_id}{tenant}",
        style="{",
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        datefmt="%Y-%m-%dT%H:%M:%S%z",
    )


def configure_logging(level: int = logging.INFO) -> logging.Handler:
    """Write every log line, uvicorn's included, as JSON to stderr (once)."""
    root = logging.getLogger()
    handler = next(
        (h for h in root.handlers if getattr(h, "ledgerdesk_json", False)), None
    ) or _json_handler(root, level)
    for name in ("uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers.clear()  # theirs are plain text; ours is the root's
        logger.propagate = True
    # The app writes each answer's line itself (Observe, below); uvicorn writes
    # its own whenever its access logger reaches a handler, whatever access_log
    # said, so it reaches none: one line a request, not two.
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False
    return handler


def _json_handler(root: logging.Logger, level: int) -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(json_formatter())
    handler.addFilter(RequestContext())
    handler.ledgerdesk_json = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    return handler


class RequestMetrics:
    """The request histograms of one application, in its own registry."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        self.latency = Histogram(
            "ledgerdesk_request_seconds",
            "Time to answer a request, by method and route template.",
            ["method", "route"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.answers = Counter(
            "ledgerdesk_responses",
            "Answers by method, route template and status code.",
            ["method", "route", "status"],
            registry=registry,
        )
        self.waiting = Gauge(
            "ledgerdesk_requests_waiting",
            "Requests waiting for their turn in this worker (api/turns.py).",
            registry=registry,
        )


def route_of(scope: Scope) -> str:
    """The route template a request matched ('unmatched' for none).

    Routers included under a prefix keep their own path on the route, so the
    template is the request's path with each path parameter's value named.
    """
    if scope.get("route") is not None:
        params = {str(v): k for k, v in scope.get("path_params", {}).items()}
        parts = str(scope.get("path", "")).split("/")
        return "/".join(f"{{{params[p]}}}" if p in params else p for p in parts)
    if "app_root_path" in scope:  # under a mount (the portal's files)
        return str(scope.get("root_path") or "unmatched")
    return "unmatched"


class Observe:
    """ASGI middleware: request id, log context, access line and latency."""

    def __init__(
        self, app: ASGIApp, metrics: RequestMetrics, default_tenant: str
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.default_tenant = default_tenant
        self.log = logging.getLogger("ledgerdesk.access")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = None
        host = ""
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                incoming = value.decode("latin-1")
            elif name == b"host":
                host = value.decode("latin-1")
        request_id = (
            incoming if incoming and _SANE_ID.fullmatch(incoming) else uuid4().hex
        )
        context = {
            "request_id": request_id,
            "tenant": subdomain_of(host, self.default_tenant),
        }
        _request.set(context)
        status = 500
        began = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message).append(REQUEST_ID, request_id)
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - began
            route = route_of(scope)
            method = scope.get("method", "")
            self.metrics.latency.labels(method, route).observe(elapsed)
            self.metrics.answers.labels(method, route, str(status)).inc()
            self.log.info(
                "%s %s %s %.1fms",
                method,
                scope.get("path", ""),
                status,
                elapsed * 1000,
                extra={"route": route, "status": status},
            )
            # Not reset: the request's task ends with it, and the outermost
            # error handler, which logs an unexpected error, runs after this.


def install(
    app: FastAPI, default_tenant: str, state: Any = None, turns: int = 0
) -> None:
    """Wire request ids, JSON logs and /metrics into the application.

    `state` is a Prometheus collector of the followers' state (read when
    scraped); the request metrics live in the application's own registry.
    Inside the timing, requests take `turns` at a time (api/turns.py), so a
    request's wait for its turn counts in its latency.
    """
    configure_logging()
    registry = CollectorRegistry(auto_describe=True)
    metrics = RequestMetrics(registry)
    if state is not None:
        registry.register(state)
    app.state.metrics = metrics
    app.add_middleware(Turns, turns=turns, waiting=metrics.waiting)
    app.add_middleware(Observe, metrics=metrics, default_tenant=default_tenant)

    @app.get("/metrics", include_in_schema=False)
    def prometheus(_: Request) -> Response:
        """The Prometheus text exposition of this process."""
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
