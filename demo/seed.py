"""A realistic demo tenant with fixed logins, and bulk tickets for benchmarks.

For tenant NAME the logins are client@NAME.test and client2@NAME.test (portal
clients of two companies, every portal permission), client3@NAME.test (a client
of a third company without the invoice permissions), first@NAME.test and
second@NAME.test (operators of the first and second line), each with the
password 'demo'.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher

from api.auth.permissions import (
    AUDIT_PERMISSIONS,
    OPERATOR_PERMISSIONS,
    PORTAL_CLIENT_PERMISSIONS,
)
from domain.application import Ledgerdesk
from domain.base import SYSTEM
from domain.errors import NotFound
from domain.use_cases.assets import RegisterAsset
from domain.use_cases.contracts import ConcludeContract
from domain.use_cases.deals import DealFields, ProjectFields, UsedProductFields
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.messages import PostMessage
from domain.use_cases.organisations import RegisterCompany
from domain.use_cases.quotes import AcceptQuote, DraftQuote
from domain.use_cases.subscriptions import StartSubscription
from domain.use_cases.tenants import ChangeTenant
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.timekeeping import RegisterTime
from domain.use_cases.users import RegisterUser, UpdateUser

DEMO_PASSWORD = "demo"
WEEKDAYS = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
)
STATUSES = [  # label, internal type, client name, style
    ("Open", 1, "Open", "primary"),
    ("Waiting for reply", 4, "Waiting for you", "warning"),
    ("Got reply", 5, "In progress", "info"),
    ("Scheduled", 6, "Scheduled", "secondary"),
    ("Closed", 2, "Closed", "success"),
    ("Archived", 3, "Closed", "dark"),
]
LISTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "priorities": [
        ("Low", {"style": "secondary"}),
        ("Normal", {"style": "info"}),
        ("High", {"style": "warning"}),
        ("Urgent", {"style": "danger"}),
    ],
    "categories": [(n, {}) for n in ("Hardware", "Software", "Network", "Accounts")],
    "ticket_types": [(n, {}) for n in ("Incident", "Service request", "Change")],
    "ticket_sources": [(n, {}) for n in ("Portal", "Email", "Phone")],
    "activities": [(n, {}) for n in ("Support", "Installation", "Consultancy")],
    "services": [(n, {}) for n in ("Managed workplace", "Hosting", "Backup")],
    # the SLA clock: office hours in Amsterdam, and a desk that never closes
    "business_hour_contracts": [
        (
            "Office hours NL",
            {
                "time_zone": "Europe/Amsterdam",
                "hours": {
                    day: [["08:30", "17:30"]]
                    for day in ("monday", "tuesday", "wednesday", "thursday", "friday")
                },
                "holiday_countries": ["NL"],
                "holidays": ["2026-12-24", "2026-12-31"],
            },
        ),
        (
            "Around the clock",
            {
                "time_zone": "Europe/Amsterdam",
                "hours": {day: [["00:00", "24:00"]] for day in WEEKDAYS},
                "holiday_countries": [],
            },
        ),
    ],
    "slas": [
        (
            "Standard",
            {
                "calendar_id": 1,
                "default_targets": {
                    "response_minutes": 480,
                    "resolution_minutes": 2400,
                },
                "priority_targets": {
                    "3": {"response_minutes": 120, "resolution_minutes": 960},
                    "4": {"response_minutes": 60, "resolution_minutes": 480},
                },
                "pause_statuses": ["waiting_for_reply", "scheduled"],
                "warn_percent": 80,
            },
        ),
        ("Premium", {"calendar_id": 2, "response_hours": 4}),
        (
            "Critical",
            {
                "calendar_id": 2,
                "default_targets": {"response_minutes": 1, "resolution_minutes": 240},
                "warn_percent": 1,
            },
        ),
    ],
    "asset_categories": [(n, {}) for n in ("Laptop", "Server", "Printer", "Licence")],
    "asset_statuses": [
        (n, {"type": i})
        for i, n in enumerate(
            ("Quoted", "Ordered", "In stock", "Active", "Inactive"), start=1
        )
    ],
    "prepaid_cards": [
        (
            "5 hours",
            {"hours": 5, "price": "495.00", "description": "Prepaid card 5 hours"},
        ),
        (
            "10 hours",
            {"hours": 10, "price": "950.00", "description": "Prepaid card 10 hours"},
        ),
        (
            "20 hours",
            {"hours": 20, "price": "1800.00", "description": "Prepaid card 20 hours"},
        ),
    ],
    "contract_periods": [(n, {"value": n}) for n in ("month", "quarter", "year")],
    "subscription_periods": [(n, {"value": n}) for n in ("month", "quarter", "year")],
    "roles": [
        ("client", {"for": "client"}),
        ("first line", {"for": "operator"}),
        ("second line", {"for": "operator"}),
    ],
    "operator_types": [
        ("First line", {"is_operator": 1}),
        ("Second line", {"is_operator": 2}),
    ],
    "countries": [
        ("Netherlands", {"code": "NL"}),
        ("Belgium", {"code": "BE"}),
        ("Germany", {"code": "DE"}),
    ],
    "products": [
        ("Laptop 14 inch", {"product_code": "LT-14"}),
        ("Docking station", {"product_code": "DS-1"}),
        ("Office licence", {"product_code": "OL-365"}),
    ],
    "custom_fields": [
        (
            "Asset tag",
            {
                "name": "asset_tag",
                "type": 0,
                "morphable_type": "Ticket",
                "order": 1,
                "required": False,
            },
        )
    ],
}
TICKET_FIELDS_CONFIG = {
    "description": {"required_portal": True, "label": "Subject"},
    "priority_id": {"required_portal": True, "label": "Priority"},
    "category_id": {"required_portal": False, "label": "Category"},
}
SUBJECTS = [
    "Printer on the second floor jams",
    "Cannot log in to the VPN",
    "New laptop for a starter",
    "Mailbox is full",
    "Wi-Fi drops in meeting room",
    "Invoice software crashes on start",
    "Request access to the finance share",
    "Monitor flickers",
    "Phone does not sync calendar",
    "Backup job failed",
    "Password reset for the CRM",
    "Slow network at the branch office",
]


def password_hash(password: str = DEMO_PASSWORD) -> str:
    """An argon2 hash of a password."""
    return PasswordHasher().hash(password)


def _setting_ids(app: Ledgerdesk, tenant_id: str) -> dict[str, list[int]]:
    ids: dict[str, list[int]] = {}
    for label, kind_type, name_client, style in STATUSES:
        ids.setdefault("ticket_statuses", []).append(
            app.settings.add(
                tenant_id,
                SYSTEM,
                "ticket_statuses",
                label,
                {
                    "type": kind_type,
                    "name_client": name_client,
                    "style": style,
                    "style_client": style,
                },
                is_default=kind_type == 1,
            )
        )
    for kind, items in LISTS.items():
        for position, (label, data) in enumerate(items):
            ids.setdefault(kind, []).append(
                app.settings.add(
                    tenant_id,
                    SYSTEM,
                    kind,
                    label,
                    data,
                    is_default=(kind == "priorities" and position == 1)
                    or (kind in ("slas", "business_hour_contracts") and position == 0),
                )
            )
    return ids


def seed_demo(
    app: Ledgerdesk,
    subdomain: str = "demo",
    name: str = "Demo IT Services",
    tickets: int | None = None,
    hashed: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> str:
    """Create the demo tenant once and, with tickets, that many more; answers its id."""
    try:
        tenant_id = str(app.tenants.by_subdomain(subdomain).id)
    except NotFound:
        tenant_id = _seed_tenant(app, subdomain, name, hashed or password_hash())
    if tickets:
        seed_tickets(app, tenant_id, tickets, progress=progress)
    return tenant_id


def _billing_profile(name: str, rng: random.Random) -> dict[str, Any]:
    """The tenant as seller on its invoices: a Dutch private company."""
    kvk = f"{rng.randint(10_000_000, 99_999_999)}"
    return {
        "name": f"{name} B.V.",
        "street": "Keizersgracht 1",
        "postal_code": "1015 CJ",
        "city": "Amsterdam",
        "country_code": "NL",
        "vat_number": f"NL{rng.randint(100_000_000, 999_999_999)}B01",
        "kvk_number": kvk,
        "electronic_address": {"scheme": "0106", "id": kvk},
        "email": "billing@demo.test",
        "iban": "NL91ABNA0417164300",
        "currency": "EUR",
        "payment_terms_days": 30,
    }


def _seed_tenant(app: Ledgerdesk, subdomain: str, name: str, hashed: str) -> str:
    rng = random.Random(subdomain)
    tenant_id = app.tenants.create(SYSTEM, name, subdomain)
    app.tenants.change(
        tenant_id,
        SYSTEM,
        ChangeTenant(
            setup_completed=True,
            configs={"ticketing.ticket_fields_config": TICKET_FIELDS_CONFIG},
            modules={"mod_invoice_export_pdf": True},
        ),
    )
    app.invoices.set_billing_profile(
        tenant_id, SYSTEM, _billing_profile(name, random.Random(f"billing/{subdomain}"))
    )
    ids = _setting_ids(app, tenant_id)
    companies = [
        app.organisations.register_company(
            tenant_id,
            SYSTEM,
            # what an invoice names of its buyer; the KvK number is the buyer's
            # e-invoice endpoint, the e-mail address where invoices are mailed
            RegisterCompany(
                name=n,
                address_1=a,
                postal_code=p,
                city=c,
                country="NL",
                email=f"facturen@{d}.test",
                kvk_number=k,
                vat_number=f"NL{k}0B01",
                electronic_address_scheme="0106",
                electronic_address_id=k,
            ),
        )
        for n, a, p, c, d, k in (
            (
                "Northwind Trading",
                "Stationsplein 1",
                "3511 ED",
                "Utrecht",
                "northwind",
                "30123456",
            ),
            (
                "Contoso Legal",
                "Keizersgracht 100",
                "1015 CV",
                "Amsterdam",
                "contoso",
                "34234567",
            ),
            (
                "Fabrikam Logistics",
                "Havenweg 7",
                "3089 JB",
                "Rotterdam",
                "fabrikam",
                "24345678",
            ),
        )
    ]
    a, b, c = companies

    def user(
        email: str,
        first: str,
        last: str,
        line: int,
        company: str | None,
        extra: list[str] | None = None,
    ) -> str:
        return app.users.register(
            tenant_id,
            SYSTEM,
            RegisterUser(
                email=f"{email}@{subdomain}.test",
                first_name=first,
                last_name=last,
                is_operator=line,
                company_ids=[company] if company else [],
                role="client"
                if line == 0
                else ("first line" if line == 1 else "second line"),
                permissions=[
                    *(PORTAL_CLIENT_PERMISSIONS if line == 0 else OPERATOR_PERMISSIONS),
                    *(extra or []),
                ],
                password_hash=hashed,
                language="nl",
            ),
        )

    client = user("client", "Anna", "de Vries", 0, a)
    client2 = user("client2", "Bram", "Jansen", 0, b)
    client3 = user("client3", "Carla", "Smit", 0, c)
    # a client whose role leaves out invoices, to show what a missing permission does
    app.users.update(
        tenant_id,
        SYSTEM,
        client3,
        UpdateUser(
            permissions=[
                p for p in PORTAL_CLIENT_PERMISSIONS if not p.startswith("invoices.")
            ]
        ),
    )
    # first@ audits; second@ shows an operator without audit.view
    first = user("first", "Femke", "Bakker", 1, None, AUDIT_PERMISSIONS)
    second = user("second", "Sander", "Visser", 2, None)
    clients = {a: client, b: client2, c: client3}

    # the third company's contract promises a first answer within four hours
    app.settings.change(
        tenant_id, SYSTEM, "slas", ids["slas"][1], data={"company_ids": [c]}
    )
    ticket_ids = []
    for i, subject in enumerate(SUBJECTS * 2):
        company = companies[i % 3]
        ticket_id = app.tickets.open(
            tenant_id,
            clients[company],
            OpenTicket(
                description=subject,
                client_id=clients[company],
                company_id=company,
                priority_id=ids["priorities"][i % 4],
                category_id=ids["categories"][i % 4],
                ticket_type_id=ids["ticket_types"][i % 3],
                source_id=ids["ticket_sources"][i % 3],
            ),
            PostMessage(
                message=f"{subject}. Can you help?",
                visible_to_client=True,
                is_from_client=True,
                format="text",
            ),
        )
        operator = first if i % 2 else second
        app.messages.post(
            tenant_id,
            operator,
            ticket_id,
            PostMessage(
                message="<p>Thanks, we are looking into it.</p>",
                visible_to_client=True,
                is_from_client=False,
                format="html",
            ),
        )
        app.messages.post(
            tenant_id,
            operator,
            ticket_id,
            PostMessage(
                message="<p>Internal: check the warranty first.</p>",
                visible_to_client=False,
                is_from_client=False,
                format="html",
            ),
        )
        app.tickets.update(
            tenant_id,
            operator,
            ticket_id,
            UpdateTicket(
                status_id=ids["ticket_statuses"][i % len(STATUSES)],
                operator_id=operator,
            ),
        )
        ticket_ids.append(ticket_id)
    _critical_tickets(app, tenant_id, ids, a, clients[a], first)

    lines = [
        {"description": "Laptop 14 inch", "quantity": 2, "price": "899.00"},
        {"description": "Installation", "quantity": 3, "price": "95.00"},
    ]
    for company in companies:
        for number, outcome in enumerate(
            ("concept", "sent", "sent", "accepted", "rejected")
        ):
            quote_id = app.quotes.draft(
                tenant_id,
                second,
                DraftQuote(
                    name=f"Workplace renewal {number + 1}",
                    client_id=clients[company],
                    company_id=company,
                    lines=lines,
                ),
            )
            if outcome != "concept":
                app.quotes.send(tenant_id, second, quote_id)
            if outcome == "accepted":
                app.quotes.accept(
                    tenant_id,
                    clients[company],
                    quote_id,
                    AcceptQuote(name="Signed by client", note="", signature=SIGNATURE),
                )
            if outcome == "rejected":
                app.quotes.decline(tenant_id, clients[company], quote_id)

    deal = app.deals.create(
        tenant_id,
        second,
        DealFields(description="Workplace renewal", company_id=a, client_id=client),
    )
    project = app.deals.create(
        tenant_id,
        second,
        ProjectFields(description="Workplace roll-out", company_id=a, deal_id=deal),
    )
    app.deals.create(
        tenant_id,
        second,
        UsedProductFields(
            description="Docking station",
            company_id=a,
            project_id=project,
            product_id=ids["products"][1],
            quantity=3,
            price="149.00",
            type=1,
            invoice_moment=3,
        ),
    )

    year_start = date(date.today().year, 1, 1).isoformat()
    for company in companies:
        prepaid = app.contracts.conclude(
            tenant_id,
            second,
            ConcludeContract(
                name="Prepaid support hours",
                client_id=clients[company],
                company_id=company,
                service_id=ids["services"][0],
                period=None,
                quantity=10,
                start_date=year_start,
                end_date=None,
            ),
        )
        monthly = app.contracts.conclude(
            tenant_id,
            second,
            ConcludeContract(
                name="Managed workplace",
                client_id=clients[company],
                company_id=company,
                service_id=ids["services"][0],
                period="month",
                quantity=8,
                start_date=year_start,
                end_date=None,
            ),
        )
        company_tickets = [
            tid for i, tid in enumerate(ticket_ids) if companies[i % 3] == company
        ]
        for k, (contract, ticket_id) in enumerate(
            zip((prepaid, monthly, prepaid), company_tickets, strict=False)
        ):
            app.time.register(
                tenant_id,
                first,
                ticket_id,
                RegisterTime(
                    minutes=30 + 15 * k,
                    executed_at=datetime.now(UTC) - timedelta(days=k),
                    activity_id=ids["activities"][k % 3],
                    description="Remote support session",
                    contract_id=contract,
                ),
            )

    for company in companies:
        app.subscriptions.start(
            tenant_id,
            second,
            StartSubscription(
                description="Managed workplace",
                company_id=company,
                client_id=clients[company],
                period="month",
                billing_start_date=year_start,
                direct_debit=True,
                lines=[{"description": "Workplace", "quantity": 12, "price": "39.50"}],
            ),
        )
        app.subscriptions.start(
            tenant_id,
            second,
            StartSubscription(
                description="Backup storage",
                company_id=company,
                client_id=clients[company],
                period="year",
                billing_start_date=year_start,
                direct_debit=False,
                lines=[{"description": "500 GB", "quantity": 1, "price": "240.00"}],
            ),
        )
        for k, category in enumerate(ids["asset_categories"]):
            app.assets.register(
                tenant_id,
                second,
                RegisterAsset(
                    name=f"{LISTS['asset_categories'][k][0]} {k + 1}",
                    description="Managed device",
                    serial_number=f"SN-{rng.randint(100_000, 999_999)}",
                    tracking_number=f"TR-{k + 1:04d}",
                    warranty_until=(
                        date.today() + timedelta(days=200 * k - 100)
                    ).isoformat(),
                    client_id=clients[company],
                    company_id=company,
                    category_ids=[category],
                    status_id=ids["asset_statuses"][3],
                ),
            )

    for company in companies:
        for status in (None, 1, 2, 3, 4, 9, 8):
            # the credited invoice and its credit are older than the rest, so the
            # newest invoices of the list are invoices, not credit notes
            ago = 60 if status == 8 else 30
            invoice_id = app.invoices.create(
                tenant_id,
                second,
                CreateInvoice(
                    company_id=company,
                    client_id=clients[company],
                    day=(date.today() - timedelta(days=ago)).isoformat(),
                    reference_number="Support",
                    lines=[
                        {
                            "description": "Support hours",
                            "quantity": 2,
                            "price": "95.00",
                        }
                    ],
                ),
            )
            if status is None:
                continue
            app.invoices.finalise(
                tenant_id, second, invoice_id, f"EXT-{invoice_id[:8]}"
            )
            if status == 8:
                credit = app.invoices.credit(
                    tenant_id,
                    second,
                    invoice_id,
                    day=(date.today() - timedelta(days=59)).isoformat(),
                )
                app.invoices.finalise(tenant_id, second, credit, f"EXT-{credit[:8]}")
            elif status != 1:
                app.invoices.change_status(tenant_id, second, invoice_id, status)
    return tenant_id


def _critical_tickets(
    app: Ledgerdesk,
    tenant_id: str,
    ids: dict[str, list[int]],
    company: str,
    client: str,
    operator: str,
) -> None:
    """Outages under the Critical SLA (a first answer within a minute, day and
    night), unanswered, so that a newcomer sees a clock in every state: one
    reported three hours ago (its response breached, its resolution warned),
    one just now (warned once its warning falls due, a second into the seed),
    and one the SLA timer of `serve` warns of and breaches a minute later."""
    import time

    critical = ids["slas"][2]
    outages = (
        ("Printers offline on every floor", timedelta(hours=3)),
        ("Mail server down for everyone", timedelta(0)),
        ("VPN refuses every login", timedelta(0)),
    )
    opened = []
    for subject, ago in outages:
        ticket_id = app.tickets.open(
            tenant_id,
            client,
            OpenTicket(
                description=subject,
                client_id=client,
                company_id=company,
                priority_id=ids["priorities"][3],
                sla_id=critical,
                operator_id=operator,
            ),
            PostMessage(
                message=f"{subject}!", visible_to_client=True, is_from_client=True
            ),
            at=datetime.now(UTC) - ago if ago else None,
        )
        opened.append(ticket_id)
    policy = _critical_policy()
    # the warning of the one just reported falls due 0.6 s after it was opened
    first_warning = _due_alerts(app, tenant_id, opened[1], policy, None)
    if first_warning:
        wait = (first_warning[0][0] - datetime.now(UTC)).total_seconds()
        time.sleep(max(wait, 0) + 0.05)
    for ticket_id in opened[:2]:
        raise_due_alerts(app, tenant_id, ticket_id, policy)


def _critical_policy() -> Any:
    from domain.sla import calendar_from_data, policy_from_data

    calendar = calendar_from_data(LISTS["business_hour_contracts"][1][1])
    return policy_from_data(dict(LISTS["slas"][2][1]), calendar)


def _due_alerts(
    app: Ledgerdesk,
    tenant_id: str,
    ticket_id: str,
    policy: Any,
    now: datetime | None,
) -> list[tuple[datetime, str, str, str]]:
    """The warnings and breaches of an unanswered, still open ticket in the
    order the clock reaches them, up to now (all of them when now is None)."""
    from domain.sla import History, clock

    ticket = app.tickets.get(tenant_id, ticket_id)
    at, priority = ticket.created_on, ticket.fields.get("priority_id")
    alerts: set[tuple[str, str, str]] = set()
    found: list[tuple[datetime, str, str, str]] = []
    while True:
        statuses = ((at, ticket.status_type),)
        history = History(at, priority, statuses, alerts=frozenset(alerts))
        result = clock(history, policy)
        if result.next_alert is None:
            return found
        moment, target, level = result.next_alert
        if now is not None and moment > now:
            return found
        of = result.response if target == "response" else result.resolution
        assert of is not None and of.due_at is not None  # the clock raised it
        due = of.due_at.isoformat()
        found.append((moment, target, level, due))
        alerts.add((target, level, due))


def raise_due_alerts(
    app: Ledgerdesk, tenant_id: str, ticket_id: str, policy: Any
) -> int:
    """Raise what the SLA timer raises for a ticket now: each warning and
    breach whose moment has come, under the timer's name and the due moment
    the read model keeps, so the timer of `serve` never raises them again."""
    from outbound.sla_timer import TIMER

    raised = 0
    for _, target, level, due in _due_alerts(
        app, tenant_id, ticket_id, policy, datetime.now(UTC)
    ):
        raised += app.tickets.raise_sla_alert(
            tenant_id, TIMER, ticket_id, target, level, due
        )
    return raised


def seed_tickets(
    app: Ledgerdesk,
    tenant_id: str,
    count: int,
    batch: int = 500,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Open count more tickets with a first message each, in batches."""
    from projections.tables import tickets  # noqa: F401  (read model not needed)

    rng = random.Random(count)
    statuses = [
        item["id"]
        for item in app.settings.setting_list(tenant_id, "ticket_statuses").ordered()
    ]
    priorities = [
        item["id"]
        for item in app.settings.setting_list(tenant_id, "priorities").ordered()
    ]
    companies_and_clients = _companies_and_clients(app, tenant_id)
    done = 0
    while done < count:
        size = min(batch, count - done)
        commands: list[tuple[OpenTicket, PostMessage | None]] = []
        for _ in range(size):
            company, client = rng.choice(companies_and_clients)
            subject = rng.choice(SUBJECTS)
            ticket = OpenTicket(
                description=f"{subject} #{rng.randint(1, 99999)}",
                client_id=client,
                company_id=company,
                priority_id=rng.choice(priorities) if priorities else None,
                status_id=rng.choice(statuses) if statuses else None,
            )
            first = PostMessage(
                message=subject,
                visible_to_client=True,
                is_from_client=True,
                format="text",
                author=client,
            )
            commands.append((ticket, first))
        app.tickets.open_many(tenant_id, SYSTEM, commands, check=False)
        done += size
        if progress:
            progress(size)


def _companies_and_clients(app: Ledgerdesk, tenant_id: str) -> list[tuple[str, str]]:
    pairs = []
    tenant = app.tenants.get(tenant_id)
    for name in ("client", "client2", "client3"):
        try:
            user = app.users.by_email(tenant_id, f"{name}@{tenant.subdomain}.test")
        except NotFound:
            continue
        pairs.append((user.company_ids[0], str(user.id)))
    if not pairs:
        raise NotFound("The tenant has no demo clients to open tickets for.")
    return pairs


# A small drawn line: the signature the demo's accepted quotes carry.
SIGNATURE = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAYAAACNMs+9AAAAFklEQVR4"
    "nGNgGAWjYBSMglEwCkbBAAAHAAH3ZsnAAAAAAElFTkSuQmCC"
)
