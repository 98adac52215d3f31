"""The FastAPI application: routers under /api, the portal under /app."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI
from fastapi.routing import APIRoute
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from api import errors, observability
from api.bootstrap import READ_POOL, build_services
from api.compression import CompressedAnswers
from api.guards import RefuseNul
from api.headers import SecurityHeaders
from api.observability_state import FollowerCollector
from api.routers import ROUTERS
from api.routers.system import health_router
from api.routing import match_by_fixed_start
from api.settings import Settings
from api.ui import mount_ui


def operation_id(route: APIRoute) -> str:
    """Clean operation ids for generated clients: tag-name, e.g. tickets-list."""
    tag = str(route.tags[0]) if route.tags else "api"
    return f"{tag}-{route.name}"


@asynccontextmanager
async def request_threads(_app: FastAPI) -> AsyncIterator[None]:
    """As many threads for the handlers as pooled connections, not anyio's 40.

    Python runs one thread at a time per process, so threads beyond those of
    the requests waiting on the database add no speed; each took a connection,
    and beyond the pool's those were opened and closed for each request. The
    requests beyond wait for a thread instead. Measured with the bench's load
    (50 clients, 2 workers, 100,000 tickets, 20 s each): 160-200 requests/s
    with 40 threads, 210-264 with 10.
    """
    anyio.to_thread.current_default_thread_limiter().total_tokens = READ_POOL
    yield


def create_app(settings: Settings | None = None) -> FastAPI:
    """The application with its services on app.state.services."""
    settings = settings or Settings()
    svc = build_services(settings)
    docs = settings.api_docs or not settings.is_production
    app = FastAPI(
        title="Ledgerdesk portal API",
        version="1.0.0",
        # The API's map is for development, or production when asked for.
        openapi_url="/api/openapi.json" if docs else None,
        docs_url="/api/docs" if docs else None,
        redoc_url="/api/redoc" if docs else None,
        generate_unique_id_function=operation_id,
        lifespan=request_threads,
    )
    app.state.services = svc
    app.state.domain = svc.domain
    app.state.engine = svc.engine
    app.state.follower = svc.follower
    errors.install(app)
    app.add_middleware(CompressedAnswers)
    app.add_middleware(RefuseNul)
    # X-Forwarded-For counts only from LEDGERDESK_TRUSTED_PROXIES (default none),
    # so the throttle's address cannot be chosen by the caller.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.proxies)
    # outermost, so refusals of the inner middleware carry the policy too
    app.add_middleware(SecurityHeaders)
    # outermost of all: every answer, refusals included, has an id and is timed
    observability.install(
        app,
        settings.default_tenant,
        FollowerCollector(svc.domain, svc.engine, bool(settings.smtp_url)),
        settings.request_turns,
    )
    app.include_router(health_router, prefix="/api")
    for router in ROUTERS:
        app.include_router(router, prefix="/api")
    mount_ui(app)
    match_by_fixed_start(app.router.routes)
    return app
