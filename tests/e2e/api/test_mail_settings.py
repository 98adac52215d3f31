"""A tenant's mail settings through the API: passwords stored encrypted and
never returned, operators only, a clear 422 per field, each tenant its own."""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import select

from domain.mail_settings import mail_settings_id
from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal
from tests.outbox import follow, outbox

SETTINGS: dict[str, Any] = {
    "smtp_host": "smtp.provider.test",
    "smtp_port": 587,
    "smtp_security": "starttls",
    "smtp_user": "desk",
    "smtp_password": "smtp-s3cret-pw",
    "from_address": "Support@Provider.test",
    "imap_host": "imap.provider.test",
    "imap_port": 993,
    "imap_security": "tls",
    "imap_user": "desk",
    "imap_password": "imap-s3cret-pw",
    "imap_folder": "INBOX",
    "addresses": ["Support@Provider.test", "help@provider.test"],
    "unknown_senders": "create",
}


def test_unset_settings_answer_the_defaults(
    portal: Portal, operator: dict[str, str]
) -> None:
    answer = portal.client.get("/api/mail-settings", headers=operator)

    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["smtp_host"] is None and body["imap_host"] is None
    assert body["default_smtp"] is True
    assert body["smtp_password_set"] is False
    assert body["addresses"] == [] and body["unknown_senders"] == "review"


def test_passwords_are_stored_encrypted_and_never_returned(
    portal: Portal, operator: dict[str, str]
) -> None:
    saved = portal.client.put("/api/mail-settings", headers=operator, json=SETTINGS)

    assert saved.status_code == 200, saved.text
    for answer in (saved, portal.client.get("/api/mail-settings", headers=operator)):
        body = answer.json()
        assert "smtp-s3cret-pw" not in answer.text
        assert "imap-s3cret-pw" not in answer.text
        assert "smtp_password" not in body and "imap_password" not in body
        assert body["smtp_password_set"] is True and body["imap_password_set"] is True
        assert body["from_address"] == "support@provider.test"
        assert body["addresses"] == ["support@provider.test", "help@provider.test"]
        assert body["default_smtp"] is False
    tenant_id = portal.tenant_id()
    # the stored event and the read-model row hold ciphertext only
    events = portal.svc.domain.events_of(mail_settings_id(tenant_id))
    stored = portal.svc.domain.recorder.select_events(mail_settings_id(tenant_id))
    raw = b"".join(item.state for item in stored)
    assert b"smtp-s3cret-pw" not in raw and b"imap-s3cret-pw" not in raw
    changed = events[-1]
    key = portal.svc.settings.mail_fernet_key
    assert Fernet(key).decrypt(changed.smtp["password"].encode()) == b"smtp-s3cret-pw"
    with portal.svc.engine.connect() as connection:
        row = connection.execute(
            select(t.mail_settings).where(t.mail_settings.c.tenant_id == tenant_id)
        ).one()
    assert "s3cret" not in str(row.smtp) and "s3cret" not in str(row.imap)


def test_a_missing_password_keeps_the_stored_one(
    portal: Portal, operator: dict[str, str]
) -> None:
    portal.client.put("/api/mail-settings", headers=operator, json=SETTINGS)
    again = {**SETTINGS, "smtp_password": "", "imap_password": None, "smtp_port": 2525}

    answer = portal.client.put("/api/mail-settings", headers=operator, json=again)

    assert answer.status_code == 200, answer.text
    assert answer.json()["smtp_port"] == 2525
    assert answer.json()["smtp_password_set"] is True
    from outbound.mail_settings import tenant_mail

    mail = tenant_mail(portal.svc.engine, portal.tenant_id())
    assert mail.smtp is not None and mail.smtp.password == "smtp-s3cret-pw"
    assert mail.imap is not None and mail.imap.password == "imap-s3cret-pw"
    assert "s3cret" not in repr(mail)


def test_a_client_may_not_read_or_change_them(
    portal: Portal, client_a: dict[str, str]
) -> None:
    assert portal.client.get("/api/mail-settings", headers=client_a).status_code == 403
    changed = portal.client.put("/api/mail-settings", headers=client_a, json=SETTINGS)
    assert changed.status_code == 403
    test = portal.client.post(
        "/api/mail-settings/test", headers=client_a, json={"to": "a@b.test"}
    )
    assert test.status_code == 403


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"smtp_port": 70000}, "smtp_port"),
        ({"smtp_security": "ssl"}, "smtp_security"),
        ({"smtp_host": "not a host!"}, "smtp_host"),
        ({"smtp_port": None}, "smtp_port"),
        ({"from_address": "nobody"}, "from_address"),
        ({"addresses": ["ok@provider.test", "broken"]}, "addresses"),
        ({"unknown_senders": "bounce"}, "unknown_senders"),
        ({"imap_security": None}, "imap_security"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(
    portal: Portal, operator: dict[str, str], change: dict[str, Any], field: str
) -> None:
    answer = portal.client.put(
        "/api/mail-settings", headers=operator, json={**SETTINGS, **change}
    )

    assert answer.status_code == 422, answer.text
    assert field in answer.json()["errors"]


def test_a_test_mail_is_queued_through_the_outbox(
    portal: Portal, operator: dict[str, str]
) -> None:
    bad = portal.client.post(
        "/api/mail-settings/test", headers=operator, json={"to": "nobody"}
    )
    assert bad.status_code == 422 and "to" in bad.json()["errors"]

    answer = portal.client.post(
        "/api/mail-settings/test", headers=operator, json={"to": "Me@Provider.test"}
    )

    assert answer.status_code == 202, answer.text
    assert answer.json()["status"] == "queued"
    follow(portal.svc)
    [mail] = outbox(portal.svc.engine, "test")
    assert mail.recipients == ["me@provider.test"]
    assert mail.status == "pending"


def test_each_tenant_sees_and_changes_only_its_own(
    portal: Portal, operator: dict[str, str]
) -> None:
    portal.client.put("/api/mail-settings", headers=operator, json=SETTINGS)
    other = portal.login("first@other.test", host=OTHER)

    theirs = portal.client.get("/api/mail-settings", headers=other).json()

    assert theirs["smtp_host"] is None and theirs["addresses"] == []
    portal.client.put(
        "/api/mail-settings",
        headers=other,
        json={**SETTINGS, "smtp_host": "smtp.other.test", "addresses": []},
    )
    ours = portal.client.get("/api/mail-settings", headers=operator).json()
    assert ours["smtp_host"] == "smtp.provider.test"
