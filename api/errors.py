"""Every error mapped to HTTP in one place; never a stack trace to the caller."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.query.params import BuilderError
from domain.errors import (
    AlreadyExists,
    ConcurrentChange,
    DomainError,
    InvalidTransition,
    InvalidValue,
    NotFound,
)
from projections.follower import ReadModelLate
from projections.parked import ChangeParked

log = logging.getLogger("ledgerdesk.api")

NOT_FOUND = "Not found."
UNAUTHENTICATED = "Unauthenticated."
DENIED = "Permission denied."
PARKED = "Your change was saved but could not be shown yet; it has been reported."
SLOW = "Your change was saved but is taking long to show; reload in a moment."


class ApiError(Exception):
    """An answer other than success, raised anywhere below a route."""

    def __init__(
        self,
        status: int,
        message: str,
        errors: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.errors = errors
        self.headers = headers


def not_found() -> ApiError:
    """404, the same for a missing record and for someone else's."""
    return ApiError(404, NOT_FOUND)


def unauthenticated() -> ApiError:
    """401: the portal refreshes its token once, then signs in again."""
    return ApiError(401, UNAUTHENTICATED)


def denied() -> ApiError:
    """403 for a permission the user lacks."""
    return ApiError(403, DENIED)


def invalid(field: str, message: str) -> ApiError:
    """422 naming one field."""
    return ApiError(422, message, {field: [message]})


def body(message: str, errors: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The JSON body of an error answer."""
    return (
        {"message": message}
        if errors is None
        else {"message": message, "errors": errors}
    )


def _location(loc: tuple[Any, ...]) -> str:
    parts = [
        str(p) for p in loc if p not in ("body", "query", "path", "header", "form")
    ]
    return ".".join(parts) or "body"


def validation_errors(error: RequestValidationError) -> dict[str, list[str]]:
    """pydantic's errors as {field: [message]}."""
    errors: dict[str, list[str]] = {}
    for item in error.errors():
        errors.setdefault(_location(tuple(item.get("loc", ()))), []).append(
            str(item.get("msg", "Invalid value."))
        )
    return errors


def install(app: FastAPI) -> None:
    """Register the handlers that turn errors into the contract's answers."""

    @app.exception_handler(ApiError)
    async def api_error(_: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(
            body(error.message, error.errors), error.status, headers=error.headers
        )

    @app.exception_handler(BuilderError)
    async def builder_error(_: Request, error: BuilderError) -> JSONResponse:
        return JSONResponse(body(error.message, {error.param: [error.message]}), 422)

    @app.exception_handler(RequestValidationError)
    async def request_invalid(
        _: Request, error: RequestValidationError
    ) -> JSONResponse:
        errors = validation_errors(error)
        first = (
            next(iter(errors.values()))[0] if errors else "The given data was invalid."
        )
        return JSONResponse(body(first, errors), 422)

    @app.exception_handler(DomainError)
    async def domain_error(_: Request, error: DomainError) -> JSONResponse:
        if isinstance(error, InvalidValue):
            field = error.field or "body"
            return JSONResponse(body(error.message, {field: [error.message]}), 422)
        if isinstance(error, NotFound):
            return JSONResponse(body(NOT_FOUND), 404)
        if isinstance(error, (InvalidTransition, ConcurrentChange, AlreadyExists)):
            return JSONResponse(body(error.message), 409)
        return JSONResponse(body(error.message), 400)

    @app.exception_handler(ChangeParked)
    async def change_parked(_: Request, error: ChangeParked) -> JSONResponse:
        log.error("answering a write whose event %s was parked", error.position)
        return JSONResponse(body(PARKED), 503)

    @app.exception_handler(ReadModelLate)
    async def read_model_late(_: Request, error: ReadModelLate) -> JSONResponse:
        log.error("the read model did not reach %s in time", error.position)
        return JSONResponse(body(SLOW), 503, headers={"Retry-After": "5"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, error: StarletteHTTPException) -> JSONResponse:
        messages = {404: NOT_FOUND, 401: UNAUTHENTICATED, 403: DENIED}
        message = messages.get(error.status_code, str(error.detail))
        return JSONResponse(body(message), error.status_code)

    @app.exception_handler(Exception)
    async def unexpected(_: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        return JSONResponse(body("Something went wrong on our side."), 500)
