"""Settings read from LEDGERDESK_* environment variables."""

from __future__ import annotations

import base64
import hashlib
import os

from cryptography.fernet import Fernet
from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from api.turns import DEFAULT_TURNS

DEFAULT_SECRET = "change-me-ledgerdesk-development-secret"
MIN_SECRET_BYTES = 32
SMTP_SCHEMES = ("smtp", "smtp+starttls", "smtps")


class Settings(BaseSettings):
    """Every LEDGERDESK_* setting; nothing else reads the environment.

    deploy/README.md lists what each one does.
    """

    model_config = SettingsConfigDict(env_prefix="LEDGERDESK_", extra="ignore")

    database_url: str = "sqlite:///var/ledgerdesk.sqlite3"
    environment: str = "development"
    secret_key: str = DEFAULT_SECRET
    default_tenant: str = "demo"
    projection_batch_size: int = 1000
    # Requests an API worker runs at once; the others wait their turn in order
    # (api/turns.py). 0: no limit.
    request_turns: int = Field(default=DEFAULT_TURNS, ge=0)
    read_cache_seconds: float = 2.0
    poll_interval: float = 0.2
    upload_dir: str = "var/uploads"
    export_dir: str = "var/exports"
    # Links in mail: the tenant's base URL; {tenant} becomes its subdomain.
    public_url: str = "http://{tenant}.localhost:8000"
    # Addresses (or networks) of proxies whose X-Forwarded-For is believed.
    trusted_proxies: str = ""
    serve_followers_process: bool = False
    """Set by `serve` for its API workers: a process of its own runs the followers."""
    serve_connection_shares: str = ""
    """Set by `serve` for its API workers: the file they count connections in
    (api/balance.py)."""
    # Serve /api/docs, /api/redoc and the OpenAPI JSON in production too.
    api_docs: bool = False
    # Single sign-on: "entra" (Microsoft Entra ID, OIDC), "fake" (development) or off.
    sso: str = ""
    sso_fake_codes: str = ""
    entra_authority: str = "https://login.microsoftonline.com/organizations/v2.0"
    entra_client_id: str = ""
    entra_client_secret: str = ""
    # Entra tenant ids (tid) allowed to sign in; empty: any, unless a tenant's
    # config auth.entra_tenant_ids narrows it.
    entra_tenant_ids: str = ""
    # Mail: the process default SMTP server (smtp://host:port,
    # smtp+starttls://user:pass@host:587, smtps://user:pass@host:465); unset, mail
    # waits in the outbox for a tenant's own server or for this one to be set.
    smtp_url: str | None = None
    # Addresses at <subdomain>.<mail_domain> reach that tenant; it names Message-IDs.
    mail_domain: str = "localhost"
    # The sender when a tenant names none; {tenant} and {domain} are filled in.
    mail_from: str = "support@{tenant}.{domain}"
    # Fernet key (urlsafe base64, 32 bytes) for the tenants' stored mail passwords;
    # in development derived from the secret key, required in production.
    mail_key: str | None = None
    mail_max_attempts: int = 8
    mail_backoff_max: float = 300.0
    mail_batch_size: int = 100
    smtp_timeout: float = 10.0
    # Mail in: at most this many mails an hour from one sender are taken in
    # (a loop with an auto-responder that sets no header stops there); each
    # tenant's IMAP mailbox is read this often, or at once where IDLE wakes it.
    mail_rate_limit: int = 20
    mail_fetch_interval: float = 30.0
    # The Kafka relay and the reference accounting consumer: off while unset.
    kafka_bootstrap: str | None = None
    kafka_topic_invoices: str = "ledgerdesk.invoices"
    kafka_topic_quotes: str = "ledgerdesk.quotes"
    kafka_topic_contracts: str = "ledgerdesk.contracts"
    kafka_topic_tickets: str = "ledgerdesk.tickets"
    kafka_create_topics: bool = True
    kafka_topic_partitions: int = 6
    kafka_replication_factor: int = 1
    relay_batch_size: int = 500
    relay_ack_timeout: float = 30.0
    relay_backoff_max: float = 30.0
    # Where the reference accounting consumer keeps its ledger (unset: database_url).
    accounting_database_url: str | None = None
    # Tamper evidence (docs/audit.md): the Ed25519 key file (made by `ledgerdesk
    # checkpoint` when missing; unset: chains stay plain, no checkpoints), the
    # checkpoint log outside the database (unset: checkpoints.jsonl beside the key),
    # a checkpoint every so many events and at least every so many minutes, and
    # the Kafka topic the checkpoints are published to.
    checkpoint_key: str | None = None
    checkpoint_log: str | None = None
    checkpoint_every_events: int = 1000
    checkpoint_every_minutes: float = 10.0
    kafka_topic_checkpoints: str = "ledgerdesk.checkpoints"

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
        if self.is_production and len(self.secret_key.encode()) < MIN_SECRET_BYTES:
            raise ValueError(
                f"LEDGERDESK_SECRET_KEY must be at least {MIN_SECRET_BYTES} bytes "
                "in production."
            )
        return self

    @model_validator(mode="after")
    def require_an_absolute_public_url(self) -> Settings:
        """Links in mail need a scheme and host, such as http://{tenant}.localhost."""
        if "://" not in self.public_url:
            raise ValueError("LEDGERDESK_PUBLIC_URL must be an absolute http(s) URL.")
        return self

    @model_validator(mode="after")
    def refuse_fake_sign_on_in_production(self) -> Settings:
        """The fake sign-on provider signs anyone in: never in production."""
        kind = self.sso.strip().lower()
        if self.is_production and kind == "fake":
            raise ValueError("LEDGERDESK_SSO=fake is refused in production.")
        if kind in ("entra", "msgraph") and not (
            self.entra_client_id and self.entra_client_secret
        ):
            raise ValueError(
                "LEDGERDESK_SSO=entra needs LEDGERDESK_ENTRA_CLIENT_ID and "
                "LEDGERDESK_ENTRA_CLIENT_SECRET."
            )
        return self

    @model_validator(mode="after")
    def check_mail(self) -> Settings:
        """A known SMTP URL scheme, and a key of its own for passwords in production."""
        if self.smtp_url and self.smtp_url.split("://", 1)[0] not in SMTP_SCHEMES:
            raise ValueError(
                "LEDGERDESK_SMTP_URL must start with one of "
                + ", ".join(f"{s}://" for s in SMTP_SCHEMES)
            )
        if self.is_production and not self.mail_key:
            raise ValueError(
                "LEDGERDESK_MAIL_KEY is unset: production needs its own Fernet key "
                "for the stored mail passwords."
            )
        if self.mail_key:
            try:
                Fernet(self.mail_key.encode())
            except (ValueError, TypeError) as error:
                raise ValueError(
                    "LEDGERDESK_MAIL_KEY must be a Fernet key "
                    "(32 bytes, urlsafe base64)."
                ) from error
        return self

    @property
    def mail_fernet_key(self) -> bytes:
        """The key for stored mail passwords (from the secret key in development)."""
        if self.mail_key:
            return self.mail_key.encode()
        digest = hashlib.sha256(b"ledgerdesk-mail:" + self.secret_key.encode())
        return base64.urlsafe_b64encode(digest.digest())

    def topics(self) -> dict[str, str]:
        """The Kafka topic of each aggregate type the relay publishes."""
        return {
            "invoice": self.kafka_topic_invoices,
            "quote": self.kafka_topic_quotes,
            "contract": self.kafka_topic_contracts,
            "ticket": self.kafka_topic_tickets,
        }

    @property
    def proxies(self) -> list[str]:
        """The trusted proxy addresses or networks, from LEDGERDESK_TRUSTED_PROXIES."""
        return [p.strip() for p in self.trusted_proxies.split(",") if p.strip()]


def hand_followers_to_their_process() -> None:
    """Tell the API workers `serve` starts next that the followers run elsewhere.

    uvicorn builds each worker's app from a factory without arguments, so the word
    goes through the environment the workers inherit, read back by Settings.
    """
    os.environ["LEDGERDESK_SERVE_FOLLOWERS_PROCESS"] = "1"


def hand_workers_their_shares(path: str) -> None:
    """Tell the API workers `serve` starts next where they count their connections
    (api/balance.py); through the environment, as the followers' word goes."""
    os.environ["LEDGERDESK_SERVE_CONNECTION_SHARES"] = path
