"""The builder language parsed: each item to its node, bad input to a named error."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from api.query.params import MAX_ITEMS, BuilderError, nest
from api.query.parse import build, page_size
from api.query.resources import ASSETS, QUOTES, RESOURCES, TICKETS
from api.query.spec import Resource
from api.query.tree import (
    ActionRequired,
    Between,
    Compare,
    Custom,
    DatePreset,
    InList,
    Missing,
    NullTest,
    Order,
    Query,
)


def parse(items: list[tuple[str, str]], resource: Resource = TICKETS) -> Query:
    """A query string's builder parameters as a checked Query."""
    return build(resource, nest(items))


def refused(items: list[tuple[str, str]], resource: Resource = TICKETS) -> BuilderError:
    """The error a query string's builder parameters raise."""
    with pytest.raises(BuilderError) as caught:
        parse(items, resource)
    return caught.value


def where(*parts: str, at: int = 0) -> list[tuple[str, str]]:
    return [(f"builder[where][{at}][]", part) for part in parts]


# --- nesting: brackets to nested values -------------------------------------


def test_brackets_nest_into_lists_and_objects() -> None:
    raw = nest(
        [
            ("builder[where][0][]", "status_id"),
            ("builder[where][0][]", "="),
            ("builder[where][0][]", "2"),
            ("builder[whereIn][0][0]", "priority_id"),
            ("builder[whereIn][0][1][]", "1"),
            ("builder[whereIn][0][1][]", "3"),
            ("builder[paginate]", "25"),
            ("page", "2"),  # not a builder parameter: left alone
        ]
    )
    assert raw == {
        "where": [["status_id", "=", "2"]],
        "whereIn": [["priority_id", ["1", "3"]]],
        "paginate": "25",
    }


def test_numbered_keys_become_lists_in_their_order() -> None:
    raw = nest([("builder[orderBy][1][0]", "b"), ("builder[orderBy][0][0]", "a")])
    assert raw == {"orderBy": [["a"], ["b"]]}


@pytest.mark.parametrize(
    ("items", "param"),
    [
        ([("builder", "x")], "builder"),
        ([("builder[where", "x")], "builder[where"),
        ([("builder[]", "x")], "builder[]"),
        ([("builder[wh ere]", "x")], "builder[wh ere]"),
        ([("builder[s]", "a"), ("builder[s]", "b")], "builder[s]"),
        ([("builder[w][]", "a"), ("builder[w][k]", "b")], "builder[w][k]"),
        ([("builder[w][k]", "a"), ("builder[w][]", "b")], "builder[w][]"),
    ],
)
def test_malformed_brackets_name_the_parameter(
    items: list[tuple[str, str]], param: str
) -> None:
    with pytest.raises(BuilderError) as caught:
        nest(items)
    assert caught.value.param == param


def test_too_many_parameters_are_refused() -> None:
    items = [(f"builder[whereIn][0][1][{i}]", "1") for i in range(MAX_ITEMS + 1)]
    with pytest.raises(BuilderError) as caught:
        nest(items)
    assert caught.value.param == "builder"


# --- every item to its node ---------------------------------------------------


@pytest.mark.parametrize("op", ["=", "!=", "<", "<=", ">", ">="])
def test_where_compares_with_every_operator_typed_as_the_field(op: str) -> None:
    query = parse(where("status_id", op, "3"))
    assert query.filters == (Compare(TICKETS.fields["status_id"], op, 3),)


def test_where_like_drops_the_users_percent_signs() -> None:
    query = parse(where("description", "like", "%printer%"))
    assert query.filters == (Compare(TICKETS.fields["description"], "like", "printer"),)


def test_values_take_the_fields_type() -> None:
    (money,) = parse(where("total", ">", "0.30"), QUOTES).filters
    assert isinstance(money, Compare) and money.value == Decimal("0.30")
    (moment,) = parse(where("created_at", ">=", "2026-03-01T10:00:00+02:00")).filters
    assert isinstance(moment, Compare)
    assert moment.value == datetime(2026, 3, 1, 8, 0, tzinfo=UTC)
    (flag,) = parse(where("is_template", "=", "true")).filters
    assert isinstance(flag, Compare) and flag.value is True
    (day,) = parse(where("warranty_until", "<", "2027-01-31"), ASSETS).filters
    assert isinstance(day, Compare) and day.value == "2027-01-31"


