"""Seeding the benchmark tenants: tickets in batches, quotes, contracts, invoices."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from uuid import uuid4

from eventsourcing.application import Application

from api.bootstrap import event_store_env
from bench.presets import preset_filters
from bench.search import more_messages
from bench.search import text as message_text
from demo.seed import SUBJECTS, seed_demo
from domain.application import Ledgerdesk
from domain.base import SYSTEM
from domain.tickets import Ticket
from domain.use_cases.contracts import ConcludeContract
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.messages import PostMessage, post_on
from domain.use_cases.quotes import DraftQuote
from domain.use_cases.settings import SavePreset
from domain.use_cases.tickets import OpenTicket

BATCH = 500
COMPANY_SHARES = (0.5, 0.3, 0.2)  # the first company is the largest
# Quotes, invoices and contracts in proportion to the tickets, as a provider
# has them: one quote and one invoice per thousand tickets, a contract per two.
QUOTE_EVERY = 1000
INVOICE_EVERY = 1000
CONTRACT_EVERY = 2000
LINES = [{"description": "Support hours", "quantity": 2, "price": "95.00"}]

Advance = Callable[[int], None]


@dataclass
class Tenant:
    """One seeded tenant: its ids, clients by company, and its ticket count."""

    subdomain: str
    tenant_id: str
    tickets: int
    clients: list[tuple[str, str]]  # (company_id, client_id), largest company first
    operator: str
    statuses: list[int] = field(default_factory=list)
    priorities: list[int] = field(default_factory=list)

    @property
    def largest(self) -> tuple[str, str]:
        """(company_id, client_id) of the company with the most tickets."""
        return self.clients[0]


def create_tenant(app: Ledgerdesk, subdomain: str, tickets: int, hashed: str) -> Tenant:
    """The demo tenant shape (three companies, clients, operators), no bulk tickets."""
    name = f"{subdomain.capitalize()} IT Services"
    tenant_id = seed_demo(app, subdomain, name, hashed=hashed)
    clients = []
    for login in ("client", "client2", "client3"):
        user = app.users.by_email(tenant_id, f"{login}@{subdomain}.test")
        clients.append((user.company_ids[0], str(user.id)))
    operator = str(app.users.by_email(tenant_id, f"second@{subdomain}.test").id)
    return Tenant(
        subdomain,
        tenant_id,
        tickets,
        clients,
        operator,
        [
            i["id"]
            for i in app.settings.setting_list(tenant_id, "ticket_statuses").ordered()
        ],
        [i["id"] for i in app.settings.setting_list(tenant_id, "priorities").ordered()],
    )


def ticket_specs(
    tenant: Tenant, rng: random.Random, size: int
) -> list[tuple[OpenTicket, PostMessage | None]]:
    """size tickets with first messages, companies drawn by COMPANY_SHARES."""
    commands: list[tuple[OpenTicket, PostMessage | None]] = []
    pairs = rng.choices(tenant.clients, weights=COMPANY_SHARES, k=size)
    for company, client in pairs:
        subject = rng.choice(SUBJECTS)
        ticket = OpenTicket(
            description=f"{subject} #{rng.randint(1, 99999)}",
            client_id=client,
            company_id=company,
            priority_id=rng.choice(tenant.priorities),
            status_id=rng.choice(tenant.statuses),
        )
        first = PostMessage(
            message=f"<p>{subject}. Can you help?</p>{message_text(rng)}",
            visible_to_client=True,
            is_from_client=True,
            author=client,
        )
        commands.append((ticket, first))
    return commands


def seed_tickets(
    app: Ledgerdesk, tenant: Tenant, rng: random.Random, advance: Advance
) -> None:
    """Open the tenant's tickets through the batch command, BATCH at a time."""
    done = 0
    while done < tenant.tickets:
        size = min(BATCH, tenant.tickets - done)
        commands = ticket_specs(tenant, rng, size)
        ids = app.tickets.open_many(tenant.tenant_id, SYSTEM, commands, check=False)
        more_messages(app, tenant.tenant_id, tenant.operator, ids, rng)
        done += size
        advance(size)


