"""Password hashes (argon2) and signed tokens: access, quote and password reset."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

ALGORITHM = "HS256"
ACCESS_MINUTES = 15
REFRESH_DAYS = 30
RESET_MINUTES = 60
QUOTE_DAYS = 30
FILE_HOURS = 12

_hasher = PasswordHasher()
_DUMMY = _hasher.hash("not a real password")


def hash_password(password: str) -> str:
    """The argon2 hash the domain stores."""
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    """Whether the password matches; also spends the time when there is no hash."""
    try:
        return _hasher.verify(password_hash or _DUMMY, password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False


def _sign(secret: str, claims: dict[str, Any], lifetime: timedelta) -> str:
    now = datetime.now(UTC)
    payload = {**claims, "iat": now, "exp": now + lifetime}
    return jwt.encode(payload, secret, algorithm=ALGORITHM)


def read_token(secret: str, token: str, kind: str) -> dict[str, Any] | None:
    """The claims of a valid, unexpired token of that kind, else None."""
    try:
        # A token without an expiry would work for ever: refuse it.
        claims = jwt.decode(
            token, secret, algorithms=[ALGORITHM], options={"require": ["exp"]}
        )
    except jwt.PyJWTError:
        return None
    return claims if claims.get("typ") == kind else None


def access_token(secret: str, tenant_id: str, user_id: str, session_id: str) -> str:
    """A short-lived bearer token naming tenant, user and sign-in session."""
    claims = {"typ": "access", "tid": tenant_id, "sub": user_id, "sid": session_id}
    return _sign(secret, claims, timedelta(minutes=ACCESS_MINUTES))


def quote_token(secret: str, tenant_id: str, quote_id: str) -> str:
    """A token that opens and accepts one quote, nothing else."""
    claims = {"typ": "quote", "tid": tenant_id, "qid": quote_id}
    return _sign(secret, claims, timedelta(days=QUOTE_DAYS))


def file_token(secret: str, tenant_id: str, user_id: str, file_id: str) -> str:
    """A token for one file address, so a plain link can download it."""
    claims = {"typ": "file", "tid": tenant_id, "sub": user_id, "fid": file_id}
    return _sign(secret, claims, timedelta(hours=FILE_HOURS))


def fingerprint(password_hash: str | None) -> str:
    """A short digest of the current hash, so a reset token works only once."""
    return hashlib.sha256((password_hash or "").encode()).hexdigest()[:16]


def reset_token(
    secret: str, tenant_id: str, user_id: str, password_hash: str | None
) -> str:
    """A password reset token, void once the password changes."""
    claims = {
        "typ": "reset",
        "tid": tenant_id,
        "sub": user_id,
        "pwd": fingerprint(password_hash),
    }
    return _sign(secret, claims, timedelta(minutes=RESET_MINUTES))


def new_secret() -> str:
    """A random, URL-safe secret (refresh tokens, attachment tokens)."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """The SHA-256 under which a refresh token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()
