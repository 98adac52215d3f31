"""Single sign-on steps: start at the provider, come back, link once, sign in.

A started sign-in keeps its state, nonce and PKCE verifier server-side under the
state's digest for ten minutes; coming back takes that row away, so a replayed state
(and with it its nonce) is refused. The browser then gets a one-time code the portal
trades for tokens at POST /auth/login, as it always did.
"""

from __future__ import annotations

import hmac
from datetime import UTC, datetime, timedelta
from typing import Any

from authlib.common.security import generate_token
from sqlalchemy import ColumnElement, delete, insert, or_, select

from api.deps import Tenant
from api.errors import invalid
from api.links import public_url
from api.security import digest
from api.services import Services
from api.sso import EntraProvider, FakeIdentityProvider, Identity, tid_list
from domain.base import SYSTEM
from projections import tables as t
from storage.tables import sso_flows

STATE_LIFETIME = timedelta(minutes=10)
CODE_LIFETIME = timedelta(minutes=2)
COOKIE = "ledgerdesk_sso_state"
CALLBACK = "/api/auth/sso/callback"
UNKNOWN = "No account of this desk belongs to this Microsoft account."
TAKEN = "This address is linked to another Microsoft account."
UNVERIFIED = (
    "This Microsoft account's address is not verified by its organisation: "
    "ask the service desk to link it."
)
STALE = "This sign-in was not started here, has expired or was already used."


def _entra(svc: Services) -> EntraProvider:
    if not isinstance(svc.sso, EntraProvider):
        raise invalid("code", "Single sign-on with Microsoft is not configured.")
    return svc.sso


def redirect_uri(svc: Services, tenant: Tenant) -> str:
    """The callback address registered at the provider, on the tenant's base URL."""
    base = public_url(svc.settings.public_url, tenant.subdomain, tenant.configs)
    return f"{base}{CALLBACK}"


def allowed_tids(svc: Services, tenant: Tenant) -> frozenset[str]:
    """The Entra directories (tid) this tenant accepts; its config narrows the rest."""
    own = tid_list(str(tenant.configs.get("auth.entra_tenant_ids") or ""))
    return own or tid_list(svc.settings.entra_tenant_ids)


def _keep(svc: Services, tenant_id: str, secret: str, **values: Any) -> None:
    now = datetime.now(UTC)
    lifetime = STATE_LIFETIME if values["kind"] == "state" else CODE_LIFETIME
    with svc.engine.begin() as connection:
        connection.execute(delete(sso_flows).where(sso_flows.c.expires_at < now))
        connection.execute(
            insert(sso_flows).values(
                id=digest(secret),
                tenant_id=tenant_id,
                expires_at=now + lifetime,
                **values,
            )
        )


def _take(svc: Services, tenant_id: str, kind: str, secret: str) -> Any:
    """The row of a live secret, removed in the same step: it works once."""
    key = digest(secret)
    with svc.engine.begin() as connection:
        row = connection.execute(
            select(sso_flows).where(
                sso_flows.c.id == key,
                sso_flows.c.tenant_id == tenant_id,
                sso_flows.c.kind == kind,
            )
        ).first()
        if row is None:
            return None
        gone = connection.execute(delete(sso_flows).where(sso_flows.c.id == key))
        if gone.rowcount != 1:  # a concurrent callback took it first
            return None
    expires = row.expires_at
    expires = expires if expires.tzinfo else expires.replace(tzinfo=UTC)
    return row if expires > datetime.now(UTC) else None


def start(svc: Services, tenant: Tenant) -> tuple[str, str]:
    """The provider's authorization address and the state the browser must keep."""
    provider = _entra(svc)
    state, nonce, verifier = generate_token(43), generate_token(43), generate_token(64)
    url = provider.authorization_url(redirect_uri(svc, tenant), state, nonce, verifier)
    _keep(svc, tenant.id, state, kind="state", nonce=nonce, verifier=verifier)
    return url, state


def finish(
    svc: Services, tenant: Tenant, code: str, state: str, cookie: str | None
) -> str:
    """Check the provider's answer, link or find the user; answers a one-time code."""
    provider = _entra(svc)
    if not state or not hmac.compare_digest(cookie or "", state):
        raise invalid("state", STALE)
    row = _take(svc, tenant.id, "state", state)
    if row is None:
        raise invalid("state", STALE)
    identity = provider.identity(
        code,
        redirect_uri(svc, tenant),
        str(row.verifier),
        str(row.nonce),
        allowed_tids(svc, tenant),
    )
    user_id = linked_user(svc, tenant, identity)
    one_time = generate_token(43)
    _keep(svc, tenant.id, one_time, kind="code", user_id=user_id)
    return one_time


def linked_user(svc: Services, tenant: Tenant, identity: Identity) -> str:
    """The user linked to (tid, oid); an invited address is linked the first time."""
    c = t.users.c
    match: ColumnElement[bool] = (c.identity_tid == identity.tid) & (
        c.identity_oid == identity.oid
    )
    if identity.email:
        match = or_(match, c.email == identity.email)
    with svc.engine.connect() as connection:
        rows = connection.execute(
            select(c.id, c.email, c.active, c.identity_tid, c.identity_oid).where(
                c.tenant_id == tenant.id, match
            )
        ).all()
    for row in rows:
        if (row.identity_tid, row.identity_oid) == (identity.tid, identity.oid):
            if not row.active:
                raise invalid("code", UNKNOWN)
            return str(row.id)
    invited = next(iter(rows), None)
    if invited is None or not invited.active:
        raise invalid("code", UNKNOWN)
    if invited.identity_oid is not None:
        # The address matches, but another account is linked: never by address.
        raise invalid("email", TAKEN)
    if not (identity.email_verified or allowed_tids(svc, tenant)):
        # Any directory may claim any address: trust it only from a directory this
        # desk allows, or one that owns the address's domain.
        raise invalid("email", UNVERIFIED)
    svc.domain.users.link_identity(
        tenant.id, SYSTEM, str(invited.id), identity.issuer, identity.tid, identity.oid
    )
    svc.settle()
    return str(invited.id)


def redeem(svc: Services, tenant: Tenant, code: str) -> str | None:
    """The user a one-time sign-on code stands for (each works once), or None."""
    row = _take(svc, tenant.id, "code", code)
    if row is not None:
        return str(row.user_id)
    if isinstance(svc.sso, FakeIdentityProvider):
        identity = svc.sso.exchange(code)
        return linked_user(svc, tenant, identity) if identity else None
    return None
