"""Turn the nested builder object (from a query string or a preset) into a Query."""

from __future__ import annotations

from typing import Any

from api.query.params import BuilderError
from api.query.spec import Resource
from api.query.tree import (
    DATE_PRESETS,
    DEFAULT_PAGE_SIZE,
    MAX_TEXT,
    PAGE_SIZES,
    ActionRequired,
    Between,
    Compare,
    Custom,
    DatePreset,
    Filter,
    InList,
    Missing,
    NullTest,
    Order,
    Query,
    SlaRemaining,
    as_list,
    coerce,
    find_field,
    relation_field,
)

KNOWN = frozenset(
    {
        "paginate",
        "with",
        "withCount",
        "orderBy",
        "where",
        "whereNull",
        "whereNotNull",
        "whereIn",
        "whereBetween",
        "whereHas",
        "doesntHave",
        "customField",
        "s",
    }
)
MAX_VALUES = 100


def _where(resource: Resource, item: Any, param: str) -> Filter:
    parts = as_list(item, param)
    if len(parts) != 3:
        raise BuilderError(param, "A where item is [field, operator, value].")
    name, op, value = parts
    if name in resource.specials:
        if name in ("scheduled_at", "executed_at") and op == "preset":
            if value not in DATE_PRESETS:
                raise BuilderError(param, "Unknown date preset.")
            return DatePreset(name, value)
        if name == "sla_remaining" and op == "action_required" and value == "1":
            return ActionRequired()
        if name == "sla_remaining" and op in ("lte", "<="):
            try:
                minutes = int(str(value))
            except ValueError:
                raise BuilderError(param, "The value must be whole minutes.") from None
            if abs(minutes) > 10_000_000:
                raise BuilderError(param, "The value must be whole minutes.")
            return SlaRemaining(minutes)
        if name == "sla_remaining" or op == "preset":
            raise BuilderError(param, "Unknown operator for this filter.")
    field = find_field(resource, name, param)
    if not isinstance(op, str) or op not in field.ops:
        raise BuilderError(param, f"The operator {str(op)[:10]!r} is not allowed.")
    if op == "like":
        text = str(value).strip("%") if isinstance(value, str) else None
        if text is None or len(text) > MAX_TEXT:
            raise BuilderError(param, "The value must be text.")
        return Compare(field, op, text)
    return Compare(field, op, coerce(field, value, param))


def _where_in(resource: Resource, item: Any, param: str) -> Filter:
    parts = as_list(item, param)
    if len(parts) != 2:
        raise BuilderError(param, "A whereIn item is [field, [values]].")
    field = find_field(resource, parts[0], param)
    values = as_list(parts[1], param)
    if not values or len(values) > MAX_VALUES:
        raise BuilderError(param, f"Give between 1 and {MAX_VALUES} values.")
    return InList(field, tuple(coerce(field, v, param) for v in values))


def _where_between(resource: Resource, item: Any, param: str) -> Filter:
    parts = as_list(item, param)
    if len(parts) != 2:
        raise BuilderError(param, "A whereBetween item is [field, [from, to]].")
    field = find_field(resource, parts[0], param)
    bounds = as_list(parts[1], param)
    if len(bounds) != 2:
        raise BuilderError(param, "Give a from and a to value.")
    if field.kind not in ("date", "datetime", "int", "float"):
        raise BuilderError(param, "Only dates and numbers have ranges.")
    low, high = (coerce(field, b, param) for b in bounds)
    return Between(field, low, high)


def _where_has(resource: Resource, item: Any, param: str) -> Filter:
    parts = as_list(item, param)
    if len(parts) == 3:
        parts = [parts[0], parts[1], "=", parts[2]]
    if len(parts) != 4:
        raise BuilderError(param, "A whereHas item is [relation, field, op, value].")
    relation, name, op, value = parts
    field = relation_field(resource, relation, name, param)
    if not isinstance(op, str) or op not in field.ops:
        raise BuilderError(param, f"The operator {str(op)[:10]!r} is not allowed.")
    if op == "like":
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise BuilderError(param, "The value must be text.")
        return Compare(field, op, value.strip("%"))
    return Compare(field, op, coerce(field, value, param))


def _doesnt_have(resource: Resource, item: Any, param: str) -> Filter:
    if not isinstance(item, str) or item not in resource.relations:
        raise BuilderError(param, "The relation is not allowed.")
    key = resource.relations[item].key
    field = next(f for f in resource.relations[item].fields.values() if f.column == key)
    return Missing(field)


