"""A database of the benchmark's own: a fresh SQLite file or PostgreSQL database."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse, urlunparse

from api.bootstrap import is_sqlite, sqlite_path

POSTGRES_NAME = "ledgerdesk_bench"


class BenchDatabase:
    """Creates an empty database beside the configured one and drops it afterwards."""

    def __init__(self, configured_url: str, name: str = POSTGRES_NAME) -> None:
        self.configured_url = configured_url
        self.name = name
        self.url = self._bench_url()

    @property
    def backend(self) -> str:
        """'sqlite' or 'postgresql'."""
        return "sqlite" if is_sqlite(self.configured_url) else "postgresql"

    def _bench_url(self) -> str:
        if is_sqlite(self.configured_url):
            path = sqlite_path(self.configured_url)
            folder = Path("var") if path == ":memory:" else Path(path).parent
            return f"sqlite:///{folder / 'bench' / (self.name + '.sqlite3')}"
        parts = urlparse(self.configured_url)
        return urlunparse(parts._replace(path=f"/{self.name}"))

    def _admin_url(self) -> str:
        parts = urlparse(self.configured_url.replace("+psycopg", ""))
        admin = parts.path.lstrip("/") or "postgres"
        if admin == self.name:
            admin = "postgres"
        return urlunparse(parts._replace(path=f"/{admin}"))

    def _sqlite_files(self) -> list[Path]:
        base = Path(sqlite_path(self.url))
        return [base] + [Path(f"{base}{suffix}") for suffix in ("-wal", "-shm")]

    def create(self) -> str:
        """Drop what an earlier run left and create the empty database; its URL."""
        self.drop()
        if self.backend == "sqlite":
            Path(sqlite_path(self.url)).parent.mkdir(parents=True, exist_ok=True)
            return self.url
        import psycopg

        with psycopg.connect(self._admin_url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{self.name}"')
        return self.url

    def drop(self) -> None:
        """Remove the benchmark database (the configured one is never touched)."""
        if self.backend == "sqlite":
            for path in self._sqlite_files():
                path.unlink(missing_ok=True)
            return
        import psycopg

        with psycopg.connect(self._admin_url(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
