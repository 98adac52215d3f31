"""ledgerdesk parked: the events a follower set aside, and applying them after a fix."""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from api.bootstrap import open_stores
from projections.follower import Follower
from projections.parked import Parked, describe, failed_again, list_parked

Failing = tuple[Parked, str]
"""A parked event that still fails, and why."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the parked subcommand."""
    parser = subparsers.add_parser(
        "parked",
        help="list events a follower or the relay could not apply; retry them",
        description=(
            "List the unresolved parked events. With --retry, apply them again "
            "(after a fix) through the follower that parked them; exits 1 when "
            "some still fail."
        ),
    )
    parser.add_argument(
        "--retry", action="store_true", help="apply them again, oldest first"
    )
    parser.add_argument("--follower", help="only the events of this follower")
    parser.set_defaults(handler=run)


def show(parked: list[Parked]) -> None:
    """One line per parked event: follower, position, topic, tenant, error."""
    if not parked:
        print("No parked events.")
        return
    print(f"{len(parked)} parked event(s):")
    for item in parked:
        print(
            f"{item.follower}\t{item.notification_id}\t{item.topic}\t"
            f"{item.tenant_id or '-'}\tattempts {item.attempts}\t{item.error}"
        )


def retry_read_model(
    app: Any, engine: Any, name: str, parked: list[Parked]
) -> list[Failing]:
    """Apply each parked event through a follower of that name; answers failures."""
    follower = Follower(app, engine, name=name)
    failing: list[Failing] = []
    for item in parked:
        try:
            follower.retry(item)
        except Exception as error:  # reported, counted and kept parked
            with engine.begin() as connection:
                failed_again(connection, item.id, error)
            failing.append((item, describe(error)))
    return failing


def retry_relay(
    app: Any, engine: Any, name: str, parked: list[Parked]
) -> list[Failing]:
    """Publish the relay's parked events again, in order per key."""
    from api.bootstrap import relay_config
    from api.settings import Settings
    from outbound.relay import BrokerUnavailable, Relay

    settings = Settings()
    if not settings.kafka_bootstrap:
        reason = "LEDGERDESK_KAFKA_BOOTSTRAP is unset: the relay is off"
        return [(item, reason) for item in parked]
    config = relay_config(settings)
    relay = Relay(app, engine, config)
    if config.name != name:
        return [(item, f"no relay is named {name}") for item in parked]
    try:
        return relay.retry(parked)
    except BrokerUnavailable as error:
        return [(item, f"broker unavailable: {error}") for item in parked]
    finally:
        relay.close()


def retry_mail(app: Any, engine: Any, name: str, parked: list[Parked]) -> list[Failing]:
    """Write the mail of the outbox follower's parked events again."""
    from api.bootstrap import build_mail
    from api.settings import Settings

    follower, _ = build_mail(Settings(), app, engine)
    return follower.retry(parked)


def show_mail(engine: Any) -> int:
    """One line per parked mail (its server refused it every time); answers how many."""
    from outbound.mail_outbox import parked_mail

    found = parked_mail(engine)
    if found:
        print(f"{len(found)} parked mail(s):")
    for row in found:
        print(
            f"mail\t{row.id}\t{row.kind}\t{row.tenant_id}\t"
            f"attempts {row.attempts}\t{row.last_error}"
        )
    return len(found)


def run(arguments: argparse.Namespace) -> int:
    """List parked events, or retry them; 1 when some still fail."""
    app, engine, _ = open_stores(read_model=False)
    try:
        parked = list_parked(engine, follower=arguments.follower)
        if not arguments.retry:
            show(parked)
            if arguments.follower in (None, "mail-outbox"):
                show_mail(engine)
            return 0
        if arguments.follower in (None, "mail-outbox"):
            from outbound.mail_sender import release

            print(f"Released {release(engine)} parked mail(s) for another round.")
        by_follower: dict[str, list[Parked]] = defaultdict(list)
        for item in parked:
            by_follower[item.follower].append(item)
        failing: list[Failing] = []
        for name, items in by_follower.items():
            retry = retry_read_model
            if name.endswith("relay"):
                retry = retry_relay
            elif name == "mail-outbox":
                retry = retry_mail
            failing.extend(retry(app, engine, name, items))
        applied = len(parked) - len(failing)
        print(f"Applied {applied} of {len(parked)} parked event(s).")
        for item, error in failing:
            print(f"still failing: {item.follower}\t{item.notification_id}\t{error}")
        return 1 if failing else 0
    finally:
        engine.dispose()
        app.close()
