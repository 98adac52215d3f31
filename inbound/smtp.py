"""The SMTP and LMTP receiver: a provider's own mail server forwards to it.

A recipient no tenant answers to is refused at RCPT (550). The mail is answered
250 only after it is stored (the intake returned); a failure answers 451, so
the sending server keeps it and tries again: nothing is lost, and the intake's
Message-ID record makes the retry harmless. Over LMTP each recipient gets its
own answer after DATA.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import TYPE_CHECKING, Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP

if TYPE_CHECKING:  # the receiver listens before the intake's stores are open
    from inbound.intake import Intake

log = logging.getLogger("ledgerdesk.mail.receive")
MAX_BYTES = 40 * 1024 * 1024


class Receiver:
    """The aiosmtpd handler that hands each mail to the intake."""

    def __init__(self, intake: Intake | None = None, lmtp: bool = False) -> None:
        self._intake = intake
        self.lmtp = lmtp
        self._ready = threading.Event()
        if intake is not None:
            self._ready.set()

    def provide(self, intake: Intake) -> None:
        """The intake, once its stores are open: the receiver listens before."""
        self._intake = intake
        self._ready.set()

    def intake(self) -> Intake:
        """The intake, waiting (up to a minute) while the stores are opened.

        A method, not a property: aiosmtpd looks the handler's members over."""
        if not self._ready.wait(60) or self._intake is None:
            raise RuntimeError("the intake is not ready")
        return self._intake

    async def handle_RCPT(  # noqa: N802 - aiosmtpd's hook name
        self,
        server: Any,
        session: Any,
        envelope: Any,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        loop = asyncio.get_running_loop()
        try:
            tenant = await loop.run_in_executor(None, self._tenant_of, address)
        except Exception:  # the stores are not open (yet): the sender retries
            log.exception("could not route %s", address)
            return "451 4.3.0 Not ready, try again later"
        if tenant is None:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    def _tenant_of(self, address: str) -> str | None:
        return self.intake().router.tenant_of(address)

    async def handle_DATA(  # noqa: N802 - aiosmtpd's hook name
        self, server: Any, session: Any, envelope: Any
    ) -> str:
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        loop = asyncio.get_running_loop()
        answers = []
        done: dict[str, str] = {}
        source = "lmtp" if self.lmtp else "smtp"
        for recipient in envelope.rcpt_tos:
            tenant = await loop.run_in_executor(None, self._tenant_of, recipient)
            if tenant is None:
                answers.append("550 5.1.1 No such mailbox here")
                continue
            if tenant not in done:
                try:
                    outcome = await loop.run_in_executor(
                        None, self._take, raw, tenant, source
                    )
                except Exception:  # the sender keeps the mail and tries again
                    log.exception("could not take in a mail for %s", recipient)
                    done[tenant] = "451 4.3.0 Not stored, try again later"
                else:
                    log.info(
                        "mail for %s: %s %s",
                        recipient,
                        outcome.kind,
                        outcome.ticket_id or outcome.reason or "",
                    )
                    done[tenant] = "250 2.0.0 Stored"
            answers.append(done[tenant])
        if self.lmtp:
            return "\r\n".join(answers) or "250 2.0.0 OK"
        if any(a.startswith("451") for a in answers):
            return "451 4.3.0 Not stored, try again later"
        return "250 2.0.0 Stored"

    def _take(self, raw: bytes, tenant: str, source: str) -> Any:
        return self.intake().take(raw, tenant, source)


class ReceiverController(Controller):
    """aiosmtpd's threaded controller, speaking SMTP or LMTP."""

    def __init__(self, receiver: Receiver, host: str, port: int) -> None:
        super().__init__(receiver, hostname=host, port=port, data_size_limit=MAX_BYTES)
        self.receiver = receiver

    def factory(self) -> SMTP:
        """LMTP when asked for, else SMTP."""
        kind = LMTP if self.receiver.lmtp else SMTP
        return kind(
            self.handler,
            data_size_limit=MAX_BYTES,
            enable_SMTPUTF8=True,
            hostname=self.hostname,
        )
