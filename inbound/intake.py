"""Taking a mail in, exactly once: a new ticket, a reply, held, or left alone.

Each mail is known by its tenant and Message-ID (a content hash when it has
none). Handling it runs: seen before? -> noise? -> over the sender's rate? ->
a known client, or the unknown-sender policy -> the ticket it answers, else a new
one. The ticket, its message and its files are stored under ids derived from
the Message-ID, and the mail is recorded as taken in afterwards: a crash in
between handles it again, and the derived ids make that second time change
nothing. A mail recorded as taken in is never handled again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from domain.application import Ledgerdesk
from domain.base import stable_id
from domain.errors import InvalidValue, NotFound
from domain.people import CLIENT, User
from domain.threads import MailOrigin
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket
from domain.use_cases.users import RegisterUser
from inbound import files
from inbound.noise import noise_reason
from inbound.parse import ParsedMail, parse
from inbound.routing import Router, TenantMail, read_settings
from inbound.tables import MESSAGE_ID, inbound_mail, review_queue
from inbound.threads import ticket_for
from projections import tables as t
from storage.uploads import file_sha256s

RATE_WINDOW = timedelta(hours=1)


@dataclass(frozen=True)
class Outcome:
    """What became of a mail: ticket, reply, ignored, limited, review, duplicate."""

    kind: str
    ticket_id: str | None = None
    message_id: str | None = None
    reason: str | None = None


class Intake:
    """Takes mail in for the tenants of one database."""

    def __init__(
        self,
        app: Ledgerdesk,
        engine: Engine,
        upload_dir: str,
        mail_domain: str,
        client_permissions: list[str],
        rate_limit: int = 20,
        router: Router | None = None,
    ) -> None:
        self.app = app
        self.engine = engine
        self.upload_dir = upload_dir
        self.client_permissions = list(client_permissions)
        self.rate_limit = rate_limit
        self.router = router or Router(engine, mail_domain)

    def settings(self, tenant_id: str) -> TenantMail:
        """The tenant's mail settings, as inbound reads them."""
        with self.engine.connect() as connection:
            return self.router.settings_of(connection, tenant_id)

    def take(self, raw: bytes, tenant_id: str, source: str = "smtp") -> Outcome:
        """Handle one mail for a tenant; a mail seen before is left alone."""
        mail = parse(raw)
        key = mail.message_id[:MESSAGE_ID]
        with self.engine.connect() as connection:
            seen = connection.execute(
                select(inbound_mail.c.outcome, inbound_mail.c.ticket_id).where(
                    inbound_mail.c.tenant_id == tenant_id,
                    inbound_mail.c.message_key == key,
                )
            ).first()
            if seen is not None:
                return Outcome("duplicate", seen.ticket_id, reason=seen.outcome)
            over = self._over_rate(connection, tenant_id, mail.from_address)
        reason = noise_reason(mail)
        if reason:
            return self._record(
                tenant_id, key, mail, source, Outcome("ignored", None, None, reason)
            )
        if over:
            return self._record(
                tenant_id,
                key,
                mail,
                source,
                Outcome("limited", reason=f"over {self.rate_limit} mails an hour"),
            )
        client = self._client(tenant_id, mail.from_address)
        if client is None:
            # an operator's address is no client to create: an operator decides
            creatable = not self._is_user(tenant_id, mail.from_address)
            if creatable and self.settings(tenant_id).unknown_senders == "create":
                client = self._create_client(tenant_id, mail)
            if client is None:
                return self._hold(tenant_id, key, mail, source)
        outcome = self.deliver(tenant_id, key, mail, client)
        return self._record(tenant_id, key, mail, source, outcome)

    # -- who sent it -------------------------------------------------------

    def _client(self, tenant_id: str, address: str) -> User | None:
        try:
            user = self.app.users.by_email(tenant_id, address)
        except NotFound:
            return None
        if user.is_operator != CLIENT or not user.active:
            return None
        return user

    def _is_user(self, tenant_id: str, address: str) -> bool:
        try:
            self.app.users.by_email(tenant_id, address)
        except NotFound:
            return False
        return True

    def company_by_domain(self, tenant_id: str, address: str) -> str | None:
        """The one live company whose e-mail address has the sender's domain."""
        domain = address.rpartition("@")[2].lower()
        if not domain:
            return None
        c = t.companies
        with self.engine.connect() as connection:
            found = list(
                connection.execute(
                    select(c.c.id).where(
                        c.c.tenant_id == tenant_id,
                        func.lower(c.c.email).like(f"%@{domain}"),
                        c.c.archived_at.is_(None),
                        c.c.merged_into.is_(None),
                    )
                ).scalars()
            )
        return str(found[0]) if len(found) == 1 else None

    def _create_client(self, tenant_id: str, mail: ParsedMail) -> User | None:
        company_id = self.company_by_domain(tenant_id, mail.from_address)
        if company_id is None:
            return None
        return self.register_client(tenant_id, mail, [company_id])

    def register_client(
        self, tenant_id: str, mail: ParsedMail, company_ids: list[str]
    ) -> User:
        """The sender as a new client of those companies (or the one already there)."""
        first, _, last = (mail.from_name or mail.from_address.split("@")[0]).partition(
            " "
        )
        try:
            found = self.app.users.by_email(tenant_id, mail.from_address)
        except NotFound:
            pass
        else:
            if found.is_operator != CLIENT:
                raise InvalidValue(
                    "The sender is an operator: choose a client.", "client_id"
                )
            return found
        self.app.users.register(
            tenant_id,
            "system",
            RegisterUser(
                email=mail.from_address,
                first_name=first[:100] or mail.from_address[:100],
                last_name=last[:100],
                is_operator=CLIENT,
                role="client",
                company_ids=company_ids,
                permissions=self.client_permissions,
            ),
        )
        return self.app.users.by_email(tenant_id, mail.from_address)

    # -- storing it --------------------------------------------------------

    def deliver(
        self, tenant_id: str, key: str, mail: ParsedMail, client: User
    ) -> Outcome:
        """Add the mail to the ticket it answers, else open one; idempotent."""
        with self.engine.connect() as connection:
            ticket_id = ticket_for(self.app, connection, tenant_id, mail, client)
        kept = files.keep(
            self.engine,
            self.upload_dir,
            tenant_id,
            key,
            mail.raw,
            mail.parts,
            str(client.id),
        )
        text = mail.text
        if kept.left_out:
            text += "\n\n[" + "; ".join(kept.left_out) + "]"
        origin = MailOrigin(
            original_email_from=mail.from_address,
            email_message_id=mail.message_id,
            email_to=mail.to,
            email_cc=mail.cc,
            email_date=mail.date.isoformat() if mail.date else None,
        )
        post = PostMessage(
            message=text,
            visible_to_client=True,
            is_from_client=True,
            attachment_ids=kept.ids,
            format="text",
            origin=origin,
            attachment_sha256=file_sha256s(self.upload_dir, tenant_id, kept.ids),
        )
        actor = str(client.id)
        if ticket_id is not None:
            message_id = str(stable_id(tenant_id, "mail", key, "message"))
            self.app.messages.post(tenant_id, actor, ticket_id, post, message_id)
            return Outcome("reply", ticket_id, message_id)
        derived = str(stable_id(tenant_id, "mail", key, "ticket"))
        subject = mail.subject or _first_line(mail.text) or "(no subject)"
        opened = OpenTicket(
            description=subject[:250],
            client_id=actor,
            company_id=client.company_ids[0] if client.company_ids else None,
            original_email_from=mail.from_address,
            source_id=self._email_source(tenant_id),
        )
        ticket_id = self.app.tickets.open(tenant_id, actor, opened, post, derived)
        return Outcome("ticket", ticket_id, str(stable_id(ticket_id, "first")))

    def _email_source(self, tenant_id: str) -> int | None:
        try:
            sources = self.app.settings.setting_list(tenant_id, "ticket_sources")
        except NotFound:
            return None
        for item in sources.ordered():
            label = str(item.get("label", "")).lower().replace("-", "")
            if label in ("email", "mail"):
                return int(item["id"])
        return None

    # -- recording it ------------------------------------------------------

    def _over_rate(self, connection: Connection, tenant_id: str, sender: str) -> bool:
        since = datetime.now(UTC) - RATE_WINDOW
        count = connection.execute(
            select(func.count()).where(
                and_(
                    inbound_mail.c.tenant_id == tenant_id,
                    inbound_mail.c.sender == sender[:254],
                    inbound_mail.c.received_at >= since,
                )
            )
        ).scalar_one()
        return int(count) >= self.rate_limit

    def _row(
        self, tenant_id: str, key: str, mail: ParsedMail, source: str, outcome: Outcome
    ) -> dict[str, Any]:
        return {
            "tenant_id": tenant_id,
            "message_key": key,
            "sender": mail.from_address[:254],
            "subject": mail.subject[:250],
            "outcome": outcome.kind,
            "reason": (outcome.reason or "")[:200] or None,
            "ticket_id": outcome.ticket_id,
            "message_id": outcome.message_id,
            "source": source[:10],
            "received_at": datetime.now(UTC),
        }

    def _record(
        self, tenant_id: str, key: str, mail: ParsedMail, source: str, outcome: Outcome
    ) -> Outcome:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(inbound_mail).values(
                        self._row(tenant_id, key, mail, source, outcome)
                    )
                )
        except IntegrityError:  # taken in meanwhile by another receiver
            return Outcome("duplicate", outcome.ticket_id, reason=outcome.kind)
        return outcome

    def _hold(self, tenant_id: str, key: str, mail: ParsedMail, source: str) -> Outcome:
        """Keep the mail for an operator to accept or reject, in one transaction."""
        held_id = str(stable_id(tenant_id, "mail", key, "review"))
        outcome = Outcome("review", reason="unknown sender")
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(inbound_mail).values(
                        self._row(tenant_id, key, mail, source, outcome)
                    )
                )
                connection.execute(
                    insert(review_queue).values(
                        id=held_id,
                        tenant_id=tenant_id,
                        message_key=key,
                        sender=mail.from_address[:254],
                        sender_name=mail.from_name[:200],
                        recipients=[*mail.to, *mail.cc],
                        subject=mail.subject[:250],
                        date=mail.date,
                        preview=mail.text[:500],
                        company_id=self.company_by_domain(tenant_id, mail.from_address),
                        raw=mail.raw,
                        status="held",
                        created_at=datetime.now(UTC),
                    )
                )
        except IntegrityError:
            return Outcome("duplicate", reason="review")
        return Outcome("review", message_id=held_id, reason="unknown sender")

    def settle(self, tenant_id: str, key: str, outcome: Outcome) -> None:
        """Record what became of a held mail once an operator decided."""
        with self.engine.begin() as connection:
            connection.execute(
                update(inbound_mail)
                .where(
                    inbound_mail.c.tenant_id == tenant_id,
                    inbound_mail.c.message_key == key,
                )
                .values(
                    outcome=outcome.kind,
                    ticket_id=outcome.ticket_id,
                    message_id=outcome.message_id,
                )
            )


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


__all__ = ["Intake", "Outcome", "read_settings"]
