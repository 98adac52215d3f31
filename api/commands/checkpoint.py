"""`ledgerdesk checkpoint [--follow]`: sign the chain heads into the checkpoint log."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from api.bootstrap import build_application, build_engine
from api.settings import Settings

log = logging.getLogger("ledgerdesk.checkpoints")


def register(subparsers: Any) -> None:
    """Add the checkpoint subcommand."""
    parser = subparsers.add_parser(
        "checkpoint",
        help="sign the event chains' heads into the checkpoint log",
        description=(
            "Check the events since the last checkpoint, then sign the chains' "
            "heads, the event count and the position with the key in "
            "LEDGERDESK_CHECKPOINT_KEY (made, mode 0600, when the file does not "
            "exist) and append the checkpoint to LEDGERDESK_CHECKPOINT_LOG (default: "
            "checkpoints.jsonl beside the key), to the database, and to Kafka when "
            "LEDGERDESK_KAFKA_BOOTSTRAP is set. Exit 1, signing nothing, when an "
            "event since the last checkpoint does not hold."
        ),
    )
    parser.add_argument(
        "--follow",
        action="store_true",
        help=(
            "keep running: a checkpoint every LEDGERDESK_CHECKPOINT_EVERY_EVENTS "
            "events and every LEDGERDESK_CHECKPOINT_EVERY_MINUTES minutes"
        ),
    )
    parser.set_defaults(handler=run)


def open_key(settings: Settings, say: Any = print) -> Any:
    """The checkpoint key, made when its file does not exist yet."""
    from audit.keys import create_key, load_key, public_path

    assert settings.checkpoint_key is not None
    path = Path(settings.checkpoint_key)
    if path.exists():
        return load_key(path)
    try:
        key = create_key(path)
    except FileExistsError:  # made by another process a moment ago
        return load_key(path)
    say(
        f"created the checkpoint key {path} (mode 0600) and its public key "
        f"{public_path(path)}; keep the key away from the database"
    )
    return key


def checkpointer(settings: Settings, say: Any = print) -> Any:
    """A checkpoint writer on the configured stores, key, log and topic."""
    from audit.checkpoints import Checkpointer, log_path
    from storage.migrations import migrate

    key = open_key(settings, say)
    domain = build_application(settings)
    engine = build_engine(settings)
    migrate(engine)
    publish = None
    if settings.kafka_bootstrap:
        from outbound.checkpoint_topic import CheckpointPublisher, CheckpointTopic

        publisher = CheckpointPublisher(
            CheckpointTopic(
                bootstrap=settings.kafka_bootstrap,
                topic=settings.kafka_topic_checkpoints,
                replication_factor=settings.kafka_replication_factor,
                timeout=settings.relay_ack_timeout,
            )
        )

        def publish(checkpoint: Any) -> None:
            publisher.send(checkpoint.header["key_id"], checkpoint.published())

    assert settings.checkpoint_key is not None
    path = log_path(settings.checkpoint_key, settings.checkpoint_log)
    return Checkpointer(domain, engine, key, path, publish)


def start_checkpoint_thread(
    settings: Settings, stop: threading.Event
) -> threading.Thread | None:
    """The checkpoint follower in a thread (for `serve`); None without a key.

    The key is not made here: this process's store was built without it and
    would go on writing plain links after keyed ones. `ledgerdesk checkpoint`
    makes it, and the processes started after that key their links."""
    if not settings.checkpoint_key:
        return None
    if not Path(settings.checkpoint_key).is_file():
        log.warning(
            "no checkpoint key at %s: no checkpoints are written until "
            "`ledgerdesk checkpoint` has made it and this process is restarted",
            settings.checkpoint_key,
        )
        return None
    writer = checkpointer(settings, log.info)

    def follow() -> None:
        try:
            writer.follow(
                stop,
                settings.checkpoint_every_events,
                settings.checkpoint_every_minutes * 60,
            )
        finally:
            writer.store.close()
            writer.engine.dispose()

    thread = threading.Thread(target=follow, name="checkpoints", daemon=True)
    thread.start()
    return thread


def run(arguments: argparse.Namespace) -> int:
    """Write one checkpoint, or keep writing them with --follow."""
    from audit.checkpoints import TamperFound
    from audit.keys import KeyProblem

    settings = Settings()
    if not settings.checkpoint_key:
        print(
            "checkpoint: LEDGERDESK_CHECKPOINT_KEY is unset: name the key file "
            "(it is made when it does not exist)",
            file=sys.stderr,
        )
        return 2
    try:
        writer = checkpointer(settings)
    except KeyProblem as error:
        print(f"checkpoint: {error}", file=sys.stderr)
        return 2
    try:
        if arguments.follow:
            logging.basicConfig(level=logging.INFO)
            stop = threading.Event()
            for number in (signal.SIGTERM, signal.SIGINT):
                signal.signal(number, lambda *_: stop.set())
            writer.follow(
                stop,
                settings.checkpoint_every_events,
                settings.checkpoint_every_minutes * 60,
                poll=min(5.0, settings.checkpoint_every_minutes * 60),
            )
            return 0
        written = writer.write()
    except TamperFound as error:
        print(f"checkpoint refused: {error}", file=sys.stderr)
        return 1
    finally:
        writer.store.close()
        writer.engine.dispose()
    print(
        f"checkpoint {written.seq}: position {written.position}, "
        f"{written.events} events, {written.header['aggregates']} aggregates, "
        f"{len(written.heads)} heads changed; signed with key "
        f"{written.header['key_id'][:16]} and appended to {writer.path}"
    )
    return 0
