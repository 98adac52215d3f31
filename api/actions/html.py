"""Message HTML: cleaned on the way in, and the operators it @mentions."""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Iterable
from typing import Any

import nh3

MENTION = re.compile(r"""data-mention\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
TAG = re.compile(r"<[^>]*>")
TAGS = set(nh3.ALLOWED_TAGS) | {"span", "img", "u", "s", "hr", "font"}
ATTRIBUTES: dict[str, set[str]] = {
    tag: set(names) for tag, names in nh3.ALLOWED_ATTRIBUTES.items()
}
ATTRIBUTES.setdefault("span", set()).update({"data-mention", "class"})
ATTRIBUTES.setdefault("a", set()).update({"href", "title", "data-mention"})
ATTRIBUTES.setdefault("img", set()).update(
    {"src", "alt", "width", "height", "data-attachment-id"}
)
ATTRIBUTES.setdefault("p", set()).add("class")


def clean(text: str) -> str:
    """HTML without scripts, event handlers or dangerous links."""
    return nh3.clean(
        text or "",
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"http", "https", "mailto", "tel"},
    )


def plain(text: str) -> str:
    """The readable text of HTML, whitespace collapsed."""
    return " ".join(htmllib.unescape(TAG.sub(" ", text or "")).split())


def mentioned(text: str, operators: Iterable[Any]) -> list[str]:
    """Ids of operators named by data-mention or by @Full Name, in order."""
    staff = {str(o.id): o for o in operators}
    found = [m for m in MENTION.findall(text or "") if m in staff]
    words = plain(text).lower()
    for operator_id, operator in staff.items():
        name = str(operator.full_name or "").strip().lower()
        if name and f"@{name}" in words and operator_id not in found:
            found.append(operator_id)
    return list(dict.fromkeys(found))
