"""Single sign-on with Microsoft Entra ID: OpenID Connect code flow, checked tokens.

The authorization request carries state, nonce and a PKCE (S256) challenge; the ID
token's signature (from the provider's JWKS), issuer, audience, expiry and nonce are
checked before anyone is signed in. A user is known by (tid, oid), never by address.
"""

from __future__ import annotations

import threading
import warnings
from dataclasses import dataclass
from typing import Any, TypeAlias

import httpx
from authlib.common.errors import AuthlibBaseError
from authlib.deprecate import AuthlibDeprecationWarning
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from api.errors import ApiError, invalid
from api.settings import Settings

with warnings.catch_warnings():
    # authlib warns that its httpx client prefers the httpx2 package; httpx works.
    warnings.simplefilter("ignore", AuthlibDeprecationWarning)
    from authlib.integrations.httpx_client import OAuth2Client

TIMEOUT = 10.0
LEEWAY_SECONDS = 60
SCOPE = "openid profile email"
REFUSED = "The Microsoft sign-in was not accepted."


@dataclass(frozen=True)
class Identity:
    """Who the provider says signed in: issuer, directory (tid), object id (oid)."""

    issuer: str
    tid: str
    oid: str
    email: str | None
    email_verified: bool = False
    """The directory owns the address's domain (Entra's optional xms_edov claim)."""


class EntraProvider:
    """An Entra app registration, with metadata and keys found from its authority."""

    def __init__(
        self,
        authority: str,
        client_id: str,
        client_secret: str,
        allowed_tids: frozenset[str] = frozenset(),
    ) -> None:
        self.authority = authority.rstrip("/")
        self.client_id = client_id
        self.client_secret = client_secret
        self.allowed_tids = allowed_tids
        self._metadata: dict[str, Any] | None = None
        self._keys: KeySet | None = None
        self._lock = threading.Lock()

    def metadata(self) -> dict[str, Any]:
        """The provider's openid-configuration, fetched once."""
        with self._lock:
            if self._metadata is None:
                url = f"{self.authority}/.well-known/openid-configuration"
                self._metadata = _get_json(url)
            return self._metadata

    def _key_set(self, refresh: bool = False) -> KeySet:
        """The signing keys; fetched again when a token names an unknown key."""
        jwks_uri = str(self.metadata()["jwks_uri"])
        with self._lock:
            if self._keys is None or refresh:
                self._keys = KeySet.import_key_set(_get_json(jwks_uri))  # type: ignore[arg-type]
            return self._keys

    def _client(self, redirect_uri: str) -> OAuth2Client:
        return OAuth2Client(
            client_id=self.client_id,
            client_secret=self.client_secret,
            scope=SCOPE,
            redirect_uri=redirect_uri,
            code_challenge_method="S256",
            timeout=TIMEOUT,
        )

    def authorization_url(
        self, redirect_uri: str, state: str, nonce: str, verifier: str
    ) -> str:
        """Where to send the browser: code flow with state, nonce and PKCE S256."""
        endpoint = str(self.metadata()["authorization_endpoint"])
        with self._client(redirect_uri) as client:
            url, _ = client.create_authorization_url(
                endpoint,
                state=state,
                code_verifier=verifier,
                nonce=nonce,
                response_mode="query",
            )
        return str(url)

    def identity(
        self,
        code: str,
        redirect_uri: str,
        verifier: str,
        nonce: str,
        allowed_tids: frozenset[str] = frozenset(),
    ) -> Identity:
        """Trade the code (with the PKCE verifier) for a checked ID token's identity."""
        endpoint = str(self.metadata()["token_endpoint"])
        try:
            with self._client(redirect_uri) as client:
                token = client.fetch_token(
                    endpoint,
                    grant_type="authorization_code",
                    code=code,
                    code_verifier=verifier,
                )
        except (AuthlibBaseError, httpx.HTTPError, ValueError) as error:
            raise invalid("code", REFUSED) from error
        id_token = token.get("id_token") if isinstance(token, dict) else None
        if not isinstance(id_token, str):
            raise invalid("code", REFUSED)
        return self.check(id_token, nonce, allowed_tids or self.allowed_tids)

    def _decode(self, id_token: str) -> dict[str, Any]:
        try:
            return dict(jwt.decode(id_token, self._key_set(), ["RS256"]).claims)
        except JoseError:
            pass
        try:  # the provider may have rotated its keys since they were fetched
            return dict(jwt.decode(id_token, self._key_set(True), ["RS256"]).claims)
        except (JoseError, ValueError) as error:
            raise invalid("code", f"{REFUSED} (signature)") from error

    def check(
        self, id_token: str, nonce: str, allowed_tids: frozenset[str]
    ) -> Identity:
        """The identity in an ID token whose signature and claims all hold."""
        claims = self._decode(id_token)
        tid, oid = claims.get("tid"), claims.get("oid")
        if not isinstance(tid, str) or not tid or not isinstance(oid, str) or not oid:
            raise invalid("code", f"{REFUSED} (tid/oid)")
        # A multi-tenant app's issuer is a template: {tenantid} must be the token's tid.
        issuer = str(self.metadata()["issuer"]).replace("{tenantid}", tid)
        registry = jwt.JWTClaimsRegistry(
            leeway=LEEWAY_SECONDS,
            iss={"essential": True, "value": issuer},
            aud={"essential": True, "value": self.client_id},
            exp={"essential": True},
            nonce={"essential": True, "value": nonce},
        )
        try:
            registry.validate(claims)
        except JoseError as error:
            claim = getattr(error, "claim", None) or error.error
            raise invalid("code", f"{REFUSED} ({claim})") from error
        if allowed_tids and tid.lower() not in allowed_tids:
            raise invalid("code", f"{REFUSED} (this organisation may not sign in)")
        email = claims.get("email") or claims.get("preferred_username")
        address = str(email).strip().lower() if email else None
        verified = claims.get("xms_edov") in (True, 1, "1", "true")
        return Identity(issuer, tid.lower(), oid.lower(), address, verified)