def test_null_tests_in_lists_and_ranges() -> None:
    query = parse(
        [
            ("builder[whereNull][]", "priority_id"),
            ("builder[whereNotNull][]", "category_id"),
            ("builder[whereIn][0][0]", "status_id"),
            ("builder[whereIn][0][1][]", "1"),
            ("builder[whereIn][0][1][]", "2"),
            ("builder[whereBetween][0][0]", "number"),
            ("builder[whereBetween][0][1][]", "10"),
            ("builder[whereBetween][0][1][]", "20"),
        ]
    )
    f = TICKETS.fields
    assert query.filters == (
        NullTest(f["priority_id"], True),
        NullTest(f["category_id"], False),
        InList(f["status_id"], (1, 2)),
        Between(f["number"], 10, 20),
    )


def test_relations_filter_on_their_own_fields() -> None:
    query = parse(
        [
            ("builder[whereHas][0][]", "company"),
            ("builder[whereHas][0][]", "name"),
            ("builder[whereHas][0][]", "like"),
            ("builder[whereHas][0][]", "%contoso%"),
            ("builder[whereHas][1][]", "status"),
            ("builder[whereHas][1][]", "type"),
            ("builder[whereHas][1][]", "2"),
            ("builder[doesntHave][]", "operator"),
        ]
    )
    company = TICKETS.relations["company"].fields["name"]
    status = TICKETS.relations["status"].fields["type"]
    assert query.filters == (
        Compare(company, "like", "contoso"),
        Compare(status, "=", 2),  # three items mean equality
        Missing(TICKETS.fields["operator_id"]),
    )


def test_specials_custom_fields_search_sort_and_page_size() -> None:
    query = parse(
        [
            *where("scheduled_at", "preset", "+1"),
            *where("sla_remaining", "action_required", "1", at=1),
            ("builder[customField][0][]", "asset_tag"),
            ("builder[customField][0][]", "AT-42"),
            ("builder[orderBy][0][]", "full_name"),
            ("builder[orderBy][0][]", "DESC"),
            ("builder[orderBy][0][]", "operator"),
            ("builder[orderBy][1][]", "number"),
            ("builder[s]", "  vpn  "),
            ("builder[paginate]", "50"),
            ("builder[with][]", "company"),
            ("builder[withCount][]", "status"),
        ]
    )
    assert query.filters == (
        DatePreset("scheduled_at", "+1"),
        ActionRequired(),
        Custom("asset_tag", "=", "AT-42"),
    )
    operator_name = TICKETS.relations["operator"].fields["full_name"]
    assert query.orders == (
        Order(operator_name, True),
        Order(TICKETS.fields["number"], False),
    )
    assert query.search == "vpn" and query.per_page == 50


def test_an_empty_builder_is_the_lists_defaults() -> None:
    assert parse([]) == Query(filters=(), orders=(), per_page=15, search=None)
    assert build(TICKETS, None) == parse([("builder[s]", "   ")])


@pytest.mark.parametrize("size", ["5", "15", "25", "50", "100"])
def test_every_page_size_of_the_spec_is_accepted(size: str) -> None:
    assert parse([("builder[paginate]", size)]).per_page == int(size)
    assert page_size(size, "per_page") == int(size)


# --- what is not allowed is a typed error naming it -----------------------------


