"""Signed checkpoints of the chain heads, kept outside the database.

A checkpoint says, under an Ed25519 signature: up to notification `position` the
log held `events` events; these aggregates' chains ended at these versions with
these links (`heads`: only those changed since the checkpoint before, so the log
grows with the events, not with every checkpoint); links were keyed from
`keyed_from` on; and the checkpoint before it was `previous` (the sha256 of its
signed bytes), so the checkpoints themselves form a chain. docs/audit.md
explains what each check catches.

Each checkpoint is one JSON line appended to the checkpoint log (a file outside
the database), its header and signature are also kept in `audit_checkpoints`
(so a truncated log shows), and it may be published to Kafka.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

from sqlalchemy import Engine, exc, insert, select

from audit.chain import VERIFY_BATCH, ChainWalker
from audit.keys import CheckpointKey, signature_holds
from domain.store import Store
from storage.tables import checkpoints as checkpoint_rows

log = logging.getLogger("ledgerdesk.checkpoints")

FORMAT = 1
LOG_NAME = "checkpoints.jsonl"

Heads = dict[UUID, tuple[int, str]]


def canonical(value: Any) -> bytes:
    """Compact, key-sorted JSON: the bytes that are signed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def log_path(key_path: str | Path, configured: str | None = None) -> Path:
    """The checkpoint log: as configured, else checkpoints.jsonl beside the key."""
    if configured:
        return Path(configured)
    return Path(key_path).with_name(LOG_NAME)


@dataclass(frozen=True)
class Checkpoint:
    """One signed checkpoint: its header, signature and changed heads."""

    header: dict[str, Any]
    signature: str
    heads: dict[str, list[Any]] = field(default_factory=dict)

    @property
    def seq(self) -> int:
        return int(self.header["seq"])

    @property
    def position(self) -> int:
        return int(self.header["position"])

    @property
    def events(self) -> int:
        return int(self.header["events"])

    @property
    def keyed_from(self) -> int | None:
        found = self.header.get("keyed_from")
        return None if found is None else int(found)

    def signed_bytes(self) -> bytes:
        return canonical(self.header)

    def digest(self) -> str:
        """What the next checkpoint names as its `previous`."""
        return hashlib.sha256(self.signed_bytes()).hexdigest()

    def heads_hold(self) -> bool:
        """Whether the heads are those the signed header's digest names."""
        return hashlib.sha256(canonical(self.heads)).hexdigest() == self.header.get(
            "heads_sha256"
        )

    def line(self) -> str:
        """The checkpoint as one line of the log."""
        record = {"checkpoint": self.header, "signature": self.signature}
        return json.dumps({**record, "heads": self.heads}, sort_keys=True)

    def published(self) -> bytes:
        """The checkpoint as published to Kafka: header and signature only."""
        return canonical({"checkpoint": self.header, "signature": self.signature})


@dataclass(frozen=True)
class Finding:
    """Something verify found: what kind, what it concerns, and why."""

    kind: str
    subject: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.subject}: {self.detail}"


