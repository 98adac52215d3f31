"""The SMTP and LMTP receiver, sent to with smtplib."""

from __future__ import annotations

import smtplib
import socket
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest

from api.mail_intake import intake_of
from inbound.smtp import Receiver, ReceiverController
from projections import tables as t
from tests.e2e.api.conftest import Portal


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def message(message_id: str = "<smtp-1@demo.test>") -> EmailMessage:
    m = EmailMessage()
    m["From"], m["To"] = "Anna de Vries <client@demo.test>", "support@demo.localhost"
    m["Subject"], m["Message-ID"] = "Bar: the plotter prints blank pages", message_id
    m.set_content("The plotter prints blank pages since this morning.")
    return m


@pytest.fixture(params=[False, True], ids=["smtp", "lmtp"])
def receiver(request: Any, portal: Portal) -> Iterator[tuple[int, bool]]:
    port = free_port()
    controller = ReceiverController(
        Receiver(intake_of(portal.svc), lmtp=request.param), "127.0.0.1", port
    )
    controller.start()
    yield port, request.param
    controller.stop()


def connect(port: int, lmtp: bool) -> smtplib.SMTP:
    if lmtp:
        client = smtplib.LMTP("127.0.0.1", port)
        client.ehlo_or_helo_if_needed = lambda: client.ehlo()  # type: ignore[method-assign]
        return client
    return smtplib.SMTP("127.0.0.1", port, timeout=10)


def test_a_mail_is_stored_before_it_is_accepted(
    portal: Portal, receiver: tuple[int, bool]
) -> None:
    port, lmtp = receiver
    with connect(port, lmtp) as client:
        refused = client.send_message(message())
    assert refused == {}
    portal.svc.follower.catch_up()
    mine = [
        r
        for r in portal.rows(t.tickets, tenant_id=portal.tenant_id())
        if r.description == "Bar: the plotter prints blank pages"
    ]
    assert len(mine) == 1


def test_an_unknown_recipient_is_refused(receiver: tuple[int, bool]) -> None:
    port, lmtp = receiver
    m = message()
    del m["To"]
    m["To"] = "support@nowhere.localhost"
    with connect(port, lmtp) as client, pytest.raises(smtplib.SMTPRecipientsRefused):
        client.send_message(m)


def test_a_mail_not_stored_is_answered_try_again(
    portal: Portal, receiver: tuple[int, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, lmtp = receiver
    intake = intake_of(portal.svc)

    def broken(*_: Any, **__: Any) -> Any:
        raise OSError("the database is away")

    with monkeypatch.context() as patched:
        patched.setattr(intake, "take", broken)
        with connect(port, lmtp) as client:
            with pytest.raises(smtplib.SMTPDataError) as error:
                client.send_message(message())
            assert error.value.smtp_code == 451
    with connect(port, lmtp) as client:
        assert client.send_message(message()) == {}


def test_a_sender_arriving_while_the_stores_open_waits_for_them(
    portal: Portal,
) -> None:
    import threading

    receiver = Receiver()
    port = free_port()
    controller = ReceiverController(receiver, "127.0.0.1", port)
    controller.start()
    try:
        later = threading.Timer(1.0, receiver.provide, [intake_of(portal.svc)])
        later.start()
        with smtplib.SMTP("127.0.0.1", port, timeout=20) as client:
            assert client.send_message(message("<early@demo.test>")) == {}
        later.join()
    finally:
        controller.stop()
