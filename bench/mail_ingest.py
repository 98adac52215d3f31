"""mail_ingest_per_s: mails turned into tickets or replies per second from IMAP.

A tenant's Dovecot mailbox is filled (not timed) with varied mail: new problems
from its clients, replies by In-Reply-To and by the subject's reference, HTML
only, ISO-8859-1 quoted-printable, attachments, out-of-office replies and
bounces (noise), and strangers (held for review). Then one `Fetcher.fetch_all`
reads the mailbox: each mail is fetched, parsed, stored (ticket or message
events, the original .eml and attachments as files, the intake record) and
flagged on the server, one after the other.
"""

from __future__ import annotations

import base64
import random
import time
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Engine

from api.bootstrap import build_follower
from api.mail_intake import build_intake
from api.settings import Settings
from bench.dovecot import Dovecot, available
from bench.seeding import Tenant, create_tenant
from inbound.imap import Box, Fetcher
from inbound.routing import Router, TenantMail

USER, PASSWORD = "desk@bench.test", "bench"
PDF = b"%PDF-1.4\n" + bytes(range(256)) * 40


def varied_mails(tenant: Tenant, count: int, rng: random.Random) -> list[bytes]:
    """count mails of the shapes a desk receives, in a fixed pseudo-random mix."""
    senders = [f"{login}@{tenant.subdomain}.test" for login in ("client", "client2")]
    sent: list[tuple[str, str]] = []  # (Message-ID, sender) of new problems
    mails = []
    for n in range(count):
        kind = rng.random()
        sender = rng.choice(senders)
        m = EmailMessage()
        m["From"] = f"Bench Client <{sender}>"
        m["To"] = USER
        m["Message-ID"] = f"<bench-{n}@{tenant.subdomain}.test>"
        m["Date"] = "Wed, 25 Nov 2026 10:00:00 +0100"
        if kind < 0.35 or not sent:
            m["Subject"] = f"Problem {n}: the printer on floor {n % 7} is jammed"
            m.set_content(f"Hello,\n\nproblem {n} since this morning.\n\nRegards,\nB")
            sent.append((m["Message-ID"], sender))
        elif kind < 0.60:
            answered, sender = rng.choice(sent)
            del m["From"]
            m["From"] = sender
            m["Subject"] = "Re: the printer"
            m["In-Reply-To"] = answered
            m.set_content(
                "Still broken.\n\nOn Tue, Nov 24, 2026 at 10:00 AM Support "
                f"<{USER}> wrote:\n> Did it work?\n"
            )
        elif kind < 0.70:
            m["Subject"] = f"HTML only {n}"
            m.set_content(f"<p>The <b>VPN</b> drops, case {n}.</p>", subtype="html")
        elif kind < 0.78:
            m["Subject"] = f"Caf\u00e9 {n}"
            m.set_content(f"Caf\u00e9 machine {n} is broken.", charset="iso-8859-1")
        elif kind < 0.88:
            m["Subject"] = f"Invoice copy {n}"
            m.set_content("The scan is attached.")
            m.add_attachment(
                PDF, maintype="application", subtype="pdf", filename="scan.pdf"
            )
        elif kind < 0.94:
            m["Subject"] = "Automatic reply: out of office"
            m["Auto-Submitted"] = "auto-replied"
            m.set_content("I am away until Monday.")
        elif kind < 0.97:
            del m["From"]
            m["From"] = f"MAILER-DAEMON@mx.{tenant.subdomain}.test"
            m["Subject"] = "Undelivered Mail Returned to Sender"
            m.set_content(base64.b64encode(rng.randbytes(300)).decode())
        else:
            del m["From"]
            m["From"] = f"stranger{n}@elsewhere.test"
            m["Subject"] = f"Who handles this? {n}"
            m.set_content("I found this address on your website.")
        mails.append(m.as_bytes())
    return mails


def measure(
    app: Any, engine: Engine, settings: Settings, tenant: Tenant, count: int = 2000
) -> tuple[float, dict[str, Any]]:
    """Fill a Dovecot mailbox and time one fetch of it; answers mails/s, context."""
    if not available():
        return 0.0, {"mail ingest": "not measured: dovecot-imapd is not installed"}
    rng = random.Random(7)
    with Dovecot() as server:
        server.add_account(USER, PASSWORD)
        mails = varied_mails(tenant, count, rng)
        for start in range(0, len(mails), 200):
            server.append(USER, PASSWORD, *mails[start : start + 200])
        box = Box(server.host, server.port, "none", USER, PASSWORD)
        intake = build_intake(settings, app, engine)
        # one bench sender writes hundreds of mails: the hourly rate is for loops
        intake.rate_limit = 10**9

        def settings_of(_connection: Any, tenant_id: str) -> TenantMail:
            return TenantMail(imap=box if tenant_id == tenant.tenant_id else None)

        intake.router = Router(engine, settings.mail_domain, settings_of=settings_of)
        started = time.perf_counter()
        taken = Fetcher(intake).fetch_all()
        seconds = time.perf_counter() - started
    return taken / max(seconds, 1e-9), {
        "mail ingest": f"{taken:,} mails from Dovecot in {seconds:.1f} s "
        "(one fetcher, one mail at a time: parse, events, files, intake and UID "
        "records)"
    }


def run(
    app: Any, engine: Engine, settings: Settings, hashed: str, count: int = 2000
) -> tuple[float, dict[str, Any]]:
    """A tenant of its own for the mail, the read model caught up before and after."""
    tenant = create_tenant(app, "benchmail", 0, hashed)
    follower = build_follower(app, engine, settings)
    follower.catch_up()
    figure, context = measure(app, engine, settings, tenant, count)
    follower.catch_up()
    return figure, context
