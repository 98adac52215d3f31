"""One Settings read from the environment, and the composition root built from it."""

from __future__ import annotations

import pytest

from api.bootstrap import relay_config
from api.settings import Settings
from outbound.mail_server import parse_smtp_url


def test_the_default_smtp_server_is_read_from_one_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEDGERDESK_SMTP_URL", "smtps://desk:s%40cret@smtp.example.test")

    server = parse_smtp_url(Settings().smtp_url or "")

    assert (server.host, server.port, server.security) == (
        "smtp.example.test",
        465,
        "tls",
    )
    assert (server.user, server.password) == ("desk", "s@cret")
    assert "s@cret" not in repr(server)


def test_an_unknown_smtp_scheme_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEDGERDESK_SMTP_URL", "http://smtp.example.test")

    with pytest.raises(ValueError, match="LEDGERDESK_SMTP_URL"):
        Settings()


def test_production_needs_its_own_mail_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEDGERDESK_ENVIRONMENT", "production")
    monkeypatch.setenv("LEDGERDESK_SECRET_KEY", "x" * 40)
    monkeypatch.delenv("LEDGERDESK_MAIL_KEY", raising=False)

    with pytest.raises(ValueError, match="LEDGERDESK_MAIL_KEY"):
        Settings()


def test_development_derives_a_valid_mail_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from cryptography.fernet import Fernet

    monkeypatch.delenv("LEDGERDESK_MAIL_KEY", raising=False)
    key = Settings().mail_fernet_key

    assert Fernet(key).decrypt(Fernet(key).encrypt(b"pw")) == b"pw"


def test_the_relay_is_configured_from_the_same_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEDGERDESK_KAFKA_BOOTSTRAP", "broker:9092")
    monkeypatch.setenv("LEDGERDESK_KAFKA_TOPIC_INVOICES", "acme.invoices")
    monkeypatch.setenv("LEDGERDESK_RELAY_BATCH_SIZE", "50")
    monkeypatch.setenv("LEDGERDESK_POLL_INTERVAL", "0.5")

    config = relay_config(Settings())

    assert config.bootstrap == "broker:9092"
    assert config.topics["invoice"] == "acme.invoices"
    assert config.topics["quote"] == "ledgerdesk.quotes"
    assert config.batch_size == 50
    assert config.poll_interval == 0.5


def test_the_relay_is_off_without_a_broker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEDGERDESK_KAFKA_BOOTSTRAP", raising=False)

    with pytest.raises(ValueError, match="LEDGERDESK_KAFKA_BOOTSTRAP"):
        relay_config(Settings())
