"""Bracketed query parameters (builder[where][0][]=x) turned into nested values."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

SEGMENT = re.compile(r"\[([^\[\]]*)\]")
MAX_ITEMS = 400


class BuilderError(Exception):
    """A builder parameter that is malformed or not allowed; answers 422 naming it."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(message)
        self.param = param
        self.message = message


def _insert(container: Any, parts: list[str], value: str, key: str) -> None:
    part, rest = parts[0], parts[1:]
    if part == "":
        if not isinstance(container, list):
            raise BuilderError(key, "The parameter mixes lists and objects.")
        if not rest:
            container.append(value)
            return
        child: Any = [] if rest[0] == "" else {}
        container.append(child)
        _insert(child, rest, value, key)
        return
    if not isinstance(container, dict):
        raise BuilderError(key, "The parameter mixes lists and objects.")
    if not rest:
        if part in container:
            raise BuilderError(key, "The parameter is given twice.")
        container[part] = value
        return
    wanted: type = list if rest[0] == "" else dict
    child = container.setdefault(part, wanted())
    if not isinstance(child, wanted):
        raise BuilderError(key, "The parameter mixes lists and objects.")
    _insert(child, rest, value, key)


def _normalise(value: Any) -> Any:
    """Objects keyed 0..n become lists, recursively."""
    if isinstance(value, list):
        return [_normalise(v) for v in value]
    if isinstance(value, dict):
        if value and all(k.isdigit() for k in value):
            return [_normalise(value[k]) for k in sorted(value, key=int)]
        return {k: _normalise(v) for k, v in value.items()}
    return value


def nest(items: Iterable[tuple[str, str]], prefix: str = "builder") -> dict[str, Any]:
    """The builder[...] parameters of a query string as one nested object."""
    root: dict[str, Any] = {}
    count = 0
    for key, value in items:
        if not key.startswith(prefix + "["):
            if key == prefix:
                raise BuilderError(prefix, "Send builder parameters with brackets.")
            continue
        count += 1
        if count > MAX_ITEMS:
            raise BuilderError(prefix, "Too many builder parameters.")
        rest = key[len(prefix) :]
        parts = SEGMENT.findall(rest)
        if not parts or "".join(f"[{p}]" for p in parts) != rest or parts[0] == "":
            raise BuilderError(key, "The parameter is malformed.")
        for part in parts:
            if part and not re.fullmatch(r"[A-Za-z0-9_.-]{1,60}", part):
                raise BuilderError(key, "The parameter is malformed.")
        _insert(root, parts, value, key)
    return {k: _normalise(v) for k, v in root.items()}
