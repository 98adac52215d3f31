"""A local OpenID Connect provider shaped like Microsoft Entra's multi-tenant one.

It serves discovery, JWKS, authorize and token endpoints on a free loopback port,
signs ID tokens with an RSA key generated here, and checks the PKCE verifier. Tests
set what the next ID token says (tid, oid, address, audience, expiry, key) to prove
each check.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey

CLIENT_ID = "ledgerdesk-test-app"
CLIENT_SECRET = "a-client-secret-for-tests"
TENANT_A = "11111111-1111-1111-1111-111111111111"
TENANT_B = "22222222-2222-2222-2222-222222222222"


@dataclass
class Profile:
    """What the next ID token claims, and how it is made."""

    tid: str = TENANT_A
    oid: str = "00000000-0000-0000-0000-00000000a001"
    email: str | None = "client@demo.test"
    audience: str = CLIENT_ID
    lifetime: int = 3600
    issuer_tid: str | None = None  # None: the token's own tid
    key: RSAKey | None = None  # None: the published key
    replay_last: bool = False  # answer the previous ID token again
    domain_verified: bool = True  # Entra's xms_edov: the directory owns the domain


@dataclass
class Provider:
    """The running provider: its address, keys and what it saw."""

    base: str = ""
    key: RSAKey = field(
        default_factory=lambda: RSAKey.generate_key(2048, parameters={"kid": "k1"})
    )
    profile: Profile = field(default_factory=Profile)
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    authorize_requests: list[dict[str, str]] = field(default_factory=list)
    issued: list[str] = field(default_factory=list)

    @property
    def authority(self) -> str:
        """The multi-tenant authority the app discovers from."""
        return f"{self.base}/organizations/v2.0"

    def metadata(self) -> dict[str, Any]:
        return {
            "issuer": f"{self.base}/{{tenantid}}/v2.0",
            "authorization_endpoint": f"{self.base}/oauth2/v2.0/authorize",
            "token_endpoint": f"{self.base}/oauth2/v2.0/token",
            "jwks_uri": f"{self.base}/discovery/v2.0/keys",
            "response_types_supported": ["code"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
        }

    def authorize(self, params: dict[str, str]) -> str:
        """Sign the user in at once; answers the redirect back to the app."""
        self.authorize_requests.append(params)
        code = secrets.token_urlsafe(16)
        self.codes[code] = {
            "nonce": params.get("nonce"),
            "challenge": params.get("code_challenge"),
            "method": params.get("code_challenge_method"),
            "redirect_uri": params.get("redirect_uri"),
        }
        query = urlencode({"code": code, "state": params.get("state", "")})
        return f"{params['redirect_uri']}?{query}"

    def token(
        self, form: dict[str, str], auth: str | None
    ) -> tuple[int, dict[str, Any]]:
        """The token endpoint: client secret, code once, PKCE verifier."""
        expected = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        client_ok = auth == f"Basic {expected}" or (
            form.get("client_id") == CLIENT_ID
            and form.get("client_secret") == CLIENT_SECRET
        )
        if not client_ok:
            return 401, {"error": "invalid_client"}
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or form.get("redirect_uri") != grant["redirect_uri"]:
            return 400, {"error": "invalid_grant"}
        verifier = form.get("code_verifier", "").encode()
        challenge = (
            base64.urlsafe_b64encode(hashlib.sha256(verifier).digest())
            .rstrip(b"=")
            .decode()
        )
        if grant["method"] != "S256" or challenge != grant["challenge"]:
            return 400, {"error": "invalid_grant", "error_description": "PKCE"}
        if self.profile.replay_last and self.issued:
            id_token = self.issued[-1]
        else:
            id_token = self.id_token(grant["nonce"])
        self.issued.append(id_token)
        return 200, {
            "access_token": secrets.token_urlsafe(16),
            "token_type": "Bearer",
            "expires_in": 3600,
            "id_token": id_token,
        }

    def id_token(self, nonce: str | None) -> str:
        """An ID token as the profile says."""
        p = self.profile
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": f"{self.base}/{p.issuer_tid or p.tid}/v2.0",
            "aud": p.audience,
            "iat": now - 5,
            "nbf": now - 5,
            "exp": now + p.lifetime,
            "nonce": nonce,
            "tid": p.tid,
            "oid": p.oid,
            "sub": f"pairwise-{p.oid}",
        }
        if p.email:
            claims["email"] = p.email
            claims["preferred_username"] = p.email
            claims["xms_edov"] = p.domain_verified
        return jwt.encode({"alg": "RS256", "kid": "k1"}, claims, p.key or self.key)


def _handler(provider: Provider) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            """Quiet."""

        def _json(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802
            url = urlsplit(self.path)
            params = {k: v[0] for k, v in parse_qs(url.query).items()}
            if url.path == "/organizations/v2.0/.well-known/openid-configuration":
                self._json(200, provider.metadata())
            elif url.path == "/discovery/v2.0/keys":
                self._json(200, dict(KeySet([provider.key]).as_dict(private=False)))
            elif url.path == "/oauth2/v2.0/authorize":
                self.send_response(302)
                self.send_header("Location", provider.authorize(params))
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self._json(404, {"error": "not_found"})

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode()
            form = {k: v[0] for k, v in parse_qs(body).items()}
            if urlsplit(self.path).path == "/oauth2/v2.0/token":
                self._json(*provider.token(form, self.headers.get("Authorization")))
            else:
                self._json(404, {"error": "not_found"})

    return Handler


@contextmanager
def running_provider() -> Iterator[Provider]:
    """Start the provider on a free loopback port; stop it afterwards."""
    provider = Provider()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(provider))
    provider.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield provider
    finally:
        server.shutdown()
        server.server_close()
