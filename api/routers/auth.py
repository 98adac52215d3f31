"""Sign in (password or single sign-on), refresh, sign out, reset a password."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field, model_validator

from api.auth import service, sign_on
from api.deps import ServicesDep, TenantDep, bearer
from api.errors import invalid
from api.models.directory import SignedInUser
from api.present.me import company_of, user_json
from api.schemas import Message

router = APIRouter(prefix="/auth", tags=["auth"])


class LoginIn(BaseModel):
    username: str | None = Field(None, max_length=254)
    password: str | None = Field(None, max_length=1000)
    code: str | None = Field(None, max_length=4000)
    portal: bool = False

    @model_validator(mode="after")
    def one_way(self) -> LoginIn:
        """Either a username and password, or a code."""
        if self.code is None and (not self.username or self.password is None):
            raise ValueError("Give a username and password, or a sign-on code.")
        return self


class Tokens(BaseModel):
    access_token: str
    refresh_token: str
    expires_in: int


class LoginOut(Tokens):
    user: SignedInUser


class RefreshIn(BaseModel):
    refresh_token: str = Field(min_length=1, max_length=200)


class LogoutIn(BaseModel):
    refresh_token: str | None = Field(None, max_length=200)


class EmailIn(BaseModel):
    email: str = Field(min_length=1, max_length=254)


class ResetIn(BaseModel):
    token: str = Field(min_length=1, max_length=2000)
    password: str = Field(max_length=1000)
    password_confirmation: str = Field(max_length=1000)


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post("/login", response_model=LoginOut)
def login(
    body: LoginIn, request: Request, svc: ServicesDep, tenant: TenantDep
) -> dict[str, Any]:
    """Sign in; answers the user and a token pair."""
    if body.code is not None:
        user, tokens = service.login_with_code(svc, tenant, body.code)
    else:
        user, tokens = service.login(
            svc, tenant, body.username or "", body.password or "", _address(request)
        )
    with svc.engine.connect() as connection:
        company = company_of(connection, user)
    return {"user": user_json(user, tenant, company), **tokens}


@router.get("/sso/start", status_code=302, response_class=RedirectResponse)
def sso_start(svc: ServicesDep, tenant: TenantDep) -> RedirectResponse:
    """Go to Microsoft to sign in (code flow with state, nonce and PKCE)."""
    url, state = sign_on.start(svc, tenant)
    answer = RedirectResponse(url, status_code=302)
    answer.set_cookie(
        sign_on.COOKIE,
        state,
        max_age=int(sign_on.STATE_LIFETIME.total_seconds()),
        path=sign_on.CALLBACK,
        httponly=True,
        samesite="lax",
        secure=svc.settings.is_production,
    )
    return answer


@router.get("/sso/callback", status_code=303, response_class=RedirectResponse)
def sso_callback(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    code: str | None = Query(None, max_length=4000),
    state: str | None = Query(None, max_length=200),
    error: str | None = Query(None, max_length=200),
) -> RedirectResponse:
    """Back from Microsoft: check everything, then hand the portal a one-time code."""
    if error is not None or not code:
        reason = error or "no code"
        raise invalid("code", f"The Microsoft sign-in did not finish ({reason}).")
    one_time = sign_on.finish(
        svc, tenant, code, state or "", request.cookies.get(sign_on.COOKIE)
    )
    answer = RedirectResponse(f"/app/msgraph/code/{one_time}", status_code=303)
    answer.delete_cookie(sign_on.COOKIE, path=sign_on.CALLBACK)
    return answer


@router.post("/refresh", response_model=Tokens)
def refresh(body: RefreshIn, svc: ServicesDep, tenant: TenantDep) -> dict[str, Any]:
    """Trade a refresh token for a new pair; the old one stops working."""
    return service.refresh(svc, tenant, body.refresh_token)


@router.post("/logout", response_model=Message)
def logout(
    body: LogoutIn, request: Request, svc: ServicesDep, tenant: TenantDep
) -> Message:
    """End the session of the access or refresh token given: both stop working."""
    service.logout(svc, tenant, bearer(request), body.refresh_token)
    return Message(message="Logged out.")


@router.post("/password/email", response_model=Message)
def password_email(body: EmailIn, svc: ServicesDep, tenant: TenantDep) -> Message:
    """Mail a reset link; the same answer whether or not the address exists."""
    service.request_reset(svc, tenant, body.email)
    return Message(message="If the address is known, a reset link is on its way.")


@router.post("/password/reset", response_model=Message)
def password_reset(body: ResetIn, svc: ServicesDep, tenant: TenantDep) -> Message:
    """Set a new password with a reset token."""
    if not body.token.strip():
        raise invalid("token", "This password reset token is invalid.")
    service.reset(svc, tenant, body.token, body.password, body.password_confirmation)
    return Message(message="Your password has been reset.")
