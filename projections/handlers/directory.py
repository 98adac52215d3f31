"""Tenants, users, companies, locations, ticket groups, settings and presets."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, select, update

from projections import tables as t
from projections.context import Apply
from projections.handlers import Handler
from projections.handlers.counts import recount_companies

COMPANY_TABLES = (
    t.tickets,
    t.quotes,
    t.contracts,
    t.subscriptions,
    t.assets,
    t.invoices,
    t.locations,
    t.ticket_groups,
    t.users,
    t.deals,
    t.projects,
    t.used_products,
)
NAMED_BY_CLIENT = (
    t.tickets,
    t.quotes,
    t.contracts,
    t.subscriptions,
    t.assets,
    t.invoices,
)


def _stamps(a: Apply) -> dict[str, Any]:
    return {"created_at": a.at, "updated_at": a.at, "version": a.version}


def tenant_created(a: Apply) -> None:
    e = a.event
    a.register("tenant")
    a.connection.execute(
        t.tenants.insert().values(
            id=a.aggregate_id,
            name=e.name,
            subdomain=e.subdomain,
            setup_completed=False,
            trial_ends_on=e.trial_ends_on,
            language=e.language,
            configs={},
            modules={},
            **_stamps(a),
        )
    )


def _tenant_update(a: Apply, **values: Any) -> None:
    a.connection.execute(
        update(t.tenants)
        .where(t.tenants.c.id == a.aggregate_id)
        .values(updated_at=a.at, version=a.version, **values)
    )


def _tenant_json(a: Apply, column: str, name: str, value: Any) -> None:
    from sqlalchemy import select

    current = (
        a.connection.execute(
            select(t.tenants.c[column]).where(t.tenants.c.id == a.aggregate_id)
        ).scalar()
        or {}
    )
    _tenant_update(a, **{column: {**current, name: value}})


def user_registered(a: Apply) -> None:
    e = a.event
    a.register("user")
    full_name = f"{e.first_name} {e.last_name}".strip()
    a.insert(
        t.users,
        id=a.aggregate_id,
        email=e.email,
        first_name=e.first_name,
        last_name=e.last_name,
        full_name=full_name,
        is_operator=e.is_operator,
        company_id=(e.company_ids or [None])[0],
        company_ids=list(e.company_ids),
        role=e.role,
        permissions=list(e.permissions),
        password_hash=e.password_hash,
        language=e.language,
        active=True,
        configs={},
        identity_issuer=None,
        identity_tid=None,
        identity_oid=None,
        **_stamps(a),
    )


def user_updated(a: Apply) -> None:
    changes = dict(a.event.changes)
    row = a.row(t.users) or {}
    if "company_ids" in changes:
        changes["company_id"] = (changes["company_ids"] or [None])[0]
    if "first_name" in changes or "last_name" in changes:
        first = changes.get("first_name", row.get("first_name"))
        last = changes.get("last_name", row.get("last_name"))
        changes["full_name"] = f"{first} {last}".strip()
        a.forget("user", a.aggregate_id)
        for table in NAMED_BY_CLIENT:
            a.connection.execute(
                update(table)
                .where(
                    and_(
                        table.c.tenant_id == a.tenant_id,
                        table.c.client_id == a.aggregate_id,
                    )
                )
                .values(client_name=changes["full_name"])
            )
        a.connection.execute(
            update(t.tickets)
            .where(
                and_(
                    t.tickets.c.tenant_id == a.tenant_id,
                    t.tickets.c.operator_id == a.aggregate_id,
                )
            )
            .values(operator_name=changes["full_name"])
        )
    a.update(t.users, **changes)


def user_configs_saved(a: Apply) -> None:
    row = a.row(t.users) or {}
    a.update(t.users, configs={**(row.get("configs") or {}), **a.event.configs})


def company_registered(a: Apply) -> None:
    a.register("company")
    a.insert(
        t.companies,
        id=a.aggregate_id,
        archived_at=None,
        merged_into=None,
        **a.event.fields,
        **_stamps(a),
    )


def company_merged(a: Apply) -> None:
    """Every record of the merged company, and its clients, go to the survivor.

    Later events that still name the merged company follow it there too (see
    `Apply.survivor`), so replaying the log always gives the same tables.
    """
    target = a.survivor(a.event.target_id) or str(a.event.target_id)
    source = a.aggregate_id
    name = a.name_of("company", target)
    for table in COMPANY_TABLES:
        values: dict[str, Any] = {"company_id": target}
        if "company_name" in table.c:
            values["company_name"] = name
        a.connection.execute(
            update(table)
            .where(and_(table.c.tenant_id == a.tenant_id, table.c.company_id == source))
            .values(**values)
        )
    _move_clients(a, source, target)
    _move_preset_filters(a, source, target)
    recount_companies(a, [source, target])
    a.update(t.companies, merged_into=target, archived_at=a.at)
    a.merges()[source] = target


def _move_clients(a: Apply, source: str, target: str) -> None:
    """Users of the merged company belong to the survivor, first one kept first."""
    u = t.users
    rows = a.connection.execute(
        select(u.c.id, u.c.company_ids).where(u.c.tenant_id == a.tenant_id)
    ).all()
    for row in rows:
        ids = list(row.company_ids or [])
        if source not in ids:
            continue
        moved = list(dict.fromkeys(target if i == source else i for i in ids))
        a.connection.execute(
            update(u)
            .where(and_(u.c.tenant_id == a.tenant_id, u.c.id == row.id))
            .values(company_ids=moved, company_id=(moved or [None])[0])
        )


def _move_preset_filters(a: Apply, source: str, target: str) -> None:
    """A saved filter on the merged company now filters on the survivor."""
    p = t.table_presets
    rows = a.connection.execute(
        select(p.c.id, p.c.filter_config).where(
            and_(p.c.tenant_id == a.tenant_id, p.c.filter_config.contains(source))
        )
    ).all()
    for row in rows:
        a.connection.execute(
            update(p)
            .where(and_(p.c.tenant_id == a.tenant_id, p.c.id == row.id))
            .values(filter_config=row.filter_config.replace(source, target))
        )


def _location_or_group(a: Apply, table: Any, model: str) -> None:
    a.register(model)
    fields = dict(a.event.fields)
    a.insert(
        table,
        id=a.aggregate_id,
        archived_at=None,
        company_name=a.name_of("company", fields.get("company_id")),
        **{k: v for k, v in fields.items() if k in table.c},
        **_stamps(a),
    )


ARCHIVABLE_TABLES = {
    "company": t.companies,
    "location": t.locations,
    "ticket_group": t.ticket_groups,
}


def archivable_updated(a: Apply) -> None:
    model = a.model()
    table = ARCHIVABLE_TABLES[model or "company"]
    changes = {k: v for k, v in a.event.changes.items() if k in table.c}
    if "company_id" in changes and "company_name" in table.c:
        changes["company_name"] = a.name_of("company", changes["company_id"])
    a.update(table, **changes)
    if "name" in changes and model in ("company", "location"):
        a.forget(model, a.aggregate_id)
        column = "company" if model == "company" else "location"
        for other in COMPANY_TABLES if model == "company" else (t.assets,):
            if f"{column}_name" in other.c:
                a.connection.execute(
                    update(other)
                    .where(
                        and_(
                            other.c.tenant_id == a.tenant_id,
                            other.c[f"{column}_id"] == a.aggregate_id,
                        )
                    )
                    .values(**{f"{column}_name": changes["name"]})
                )


def archivable_archived(a: Apply) -> None:
    a.update(ARCHIVABLE_TABLES[a.model() or "company"], archived_at=a.at)


def archivable_restored(a: Apply) -> None:
    a.update(ARCHIVABLE_TABLES[a.model() or "company"], archived_at=None)


def _setting_key(a: Apply, item_id: int) -> Any:
    s = t.setting_items
    return and_(s.c.tenant_id == a.tenant_id, s.c.kind == _kind(a), s.c.id == item_id)


def _kind(a: Apply) -> str:
    if a.aggregate_id not in a.models:
        from sqlalchemy import select

        a.models[a.aggregate_id] = (
            a.connection.execute(
                select(t.aggregates.c.reference).where(
                    t.aggregates.c.id == a.aggregate_id
                )
            ).scalar()
            or ""
        )
    return a.models[a.aggregate_id] or ""


def settings_started(a: Apply) -> None:
    a.register("setting_list", a.event.kind)
    a.models[a.aggregate_id] = a.event.kind


def setting_added(a: Apply) -> None:
    e = a.event
    from sqlalchemy import func, select

    s = t.setting_items
    last = (
        a.connection.execute(
            select(func.max(s.c.position)).where(
                and_(s.c.tenant_id == a.tenant_id, s.c.kind == _kind(a))
            )
        ).scalar()
        or 0
    )
    a.connection.execute(
        s.insert().values(
            tenant_id=a.tenant_id,
            kind=_kind(a),
            id=e.item_id,
            label=e.label,
            position=last + 1,
            is_default=False,
            data=e.data,
        )
    )


def setting_changed(a: Apply) -> None:
    a.connection.execute(
        update(t.setting_items)
        .where(_setting_key(a, a.event.item_id))
        .values(**a.event.changes)
    )


def setting_removed(a: Apply) -> None:
    a.connection.execute(
        delete(t.setting_items).where(_setting_key(a, a.event.item_id))
    )


def settings_reordered(a: Apply) -> None:
    for position, item_id in enumerate(a.event.order, start=1):
        a.connection.execute(
            update(t.setting_items)
            .where(_setting_key(a, item_id))
            .values(position=position)
        )


def setting_default_set(a: Apply) -> None:
    s = t.setting_items
    a.connection.execute(
        update(s)
        .where(and_(s.c.tenant_id == a.tenant_id, s.c.kind == _kind(a)))
        .values(is_default=(s.c.id == a.event.item_id))
    )


PRESET_DEFAULTS = {
    "styling": None,
    "columns_config": "{}",
    "order_config": "{}",
    "filter_config": "{}",
    "pagination_config": "{}",
}


def preset_saved(a: Apply) -> None:
    a.register("table_preset")
    fields = {**PRESET_DEFAULTS, **a.event.fields}
    a.insert(
        t.table_presets,
        id=a.aggregate_id,
        user_id=a.event.user_id,
        **{k: v for k, v in fields.items() if k in t.table_presets.c},
        **_stamps(a),
    )


def preset_changed(a: Apply) -> None:
    a.update(t.table_presets, **a.event.changes)


def preset_deleted(a: Apply) -> None:
    a.connection.execute(delete(t.table_presets).where(a.key(t.table_presets)))


HANDLERS: dict[str, Handler] = {
    "Tenant.Created": tenant_created,
    "Tenant.SetupCompleted": lambda a: _tenant_update(a, setup_completed=True),
    "Tenant.ConfigSet": lambda a: _tenant_json(
        a, "configs", a.event.name, a.event.value
    ),
    "Tenant.ModuleSet": lambda a: _tenant_json(
        a, "modules", a.event.name, a.event.enabled
    ),
    "Tenant.TrialChanged": lambda a: _tenant_update(
        a, trial_ends_on=a.event.trial_ends_on
    ),
    "User.Registered": user_registered,
    "User.Updated": user_updated,
    "User.PasswordChanged": lambda a: a.update(
        t.users, password_hash=a.event.password_hash
    ),
    "User.ConfigsSaved": user_configs_saved,
    "User.Deactivated": lambda a: a.update(t.users, active=False),
    "User.IdentityLinked": lambda a: a.update(
        t.users,
        identity_issuer=a.event.issuer,
        identity_tid=a.event.tid,
        identity_oid=a.event.oid,
    ),
    "Company.Registered": company_registered,
    "Company.MergedInto": company_merged,
    "Location.Registered": lambda a: _location_or_group(a, t.locations, "location"),
    "TicketGroup.Formed": lambda a: _location_or_group(
        a, t.ticket_groups, "ticket_group"
    ),
    "Archivable.Updated": archivable_updated,
    "Archivable.Archived": archivable_archived,
    "Archivable.Restored": archivable_restored,
    "SettingList.Started": settings_started,
    "SettingList.ItemAdded": setting_added,
    "SettingList.ItemChanged": setting_changed,
    "SettingList.ItemRemoved": setting_removed,
    "SettingList.Reordered": settings_reordered,
    "SettingList.DefaultSet": setting_default_set,
    "TablePreset.Saved": preset_saved,
    "TablePreset.Changed": preset_changed,
    "TablePreset.Deleted": preset_deleted,
}
