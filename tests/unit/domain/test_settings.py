"""Setting lists (order, default) and table presets (JSON configs, list type)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, settings
from hypothesis import given as for_all
from hypothesis import strategies as st

from domain.errors import InvalidValue, NotFound
from domain.settings import SettingList, TablePreset, setting_list_id
from tests.unit.domain.support import (
    ACTOR,
    OTHER_TENANT,
    TENANT,
    given,
    new_events,
    then,
)


def priorities(*labels: str) -> SettingList:
    settings = SettingList.start(TENANT, ACTOR, "priorities")
    for label in labels:
        settings.add(ACTOR, label)
    return given(settings)


def labels(settings: SettingList) -> list[str]:
    return [item["label"] for item in settings.ordered()]


def test_a_list_is_one_of_the_known_kinds_per_tenant() -> None:
    assert str(SettingList.start(TENANT, ACTOR, "priorities").id) == setting_list_id(
        TENANT, "priorities"
    )
    assert setting_list_id(TENANT, "priorities") != setting_list_id(
        OTHER_TENANT, "priorities"
    )
    with pytest.raises(InvalidValue) as error:
        SettingList.start(TENANT, ACTOR, "colours")
    assert error.value.field == "kind"


def test_items_are_appended_with_ids_and_order() -> None:
    settings = priorities()
    assert settings.add(ACTOR, "Low") == 1
    assert settings.add(ACTOR, "High", {"style": "red"}) == 2
    assert then(settings) == ["ItemAdded", "ItemAdded"]
    assert settings.get(2) == {
        "id": 2,
        "label": "High",
        "order": 2,
        "is_default": False,
        "data": {"style": "red"},
    }
    with pytest.raises(InvalidValue) as error:
        settings.add(ACTOR, "")
    assert error.value.field == "label"
    with pytest.raises(NotFound):
        settings.get(9)


def test_reorder_puts_the_items_in_the_dragged_order() -> None:
    settings = priorities("Low", "Normal", "High")
    settings.reorder(ACTOR, [3, 1, 2])
    (reordered,) = new_events(settings)
    assert reordered.order == [3, 1, 2]
    assert labels(settings) == ["High", "Low", "Normal"]
    settings.reorder(ACTOR, [3, 1, 2])
    assert then(settings) == []


@pytest.mark.parametrize("order", [[1, 2], [1, 2, 3, 4], [1, 1, 2], [1, 2, 2, 3], []])
def test_reorder_must_name_every_item_once(order: list[int]) -> None:
    settings = priorities("Low", "Normal", "High")
    with pytest.raises(InvalidValue) as error:
        settings.reorder(ACTOR, order)
    assert error.value.field == "order"
    assert then(settings) == []


@pytest.mark.parametrize("order", [["1", "x", "3"], [1, None, 3], None])
def test_reorder_with_something_other_than_ids_names_the_order(order: Any) -> None:
    settings = priorities("Low", "Normal", "High")
    with pytest.raises(InvalidValue) as error:
        settings.reorder(ACTOR, order)
    assert error.value.field == "order"


def test_reorder_takes_ids_sent_as_text() -> None:
    settings = priorities("Low", "Normal")
    settings.reorder(ACTOR, ["2", "1"])  # type: ignore[list-item]
    assert labels(settings) == ["Normal", "Low"]


def test_set_default_clears_the_others() -> None:
    settings = priorities("Low", "Normal", "High")
    settings.set_default(ACTOR, 2)
    settings.set_default(ACTOR, 3)
    assert then(settings) == ["DefaultSet", "DefaultSet"]
    assert [item["is_default"] for item in settings.ordered()] == [False, False, True]
    assert settings.default() == settings.get(3)
    settings.set_default(ACTOR, 3)
    assert then(settings) == []


def test_an_item_added_as_default_takes_the_flag() -> None:
    settings = priorities("Low")
    settings.set_default(ACTOR, 1)
    settings.add(ACTOR, "Normal", is_default=True)
    assert then(settings) == ["DefaultSet", "ItemAdded", "DefaultSet"]
    assert settings.default() == settings.get(2)
    assert settings.get(1)["is_default"] is False


def test_no_default_until_one_is_set() -> None:
    assert priorities("Low").default() is None


def test_change_and_remove_items() -> None:
    settings = priorities("Low", "High")
    settings.change(ACTOR, 1, "Lowest", None)
    settings.change(ACTOR, 1, "Lowest", {})
    (changed,) = new_events(settings)
    assert changed.changes == {"label": "Lowest"}
    settings.remove(ACTOR, 1)
    assert then(settings) == ["ItemRemoved"]
    assert labels(settings) == ["High"]
    with pytest.raises(NotFound):
        settings.remove(ACTOR, 1)


def test_an_item_added_after_removals_goes_last() -> None:
    settings = priorities("A", "B", "C")
    settings.remove(ACTOR, 1)
    settings.remove(ACTOR, 2)
    settings.add(ACTOR, "D")
    assert labels(settings) == ["C", "D"]


@settings(deadline=None)
@for_all(
    st.lists(
        st.one_of(
            st.tuples(st.just("add"), st.integers(0, 5)),
            st.tuples(st.just("remove"), st.integers(0, 5)),
            st.tuples(st.just("reorder"), st.randoms(use_true_random=False)),
        ),
        max_size=25,
    )
)
@example([("add", 0)] * 3 + [("remove", 0)] * 2 + [("add", 0)])
def test_the_order_is_always_a_permutation_and_new_items_go_last(
    steps: list[tuple[str, Any]],
) -> None:
    settings = priorities()
    for action, value in steps:
        present = [item["id"] for item in settings.ordered()]
        if action == "add":
            new_id = settings.add(ACTOR, f"item {value}")
            assert [i["id"] for i in settings.ordered()] == [*present, new_id]
        elif action == "remove" and present:
            settings.remove(ACTOR, present[value % len(present)])
        elif action == "reorder":
            value.shuffle(present)
            settings.reorder(ACTOR, present)
            assert [i["id"] for i in settings.ordered()] == present


def preset(**fields: Any) -> dict[str, Any]:
    return {"label": "Open tickets", "type": "tickets", **fields}


def test_a_preset_keeps_its_configs_as_json_strings() -> None:
    saved = TablePreset.save_new(
        TENANT,
        ACTOR,
        "user-1",
        preset(filter_config={"status": [1, 2]}, order_config='{"updated_at": "desc"}'),
    )
    (event,) = new_events(saved)
    assert type(event).__name__ == "Saved"
    assert saved.user_id == "user-1"
    assert saved.fields["filter_config"] == '{"status": [1, 2]}'
    assert saved.fields["order_config"] == '{"updated_at": "desc"}'
    assert saved.fields["columns_config"] == "{}"
    assert saved.fields["pagination_config"] == "{}"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"label": ""}, "label"),
        ({"type": "people"}, "type"),
        ({"filter_config": "{not json"}, "filter_config"),
        ({"columns_config": "[1,"}, "columns_config"),
        ({"order_config": ""}, "order_config"),
        ({"pagination_config": "{'per_page': 10}"}, "pagination_config"),
        ({"owner": "me"}, "owner"),
    ],
)
def test_bad_presets_are_refused_naming_the_field(
    fields: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidValue) as error:
        TablePreset.save_new(TENANT, ACTOR, ACTOR, preset(**fields))
    assert error.value.field == field


@pytest.mark.parametrize("missing", ["label", "type"])
def test_a_preset_needs_a_label_and_a_list_type(missing: str) -> None:
    fields = preset()
    del fields[missing]
    with pytest.raises(InvalidValue) as error:
        TablePreset.save_new(TENANT, ACTOR, ACTOR, fields)
    assert error.value.field == missing


@pytest.mark.parametrize(
    "kind", ["tickets", "quotes", "subscriptions", "assets", "contracts", "invoices"]
)
def test_every_list_type_takes_presets(kind: str) -> None:
    assert (
        TablePreset.save_new(TENANT, ACTOR, ACTOR, preset(type=kind)).fields["type"]
        == kind
    )


def test_preset_changes_and_delete() -> None:
    saved = given(TablePreset.save_new(TENANT, ACTOR, ACTOR, preset()))
    saved.change(ACTOR, {"label": "Open tickets", "styling": "danger"})
    (changed,) = new_events(saved)
    assert changed.changes == {"styling": "danger"}
    with pytest.raises(InvalidValue):
        saved.change(ACTOR, {"filter_config": "nope"})
    saved.delete(ACTOR)
    saved.delete(ACTOR)
    assert then(saved) == ["Deleted"]
    assert saved.deleted is True
