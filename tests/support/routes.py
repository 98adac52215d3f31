"""Which route patterns FastAPI asks while routing a request."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fastapi.routing import APIRoute


@contextmanager
def asked_routes() -> Iterator[list[str]]:
    """The paths of the route patterns asked while inside (each route's path
    within its own router), in the order asked."""
    asked: list[str] = []
    original = APIRoute.matches

    def matches(self, scope):  # type: ignore[no-untyped-def]
        asked.append(self.path)
        return original(self, scope)

    APIRoute.matches = matches  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        APIRoute.matches = original  # type: ignore[method-assign]
