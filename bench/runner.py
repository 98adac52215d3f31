"""One benchmark run: a fresh database, seeding, rebuild, then the HTTP figures."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, text

from api.bootstrap import open_stores
from api.commands._common import progress_bar
from api.settings import Settings
from bench import load, mail_ingest, mail_out, seeding
from bench.database import POSTGRES_NAME, BenchDatabase
from bench.measuring import (
    WARM_UP,
    PortalClient,
    RawSql,
    list_cases,
    percentile,
    samples,
)
from bench.presets import preset_filters
from bench.search import figures as search_figures
from bench.server import ApiServer
from bench.sla import action_required_timings
from demo.seed import password_hash
from projections.rebuild import rebuild

APPEND_ROUNDS = 5
NAIVE_BUDGET_S = 60.0


@dataclass(frozen=True)
class BenchOptions:
    """What to run: tickets in the largest tenant, timed requests per figure."""

    tickets: int = 100_000
    requests: int = 200
    seed: int = 1
    keep: bool = False


@dataclass
class Outcome:
    """The figures of the issue and the context they were measured in."""

    figures: dict[str, float]
    context: dict[str, Any]


def log(message: str) -> None:
    """A phase line on stderr, beside the progress bars."""
    print(message, file=sys.stderr, flush=True)


def run_bench(
    configured_url: str, options: BenchOptions, name: str = POSTGRES_NAME
) -> Outcome:
    """Run the whole benchmark on a database of its own, dropped afterwards."""
    database = BenchDatabase(configured_url, name)
    url = database.create()
    try:
        outcome = _run(url, options)
        outcome.context = {"backend": database.backend, **outcome.context}
        return outcome
    finally:
        if options.keep:
            log(f"kept the benchmark database at {url}")
        else:
            database.drop()


def _run(url: str, options: BenchOptions) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="ledgerdesk-bench-") as scratch:
        settings = Settings(
            database_url=url,
            upload_dir=f"{scratch}/uploads",
            export_dir=f"{scratch}/exports",
        )
        app, engine, _ = open_stores(settings)
        try:
            figures, context, tenants = _write_side(app, engine, settings, options)
        finally:
            app.close()
        read_figures, floor_ms = _read_side(url, engine, tenants, options)
        figures.update(read_figures)
        seconds = load.seconds_for(options.tickets)
        log(f"{load.CLIENTS} clients at once for {seconds:.0f} s on serve --workers")
        figures.update(load.run(url, tenants[0], seconds))
        context["HTTP floor (GET /api/system/status, p50)"] = f"{floor_ms:.2f} ms"
        engine.dispose()
    return Outcome(figures, context)


def _write_side(
    app: Any, engine: Engine, settings: Settings, options: BenchOptions
) -> tuple[dict[str, float], dict[str, Any], list[seeding.Tenant]]:
    rng = random.Random(options.seed)
    hashed = password_hash()
    sizes = {
        "bench": options.tickets,
        "benchmid": max(1, options.tickets // 20),
        "benchsmall": max(1, options.tickets // 100),
    }
    total = sum(sizes.values())
    log(f"seeding {total:,} tickets in {len(sizes)} tenants")
    started = time.perf_counter()
    before = app.position()
    tenants = []
    with progress_bar(total, "tickets", "seeding") as advance:
        for subdomain, size in sizes.items():
            tenant = seeding.create_tenant(app, subdomain, size, hashed)
            seeding.seed_tickets(app, tenant, rng, advance)
            seeding.seed_commerce(app, tenant, rng)
            tenants.append(tenant)
    seeded = app.position() - before
    seed_seconds = time.perf_counter() - started
    big, small = tenants[0], tenants[-1]

    size = min(seeding.BATCH, max(10, options.tickets // 50))
    log(f"comparing appends: {APPEND_ROUNDS} rounds of {size} tickets each way")
    library = seeding.library_store(settings.database_url)
    try:
        ours, raw, extra = seeding.append_ratio(
            app, library, big, rng, APPEND_ROUNDS, size
        )
    finally:
        library.close()
    seeding.save_presets(app, big)
    seeding.save_presets(app, small)

    events = app.position()
    log(f"rebuilding the read model from {events:,} events")
    phases: dict[str, float] = {}
    started = time.perf_counter()
    with progress_bar(events, "events", "rebuilding") as advance:
        replayed = rebuild(app, engine, progress=advance, phases=phases)
    rebuild_seconds = time.perf_counter() - started
    analyze_seconds = analyze(engine)
    mails = min(2000, options.tickets)
    log(f"taking in {mails:,} varied mails from a Dovecot mailbox")
    mail_per_s, mail_context = mail_ingest.run(app, engine, settings, hashed, mails)
    replies = min(200, max(20, options.tickets // 10))
    log(f"timing {replies} replies from stored event to the SMTP server")
    out_p95, out_context = mail_out.run(app, engine, settings, hashed, replies)
    mail_context.update(out_context)
    figures = {
        "mail_ingest_per_s": mail_per_s,
        "mail_out_lag_p95_ms": out_p95,
        "seed_events_per_s": seeded / max(seed_seconds, 1e-9),
        "projection_events_per_s": replayed / max(rebuild_seconds, 1e-9),
        "append_ratio": ours / max(raw, 1e-9),
    }
    context = {
        "tickets (largest tenant)": f"{options.tickets + extra:,}",
        "tickets (small tenant)": f"{small.tickets:,}",
        "tickets (all tenants)": f"{total + extra:,}",
        "events": f"{events:,}",
        "seeding": f"{seeded:,} events in {seed_seconds:.1f} s",
        "rebuild": f"{replayed:,} events in {rebuild_seconds:.1f} s ("
        + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in phases.items())
        + ")",
        "ANALYZE after the rebuild": f"{analyze_seconds:.1f} s",
        "append rate, ours / raw save": f"{ours:,.0f} / {raw:,.0f} events/s",
        "requests per figure": options.requests,
        **mail_context,
    }
    big.tickets += extra
    return figures, context, tenants


def analyze(engine: Engine) -> float:
    """Refresh planner statistics after the bulk load; answers the seconds taken.

    Autovacuum would do this on a live server (and is off on some); without it
    PostgreSQL plans the fresh tables as empty and picks the wrong index.
    """
    started = time.perf_counter()
    with engine.begin() as connection:
        connection.exec_driver_sql("ANALYZE")
    return time.perf_counter() - started


def _read_side(
    url: str, engine: Engine, tenants: list[seeding.Tenant], options: BenchOptions
) -> tuple[dict[str, float], float]:
    """The HTTP figures, and the p50 of a request that runs no query at all."""
    big, small = tenants[0], tenants[-1]
    count = options.requests
    raw = RawSql(engine)
    with (
        ApiServer(url, big.subdomain) as server,
        _clients(server, big, small) as (
            ours_big,
            ours_small,
        ),
    ):
        log(f"API on {server.base_url}; timing {count} requests per figure")
        big_cases = list_cases(big.statuses, count + WARM_UP)
        small_cases = list_cases(small.statuses, count + WARM_UP)
        company = big.largest[0]
        with raw.cursor() as cursor:
            _check_same_rows(ours_big, raw, cursor, big, big_cases[0])
            list_big = samples(lambda i: ours_big.list_ids(big_cases[i]), count)
            list_small = samples(lambda i: ours_small.list_ids(small_cases[i]), count)
            list_raw = samples(
                lambda i: raw.list_ids(cursor, big.tenant_id, company, big_cases[i]),
                count,
            )
            filters = preset_filters(big.statuses, big.priorities)
            _check_same_counts(ours_big, raw, cursor, big, filters)
            presets_big = samples(lambda i: ours_big.preset_counts(), count)
            presets_small = samples(lambda i: ours_small.preset_counts(), count)
            naive = samples(
                lambda i: raw.preset_counts(cursor, big.tenant_id, company, filters),
                count,
                budget_s=NAIVE_BUDGET_S,
            )
        ticket_ids = _ticket_ids(engine, big, count + WARM_UP)
        commands = samples(
            lambda i: ours_big.reply(ticket_ids[i], f"<p>Bench reply {i}</p>"), count
        )
        creates = samples(lambda i: _create(ours_big, big, i), count)
        action_required = action_required_timings(server.base_url, big.subdomain, count)
        floor = samples(lambda i: ours_big.status(), count)
        searched = search_figures(server.base_url, big.subdomain, count)
        rss = server.peak_rss_mb()
    list_p50, raw_p50 = percentile(list_big, 0.5), percentile(list_raw, 0.5)
    presets_p50, naive_p50 = percentile(presets_big, 0.5), percentile(naive, 0.5)
    return {
        "list_p50_ms": list_p50,
        "list_p95_ms": percentile(list_big, 0.95),
        "list_raw_p50_ms": raw_p50,
        "list_ratio": list_p50 / max(raw_p50, 1e-9),
        "presets_count_p50_ms": presets_p50,
        "presets_count_p95_ms": percentile(presets_big, 0.95),
        "presets_naive_p50_ms": naive_p50,
        "presets_speedup": naive_p50 / max(presets_p50, 1e-9),
        "list_growth": list_p50 / max(percentile(list_small, 0.5), 1e-9),
        "presets_growth": presets_p50 / max(percentile(presets_small, 0.5), 1e-9),
        "command_p95_ms": percentile(commands, 0.95),
        "create_p50_ms": percentile(creates, 0.5),
        "create_p95_ms": percentile(creates, 0.95),
        "sla_action_required_p95_ms": percentile(action_required, 0.95),
        "rss_mb": rss,
        **searched,
    }, percentile(floor, 0.5)


def _create(client: PortalClient, tenant: seeding.Tenant, i: int) -> None:
    """One timed create: POST a ticket until the list shows it (create_* figures)."""
    subject = seeding.SUBJECTS[i % len(seeding.SUBJECTS)]
    client.create_listed(
        f"{subject} (bench {i})",
        f"{subject}. Can you help?",
        tenant.priorities[i % len(tenant.priorities)],
    )


@contextmanager
def _clients(
    server: ApiServer, big: seeding.Tenant, small: seeding.Tenant
) -> Iterator[tuple[PortalClient, PortalClient]]:
    ours_big = PortalClient(
        server.base_url, big.subdomain, f"client@{big.subdomain}.test"
    )
    ours_small = PortalClient(
        server.base_url, small.subdomain, f"client@{small.subdomain}.test"
    )
    try:
        yield ours_big, ours_small
    finally:
        ours_big.close()
        ours_small.close()


def _check_same_rows(
    ours: PortalClient, raw: RawSql, cursor: Any, tenant: seeding.Tenant, case: Any
) -> None:
    """The floor must fetch the very rows the API lists, else the ratio lies."""
    api_ids = ours.list_ids(case)
    raw_ids = raw.list_ids(cursor, tenant.tenant_id, tenant.largest[0], case)
    if api_ids != raw_ids:
        raise RuntimeError(f"the API listed {api_ids[:3]}.., the SQL {raw_ids[:3]}..")


def _check_same_counts(
    ours: PortalClient, raw: RawSql, cursor: Any, tenant: seeding.Tenant, filters: Any
) -> None:
    """presets-result-count must agree with the plain counts it replaces."""
    api = sorted(int(item["count"]) for item in ours.preset_counts())
    naive = sorted(
        raw.preset_counts(cursor, tenant.tenant_id, tenant.largest[0], filters)
    )
    if api != naive:
        raise RuntimeError(f"preset counts differ: API {api}, count(*) {naive}")


def _ticket_ids(engine: Engine, tenant: seeding.Tenant, count: int) -> list[str]:
    """Tickets of the largest company to reply on, one reply each."""
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT id FROM tickets WHERE tenant_id = :t AND company_id = :c "
                "ORDER BY number LIMIT :n"
            ),
            {"t": tenant.tenant_id, "c": tenant.largest[0], "n": count},
        )
        return [row[0] for row in rows]
