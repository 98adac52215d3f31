"""Signing in and out, refreshing, and resetting passwords."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from api.auth import sign_on
from api.deps import Tenant, User, load_user
from api.errors import ApiError, invalid, unauthenticated
from api.links import public_url
from api.security import (
    ACCESS_MINUTES,
    access_token,
    fingerprint,
    hash_password,
    read_token,
    reset_token,
    verify_password,
)
from api.services import Services
from domain.base import SYSTEM
from outbound.mail_compose import Letter
from outbound.mail_outbox import enqueue
from outbound.mail_settings import tenant_mail
from projections import tables as t

WRONG = "These credentials do not match our records."
MIN_PASSWORD = 8


def _user_row(svc: Services, tenant_id: str, email: str) -> Any:
    with svc.engine.connect() as connection:
        return connection.execute(
            select(t.users).where(
                t.users.c.tenant_id == tenant_id,
                t.users.c.email == email.strip().lower()[:254],
            )
        ).first()


def _tokens(svc: Services, tenant: Tenant, user_id: str) -> dict[str, Any]:
    issued = svc.sessions.start(tenant.id, user_id)
    return {
        "access_token": access_token(
            svc.settings.secret_key, tenant.id, user_id, issued.session_id
        ),
        "refresh_token": issued.refresh_token,
        "expires_in": ACCESS_MINUTES * 60,
    }


def _signed_in(
    svc: Services, tenant: Tenant, user_id: str
) -> tuple[User, dict[str, Any]]:
    with svc.engine.connect() as connection:
        user = load_user(connection, tenant.id, user_id)
    if user is None:
        raise invalid("username", WRONG)
    return user, _tokens(svc, tenant, user_id)


def login(
    svc: Services, tenant: Tenant, username: str, password: str, address: str
) -> tuple[User, dict[str, Any]]:
    """Check a password (throttled per username and address) and start a session."""
    key = svc.throttle.key(username, address)
    if svc.throttle.blocked(tenant.id, key):
        raise ApiError(
            429,
            "Too many login attempts. Please try again later.",
            {"username": ["Too many login attempts. Please try again later."]},
            headers={"Retry-After": "900"},
        )
    row = _user_row(svc, tenant.id, username)
    good = verify_password(row.password_hash if row else None, password)
    if row is None or not good or not row.active:
        svc.throttle.failed(tenant.id, key)
        raise invalid("username", WRONG)
    svc.throttle.succeeded(tenant.id, key)
    return _signed_in(svc, tenant, row.id)


def login_with_code(
    svc: Services, tenant: Tenant, code: str
) -> tuple[User, dict[str, Any]]:
    """Sign in with the one-time code a finished single sign-on gave the browser."""
    if svc.sso is None:
        raise invalid("code", "Single sign-on is not configured.")
    user_id = sign_on.redeem(svc, tenant, code)
    if user_id is None:
        raise invalid("code", "The sign-on code was not accepted.")
    return _signed_in(svc, tenant, user_id)


def refresh(svc: Services, tenant: Tenant, token: str) -> dict[str, Any]:
    """Rotate a refresh token into a new pair; the old one stops working."""
    issued = svc.sessions.rotate(tenant.id, token)
    if issued is None:
        raise unauthenticated()
    return {
        "access_token": access_token(
            svc.settings.secret_key, tenant.id, issued.user_id, issued.session_id
        ),
        "refresh_token": issued.refresh_token,
        "expires_in": ACCESS_MINUTES * 60,
    }


def request_reset(svc: Services, tenant: Tenant, email: str) -> None:
    """Mail a reset link when the address belongs to a user; silent otherwise."""
    row = _user_row(svc, tenant.id, email)
    if row is None or not row.active:
        return
    token = reset_token(svc.settings.secret_key, tenant.id, row.id, row.password_hash)
    base = public_url(svc.settings.public_url, tenant.subdomain, tenant.configs)
    link = f"{base}/app/password/reset/{token}"
    letter = Letter(
        kind="password_reset",
        tenant_id=tenant.id,
        subdomain=tenant.subdomain,
        tenant_name=tenant.name,
        language=row.language or tenant.language,
        to=[row.email],
        names={"name": row.first_name or row.full_name},
        link=link,
        overrides=dict(tenant.configs),
    )
    # written here, sent by the outbox: the request never waits for a mail server
    with svc.engine.begin() as connection:
        own = tenant_mail(connection, tenant.id).smtp
        enqueue(connection, letter, svc.mail, sender=own.from_address if own else None)


def min_length(tenant: Tenant) -> int:
    """The tenant's minimum password length (config auth.password_min_length)."""
    try:
        return max(MIN_PASSWORD, int(tenant.configs.get("auth.password_min_length", 0)))
    except (TypeError, ValueError):
        return MIN_PASSWORD


def reset(
    svc: Services, tenant: Tenant, token: str, password: str, confirmation: str
) -> None:
    """Set a new password with a valid reset token, then end every session."""
    length = min_length(tenant)
    if len(password) < length:
        raise invalid(
            "password", f"The password must be at least {length} characters long."
        )
    if password != confirmation:
        raise invalid("password", "The password confirmation does not match.")
    claims = read_token(svc.settings.secret_key, token, "reset")
    if not claims or claims.get("tid") != tenant.id:
        raise invalid("token", "This password reset token is invalid.")
    with svc.engine.connect() as connection:
        row = connection.execute(
            select(t.users).where(
                t.users.c.tenant_id == tenant.id, t.users.c.id == claims["sub"]
            )
        ).first()
    if row is None or fingerprint(row.password_hash) != claims.get("pwd"):
        raise invalid("token", "This password reset token is invalid.")
    svc.domain.users.change_password(tenant.id, SYSTEM, row.id, hash_password(password))
    svc.sessions.revoke_all(tenant.id, row.id)
    svc.settle()


def logout(
    svc: Services, tenant: Tenant, access: str | None, refresh_token: str | None
) -> None:
    """Revoke the session named by the access token and/or the refresh token."""
    if access:
        claims = read_token(svc.settings.secret_key, access, "access")
        if claims and claims.get("tid") == tenant.id:
            svc.sessions.revoke(tenant.id, str(claims["sid"]))
    if refresh_token:
        svc.sessions.revoke_by_refresh(tenant.id, refresh_token)
