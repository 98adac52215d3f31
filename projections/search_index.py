"""What each database adds to search_documents to search it (docs/search.md).

PostgreSQL: a stored tsvector column built in the row's own language
configuration (dutch, english, german), a GIN index on it, and a trigram GIN
index on the references (pg_trgm). SQLite: an FTS5 table over title, text and
ref with the content kept in search_documents, and triggers that keep it in
step. Both are made when the table is created; a rebuild on SQLite, which makes
the table again without its events, calls `installed` after the switch.
"""

from __future__ import annotations

import logging

from sqlalchemy import Connection

from projections.tables import search_documents

log = logging.getLogger("ledgerdesk.search")

LANGUAGES = ("dutch", "english", "german")
"""The text search configurations a document may be written in."""

FTS = "search_fts"
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"


def _vector(language: str) -> str:
    """The weighted tsvector of a row in one configuration (immutable)."""
    return (
        f"setweight(to_tsvector('{language}'::regconfig, title), 'A') || "
        "setweight(to_tsvector('simple'::regconfig, ref), 'A') || "
        f"setweight(to_tsvector('{language}'::regconfig, text), 'B')"
    )


TSVECTOR = (
    "CASE language "
    + " ".join(f"WHEN '{name}' THEN {_vector(name)}" for name in ("dutch", "german"))
    + f" ELSE {_vector('english')} END"
)


INSTALLED = frozenset(
    {"tsv", "ix_search_tsv", "ix_search_tsv_records", "ix_search_ref"}
)
"""Columns and indexes `installed` adds outside the table's metadata (PostgreSQL),
which a comparison with the metadata leaves alone."""


def _qualified(connection: Connection, name: str) -> str:
    translate = connection.get_execution_options().get("schema_translate_map") or {}
    schema = translate.get(None)
    return f'"{schema}"."{name}"' if schema else f'"{name}"'


def has_trigrams(connection: Connection) -> bool:
    """Whether pg_trgm is installed (created here when it may be)."""
    found = connection.exec_driver_sql(
        "SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'"
    ).first()
    if found:
        return True
    try:
        with connection.begin_nested():
            connection.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except Exception as error:  # no right to create it: references by ILIKE scan
        log.warning("pg_trgm is not available (%s): no trigram index", error)
        return False
    return True


def _install_postgresql(connection: Connection) -> None:
    _tsv_column(connection)
    for statement in index_statements(connection):
        connection.exec_driver_sql(statement)


def _tsv_column(connection: Connection) -> None:
    table = _qualified(connection, search_documents.name)
    connection.exec_driver_sql(
        f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS tsv tsvector "
        f"GENERATED ALWAYS AS ({TSVECTOR}) STORED"
    )


def index_statements(connection: Connection) -> list[str]:
    """The search indexes of search_documents (PostgreSQL), largest first; each
    may be built beside the others, once the tsv column is there."""
    table = _qualified(connection, search_documents.name)
    statements = [
        f"CREATE INDEX IF NOT EXISTS ix_search_tsv ON {table} USING gin (tsv)",
        # the records' words without the messages': a word rare in tickets but
        # common in messages is found in tickets without reading the messages
        f"CREATE INDEX IF NOT EXISTS ix_search_tsv_records ON {table} "
        "USING gin (tsv) WHERE kind <> 'message'",
    ]
    if has_trigrams(connection):
        statements.append(
            f"CREATE INDEX IF NOT EXISTS ix_search_ref ON {table} "
            "USING gin (ref gin_trgm_ops)"
        )
    return statements


_TRIGGERS = {
    "search_documents_ai": (
        "AFTER INSERT",
        f"INSERT INTO {FTS}(rowid, title, text, ref) "
        "VALUES (new.rowid, new.title, new.text, new.ref);",
    ),
    "search_documents_ad": (
        "AFTER DELETE",
        f"INSERT INTO {FTS}({FTS}, rowid, title, text, ref) "
        "VALUES ('delete', old.rowid, old.title, old.text, old.ref);",
    ),
    "search_documents_au": (
        "AFTER UPDATE",
        f"INSERT INTO {FTS}({FTS}, rowid, title, text, ref) "
        "VALUES ('delete', old.rowid, old.title, old.text, old.ref); "
        f"INSERT INTO {FTS}(rowid, title, text, ref) "
        "VALUES (new.rowid, new.title, new.text, new.ref);",
    ),
}


def _install_sqlite(connection: Connection) -> None:
    connection.exec_driver_sql(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS} USING fts5("
        f"title, text, ref, content='{search_documents.name}', "
        f"tokenize='{FTS_TOKENIZER}')"
    )
    for name, (when, body) in _TRIGGERS.items():
        connection.exec_driver_sql(
            f"CREATE TRIGGER IF NOT EXISTS {name} {when} ON {search_documents.name} "
            f"BEGIN {body} END"
        )
    # the content may have been written without the triggers (a rebuild's copy)
    connection.exec_driver_sql(f"INSERT INTO {FTS}({FTS}) VALUES ('rebuild')")


def deferred(connection: Connection) -> None:
    """Drop the PostgreSQL search indexes of a rebuild's staging tables: built
    once after the load (`installed`), not kept up to date row by row."""
    if connection.dialect.name != "postgresql":
        return
    translate = connection.get_execution_options().get("schema_translate_map") or {}
    schema = translate.get(None)
    prefix = f'"{schema}".' if schema else ""
    for name in ("ix_search_tsv", "ix_search_tsv_records", "ix_search_ref"):
        connection.exec_driver_sql(f"DROP INDEX IF EXISTS {prefix}{name}")


def prepared(connection: Connection) -> list[str]:
    """The tsv column of a rebuild's staging table, and the statements of its
    deferred indexes (PostgreSQL: `installed` without the index builds)."""
    _tsv_column(connection)
    return index_statements(connection)


def installed(connection: Connection) -> None:
    """Add the database's search structures to search_documents (idempotent)."""
    if connection.dialect.name == "postgresql":
        _install_postgresql(connection)
    elif connection.dialect.name == "sqlite":
        _install_sqlite(connection)