class FakeIdentityProvider:
    """A development provider: known codes sign in as an address, each once."""

    def __init__(self, codes: dict[str, str] | None = None) -> None:
        self.codes = dict(codes or {})

    def issue(self, code: str, email: str) -> None:
        """Make a code that signs in as that address."""
        self.codes[code] = email

    def exchange(self, code: str) -> Identity | None:
        """The identity a code stands for (its address as object id), or None."""
        email = self.codes.pop(code, None)
        if email is None:
            return None
        address = email.strip().lower()
        return Identity("fake", "fake", f"fake:{address}", address, True)


IdentityProvider: TypeAlias = EntraProvider | FakeIdentityProvider


def _get_json(url: str) -> dict[str, Any]:
    try:
        answer = httpx.get(url, timeout=TIMEOUT)
        answer.raise_for_status()
        data = answer.json()
    except (httpx.HTTPError, ValueError) as error:
        raise ApiError(502, "The sign-in provider could not be reached.") from error
    if not isinstance(data, dict):
        raise ApiError(502, "The sign-in provider answered something unexpected.")
    return data


def tid_list(text: str) -> frozenset[str]:
    """Entra tenant ids from a comma-separated list."""
    return frozenset(p.strip().lower() for p in str(text).split(",") if p.strip())


def provider_from_settings(settings: Settings) -> IdentityProvider | None:
    """LEDGERDESK_SSO=entra (LEDGERDESK_ENTRA_*) or fake (not in production)."""
    kind = settings.sso.strip().lower()
    if kind in ("entra", "msgraph"):
        return EntraProvider(
            settings.entra_authority,
            settings.entra_client_id,
            settings.entra_client_secret,
            tid_list(settings.entra_tenant_ids),
        )
    if kind == "fake":
        pairs = settings.sso_fake_codes
        codes = dict(p.split("=", 1) for p in pairs.split(",") if "=" in p)
        return FakeIdentityProvider(codes)
    return None