def _custom(resource: Resource, item: Any, param: str) -> Filter:
    if resource.custom_column is None:
        raise BuilderError(param, "This list has no custom fields.")
    parts = as_list(item, param)
    if len(parts) == 2:
        parts = [parts[0], "=", parts[1]]
    if len(parts) != 3:
        raise BuilderError(param, "A customField item is [name, op, value].")
    name, op, value = parts
    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise BuilderError(param, "The custom field name is not valid.")
    if op not in ("=", "!=", "like") or not isinstance(value, str):
        raise BuilderError(param, "The operator is not allowed.")
    return Custom(name, op, value.strip("%") if op == "like" else value)


def _orders(resource: Resource, raw: Any) -> tuple[Order, ...]:
    items = as_list(raw, "builder.orderBy")
    if items and isinstance(items[0], str):
        items = [items]
    orders = []
    for i, item in enumerate(items[:5]):
        param = f"builder.orderBy.{i}"
        parts = as_list(item, param)
        if len(parts) not in (1, 2, 3):
            raise BuilderError(
                param, "An orderBy item is [field, direction, relation]."
            )
        direction = parts[1] if len(parts) > 1 else "asc"
        if not isinstance(direction, str) or direction.lower() not in ("asc", "desc"):
            raise BuilderError(param, "The direction is asc or desc.")
        if len(parts) == 3 and parts[2] not in (None, ""):
            field = relation_field(resource, parts[2], parts[0], param)
        else:
            field = find_field(resource, parts[0], param)
        if not field.sortable:
            raise BuilderError(param, "Sorting on this field is not allowed.")
        orders.append(Order(field, direction.lower() == "desc"))
    return tuple(orders)


def page_size(raw: Any, param: str = "builder.paginate") -> int:
    """A page size of SPEC §9 (5, 15, 25, 50 or 100), or BuilderError naming param."""
    try:
        size = int(str(raw))
    except ValueError as error:
        raise BuilderError(param, "The page size is a number.") from error
    if size not in PAGE_SIZES:
        raise BuilderError(param, "The page size is 5, 15, 25, 50 or 100.")
    return size


SINGLES = {
    "whereNull": lambda r, item, p: NullTest(find_field(r, item, p), True),
    "whereNotNull": lambda r, item, p: NullTest(find_field(r, item, p), False),
    "doesntHave": _doesnt_have,
}
ITEMS = {
    "where": _where,
    "whereIn": _where_in,
    "whereBetween": _where_between,
    "whereHas": _where_has,
    "customField": _custom,
}


def _relations(resource: Resource, raw: Any, param: str) -> None:
    names = raw if isinstance(raw, list) else [raw]
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in resource.withs:
            raise BuilderError(f"{param}.{i}", "The relation is not allowed.")


def build(resource: Resource, raw: Any) -> Query:
    """A checked Query from the nested builder object; BuilderError when not allowed."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BuilderError("builder", "The builder must be an object.")
    filters: list[Filter] = []
    for key, value in raw.items():
        param = f"builder.{key}"
        if key not in KNOWN:
            raise BuilderError(param, "Unknown builder parameter.")
        if key in ITEMS:
            items = as_list(value, param)
            if items and not isinstance(items[0], list):
                items = [items]
            for i, item in enumerate(items[:MAX_VALUES]):
                filters.append(ITEMS[key](resource, item, f"{param}.{i}"))
        elif key in SINGLES:
            items = value if isinstance(value, list) else [value]
            for i, item in enumerate(items[:MAX_VALUES]):
                filters.append(SINGLES[key](resource, item, f"{param}.{i}"))
        elif key in ("with", "withCount"):
            _relations(resource, value, param)
    search = raw.get("s")
    if search is not None and not isinstance(search, str):
        raise BuilderError("builder.s", "The search is text.")
    if search is not None and len(search) > MAX_TEXT:
        raise BuilderError("builder.s", "The search is too long.")
    return Query(
        filters=tuple(filters),
        orders=_orders(resource, raw["orderBy"]) if "orderBy" in raw else (),
        per_page=page_size(raw["paginate"]) if "paginate" in raw else DEFAULT_PAGE_SIZE,
        search=(search or "").strip() or None,
    )
