"""The UI's client is generated from ui/openapi.json: that file must be what the code
declares now (`ledgerdesk openapi -o ui/openapi.json`, then `npm run generate:api`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from api.cli import main
from api.commands.openapi import document, render

COMMITTED = Path(__file__).resolve().parents[3] / "ui" / "openapi.json"
REGENERATE = (
    "ui/openapi.json is not what the code declares; run "
    "`.venv/bin/ledgerdesk openapi -o ui/openapi.json && npm run generate:api` "
    "and commit both files"
)


def state(name: str, old: dict[str, Any], new: dict[str, Any]) -> str:
    """Whether the code added, removed or changed that entry."""
    if name not in old:
        return "added"
    return "removed" if name not in new else "changed"


def differences(committed: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """The operations and schemas that differ, named for the failure message."""
    named = []
    for section, key in (("paths", None), ("components", "schemas")):
        old = committed.get(section, {})
        new = current.get(section, {})
        if key:
            old, new = old.get(key, {}), new.get(key, {})
        for name in sorted(set(old) | set(new)):
            if old.get(name) != new.get(name):
                named.append(f"{section} {name}: {state(name, old, new)}")
    if not named and committed != current:
        named.append("the document's other parts (info, tags, order)")
    return named


def test_the_committed_openapi_document_is_what_the_code_declares() -> None:
    committed_text = COMMITTED.read_text(encoding="utf-8")
    current = document()
    changed = differences(json.loads(committed_text), current)
    assert not changed, f"{REGENERATE}: " + "; ".join(changed[:20])
    assert committed_text == render(current), REGENERATE


def test_the_command_writes_the_document_without_a_server(tmp_path: Path) -> None:
    target = tmp_path / "openapi.json"
    assert main(["openapi", "--output", str(target)]) == 0
    written = json.loads(target.read_text(encoding="utf-8"))
    assert written["openapi"].startswith("3.")
    assert "/api/tickets" in written["paths"]
    listing = written["paths"]["/api/tickets"]["get"]
    assert listing["operationId"] == "tickets-list"
    assert "TicketRow" in written["components"]["schemas"]


def test_a_changed_route_is_named_in_the_difference() -> None:
    current = document()
    stale = json.loads(render(current))
    del stale["paths"]["/api/tickets"]
    stale["components"]["schemas"]["TicketRow"]["properties"].pop("reference")
    assert differences(stale, current) == [
        "paths /api/tickets: added",
        "components TicketRow: changed",
    ]
