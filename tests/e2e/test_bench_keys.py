"""The benchmark runs end to end and writes every figure; no speed is checked."""

from __future__ import annotations

import json
import math
from pathlib import Path
from uuid import uuid4

import pytest

from bench import KEYS
from bench.report import write_json
from bench.runner import BenchOptions, run_bench
from tests.conftest import BACKEND


# On SQLite `make test-bench` (tests/e2e/run-bench-smoke.sh) runs the bench through
# its command and checks every key: here it would be the same 40 s again.
@pytest.mark.skipif(BACKEND == "sqlite", reason="make test-bench runs it on SQLite")
def test_a_tiny_bench_writes_every_key_as_a_number(
    database_url: str, tmp_path: Path
) -> None:
    name = f"ledgerdesk_bench_{uuid4().hex[:8]}"
    outcome = run_bench(database_url, BenchOptions(tickets=300, requests=5), name)
    target = tmp_path / "bench.json"
    write_json(target, outcome.figures)
    figures = json.loads(target.read_text())
    assert list(figures) == list(KEYS)
    for key, value in figures.items():
        assert isinstance(value, int | float) and math.isfinite(value), key
    # a create is timed from the POST until the portal list shows the ticket
    assert 0 < figures["create_p50_ms"] <= figures["create_p95_ms"]
