"""Request dependencies: the services, the tenant from the host, the caller."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache, partial
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import Connection, Engine, bindparam, select

from api.auth.sessions import MULTIPLE_SESSIONS, single_session
from api.cache import MISSING
from api.errors import ApiError, denied, not_found, unauthenticated
from api.query.compile import Scope
from api.security import read_token
from api.services import Services
from projections import tables as t
from storage.tables import sessions


async def services(request: Request) -> Services:
    """Everything the routes share, built once by create_app."""
    return shared(request)


def shared(request: Request) -> Services:
    """The services, for the dependencies every route meets.

    Those take them from the request rather than through ServicesDep: FastAPI
    solves a dependency again for each one that names it (its cache spares
    only the call), and the read connection, the tenant and the caller
    naming it made three of a list request's ten solves.
    """
    return request.app.state.services  # type: ignore[no-any-return]


ServicesDep = Annotated[Services, Depends(services)]


class Reads:
    """One read connection for a whole request, opened when first used.

    The caller's session check and the route's queries share it, so a request
    checks out (and pings) one pooled connection, not one per step.
    """

    def __init__(self, svc: Services) -> None:
        self.svc = svc
        self._connection: Connection | None = None

    @property
    def connection(self) -> Connection:
        if self._connection is None:
            self._connection = self.svc.reader.connect()
        return self._connection

    def close(self) -> None:
        """Give the connection back to the pool (nothing to roll back)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None


async def reads(request: Request) -> AsyncIterator[Reads]:
    """The request's read connection, closed when its handler returns."""
    held = Reads(shared(request))
    try:
        yield held
    finally:
        held.close()


# given back as the handler returns, in step with its thread (api/bootstrap.py
# READ_POOL), not after the answer is sent
ReadsDep = Annotated[Reads, Depends(reads, scope="function")]


@lru_cache(maxsize=1024)
def subdomain_of(host: str, default: str) -> str:
    """acme.localhost and acme.example.com name acme; a bare host the default.

    Kept per Host header (every request asks; a name that is no address is
    told by the exception ipaddress raises, which costs more than the rest)."""
    name = host.strip().lower()
    if name.startswith("["):
        return default
    name = name.rsplit(":", 1)[0] if name.count(":") == 1 else name
    try:
        ipaddress.ip_address(name)
        return default
    except ValueError:
        pass
    labels = [label for label in name.split(".") if label]
    if len(labels) >= 2 and labels[-1] == "localhost":
        return labels[0]
    if len(labels) >= 3:
        return labels[0]
    return default


@dataclass(frozen=True)
class Tenant:
    """The tenant a request is for, as the read model shows it."""

    id: str
    name: str
    subdomain: str
    setup_completed: bool
    trial_ends_on: str | None
    language: str
    configs: dict[str, Any]
    modules: dict[str, Any]


def load_tenant(engine: Engine, subdomain: str) -> Tenant | None:
    """The tenant reached at a subdomain, or None."""
    with engine.connect() as connection:
        row = connection.execute(
            select(t.tenants).where(t.tenants.c.subdomain == subdomain)
        ).first()
    if row is None:
        return None
    m = row._mapping
    return Tenant(
        id=m["id"],
        name=m["name"],
        subdomain=m["subdomain"],
        setup_completed=bool(m["setup_completed"]),
        trial_ends_on=m["trial_ends_on"],
        language=m["language"],
        configs=dict(m["configs"] or {}),
        modules=dict(m["modules"] or {}),
    )


async def tenant(request: Request) -> Tenant:
    """The request's tenant from its Host; an unknown one is 404."""
    svc = shared(request)
    subdomain = subdomain_of(
        request.headers.get("host", ""), svc.settings.default_tenant
    )
    found = svc.cache.peek(("tenant", subdomain))
    if found is MISSING:  # the query runs off the event loop
        found = await run_in_threadpool(
            svc.cache.get,
            ("tenant", subdomain),
            partial(load_tenant, svc.reader, subdomain),
        )
    if found is None:
        raise not_found()
    return found


TenantDep = Annotated[Tenant, Depends(tenant)]


@dataclass(frozen=True)
class User:
    """A signed-in user: who, which companies, which permissions."""

    id: str
    tenant_id: str
    email: str
    first_name: str
    last_name: str
    full_name: str
    is_operator: int
    company_id: str | None
    company_ids: tuple[str, ...]
    permissions: frozenset[str]
    language: str
    configs: dict[str, str] = field(default_factory=dict)

    @property
    def is_client(self) -> bool:
        return self.is_operator == 0

    def can(self, permission: str) -> bool:
        """Whether the user holds the permission (with or without tenant.)."""
        bare = permission.removeprefix("tenant.")
        return bare in self.permissions or f"tenant.{bare}" in self.permissions

    def scope(self) -> Scope:
        """The rows this user may see: the tenant, and a client's companies only."""
        return Scope(self.tenant_id, self.company_ids if self.is_client else None)


def load_user(connection: Connection, tenant_id: str, user_id: str) -> User | None:
    """An active user of the tenant from the read model, or None."""
    row = connection.execute(
        select(t.users).where(t.users.c.tenant_id == tenant_id, t.users.c.id == user_id)
    ).first()
    return _user(row, tenant_id)


