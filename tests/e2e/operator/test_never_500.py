"""Every route, called by an operator, answers bad input with 4xx (422, 404, 409),
never a 500."""

from __future__ import annotations

from tests.e2e.operator.conftest import Desk
from tests.e2e.operator.route_walk import walk


def test_every_route_refuses_an_operator_s_bad_input_without_a_500(
    desk: Desk, second: dict[str, str]
) -> None:
    seen, failures = walk(desk, second)
    assert failures == []
    # the routes were reached: they refused with 422 and 404, and answered some calls
    assert {200, 404, 422} <= seen
