"""The addresses of a tenant's pages in what leaves the house: mail and sign-in."""

from __future__ import annotations

from typing import Any


def public_url(template: str, subdomain: str, configs: dict[str, Any]) -> str:
    """A tenant's base URL for links in mail: its config, else the setting's template.

    Never the request's Host header, which anyone can set.
    """
    own = configs.get("portal.public_url")
    base = str(own) if isinstance(own, str) and own.strip() else template
    return base.replace("{tenant}", subdomain).rstrip("/")
