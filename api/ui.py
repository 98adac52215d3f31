"""The built portal at /app, with browser-history fallback to index.html."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

DIST = Path(__file__).resolve().parent.parent / "ui" / "dist"
NOT_BUILT = (
    "<!doctype html><html><head><title>Ledgerdesk Portal</title></head><body>"
    "<h1>The portal is not built</h1><p>Run <code>npm run build</code> in ui/ "
    "to build it; the API under /api works without it.</p></body></html>"
)


def ui_response(path: str, dist: Path = DIST) -> Response:
    """A file of the build, index.html for any other path, or a not-built page."""
    index = dist / "index.html"
    if not index.is_file():
        return HTMLResponse(NOT_BUILT)
    root = dist.resolve()
    candidate = (dist / path).resolve()
    if path and candidate.is_file() and candidate.is_relative_to(root):
        return FileResponse(candidate)
    return FileResponse(index, headers={"Cache-Control": "no-cache"})


def mount_ui(app: FastAPI) -> None:
    """Serve /app and everything under it."""

    @app.get("/", include_in_schema=False)
    def home() -> Response:
        return RedirectResponse("/app/")

    @app.get("/app", include_in_schema=False)
    def app_root() -> Response:
        return ui_response("")

    @app.get("/app/{path:path}", include_in_schema=False)
    def app_path(path: str) -> Response:
        return ui_response(path)
