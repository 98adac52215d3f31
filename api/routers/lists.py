"""The list and detail routes every portal resource shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, TypeAdapter

from api.deps import ReadsDep, ServicesDep, User, require
from api.listing import find_in, list_page, parse_page, query_of
from api.present.common import Lookups
from api.present.encode import deep_order, page_json, row_order
from api.query.resources import RESOURCES
from api.schemas import Page


def add_list(
    router: APIRouter,
    name: str,
    row_model: type[BaseModel],
    description: str,
    encoded: bool = False,
) -> None:
    """GET /{name}: one page of the list under the builder[...] language.

    With ``encoded`` the page goes to JSON bytes without building models (the
    presenter's rows already have the contract's types; a test holds the bytes
    equal to the model's); otherwise it is validated against the model.
    """
    resource = RESOURCES[name]
    page_model = Page[row_model]  # type: ignore[valid-type]
    shape = TypeAdapter(page_model)
    order = row_order(row_model)

    def encode(body: dict[str, Any]) -> bytes:
        if encoded:
            return page_json(body, order)
        return shape.dump_json(shape.validate_python(body), by_alias=True)

    def list_route(
        request: Request,
        svc: ServicesDep,
        held: ReadsDep,
        user: User = require(f"{name}.index"),
        page: str | None = Query(None, description="1-based page number"),
        version: str | None = Query(None, description="row shape version"),
    ) -> Any:
        query = query_of(resource, request.query_params.multi_items())
        body = list_page(
            held.connection, resource, user, query, parse_page(page), svc.cache
        )
        # encoded here, in the worker thread, rather than in a second trip
        # through the thread pool
        return Response(encode(body), media_type="application/json")

    list_route.__doc__ = description
    router.add_api_route(
        "",
        list_route,
        methods=["GET"],
        name="list",
        response_model=page_model,
        summary=f"List {name}",
    )


def add_detail(
    router: APIRouter,
    name: str,
    detail_model: type[BaseModel],
    shape: Callable[[Any, User, Lookups], dict[str, Any]],
    encoded: bool = False,
) -> None:
    """GET /{name}/{id}: one record with its related data, or 404.

    The record and what it refers to are read over the request's one read
    connection, and the setting lists come from the read cache, as a list's do.
    With ``encoded`` the record goes to JSON bytes in the model's key order
    without building models, as an encoded list's rows do.
    """
    order = deep_order(detail_model)

    def detail_route(
        record_id: str,
        svc: ServicesDep,
        held: ReadsDep,
        user: User = require(f"{name}.show"),
    ) -> Any:
        connection = held.connection
        row = find_in(connection, name, user, record_id)
        body = shape(row, user, Lookups(connection, user.tenant_id, svc.cache))
        if encoded:
            return Response(orjson.dumps(order(body)), media_type="application/json")
        return body

    detail_route.__doc__ = f"One of the {name} with its related data."
    router.add_api_route(
        "/{record_id}",
        detail_route,
        methods=["GET"],
        name="show",
        response_model=detail_model,
        summary=f"Show one of the {name}",
    )
