"""The built portal at /app, with browser-history fallback to index.html."""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

DIST = Path(__file__).resolve().parent.parent / "ui" / "dist"
NOT_BUILT = (
    "<!doctype html><html><head><title>Ledgerdesk Portal</title></head><body>"
    "<h1>The portal is not built</h1><p>Run <code>npm run build</code> in ui/ "
    "to build it; the API under /api works without it.</p></body></html>"
)
# The build writes each text file also as .br and .gz beside it (ui/vite.config.ts).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
# Files under assets/ carry their content's hash in their name: they never change.
FOREVER = "public, max-age=31536000, immutable"
REFUSED = re.compile(r"q\s*=\s*0(\.0*)?$")


def _accepted(accept_encoding: str) -> set[str]:
    """The content codings a browser's Accept-Encoding allows (q=0 refuses one)."""
    accepted = set()
    for part in accept_encoding.lower().split(","):
        coding, _, params = part.partition(";")
        if coding.strip() and not REFUSED.match(params.strip()):
            accepted.add(coding.strip())
    return accepted


def _file(path: Path, accept_encoding: str, headers: dict[str, str]) -> FileResponse:
    """The file, or its smallest compressed copy the browser accepts."""
    accepted = _accepted(accept_encoding)
    headers = {**headers, "Vary": "Accept-Encoding"}
    for coding, suffix in ENCODINGS:
        compressed = path.with_name(path.name + suffix)
        if (coding in accepted or "*" in accepted) and compressed.is_file():
            return FileResponse(
                compressed,
                headers={**headers, "Content-Encoding": coding},
                media_type=mimetypes.guess_type(path.name)[0] or "text/plain",
            )
    return FileResponse(path, headers=headers)


def ui_response(path: str, dist: Path = DIST, accept_encoding: str = "") -> Response:
    """A file of the build, index.html for any other path, or a not-built page."""
    index = dist / "index.html"
    if not index.is_file():
        return HTMLResponse(NOT_BUILT)
    root = dist.resolve()
    candidate = (dist / path).resolve()
    if path and candidate.is_file() and candidate.is_relative_to(root):
        hashed = candidate.is_relative_to(root / "assets")
        return _file(
            candidate, accept_encoding, {"Cache-Control": FOREVER} if hashed else {}
        )
    return _file(index, accept_encoding, {"Cache-Control": "no-cache"})


def mount_ui(app: FastAPI, dist: Path = DIST) -> None:
    """Serve /app and everything under it from the build in `dist`."""

    @app.get("/", include_in_schema=False)
    def home() -> Response:
        return RedirectResponse("/app/")

    @app.get("/app", include_in_schema=False)
    def app_root(request: Request) -> Response:
        return ui_response("", dist, request.headers.get("accept-encoding", ""))

    @app.get("/app/{path:path}", include_in_schema=False)
    def app_path(path: str, request: Request) -> Response:
        return ui_response(path, dist, request.headers.get("accept-encoding", ""))
