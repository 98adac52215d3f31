"""Microsoft Entra sign-in against a local OpenID Connect provider."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from joserfc.jwk import RSAKey
from pydantic import ValidationError

from api.settings import Settings
from api.sso import EntraProvider
from domain.base import SYSTEM
from domain.use_cases.tenants import ChangeTenant
from projections import tables as t
from tests.e2e.api.conftest import Portal
from tests.e2e.api.oidc_provider import (
    CLIENT_ID,
    CLIENT_SECRET,
    TENANT_A,
    TENANT_B,
    Provider,
    running_provider,
)

CALLBACK = "/api/auth/sso/callback"


@pytest.fixture
def entra(portal: Portal) -> Iterator[Provider]:
    """The local provider, and the app configured to sign in with it."""
    with running_provider() as provider:
        portal.svc.sso = EntraProvider(provider.authority, CLIENT_ID, CLIENT_SECRET)
        yield provider


def to_provider(portal: Portal) -> tuple[str, dict[str, str]]:
    """Start a sign-in; answers the authorize address and its parameters."""
    started = portal.client.get("/api/auth/sso/start", follow_redirects=False)
    assert started.status_code == 302, started.text
    location = started.headers["location"]
    return location, {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


def at_provider(location: str) -> dict[str, str]:
    """Sign in at the provider; answers the code and state it sends back."""
    answer = httpx.get(location, follow_redirects=False)
    assert answer.status_code == 302
    back = urlsplit(answer.headers["location"])
    assert back.path == CALLBACK
    return {k: v[0] for k, v in parse_qs(back.query).items()}


def callback(portal: Portal, params: dict[str, str]) -> httpx.Response:
    return portal.client.get(CALLBACK, params=params, follow_redirects=False)


def sign_in(portal: Portal) -> httpx.Response:
    """The whole round trip, as far as the app's callback answer."""
    location, _ = to_provider(portal)
    return callback(portal, at_provider(location))


def portal_login(portal: Portal, answer: httpx.Response) -> httpx.Response:
    """What the portal does at /app/msgraph/code/<code>: trade the code for tokens."""
    assert answer.status_code == 303, answer.text
    path = answer.headers["location"]
    assert path.startswith("/app/msgraph/code/")
    code = path.rsplit("/", 1)[1]
    return portal.client.post("/api/auth/login", json={"code": code, "portal": True})


def refused(answer: httpx.Response, field: str = "code") -> dict[str, Any]:
    assert answer.status_code == 422, answer.text
    body: dict[str, Any] = answer.json()
    assert field in body["errors"], body
    return body


def linked(portal: Portal, email: str) -> tuple[str | None, str | None]:
    row = portal.rows(t.users, tenant_id=portal.tenant_id(), email=email)[0]
    return row.identity_tid, row.identity_oid


def test_an_invited_user_signs_in_and_is_linked_by_tid_and_oid(
    portal: Portal, entra: Provider
) -> None:
    location, params = to_provider(portal)
    assert params["code_challenge_method"] == "S256"
    assert params["response_type"] == "code"
    assert params["client_id"] == CLIENT_ID
    assert params["state"] and params["nonce"] and params["code_challenge"]
    assert "openid" in params["scope"].split()
    assert params["redirect_uri"] == f"http://demo.localhost:8000{CALLBACK}"

    answer = portal_login(portal, callback(portal, at_provider(location)))
    assert answer.status_code == 200, answer.text
    assert answer.json()["user"]["email"] == "client@demo.test"
    assert linked(portal, "client@demo.test") == (TENANT_A, entra.profile.oid)
    uid = portal.user_id("client@demo.test")
    user = portal.svc.domain.users.get(portal.tenant_id(), uid)
    assert user.identity == {  # the link is an event on the User aggregate
        "issuer": f"{entra.base}/{TENANT_A}/v2.0",
        "tid": TENANT_A,
        "oid": entra.profile.oid,
    }
    me = portal.client.get(
        "/api/auth/me",
        headers={"Authorization": f"Bearer {answer.json()['access_token']}"},
    )
    assert me.status_code == 200


def test_once_linked_only_tid_and_oid_count(portal: Portal, entra: Provider) -> None:
    assert portal_login(portal, sign_in(portal)).status_code == 200
    # The address in the directory changed: the same (tid, oid) is the same user.
    entra.profile.email = "renamed@elsewhere.example"
    again = portal_login(portal, sign_in(portal))
    assert again.status_code == 200
    assert again.json()["user"]["email"] == "client@demo.test"


def test_the_one_time_code_works_once(portal: Portal, entra: Provider) -> None:
    answer = sign_in(portal)
    code = answer.headers["location"].rsplit("/", 1)[1]
    assert portal_login(portal, answer).status_code == 200
    again = portal.client.post("/api/auth/login", json={"code": code, "portal": True})
    refused(again)


def test_a_replayed_state_is_refused(portal: Portal, entra: Provider) -> None:
    location, _ = to_provider(portal)
    back = at_provider(location)
    assert callback(portal, back).status_code == 303
    refused(callback(portal, back), "state")


def test_a_state_not_started_in_this_browser_is_refused(
    portal: Portal, entra: Provider
) -> None:
    location, _ = to_provider(portal)
    back = at_provider(location)
    portal.client.cookies.clear()  # someone else's browser, handed this answer
    refused(callback(portal, back), "state")


def test_a_replayed_nonce_is_refused(portal: Portal, entra: Provider) -> None:
    assert sign_in(portal).status_code == 303
    # The provider (or a thief) answers the next sign-in with the last ID token.
    entra.profile.replay_last = True
    body = refused(sign_in(portal))
    assert "nonce" in body["message"]


