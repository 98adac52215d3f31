"""`ledgerdesk openapi`: write the API's OpenAPI document, as the code declares it."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from api.settings import Settings


def register(subparsers: Any) -> None:
    """Add the openapi subcommand."""
    parser = subparsers.add_parser(
        "openapi",
        help="print the OpenAPI document the UI's client is generated from",
        description=(
            "Build the application on a throw-away database and print its OpenAPI "
            "document as JSON; no server and no existing database are needed."
        ),
    )
    parser.add_argument(
        "-o", "--output", help="write to this file instead of standard output"
    )
    parser.set_defaults(handler=run)


def document() -> dict[str, Any]:
    """The OpenAPI document of the application, built on a temporary database."""
    from api.main import create_app

    with tempfile.TemporaryDirectory(prefix="ledgerdesk-openapi-") as folder:
        settings = Settings(
            database_url=f"sqlite:///{folder}/openapi.sqlite3",
            upload_dir=f"{folder}/uploads",
            export_dir=f"{folder}/exports",
            environment="development",
            api_docs=True,
            kafka_bootstrap=None,
        )
        app = create_app(settings)
        spec = app.openapi()
        app.state.engine.dispose()
        return spec


def render(spec: dict[str, Any]) -> str:
    """The document as the committed ui/openapi.json holds it."""
    return json.dumps(spec, indent=2, ensure_ascii=False) + "\n"


def run(arguments: argparse.Namespace) -> int:
    """Print or write the document."""
    text = render(document())
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