@pytest.mark.parametrize(
    ("items", "param", "named"),
    [
        (where("secret_column", "=", "1"), "builder.where.0", "'secret_column'"),
        (where("status_id", "like", "1"), "builder.where.0", "'like'"),
        (where("is_template", "<", "1"), "builder.where.0", "'<'"),
        (where("status_id", "; drop", "1"), "builder.where.0", "'; drop'"),
        (
            [
                ("builder[whereHas][0][]", "owner"),
                ("builder[whereHas][0][]", "id"),
                ("builder[whereHas][0][]", "1"),
            ],
            "builder.whereHas.0",
            "'owner'",
        ),
        (
            [
                ("builder[whereHas][0][]", "company"),
                ("builder[whereHas][0][]", "vat"),
                ("builder[whereHas][0][]", "1"),
            ],
            "builder.whereHas.0",
            "'vat'",
        ),
        (
            [("builder[orderBy][0][]", "password"), ("builder[orderBy][0][]", "asc")],
            "builder.orderBy.0",
            "'password'",
        ),
        ([("builder[whereNull][]", "nope")], "builder.whereNull.0", "'nope'"),
    ],
)
def test_a_field_operator_or_relation_not_on_the_list_is_named(
    items: list[tuple[str, str]], param: str, named: str
) -> None:
    error = refused(items)
    assert error.param == param
    assert named in error.message


@pytest.mark.parametrize(
    ("items", "param"),
    [
        ([("builder[select][]", "id")], "builder.select"),
        ([("builder[paginate]", "10")], "builder.paginate"),
        ([("builder[paginate]", "many")], "builder.paginate"),
        (where("status_id", "=", "three"), "builder.where.0"),
        (where("status_id", "=", str(2**70)), "builder.where.0"),
        (where("created_at", ">", "yesterday"), "builder.where.0"),
        (where("is_template", "=", "maybe"), "builder.where.0"),
        (where("status_id", "="), "builder.where.0"),
        (where("scheduled_at", "preset", "+9"), "builder.where.0"),
        (where("sla_remaining", "=", "1"), "builder.where.0"),
        (
            [
                ("builder[whereBetween][0][0]", "description"),
                ("builder[whereBetween][0][1][]", "a"),
                ("builder[whereBetween][0][1][]", "b"),
            ],
            "builder.whereBetween.0",
        ),
        (
            [("builder[whereIn][0][0]", "status_id"), ("builder[whereIn][0][1]", "1")],
            "builder.whereIn.0",
        ),
        ([("builder[doesntHave][]", "owner")], "builder.doesntHave.0"),
        ([("builder[with][]", "passwords")], "builder.with.0"),
        (
            [("builder[customField][0][]", "a b"), ("builder[customField][0][]", "x")],
            "builder.customField.0",
        ),
        (
            [("builder[orderBy][0][]", "number"), ("builder[orderBy][0][]", "up")],
            "builder.orderBy.0",
        ),
        ([("builder[s]", "x" * 201)], "builder.s"),
        ([("builder[s][]", "x")], "builder.s"),
    ],
)
def test_malformed_items_name_their_parameter(
    items: list[tuple[str, str]], param: str
) -> None:
    assert refused(items).param == param


def test_custom_fields_only_where_the_list_has_them() -> None:
    items = [("builder[customField][0][]", "tag"), ("builder[customField][0][]", "x")]
    assert refused(items, ASSETS).param == "builder.customField.0"


def test_specials_are_only_special_on_their_list() -> None:
    # assets have no scheduled_at: the date preset is not a filter there
    error = refused(where("scheduled_at", "preset", "today"), ASSETS)
    assert "'scheduled_at'" in error.message


def test_a_page_size_outside_the_spec_names_the_parameter_it_came_in() -> None:
    with pytest.raises(BuilderError) as caught:
        page_size(500, "per_page")
    assert caught.value.param == "per_page"


@pytest.mark.parametrize("name", sorted(RESOURCES))
def test_every_lists_default_order_and_search_are_on_its_table(name: str) -> None:
    resource = RESOURCES[name]
    columns = set(resource.table.c.keys())
    for field_name, way in resource.default_order:
        assert resource.fields[field_name].column in columns and way in ("asc", "desc")
    assert set(resource.search) <= columns
    for field in resource.fields.values():
        assert field.column in columns, (name, field)
    for relation in resource.relations.values():
        assert relation.key in columns
        assert {f.column for f in relation.fields.values()} <= columns


def test_a_raw_builder_that_is_not_an_object_is_refused() -> None:
    raw: Any = ["where"]
    with pytest.raises(BuilderError) as caught:
        build(TICKETS, raw)
    assert caught.value.param == "builder"