def test_a_token_of_a_tenant_not_allowed_is_refused(
    portal: Portal, entra: Provider
) -> None:
    portal.svc.domain.tenants.change(
        portal.tenant_id(),
        SYSTEM,
        ChangeTenant(configs={"auth.entra_tenant_ids": TENANT_A}),
    )
    portal.svc.settle()
    entra.profile.tid = TENANT_B
    entra.profile.oid = "00000000-0000-0000-0000-00000000b001"
    refused(sign_in(portal))
    assert linked(portal, "client@demo.test") == (None, None)
    entra.profile.tid = TENANT_A
    assert portal_login(portal, sign_in(portal)).status_code == 200


def test_an_issuer_of_another_tenant_than_the_tid_is_refused(
    portal: Portal, entra: Provider
) -> None:
    entra.profile.issuer_tid = TENANT_B
    body = refused(sign_in(portal))
    assert "iss" in body["message"]


def test_a_token_for_another_audience_is_refused(
    portal: Portal, entra: Provider
) -> None:
    entra.profile.audience = "some-other-app"
    body = refused(sign_in(portal))
    assert "aud" in body["message"]


def test_an_expired_token_is_refused(portal: Portal, entra: Provider) -> None:
    entra.profile.lifetime = -600
    body = refused(sign_in(portal))
    assert "exp" in body["message"]


def test_a_token_with_a_bad_signature_is_refused(
    portal: Portal, entra: Provider
) -> None:
    entra.profile.key = RSAKey.generate_key(2048, parameters={"kid": "k1"})
    body = refused(sign_in(portal))
    assert "signature" in body["message"]


def test_a_matching_address_with_another_oid_is_refused(
    portal: Portal, entra: Provider
) -> None:
    assert portal_login(portal, sign_in(portal)).status_code == 200
    entra.profile.oid = "00000000-0000-0000-0000-0000000bad01"  # same address
    refused(sign_in(portal), "email")
    entra.profile.tid = TENANT_B  # nor from another directory
    refused(sign_in(portal), "email")
    assert linked(portal, "client@demo.test") == (
        TENANT_A,
        "00000000-0000-0000-0000-00000000a001",
    )


def test_an_unverified_address_links_only_from_an_allowed_directory(
    portal: Portal, entra: Provider
) -> None:
    entra.profile.domain_verified = False
    refused(sign_in(portal), "email")
    assert linked(portal, "client@demo.test") == (None, None)
    portal.svc.domain.tenants.change(
        portal.tenant_id(),
        SYSTEM,
        ChangeTenant(configs={"auth.entra_tenant_ids": TENANT_A}),
    )
    portal.svc.settle()
    assert portal_login(portal, sign_in(portal)).status_code == 200
    assert linked(portal, "client@demo.test") == (TENANT_A, entra.profile.oid)


def test_an_unknown_account_is_refused(portal: Portal, entra: Provider) -> None:
    entra.profile.email = "nobody@demo.test"
    refused(sign_in(portal))
    entra.profile.email = None
    refused(sign_in(portal))


def test_an_operator_links_an_account_explicitly(
    portal: Portal, entra: Provider, operator: dict[str, str]
) -> None:
    client_id = portal.user_id("client2@demo.test")
    oid = "00000000-0000-0000-0000-00000000c002"
    answer = portal.client.put(
        f"/api/clients/{client_id}/identity",
        json={"tid": TENANT_A, "oid": oid},
        headers=operator,
    )
    assert answer.status_code == 200, answer.text
    assert linked(portal, "client2@demo.test") == (TENANT_A, oid)
    # That account signs in as client2, whatever address its directory shows.
    entra.profile.oid, entra.profile.email = oid, "someone@partner.example"
    signed_in = portal_login(portal, sign_in(portal))
    assert signed_in.status_code == 200
    assert signed_in.json()["user"]["email"] == "client2@demo.test"
    # The same account cannot be linked to a second person.
    other = portal.client.put(
        f"/api/clients/{portal.user_id('client@demo.test')}/identity",
        json={"tid": TENANT_A, "oid": oid},
        headers=operator,
    )
    assert other.status_code == 409
    # Nor a linked person to a second account.
    relink = portal.client.put(
        f"/api/clients/{client_id}/identity",
        json={"tid": TENANT_A, "oid": "00000000-0000-0000-0000-00000000c003"},
        headers=operator,
    )
    assert relink.status_code == 409


def test_a_client_cannot_link_accounts(
    portal: Portal, entra: Provider, client_a: dict[str, str]
) -> None:
    answer = portal.client.put(
        f"/api/clients/{portal.user_id('client@demo.test')}/identity",
        json={"tid": TENANT_A, "oid": "x"},
        headers=client_a,
    )
    assert answer.status_code == 403


def test_the_provider_error_answer_is_refused(portal: Portal, entra: Provider) -> None:
    answer = portal.client.get(
        CALLBACK, params={"error": "access_denied"}, follow_redirects=False
    )
    refused(answer)


def test_starting_without_entra_configured_is_refused(portal: Portal) -> None:
    refused(portal.client.get("/api/auth/sso/start", follow_redirects=False))


def test_production_refuses_the_fake_provider() -> None:
    secret = "s" * 40
    with pytest.raises(ValidationError, match="LEDGERDESK_SSO=fake"):
        Settings(environment="production", secret_key=secret, sso="fake")
    entra = Settings(
        environment="production",
        secret_key=secret,
        sso="entra",
        entra_client_id=CLIENT_ID,
        entra_client_secret=CLIENT_SECRET,
    )
    assert entra.sso == "entra"
    with pytest.raises(ValidationError, match="LEDGERDESK_ENTRA_CLIENT_ID"):
        Settings(environment="production", secret_key=secret, sso="entra")
    assert Settings(environment="development", sso="fake").sso == "fake"
