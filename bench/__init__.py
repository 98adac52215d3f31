"""The benchmark behind `ledgerdesk bench`: seeding, measuring and the report."""

from __future__ import annotations

KEYS = (
    "seed_events_per_s",
    "projection_events_per_s",
    "append_ratio",
    "list_p50_ms",
    "list_p95_ms",
    "list_raw_p50_ms",
    "list_ratio",
    "presets_count_p50_ms",
    "presets_count_p95_ms",
    "presets_naive_p50_ms",
    "presets_speedup",
    "list_growth",
    "presets_growth",
    "command_p95_ms",
    "create_p50_ms",
    "create_p95_ms",
    "sla_action_required_p95_ms",
    "rss_mb",
    "mail_ingest_per_s",
    "mail_out_lag_p95_ms",
    "load_rps",
    "load_p50_ms",
    "load_p95_ms",
    "load_errors",
)
"""The figures the benchmark writes, in the order of the report."""
