"""What an event changed: the record just before it against the record just after.

Stored events are never touched: the old value of a field is read from the
replayed state before the event, so an event that recorded only the new value
(most do) still shows what it replaced. Nested records are walked down to
plain values, named by a path such as ``fields.description`` or
``lines[2].quantity`` (items of a list are named by their id, or by their place
when they have none), so an added line reads as its fields going from null and
a removed one as its fields going to null. A list of plain values (company ids,
recipients) is one change, with the items added and removed beside it.
"""

from __future__ import annotations

from typing import Any

Change = dict[str, Any]

# The record's bookkeeping, which every event moves and no auditor asks about.
BOOKKEEPING = frozenset(
    {
        "model",
        "id",
        "version",
        "edited_version",
        "created_on",
        "modified_on",
        "chain",
        "tenant_id",
    }
)


def diff(
    before: dict[str, Any] | None, after: dict[str, Any] | None
) -> dict[str, Change]:
    """Each changed field as ``{path: {"from": old, "to": new}}``, in record order."""
    changes: dict[str, Change] = {}
    old = {k: v for k, v in (before or {}).items() if k not in BOOKKEEPING}
    new = {k: v for k, v in (after or {}).items() if k not in BOOKKEEPING}
    _walk(old, new, "", changes)
    return changes


def flatten(record: dict[str, Any] | None) -> dict[str, Any]:
    """A record as ``{path: plain value}``, the same paths the changes use."""
    return {path: change["to"] for path, change in diff(None, record).items()}


def _walk(
    old: Any, new: Any, path: str, out: dict[str, Change], skip: str = ""
) -> None:
    # equal values (most of a record, most of its lines) end here, compared in C
    if old == new or (old in (None, []) and new in (None, [])):
        return
    if _is_record(old, new):
        _walk_items(old or {}, new or {}, path, out, ".", skip)
    elif _is_item_list(old, new):
        before, by_id = _keyed(old or [])
        after, by_id_too = _keyed(new or [])
        # the path names an item's id already; its fields follow it
        id_field = "id" if by_id and by_id_too else ""
        _walk_items(before, after, path, out, "[", id_field)
    else:
        out[path] = _change(old, new)


def _walk_items(
    old: dict[str, Any],
    new: dict[str, Any],
    path: str,
    out: dict[str, Change],
    sep: str,
    skip: str,
) -> None:
    for key in [*new, *(k for k in old if k not in new)]:
        if sep == ".":
            if key == skip:
                continue
            _walk(old.get(key), new.get(key), f"{path}.{key}" if path else key, out)
        else:
            _walk(old.get(key), new.get(key), f"{path}[{key}]", out, skip)


def _change(old: Any, new: Any) -> Change:
    change: Change = {"from": old, "to": new}
    if isinstance(old, list) or isinstance(new, list):
        before, after = list(old or []), list(new or [])
        change["added"] = [item for item in after if item not in before]
        change["removed"] = [item for item in before if item not in after]
    return change


def _is_record(old: Any, new: Any) -> bool:
    """Both sides a mapping, or one a mapping and the other absent."""
    sides = [v for v in (old, new) if v is not None]
    return bool(sides) and all(isinstance(v, dict) for v in sides)


def _is_item_list(old: Any, new: Any) -> bool:
    """Lists of records (lines, messages): compared item by item."""
    sides = [v for v in (old, new) if v is not None]
    if not sides or not all(isinstance(v, list) for v in sides):
        return False
    items = [item for side in sides for item in side]
    return bool(items) and all(isinstance(item, dict) for item in items)


def _keyed(items: list[dict[str, Any]]) -> tuple[dict[str, Any], bool]:
    """Items by their id when each has one (True), else by their place (False)."""
    ids = [item.get("id") for item in items]
    if all(isinstance(i, str | int) for i in ids) and len(set(ids)) == len(ids):
        return {str(i): item for i, item in zip(ids, items, strict=True)}, True
    return {str(place): item for place, item in enumerate(items)}, False
