"""ledgerdesk migrate: bring a database to this release.

The kept tables (sessions, tokens, positions, parked events...) are migrated with
Alembic; the read model is rebuilt from the log when its tables changed.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the migrate subcommand."""
    parser = subparsers.add_parser(
        "migrate", help="migrate the kept tables and rebuild a changed read model"
    )
    parser.add_argument(
        "--status",
        action="store_true",
        help="show where the database is; change nothing",
    )
    parser.add_argument(
        "--revision",
        metavar="MESSAGE",
        help="write a migration of the kept tables' changed definitions (development)",
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Migrate, show the status, or write a revision."""
    from api.bootstrap import build_application, build_engine
    from api.settings import Settings
    from projections.upgrade import prepare, read_model_current
    from storage import migrations

    settings = Settings()
    engine = build_engine(settings)
    try:
        before = migrations.current(engine)
        if arguments.status:
            print(
                f"Kept tables at {before or 'no revision'}; newest {migrations.head()}."
            )
            current = read_model_current(engine)
            print("Read model current." if current else "Read model to be rebuilt.")
            return 0
        if arguments.revision:
            migrations.migrate(engine)
            path = migrations.write_revision(engine, arguments.revision)
            print(f"Wrote {path}." if path else "No change to migrate.")
            return 0
        app = build_application(settings)
        try:
            rebuilt = prepare(app, engine)
        finally:
            app.close()
        print(
            f"Kept tables at {migrations.head()} (were at {before or 'no revision'})."
        )
        print(
            "Read model rebuilt for this release." if rebuilt else "Read model current."
        )
        return 0
    finally:
        engine.dispose()
