#!/usr/bin/env bash
# A small benchmark run on a temporary SQLite database: every figure must be
# produced as a number. No speed is checked here; docs/scaling.md has the figures.
set -euo pipefail

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

LEDGERDESK_DATABASE_URL="sqlite:///$scratch/ledgerdesk.sqlite3" \
  ledgerdesk bench --tickets 2000 --json "$scratch/bench.json"

python3 - "$scratch/bench.json" <<'PY'
import json
import math
import sys

KEYS = [
    "seed_events_per_s", "projection_events_per_s", "append_ratio",
    "list_p50_ms", "list_p95_ms", "list_raw_p50_ms", "list_ratio",
    "presets_count_p50_ms", "presets_count_p95_ms", "presets_naive_p50_ms",
    "presets_speedup", "list_growth", "presets_growth", "command_p95_ms",
    "create_p50_ms", "create_p95_ms", "sla_action_required_p95_ms", "rss_mb",
    "mail_out_lag_p95_ms", "mail_ingest_per_s",
    "load_rps", "load_p50_ms", "load_p95_ms", "load_errors",
    "search_p50_ms", "search_p95_ms", "search_operator_p95_ms", "search_client_p95_ms",
    "search_one_word_p95_ms", "search_two_words_p95_ms", "search_phrase_p95_ms",
    "search_prefix_p95_ms", "search_total_max_error",
]
figures = json.load(open(sys.argv[1]))
missing = [k for k in KEYS if k not in figures]
extra = [k for k in figures if k not in KEYS]
bad = [
    k for k in KEYS
    if k in figures
    and (isinstance(figures[k], bool) or not isinstance(figures[k], (int, float))
         or not math.isfinite(figures[k]))
]
if missing or extra or bad:
    sys.exit(f"bench figures wrong: missing {missing}, extra {extra}, not numbers {bad}")
print(f"bench smoke: all {len(KEYS)} figures present and numeric")
PY
