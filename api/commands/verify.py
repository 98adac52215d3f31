"""`ledgerdesk verify [MODEL ID] [--read-model]`: recompute event hash chains and,
with a checkpoint key, check the store against the signed checkpoints."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from api.bootstrap import build_application, build_engine
from api.settings import Settings
from audit.chain import verify
from audit.history import MODELS, stored_events
from domain.errors import DomainError


def register(subparsers: Any) -> None:
    """Add the verify subcommand."""
    parser = subparsers.add_parser(
        "verify",
        help="check the hash chain of every stored event, or of one aggregate",
        description=(
            "Recompute each event's chain from the one before it. Exit 1 and name "
            "the first broken link (aggregate id and version) when one is found. "
            "With LEDGERDESK_CHECKPOINT_KEY set, the whole store is also checked "
            "against the signed checkpoints (docs/audit.md): truncation, rewritten "
            "links, forged appends, vanished aggregates, edited or lost "
            "checkpoints and changed attachment files, each named."
        ),
    )
    parser.add_argument("model", nargs="?", help=f"one of {', '.join(sorted(MODELS))}")
    parser.add_argument("id", nargs="?", help="the aggregate's id")
    parser.add_argument(
        "--read-model",
        action="store_true",
        help="also compare the read model's rows with a replay of the events",
    )
    parser.set_defaults(handler=run)


def wrong_model(app: Any, model: str, aggregate_id: str) -> str | None:
    """Why that id is not an aggregate of that model, or None when it is."""
    try:
        stored_events(app, model, aggregate_id)
    except DomainError as error:
        return str(error)
    except Exception:  # an unreadable stored event: verify names it
        return None
    return None


def run(arguments: argparse.Namespace) -> int:
    """Verify; 0 when everything holds, 1 naming what does not."""
    if (arguments.model is None) != (arguments.id is None):
        print("verify: give both MODEL and ID, or neither", file=sys.stderr)
        return 2
    settings = Settings()
    if arguments.id is None and settings.checkpoint_key:
        return run_against_checkpoints(settings, arguments.read_model)
    app = build_application(settings)
    try:
        problem = None
        if arguments.id is not None:
            problem = wrong_model(app, arguments.model, arguments.id)
        if problem is not None:
            print(f"verify: {problem}", file=sys.stderr)
            return 1
        result = verify(app, arguments.id)
        findings = read_model_findings(app, settings) if arguments.read_model else []
    except DomainError as error:
        print(f"verify: {error}", file=sys.stderr)
        return 1
    finally:
        app.close()
    for finding in findings:
        print(f"TAMPERED {finding}")
    if result.broken is not None:
        link = result.broken
        print(
            f"BROKEN at aggregate {link.aggregate_id} version {link.version}: "
            f"{link.reason} (checked {result.events} events)"
        )
        return 1
    if findings:
        return 1
    print(f"OK: {result.events} events of {result.aggregates} aggregates verified")
    return 0


def read_model_findings(app: Any, settings: Settings) -> list[Any]:
    """The read model's differences from a replay."""
    from audit.read_model import compare

    engine = build_engine(settings)
    try:
        return compare(engine, app)
    finally:
        engine.dispose()


def run_against_checkpoints(settings: Settings, read_model: bool) -> int:
    """The whole store against the signed checkpoints, each finding on a line."""
    from audit.attachments import check_attachments
    from audit.checkpoints import log_path
    from audit.evidence import check_store
    from audit.keys import KeyProblem, load_key

    assert settings.checkpoint_key is not None
    try:
        key = load_key(settings.checkpoint_key)
    except KeyProblem as error:
        print(f"verify: {error} (`ledgerdesk checkpoint` makes it)", file=sys.stderr)
        return 2
    path = log_path(settings.checkpoint_key, settings.checkpoint_log)
    app = build_application(settings)
    engine = build_engine(settings)
    try:
        evidence = check_store(app, engine, key, path, published_copies(settings))
        attachments = check_attachments(app, engine, settings.upload_dir)
        evidence.findings.extend(attachments.findings)
        evidence.notes.extend(attachments.notes)
        if read_model:
            evidence.findings.extend(read_model_findings(app, settings))
    finally:
        app.close()
        engine.dispose()
    for note in evidence.notes:
        print(f"note: {note}")
    for finding in evidence.findings:
        print(f"TAMPERED {finding}")
    checked = f"{evidence.events} events of {evidence.aggregates} aggregates"
    if evidence.checkpoint is not None:
        checked += (
            f" against checkpoint {evidence.checkpoint.seq} "
            f"(position {evidence.checkpoint.position}) in {path}"
        )
    if evidence.findings:
        first = evidence.findings[0]
        print(
            f"FAILED: {len(evidence.findings)} findings, the first {first}; "
            f"checked {checked}"
        )
        return 1
    print(f"OK: {checked} verified")
    return 0


def published_copies(settings: Settings) -> dict[str, list[Any]]:
    """The checkpoints on the Kafka topic, when a broker is configured."""
    if not settings.kafka_bootstrap:
        return {}
    from audit.checkpoints import from_published
    from outbound.checkpoint_topic import CheckpointTopic, published

    topic = CheckpointTopic(
        bootstrap=settings.kafka_bootstrap,
        topic=settings.kafka_topic_checkpoints,
        timeout=settings.relay_ack_timeout,
    )
    try:
        values = published(topic)
    except Exception as error:  # the broker away: say so, check the rest
        print(f"note: the checkpoints on Kafka were not read: {error}")
        return {}
    where = f"Kafka topic {settings.kafka_topic_checkpoints}"
    return {where: [from_published(value) for value in values]}