def _user(row: Any, tenant_id: str) -> User | None:
    if row is None or not row.active:
        return None
    m = row._mapping
    companies = tuple(
        m["company_ids"] or ([m["company_id"]] if m["company_id"] else [])
    )
    return User(
        id=m["id"],
        tenant_id=tenant_id,
        email=m["email"],
        first_name=m["first_name"],
        last_name=m["last_name"],
        full_name=m["full_name"],
        is_operator=int(m["is_operator"]),
        company_id=m["company_id"] or (companies[0] if companies else None),
        company_ids=companies,
        permissions=frozenset(m["permissions"] or []),
        language=m["language"],
        configs=dict(m["configs"] or {}),
    )


_SESSION_STARTED = select(sessions.c.created_at).where(
    sessions.c.id == bindparam("session_id"),
    sessions.c.tenant_id == bindparam("tenant_id"),
    sessions.c.user_id == bindparam("user_id"),
    sessions.c.revoked_at.is_(None),
)
"""Built once: every signed-in request runs it (SQLAlchemy keeps its compiled form)."""


def session_started(
    connection: Connection, tenant_id: str, session_id: str, user_id: str
) -> datetime | None:
    """When a live session of that user started; None if it is not live."""
    started: datetime | None = connection.execute(
        _SESSION_STARTED,
        {"session_id": session_id, "tenant_id": tenant_id, "user_id": user_id},
    ).scalar()
    return started


@dataclass(frozen=True)
class Caller:
    """Whoever sent the request: a signed-in user, or a quote-token holder."""

    tenant: Tenant
    user: User | None = None
    quote_id: str | None = None
    session_id: str | None = None


def bearer(request: Request) -> str | None:
    """The bearer token of the Authorization header, if any."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


@dataclass(frozen=True)
class SignedIn:
    """What a live session tells every request: who, since when, still alone."""

    user: User
    superseded: bool


def signed_in_session(
    svc: Services, tenant: Tenant, session_id: str, user_id: str
) -> SignedIn | None:
    """The user of a live session, and whether a newer sign-in ended it."""
    with svc.reader.connect() as connection:
        started = session_started(connection, tenant.id, session_id, user_id)
        user = None if started is None else load_user(connection, tenant.id, user_id)
    if started is None or user is None:
        return None
    superseded = single_session(tenant.configs) and svc.sessions.superseded(
        tenant.id, user.id, started
    )
    return SignedIn(user, superseded)


def access_claims(svc: Services, token: str) -> dict[str, Any] | None:
    """The claims of a valid access token, checked once and then kept.

    Checking the signature costs a request more than finding its session in
    the cache; a token once checked says the same until it expires, which is
    checked again at every use.
    """
    key = ("access token", token)
    claims = svc.cache.peek(key)
    if claims is MISSING:
        claims = read_token(svc.settings.secret_key, token, "access")
        if claims is None:
            return None
        svc.cache.get(key, lambda: claims)
    if float(claims.get("exp", 0)) <= time.time():
        return None
    return claims  # type: ignore[no-any-return]


async def caller(request: Request, tenant: TenantDep) -> Caller:
    """The caller from a bearer token or a quote token; nobody is 401.

    A session's answer is kept in the read cache, which a sign-in or sign-out
    in this process empties: a request whose session is known needs no query
    and no trip to the thread pool.
    """
    svc = shared(request)
    secret = svc.settings.secret_key
    token = bearer(request)
    if token:
        claims = access_claims(svc, token)
        if not claims or claims.get("tid") != tenant.id:
            raise unauthenticated()
        session_id, user_id = str(claims["sid"]), str(claims["sub"])
        key = ("session", tenant.id, session_id, user_id)
        found = svc.cache.peek(key)
        if found is MISSING:
            load = partial(signed_in_session, svc, tenant, session_id, user_id)
            found = await run_in_threadpool(svc.cache.get, key, load)
        if found is None:
            raise unauthenticated()
        if found.superseded:
            # The older session ends here, so its refresh fails and it signs out.
            await run_in_threadpool(svc.sessions.revoke, tenant.id, session_id)
            raise ApiError(401, MULTIPLE_SESSIONS)
        return Caller(tenant, user=found.user, session_id=session_id)
    quote = request.headers.get("x-quote-token") or request.query_params.get("token")
    if quote:
        claims = read_token(secret, quote, "quote")
        if claims and claims.get("tid") == tenant.id:
            return Caller(tenant, quote_id=str(claims["qid"]))
    raise unauthenticated()


CallerDep = Annotated[Caller, Depends(caller)]


def signed_in(who: Caller) -> User:
    """The caller's user; a quote token alone opens nothing here (401)."""
    if who.user is None:
        raise unauthenticated()
    return who.user


async def current_user(who: CallerDep) -> User:
    """A signed-in user; a quote token alone opens nothing here (401)."""
    return signed_in(who)


UserDep = Annotated[User, Depends(current_user)]


def require(*permissions: str, operators_only: bool = False) -> Any:
    """The one permission dependency of every signed-in route.

    It knows the caller's audience: with ``operators_only`` a client is refused
    (403) whatever it holds; otherwise both audiences pass and the route limits a
    client to its companies through ``User.scope()`` and ``visible``. Every
    named permission must be held.
    """

    # on the caller itself, not on UserDep: one dependency fewer to solve
    async def check(who: CallerDep) -> User:
        user = signed_in(who)
        if operators_only and user.is_client:
            raise denied()
        for permission in permissions:
            if not user.can(permission):
                raise denied()
        return user

    return Depends(check)


def staff(*permissions: str) -> Any:
    """``require`` for the routes only operators may call."""
    return require(*permissions, operators_only=True)


def visible(user: User, row: Any) -> None:
    """404 unless a client's companies own the row."""
    if row is None:
        raise not_found()
    if user.is_client and row.company_id not in user.company_ids:
        raise not_found()
