"""One Settings read from the environment, and the composition root built from it."""

from __future__ import annotations

from email import message_from_bytes
from pathlib import Path

import pytest

from api.bootstrap import build_mailer, relay_config
from api.settings import Settings
from outbound.mail import FileMailer, SmtpMailer


def test_mail_goes_through_smtp_when_a_host_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEDGERDESK_SMTP_HOST", "smtp.example.test")
    monkeypatch.setenv("LEDGERDESK_SMTP_PORT", "2525")
    monkeypatch.setenv("LEDGERDESK_SMTP_USER", "desk")
    monkeypatch.setenv("LEDGERDESK_SMTP_PASSWORD", "s3cret")
    monkeypatch.setenv("LEDGERDESK_MAIL_FROM", "helpdesk@example.test")

    mailer = build_mailer(Settings())

    assert isinstance(mailer, SmtpMailer)
    assert (mailer.host, mailer.port) == ("smtp.example.test", 2525)
    assert (mailer.user, mailer.password) == ("desk", "s3cret")
    assert mailer.sender == "helpdesk@example.test"


def test_mail_is_written_to_the_mail_dir_without_smtp(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("LEDGERDESK_SMTP_HOST", raising=False)
    monkeypatch.setenv("LEDGERDESK_MAIL_DIR", str(tmp_path / "mail"))
    monkeypatch.setenv("LEDGERDESK_MAIL_FROM", "helpdesk@example.test")

    mailer = build_mailer(Settings())
    mailer.send("client@example.test", "Reset", "Follow the link.")

    assert isinstance(mailer, FileMailer)
    [written] = (tmp_path / "mail").glob("*.eml")
    message = message_from_bytes(written.read_bytes())
    assert message["From"] == "helpdesk@example.test"
    assert message["To"] == "client@example.test"
    assert message["Subject"] == "Reset"


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
