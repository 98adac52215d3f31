"""Single sign-on: an authorization code exchanged for the signed-in address."""

from __future__ import annotations

import os
from typing import Protocol

import httpx


class IdentityProvider(Protocol):
    """Turns a one-time authorization code into an e-mail address, or None."""

    def exchange(self, code: str) -> str | None: ...


class MicrosoftGraph:
    """OIDC authorization-code exchange at Microsoft, then the address from Graph."""

    def __init__(
        self, tenant: str, client_id: str, client_secret: str, redirect_uri: str
    ) -> None:
        self.token_url = f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token"
        self.client_id = client_id
        self.client_secret = client_secret
        self.redirect_uri = redirect_uri

    def exchange(self, code: str) -> str | None:
        try:
            token = httpx.post(
                self.token_url,
                data={
                    "client_id": self.client_id,
                    "client_secret": self.client_secret,
                    "code": code,
                    "redirect_uri": self.redirect_uri,
                    "grant_type": "authorization_code",
                    "scope": "openid email User.Read",
                },
                timeout=10,
            )
            if token.status_code != 200:
                return None
            me = httpx.get(
                "https://graph.microsoft.com/v1.0/me",
                headers={"Authorization": f"Bearer {token.json()['access_token']}"},
                timeout=10,
            )
            if me.status_code != 200:
                return None
            data = me.json()
            address = data.get("mail") or data.get("userPrincipalName")
            return str(address).lower() if address else None
        except (httpx.HTTPError, KeyError, ValueError):
            return None


class FakeIdentityProvider:
    """A local provider: known codes map to addresses; each code works once."""

    def __init__(self, codes: dict[str, str] | None = None) -> None:
        self.codes = dict(codes or {})

    def issue(self, code: str, email: str) -> None:
        """Make a code that signs in as that address."""
        self.codes[code] = email

    def exchange(self, code: str) -> str | None:
        return self.codes.pop(code, None)


def provider_from_env() -> IdentityProvider | None:
    """LEDGERDESK_SSO=msgraph (with LEDGERDESK_MSGRAPH_*) or fake; unset: no SSO."""
    kind = os.environ.get("LEDGERDESK_SSO", "").lower()
    if kind == "msgraph":
        return MicrosoftGraph(
            os.environ.get("LEDGERDESK_MSGRAPH_TENANT", "common"),
            os.environ.get("LEDGERDESK_MSGRAPH_CLIENT_ID", ""),
            os.environ.get("LEDGERDESK_MSGRAPH_CLIENT_SECRET", ""),
            os.environ.get("LEDGERDESK_MSGRAPH_REDIRECT_URI", ""),
        )
    if kind == "fake":
        pairs = os.environ.get("LEDGERDESK_SSO_FAKE_CODES", "")
        codes = dict(p.split("=", 1) for p in pairs.split(",") if "=" in p)
        return FakeIdentityProvider(codes)
    return None