def seed_commerce(app: Ledgerdesk, tenant: Tenant, rng: random.Random) -> None:
    """Quotes, invoices and contracts in proportion to the tenant's tickets."""
    tid, actor = tenant.tenant_id, tenant.operator
    start = date(date.today().year, 1, 1).isoformat()
    for k in range(max(1, tenant.tickets // QUOTE_EVERY)):
        company, client = rng.choices(tenant.clients, weights=COMPANY_SHARES)[0]
        quote = app.quotes.draft(
            tid,
            actor,
            DraftQuote(
                name=f"Renewal {k + 1}",
                client_id=client,
                company_id=company,
                lines=LINES,
            ),
        )
        if k % 2:
            app.quotes.send(tid, actor, quote)
    for k in range(max(1, tenant.tickets // INVOICE_EVERY)):
        company, client = rng.choices(tenant.clients, weights=COMPANY_SHARES)[0]
        day = (date.today() - timedelta(days=k % 365)).isoformat()
        invoice = app.invoices.create(
            tid,
            actor,
            CreateInvoice(
                company_id=company,
                client_id=client,
                day=day,
                reference_number="Support",
                lines=LINES,
            ),
        )
        if k % 2:
            app.invoices.finalise(tid, actor, invoice, f"EXT-{invoice[:8]}")
    for k in range(max(1, tenant.tickets // CONTRACT_EVERY)):
        company, client = rng.choices(tenant.clients, weights=COMPANY_SHARES)[0]
        app.contracts.conclude(
            tid,
            actor,
            ConcludeContract(
                name=f"Support contract {k + 1}",
                client_id=client,
                company_id=company,
                service_id=None,
                period="month" if k % 2 else None,
                quantity=8,
                start_date=start,
                end_date=None,
            ),
        )


def raw_tickets(
    app: Ledgerdesk,
    tenant: Tenant,
    commands: list[tuple[OpenTicket, PostMessage | None]],
) -> list[Ticket]:
    """The aggregates open_many would save, numbered by a sequence saved first."""
    sequence, numbers = app.settings.allocate_numbers(
        tenant.tenant_id, "tickets", len(commands)
    )
    app.commit(sequence)
    statuses = app.settings.setting_list(tenant.tenant_id, "ticket_statuses")
    tickets = []
    for number, (command, first) in zip(numbers, commands, strict=True):
        status = statuses.get(command.status_id or 0)
        ticket = Ticket.open(
            tenant.tenant_id,
            SYSTEM,
            number,
            status["id"],
            status["data"].get("type", 1),
            command.fields(),
        )
        if first:
            post_on(ticket, SYSTEM, str(uuid4()), first)
        tickets.append(ticket)
    return tickets


class LibraryStore(Application):
    """The eventsourcing library's own Application, unchanged, on our events table."""

    name = Ledgerdesk.name


def library_store(database_url: str) -> LibraryStore:
    """The library's Application on the database, with the library's own recorder."""
    env = event_store_env(database_url)
    env.pop("APPLICATION_RECORDER_TOPIC", None)
    return LibraryStore(env=env)


def append_ratio(
    app: Ledgerdesk,
    library: Application,
    tenant: Tenant,
    rng: random.Random,
    rounds: int,
    size: int,
) -> tuple[float, float, int]:
    """(ours, raw) events per second and tickets added, alternating round by round.

    Ours is the batch command as the application runs it (numbers, statuses,
    aggregates, one save); raw is the library's unchanged Application.save of
    the same kind of aggregates, built beforehand, so the difference is what our
    domain and our store add or save.
    """
    ours_events = raw_events = 0
    ours_seconds = raw_seconds = 0.0
    for _ in range(rounds):
        commands = ticket_specs(tenant, rng, size)
        before = app.position()
        started = time.perf_counter()
        app.tickets.open_many(tenant.tenant_id, SYSTEM, commands, check=False)
        ours_seconds += time.perf_counter() - started
        ours_events += app.position() - before

        commands = ticket_specs(tenant, rng, size)
        tickets = raw_tickets(app, tenant, commands)
        before = app.position()
        started = time.perf_counter()
        library.save(*tickets)
        raw_seconds += time.perf_counter() - started
        raw_events += app.position() - before
    ours = ours_events / max(ours_seconds, 1e-9)
    raw = raw_events / max(raw_seconds, 1e-9)
    return ours, raw, 2 * rounds * size


def save_presets(app: Ledgerdesk, tenant: Tenant) -> None:
    """The ten ticket presets of the largest company's client, as the portal saves."""
    _, client = tenant.largest
    filters = preset_filters(tenant.statuses, tenant.priorities)
    for number, item in enumerate(filters, start=1):
        app.settings.save_preset(
            tenant.tenant_id,
            client,
            SavePreset(
                label=f"Preset {number}",
                type="tickets",
                filter_config=json.dumps(item.builder),
                columns_config="[]",
                order_config="[]",
                pagination_config='{"perPage": 15}',
            ),
        )
