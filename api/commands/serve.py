"""ledgerdesk serve: the API (and the portal at /app) over HTTP."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the serve subcommand."""
    parser = subparsers.add_parser("serve", help="serve the API and the portal")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Run uvicorn on the application factory."""
    import uvicorn

    from api.commands._common import open_stores

    open_stores()
    uvicorn.run(
        "api.main:create_app",
        factory=True,
        host=arguments.host,
        port=arguments.port,
        log_level="info",
        proxy_headers=True,
    )
    return 0
