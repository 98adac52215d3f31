"""The API's answers compressed for a client that accepts gzip.

A list page or the signed-in user's lookups are 10 to 12 KB of JSON, 2 to 3 KB
gzipped: on a phone's slow network that is the difference between one round trip
and several before the page can draw. Starlette's GZipMiddleware does the work;
it is applied to /api only, since the UI's files come precompressed from the build
(api/ui.py), and it leaves alone answers under a kilobyte, partial content, answers
already encoded and files that are compressed by their format.
"""

from __future__ import annotations

from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

MINIMUM_SIZE = 1024
LEVEL = 6
"""zlib's default: for answers of a few KB within a few per cent of level 9's size,
at about half its CPU."""
COMPRESSED_FORMATS = (
    *DEFAULT_EXCLUDED_CONTENT_TYPES,
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
)


class CompressedAnswers:
    """gzip for the answers under /api; everything else passes as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(
            app,
            minimum_size=MINIMUM_SIZE,
            compresslevel=LEVEL,
            exclude_content_types=COMPRESSED_FORMATS,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
