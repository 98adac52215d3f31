"""The IMAP fetcher against Debian's Dovecot: each mail taken in once."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest

from api.mail_intake import intake_of
from inbound.imap import Box, Fetcher
from inbound.routing import Router, TenantMail
from inbound.tables import imap_positions, inbound_mail
from projections import tables as t
from tests.e2e.api.conftest import Portal
from tests.support.dovecot import Dovecot, available

pytestmark = pytest.mark.skipif(
    not available(), reason="dovecot-imapd is not installed (make system-deps)"
)
USER, PASSWORD = "desk@demo.test", "secret"


def mail(n: int, sender: str = "client@demo.test", **headers: str) -> bytes:
    m = EmailMessage()
    m["From"], m["To"] = sender, "desk@demo.test"
    m["Subject"], m["Message-ID"] = f"Fetched problem {n}", f"<fetch-{n}@demo.test>"
    for name, value in headers.items():
        m[name.replace("_", "-")] = value
    m.set_content(f"Problem number {n}.")
    return m.as_bytes()


@pytest.fixture
def dovecot() -> Iterator[Dovecot]:
    with Dovecot() as server:
        server.add_account(USER, PASSWORD)
        yield server


@pytest.fixture
def fetcher(portal: Portal, dovecot: Dovecot) -> Fetcher:
    demo = portal.tenant_id()
    box = Box("127.0.0.1", dovecot.port, "none", USER, PASSWORD)
    intake = intake_of(portal.svc)

    def settings_of(_connection: Any, tenant_id: str) -> TenantMail:
        return TenantMail(imap=box if tenant_id == demo else None)

    intake.router = Router(portal.svc.engine, "localhost", settings_of=settings_of)
    return Fetcher(intake)


def fetched_tickets(portal: Portal) -> list[Any]:
    portal.svc.follower.catch_up()
    return [
        r
        for r in portal.rows(t.tickets, tenant_id=portal.tenant_id())
        if r.description.startswith("Fetched problem")
    ]


def test_each_mail_in_the_mailbox_becomes_a_ticket_once(
    portal: Portal, dovecot: Dovecot, fetcher: Fetcher
) -> None:
    dovecot.append(
        USER, PASSWORD, mail(1), mail(2), mail(3, Auto_Submitted="auto-replied")
    )
    assert fetcher.fetch_all() == 3
    assert sorted(r.description for r in fetched_tickets(portal)) == [
        "Fetched problem 1",
        "Fetched problem 2",
    ]
    assert fetcher.fetch_all() == 0
    dovecot.append(USER, PASSWORD, mail(4))
    assert fetcher.fetch_all() == 1
    assert len(fetched_tickets(portal)) == 3
    client = dovecot.connect(USER, PASSWORD)
    client.select("INBOX", readonly=True)
    _, seen = client.search(None, "SEEN")
    client.logout()
    assert len(seen[0].split()) == 4
    with portal.svc.engine.connect() as connection:
        [position] = list(connection.execute(imap_positions.select()))
    assert position.last_uid == 4 and position.error is None


def test_a_crash_before_the_uid_is_recorded_takes_nothing_in_twice(
    portal: Portal, dovecot: Dovecot, fetcher: Fetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    dovecot.append(USER, PASSWORD, mail(1), mail(2))
    original = fetcher._note

    def dies_after_the_first_mail(*args: Any, **kw: Any) -> None:
        if kw.get("last_uid") == 1:
            raise RuntimeError("the process died before recording UID 1")
        original(*args, **kw)

    monkeypatch.setattr(fetcher, "_note", dies_after_the_first_mail)
    fetcher.fetch_all()  # the failure is noted, the mailbox left for the next run
    monkeypatch.setattr(fetcher, "_note", original)
    assert len(fetched_tickets(portal)) == 1
    assert fetcher.fetch_all() == 2  # UID 1 read again, left alone; UID 2 taken in
    assert len(fetched_tickets(portal)) == 2
    with portal.svc.engine.connect() as connection:
        kinds = sorted(r.outcome for r in connection.execute(inbound_mail.select()))
    assert kinds == ["ticket", "ticket"]


def test_a_renumbered_mailbox_is_read_again_without_duplicates(
    portal: Portal, dovecot: Dovecot, fetcher: Fetcher
) -> None:
    dovecot.append(USER, PASSWORD, mail(1))
    assert fetcher.fetch_all() == 1
    with portal.svc.engine.begin() as connection:
        connection.execute(imap_positions.update().values(uidvalidity=1, last_uid=99))
    assert fetcher.fetch_all() == 1
    assert len(fetched_tickets(portal)) == 1


def test_the_watcher_takes_new_mail_in_as_it_arrives(
    portal: Portal, dovecot: Dovecot, fetcher: Fetcher
) -> None:
    stop = threading.Event()
    thread = threading.Thread(target=fetcher.run, args=(stop, 5.0), daemon=True)
    thread.start()
    try:
        time.sleep(1.0)
        dovecot.append(USER, PASSWORD, mail(7))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not fetched_tickets(portal):
            time.sleep(0.2)
        assert [r.description for r in fetched_tickets(portal)] == ["Fetched problem 7"]
    finally:
        stop.set()
        thread.join(timeout=10)


def test_a_mailbox_that_refuses_the_login_is_noted(
    portal: Portal, dovecot: Dovecot, fetcher: Fetcher
) -> None:
    demo = portal.tenant_id()
    wrong = Box("127.0.0.1", dovecot.port, "none", USER, "wrong")
    fetcher.intake.router.settings_of = lambda _c, tenant_id: TenantMail(
        imap=wrong if tenant_id == demo else None
    )
    assert fetcher.fetch_all() == 0
    with portal.svc.engine.connect() as connection:
        [position] = list(connection.execute(imap_positions.select()))
    assert position.error


def test_the_intake_state_shows_each_mailbox_and_its_error(
    portal: Portal, dovecot: Dovecot, fetcher: Fetcher
) -> None:
    from inbound.health import intake_state, mailboxes

    dovecot.append(USER, PASSWORD, mail(1), mail(2, Auto_Submitted="auto-replied"))
    fetcher.fetch_all()
    state = intake_state(portal.svc.engine)
    assert state["last_24h"] == {"ticket": 1, "ignored": 1}
    assert state["mailbox_errors"] == 0 and state["last_fetch"]
    assert state["mailboxes"] == 1
    assert [b["last_uid"] for b in mailboxes(portal.svc.engine)] == [2]
    demo = portal.tenant_id()
    wrong = Box("127.0.0.1", dovecot.port, "none", USER, "wrong")
    fetcher.intake.router.settings_of = lambda _c, tenant_id: TenantMail(
        imap=wrong if tenant_id == demo else None
    )
    fetcher.fetch_all()
    assert intake_state(portal.svc.engine)["mailbox_errors"] == 1
