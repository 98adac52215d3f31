"""Settings read from LEDGERDESK_* environment variables."""

from __future__ import annotations

from pydantic import model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_SECRET = "change-me-ledgerdesk-development-secret"


class Settings(BaseSettings):
    """Every process reads these; deploy/README.md lists what each one does."""

    model_config = SettingsConfigDict(env_prefix="LEDGERDESK_", extra="ignore")

    database_url: str = "sqlite:///var/ledgerdesk.sqlite3"
    environment: str = "development"
    secret_key: str = DEFAULT_SECRET
    default_tenant: str = "demo"
    kafka_bootstrap: str | None = None
    projection_batch_size: int = 1000
    read_cache_seconds: float = 2.0
    poll_interval: float = 0.2
    upload_dir: str = "var/uploads"
    export_dir: str = "var/exports"

    @property
    def is_production(self) -> bool:
        return self.environment == "production"

    @model_validator(mode="after")
    def refuse_default_secret_in_production(self) -> Settings:
        """A production process must not start with the published default secret."""
        if self.is_production and self.secret_key == DEFAULT_SECRET:
            raise ValueError(
                "LEDGERDESK_SECRET_KEY is left at its default: set one in production."
            )
        return self
