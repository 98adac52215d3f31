"""The benchmark's table on stdout and its JSON file, with the issue's targets."""

from __future__ import annotations

import json
import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import KEYS

Check = tuple[Callable[[float, float], bool], float, str]

TARGETS: dict[str, Check] = {
    "list_growth": (operator.le, 1.5, "<="),
    "presets_growth": (operator.le, 1.5, "<="),
    "list_p95_ms": (operator.le, 25.0, "<="),
    "presets_count_p95_ms": (operator.le, 25.0, "<="),
    "presets_speedup": (operator.ge, 10.0, ">="),
    "list_ratio": (operator.le, 4.0, "<="),
    "projection_events_per_s": (operator.ge, 20_000.0, ">="),
    "append_ratio": (operator.ge, 0.8, ">="),
    "command_p95_ms": (operator.le, 100.0, "<="),
    "create_p50_ms": (operator.le, 12.0, "<="),
    "load_rps": (operator.ge, 400.0, ">="),
    "load_p95_ms": (operator.le, 150.0, "<="),
    "load_errors": (operator.le, 0.0, "<="),
    "search_p95_ms": (operator.le, 50.0, "<="),
}
"""The targets of the issue (PostgreSQL, N = 1,000,000, two cores)."""


def verdict(key: str, value: float) -> str:
    """'met', 'missed' or '' for a figure without a target."""
    if key not in TARGETS:
        return ""
    compare, bound, _ = TARGETS[key]
    return "met" if compare(value, bound) else "missed"


def table(figures: dict[str, float], context: dict[str, Any]) -> str:
    """The figures, their targets and verdicts as an aligned text table."""
    lines = [f"{name}: {value}" for name, value in context.items()]
    lines.append("")
    lines.append(f"{'figure':<26}{'value':>14}  {'target':<12}{'':<6}")
    for key in KEYS:
        value = figures[key]
        target = f"{TARGETS[key][2]} {TARGETS[key][1]:g}" if key in TARGETS else ""
        lines.append(f"{key:<26}{value:>14,.2f}  {target:<12}{verdict(key, value)}")
    return "\n".join(lines)


def write_json(path: str | Path, figures: dict[str, float]) -> None:
    """Exactly the issue's keys, as numbers."""
    body = {key: round(float(figures[key]), 3) for key in KEYS}
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(body, indent=2) + "\n")
