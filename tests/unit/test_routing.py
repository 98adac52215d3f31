"""Included routers that refuse, by the path's fixed start, what they cannot match."""

from __future__ import annotations

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient

from api.routing import fixed_start, match_by_fixed_start
from tests.support.routes import asked_routes


def _app(narrow: bool) -> FastAPI:
    app = FastAPI()
    for n in range(30):
        filler = APIRouter()
        filler.add_api_route(f"/filler{n}/{{id}}", lambda id: {"filler": id})
        filler.add_api_route(f"/filler{n}", lambda: {"filler": "list"})
        app.include_router(filler, prefix="/api")
    things = APIRouter()
    things.add_api_route("/things", lambda: {"things": "list"})
    things.add_api_route("/things/{id}", lambda id: {"thing": id})
    things.add_api_route("/things/{id}", lambda id: {"put": id}, methods=["PUT"])
    app.include_router(things, prefix="/api")
    anything = APIRouter()
    anything.add_api_route("/{kind}/count", lambda kind: {"count": kind})
    app.include_router(anything, prefix="/api")
    if narrow:
        assert match_by_fixed_start(app.router.routes) == 32
    return app


@pytest.mark.parametrize("narrow", [False, True])
def test_every_answer_is_the_same_narrowed_or_not(narrow: bool) -> None:
    client = TestClient(_app(narrow))
    assert client.get("/api/things").json() == {"things": "list"}
    assert client.get("/api/things/7").json() == {"thing": "7"}
    assert client.put("/api/things/7").json() == {"put": "7"}
    assert client.get("/api/filler29/3").json() == {"filler": "3"}
    # a route with a parameter first is asked whatever the path begins with
    assert client.get("/api/widgets/count").json() == {"count": "widgets"}
    # a path matched with another method: 405, not 404
    assert client.delete("/api/things/7").status_code == 405
    assert client.get("/api/nothing/here").status_code == 404
    # the slash redirect still finds its route
    answer = client.get("/api/things/", follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"].endswith("/api/things")


def test_a_request_asks_only_the_routers_its_path_can_match() -> None:
    plain, narrowed = TestClient(_app(False)), TestClient(_app(True))
    with asked_routes() as asked:
        assert plain.get("/api/things/7").status_code == 200
    assert len(asked) > 60  # every filler route, asked twice over
    with asked_routes() as asked:
        assert narrowed.get("/api/things/7").status_code == 200
    # (FastAPI asks a route by its path within its router)
    assert set(asked) == {"/things", "/things/{id}"}


def test_a_path_under_a_root_path_is_matched_without_it() -> None:
    client = TestClient(_app(True), root_path="/desk")
    assert client.get("/desk/api/things/7").json() == {"thing": "7"}


def test_the_fixed_start_is_the_text_before_the_first_parameter() -> None:
    assert fixed_start("/api/tickets/{id}/messages") == "/api/tickets/"
    assert fixed_start("/api/{kind}/count") == "/api/"
    assert fixed_start("/api/tickets") == "/api/tickets"
