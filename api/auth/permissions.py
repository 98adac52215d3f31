"""The permissions a new person gets unless they are given others (SPEC.md §6).

A portal client may see its company's tickets, quotes, subscriptions, assets,
contracts and invoices, write tickets and messages, export and buy; an operator
may do that and manage every operator object. Auditing is held apart.
"""

from __future__ import annotations

PORTAL_ROUTES = ("tickets", "quotes", "subscriptions", "assets", "contracts")
PORTAL_CLIENT_PERMISSIONS = sorted(
    [f"{route}.{action}" for route in PORTAL_ROUTES for action in ("index", "show")]
    + [
        "tickets.create",
        "invoices.index",
        "invoices.show",
        "messages.store",
        "tenant.exports.index",
        "tenant.table-presets.store",
        "tenant.contracts.buy",
        "portal.access",
    ]
)
OPERATOR_PERMISSIONS = sorted(
    set(PORTAL_CLIENT_PERMISSIONS)
    | {
        f"{model}.{action}"
        for model in (
            "tickets",
            "quotes",
            "contracts",
            "invoices",
            "subscriptions",
            "assets",
            "companies",
            "clients",
            "operators",
            "ticket-groups",
            "locations",
            "time-registrations",
            "messages",
            "settings",
            "ticket-templates",
            "deals",
            "projects",
            "used-products",
        )
        for action in ("index", "show", "store", "update", "destroy")
    }
    | {"exports.index", "table-presets.store"}
)
AUDIT_PERMISSIONS = ["audit.view"]
"""Reading every record's history (`/api/audit`, the auditor screen): given on
purpose to the people who audit (the demo's first@), not to every operator."""
