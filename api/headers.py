"""Security headers on every response: a Content-Security-Policy and its companions.

The portal's build needs no inline script and no eval: one module script, one
stylesheet and chunks from /app/assets. React sets style properties through the
DOM (not style attributes in markup), which a policy without 'unsafe-inline'
allows. Images are the API's own (attachments, the signature as a data: URL,
blob: previews) and Gravatar's avatars. Message HTML is shown in sandboxed
srcdoc frames, which inherit this policy: no script runs in them either way.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

GRAVATAR = "https://www.gravatar.com"
POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        f"img-src 'self' data: blob: {GRAVATAR}",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    )
)
"""The policy of the portal and of every API answer."""

DOCS_POLICY = "; ".join(
    (
        "default-src 'self'",
        # Swagger UI and ReDoc load from a CDN and start with an inline script;
        # they are served only in development or when enabled by settings.
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net "
        "https://fonts.googleapis.com",
        "font-src 'self' https://fonts.gstatic.com",
        "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
    )
)
"""The API documentation pages' policy."""

DOCS_PATHS = ("/api/docs", "/api/redoc")


def policy_for(path: str) -> str:
    """The Content-Security-Policy a response at this path carries."""
    return DOCS_POLICY if path.startswith(DOCS_PATHS) else POLICY


class SecurityHeaders:
    """Adds CSP, nosniff, a framing rule and a referrer policy to each answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = policy_for(str(scope.get("path", "")))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", policy)
                headers.setdefault("X-Content-Type-Options", "nosniff")
                headers.setdefault("X-Frame-Options", "SAMEORIGIN")
                headers.setdefault("Referrer-Policy", "same-origin")
            await send(message)

        await self.app(scope, receive, with_headers)