def read_log(path: Path) -> tuple[list[Checkpoint], list[Finding]]:
    """The checkpoints in a log file, and the lines that could not be read."""
    found: list[Checkpoint] = []
    problems: list[Finding] = []
    if not path.exists():
        return found, problems
    with path.open(encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            if not text.strip():
                continue
            try:
                record = json.loads(text)
                found.append(
                    Checkpoint(
                        dict(record["checkpoint"]),
                        str(record["signature"]),
                        dict(record.get("heads") or {}),
                    )
                )
                int(record["checkpoint"]["seq"])
            except (ValueError, KeyError, TypeError) as error:
                problems.append(
                    Finding(
                        "checkpoint log",
                        f"{path} line {number}",
                        f"unreadable ({error.__class__.__name__}): edited or cut off",
                    )
                )
    return found, problems


def stored_copies(engine: Engine) -> list[Checkpoint]:
    """The database's copies of the checkpoints (headers and signatures)."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(checkpoint_rows).order_by(checkpoint_rows.c.seq)
        ).all()
    copies = []
    for row in rows:
        try:
            copies.append(Checkpoint(json.loads(row.header), row.signature))
        except ValueError:
            copies.append(Checkpoint({"seq": row.seq, "position": row.position}, ""))
    return copies


def from_published(value: bytes) -> Checkpoint:
    """A checkpoint as published (header and signature), or one that never holds."""
    try:
        record = json.loads(value)
        return Checkpoint(dict(record["checkpoint"]), str(record["signature"]))
    except (ValueError, KeyError, TypeError):
        return Checkpoint({"seq": 0, "position": 0}, "")


def other_key(checkpoint: Checkpoint, key: CheckpointKey) -> str:
    """A note when a checkpoint names another signing key than the one given."""
    named = checkpoint.header.get("key_id")
    if named and named != key.key_id:
        return f" (or it was signed with another key, {str(named)[:16]})"
    return ""


def check_checkpoints(
    key: CheckpointKey,
    path: Path,
    engine: Engine,
    elsewhere: dict[str, list[Checkpoint]] | None = None,
) -> tuple[list[Checkpoint], list[Finding]]:
    """The checkpoints whose signatures hold, in order, and what is wrong with
    the log: bad signatures, broken order, and checkpoints the database (or
    another copy, such as the Kafka topic) holds signed that the log lost."""
    lines, findings = read_log(path)
    good: list[Checkpoint] = []
    previous: str | None = ""  # None: the one before did not hold, so unknown
    for checkpoint in lines:
        subject = f"checkpoint {checkpoint.header.get('seq')} in {path}"
        if not signature_holds(
            key.public, checkpoint.signed_bytes(), checkpoint.signature
        ):
            findings.append(
                Finding(
                    "checkpoint",
                    subject,
                    "the signature does not hold: the checkpoint was edited"
                    + other_key(checkpoint, key),
                )
            )
            previous = None
            continue
        if not checkpoint.heads_hold():
            findings.append(
                Finding("checkpoint", subject, "its heads are not those it signed")
            )
            previous = None
            continue
        if previous is not None and (
            checkpoint.header.get("previous") != previous
            or (good and checkpoint.seq != good[-1].seq + 1)
        ):
            findings.append(
                Finding(
                    "checkpoint log",
                    subject,
                    "does not follow the checkpoint before it: one was removed",
                )
            )
        good.append(checkpoint)
        previous = checkpoint.digest()
    known = {checkpoint.seq for checkpoint in good}
    copies = {"the database": stored_copies(engine), **(elsewhere or {})}
    for where, found in copies.items():
        for copy in found:
            if copy.seq in known:
                continue
            if not signature_holds(key.public, copy.signed_bytes(), copy.signature):
                findings.append(
                    Finding(
                        "checkpoint",
                        f"checkpoint {copy.seq} in {where}",
                        "the signature does not hold" + other_key(copy, key),
                    )
                )
                continue
            known.add(copy.seq)
            findings.append(
                Finding(
                    "checkpoint log",
                    f"checkpoint {copy.seq} (position {copy.position})",
                    f"signed and kept in {where}, missing from {path}: "
                    "the log was truncated or edited",
                )
            )
            if not good or copy.seq > good[-1].seq:
                good.append(copy)  # its header still counts: position and events
    return good, findings


def all_heads(checkpoints: list[Checkpoint]) -> dict[UUID, tuple[int, str, int]]:
    """Each aggregate's head at the latest checkpoint naming it: version, link,
    and that checkpoint's number."""
    heads: dict[UUID, tuple[int, str, int]] = {}
    for checkpoint in checkpoints:
        for aggregate_id, (version, chain) in checkpoint.heads.items():
            heads[UUID(aggregate_id)] = (int(version), str(chain), checkpoint.seq)
    return heads


def notifications(
    store: Store,
    start: int,
    stop: int | None = None,
    topics: tuple[str, ...] = (),
) -> Iterator[Any]:
    """The stored events from notification id start on (up to stop, of those
    topics when given), in order."""
    while True:
        batch = store.recorder.select_notifications(
            start, VERIFY_BATCH, stop=stop, topics=topics
        )
        if not batch:
            return
        yield from batch
        start = batch[-1].id + 1


class TamperFound(Exception):
    """A checkpoint is refused: the events since the last one do not hold, or
    the log lost a checkpoint the database holds."""


class Checkpointer:
    """Writes checkpoints: the events since the last one are checked first, then
    the new heads are signed, appended to the log, copied to the database and
    published. One writer at a time (a lock on the log file)."""

    def __init__(
        self,
        store: Store,
        engine: Engine,
        key: CheckpointKey,
        path: Path,
        publish: Callable[[Checkpoint], None] | None = None,
    ) -> None:
        self.store = store
        self.engine = engine
        self.key = key
        self.path = path
        self.publish = publish
        self.written = 0
        self.last_at = 0.0
        self._cache: tuple[int, Checkpoint | None, Heads] | None = None

    def write(self) -> Checkpoint:
        """A new checkpoint of the store as it is now."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as file:
            fcntl.flock(file, fcntl.LOCK_EX)
            try:
                checkpoint, heads = self._next()
                self._keep(checkpoint)
                file.write(checkpoint.line() + "\n")
                file.flush()
                os.fsync(file.fileno())
                self._cache = (self.path.stat().st_size, checkpoint, heads)
            finally:
                fcntl.flock(file, fcntl.LOCK_UN)
        self.last_at = time.monotonic()
        self.written += 1
        if self.publish is not None:
            try:
                self.publish(checkpoint)
            except Exception:  # the log and the database hold it; Kafka may lag
                log.exception("checkpoint %s not published", checkpoint.seq)
        return checkpoint

    def _state(self) -> tuple[Checkpoint | None, Heads]:
        """The last checkpoint in the log and the heads it and those before it
        signed; read again only when the log changed since this writer read it."""
        size = self.path.stat().st_size if self.path.exists() else 0
        if self._cache is None or self._cache[0] != size:
            lines, unreadable = read_log(self.path)
            if unreadable:
                raise TamperFound(f"{unreadable[0]}: run `ledgerdesk verify`")
            for line in lines:
                if (
                    not signature_holds(
                        self.key.public, line.signed_bytes(), line.signature
                    )
                    or not line.heads_hold()
                ):
                    raise TamperFound(
                        f"checkpoint {line.seq} in {self.path} does not hold its "
                        "signature: run `ledgerdesk verify`"
                    )
            heads: Heads = {
                aggregate_id: (version, chain)
                for aggregate_id, (version, chain, _) in all_heads(lines).items()
            }
            self._cache = (size, lines[-1] if lines else None, heads)
        return self._cache[1], self._cache[2]

    def _next(self) -> tuple[Checkpoint, Heads]:
        previous, heads = self._state()
        start = previous.position + 1 if previous else 1
        position = self.store.position()
        walker = ChainWalker(self.store.chain_key or self.key.chain_key, heads)
        keyed_from = previous.keyed_from if previous else None
        changed: dict[str, list[Any]] = {}
        for stored in notifications(self.store, start, position):
            broken = walker.check(stored, self.store.mapper.to_domain_event)
            if broken is not None:
                raise TamperFound(
                    f"aggregate {broken.aggregate_id} version {broken.version}: "
                    f"{broken.reason}"
                )
            if walker.last_keyed and keyed_from is None:
                keyed_from = stored.id
            version, chain = walker.heads[stored.originator_id]
            changed[str(stored.originator_id)] = [version, chain]
        header = {
            "format": FORMAT,
            "seq": previous.seq + 1 if previous else 1,
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
            "position": max(position, previous.position if previous else 0),
            "events": (previous.events if previous else 0) + walker.events,
            "aggregates": len(walker.heads),
            "keyed_from": keyed_from,
            "previous": previous.digest() if previous else "",
            "heads_sha256": hashlib.sha256(canonical(changed)).hexdigest(),
            "key_id": self.key.key_id,
        }
        signed = Checkpoint(header, self.key.sign(canonical(header)), changed)
        return signed, walker.heads

    def _keep(self, checkpoint: Checkpoint) -> None:
        """The database's copy; a clash means another writer got there first."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(checkpoint_rows).values(
                        seq=checkpoint.seq,
                        position=checkpoint.position,
                        created_at=datetime.now(UTC),
                        header=checkpoint.signed_bytes().decode(),
                        signature=checkpoint.signature,
                    )
                )
        except exc.IntegrityError as error:
            raise TamperFound(
                f"the database already holds checkpoint {checkpoint.seq}, "
                f"{self.path} does not: the log was truncated or replaced"
            ) from error

    def due(self, every_events: int, every_seconds: float) -> bool:
        """Whether enough events or time have passed since the last checkpoint."""
        if time.monotonic() - self.last_at >= every_seconds:
            return True
        last, _ = self._state()
        return self.store.position() - (last.position if last else 0) >= every_events

    def follow(
        self,
        stop: threading.Event,
        every_events: int,
        every_seconds: float,
        poll: float = 5.0,
    ) -> None:
        """Write a checkpoint whenever one is due, until stopped."""
        self.last_at = time.monotonic()
        while not stop.is_set():
            try:
                if self.due(every_events, every_seconds):
                    written = self.write()
                    log.info(
                        "checkpoint %s at position %s", written.seq, written.position
                    )
            except TamperFound as error:
                log.error("checkpoint refused: %s", error)
                self.last_at = time.monotonic()
            except Exception:  # the database or the disk away: try again later
                log.exception("checkpoint failed")
            stop.wait(poll)
