"""The ten saved ticket filters of the benchmark client, as builder state and SQL."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PresetFilter:
    """A preset's builder object and the same filter written by hand in SQL."""

    builder: dict[str, Any]
    sql: str  # extra WHERE text with {p} placeholders, '' for none
    params: tuple[Any, ...]


def preset_filters(statuses: list[int], priorities: list[int]) -> list[PresetFilter]:
    """Ten filters a client saves: by status, priority, both, a null test, none."""
    s, p = statuses, priorities
    return [
        PresetFilter(
            {"where": [["status_id", "=", str(s[0])]]}, "status_id = {p}", (s[0],)
        ),
        PresetFilter(
            {"where": [["status_id", "=", str(s[1])]]}, "status_id = {p}", (s[1],)
        ),
        PresetFilter(
            {"whereIn": [["status_id", [str(s[1]), str(s[2])]]]},
            "status_id IN ({p}, {p})",
            (s[1], s[2]),
        ),
        PresetFilter(
            {"whereIn": [["status_id", [str(s[4]), str(s[5])]]]},
            "status_id IN ({p}, {p})",
            (s[4], s[5]),
        ),
        PresetFilter(
            {"where": [["status_id", "!=", str(s[4])]]}, "status_id <> {p}", (s[4],)
        ),
        PresetFilter(
            {"where": [["priority_id", "=", str(p[3])]]}, "priority_id = {p}", (p[3],)
        ),
        PresetFilter(
            {"whereIn": [["priority_id", [str(p[2]), str(p[3])]]]},
            "priority_id IN ({p}, {p})",
            (p[2], p[3]),
        ),
        PresetFilter(
            {
                "where": [["priority_id", "=", str(p[3])]],
                "whereIn": [["status_id", [str(s[0]), str(s[2])]]],
            },
            "priority_id = {p} AND status_id IN ({p}, {p})",
            (p[3], s[0], s[2]),
        ),
        PresetFilter({"whereNull": ["category_id"]}, "category_id IS NULL", ()),
        PresetFilter({}, "", ()),
    ]
