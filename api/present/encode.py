"""List pages straight to JSON bytes, as pydantic would write them, without models.

Validating a page into its response model and dumping it again costs a list
request more than its query. The presenters already build each row with the
contract's types, so a page is encoded with orjson; only the order of a row's
keys is the model's (declared fields first, with their defaults, then the
extra keys a row carries, as `extra="allow"` writes them). A test holds the
bytes equal to pydantic's for every row shape the list answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args, get_origin

import orjson
from pydantic import BaseModel
from pydantic_core import PydanticUndefined


def row_order(model: type[BaseModel]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A function putting a row's keys in the order the model writes them."""
    declared: list[tuple[str, Any]] = []
    for name, info in model.model_fields.items():
        default = None if info.default is PydanticUndefined else info.default
        declared.append((info.alias or name, default))
    names = frozenset(key for key, _ in declared)

    def ordered(row: dict[str, Any]) -> dict[str, Any]:
        out = {key: row.get(key, default) for key, default in declared}
        if len(row) != len(out) or not names.issuperset(row):
            out.update((k, v) for k, v in row.items() if k not in names)
        return out

    return ordered


def page_json(body: dict[str, Any], order: Callable[[dict[str, Any]], Any]) -> bytes:
    """The list envelope as JSON bytes: `Page`'s keys, each row in model order."""
    return orjson.dumps(
        {
            "data": [order(row) for row in body["data"]],
            "from": body["from"],
            "to": body["to"],
            "total": body["total"],
            "total_is_estimate": body.get("total_is_estimate", False),
            "total_min": body.get("total_min"),
            "total_max": body.get("total_max"),
            "per_page": body["per_page"],
            "current_page": body["current_page"],
            "last_page": body["last_page"],
        }
    )


def _nested(annotation: Any) -> tuple[type[BaseModel], bool] | None:
    """The model a field holds (and whether as a list), if it holds one."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, False
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) is list and args:
        inner = _nested(args[0])
        return (inner[0], True) if inner and not inner[1] else None
    if len(args) == 1:
        return _nested(args[0])
    return None


def deep_order(model: type[BaseModel]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """row_order for a record and every model it holds, however deep."""
    top = row_order(model)
    inner: list[tuple[str, Callable[[dict[str, Any]], dict[str, Any]], bool]] = []
    for name, info in model.model_fields.items():
        held = _nested(info.annotation)
        if held is not None:
            inner.append((info.alias or name, deep_order(held[0]), held[1]))

    def ordered(record: dict[str, Any]) -> dict[str, Any]:
        out = top(record)
        for key, order, many in inner:
            value = out[key]
            if value is None:
                continue
            out[key] = [order(v) for v in value] if many else order(value)
        return out

    return ordered
