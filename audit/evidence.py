"""The store checked against the signed checkpoints: what was changed afterwards.

Every event's link is recomputed (keyed links with the chain key), every head a
checkpoint signed is compared with the store, and the count and position each
checkpoint signed are counted again. Each finding names the event (aggregate id
and version) or the aggregate, or the checkpoint it concerns. docs/audit.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

from sqlalchemy import Engine

from audit.chain import ChainWalker
from audit.checkpoints import (
    Checkpoint,
    Finding,
    all_heads,
    check_checkpoints,
    notifications,
)
from audit.keys import CheckpointKey
from domain.store import Store


@dataclass
class Evidence:
    """What verify checked against which checkpoint, and what it found."""

    events: int = 0
    aggregates: int = 0
    checkpoint: Checkpoint | None = None
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings


def check_store(
    store: Store,
    engine: Engine,
    key: CheckpointKey,
    path: Path,
    elsewhere: dict[str, list[Checkpoint]] | None = None,
) -> Evidence:
    """Every event, head and count against the checkpoints in the log at path
    (and those kept elsewhere, such as on the Kafka topic)."""
    evidence = Evidence()
    checkpoints, evidence.findings = check_checkpoints(key, path, engine, elsewhere)
    latest = checkpoints[-1] if checkpoints else None
    evidence.checkpoint = latest
    signed = all_heads(checkpoints)
    keyed_from = next(
        (c.keyed_from for c in checkpoints if c.keyed_from is not None), None
    )
    walker = ChainWalker(key.chain_key)
    broken: set[UUID] = set()
    counted = 0
    last_id = 0
    for stored in notifications(store, 1):
        evidence.events += 1
        aggregate_id = stored.originator_id
        last_id = stored.id
        if latest is not None and stored.id <= latest.position:
            counted += 1
        if aggregate_id in broken:
            continue
        link = walker.check(stored, store.mapper.to_domain_event)
        subject = f"aggregate {aggregate_id} version {stored.originator_version}"
        if link is not None:
            broken.add(aggregate_id)
            evidence.findings.append(
                Finding(kind_of(link.reason), subject, link.reason)
            )
            continue
        if walker.last_keyed and keyed_from is None:
            keyed_from = stored.id
        elif (
            not walker.last_keyed and keyed_from is not None and stored.id >= keyed_from
        ):
            broken.add(aggregate_id)
            evidence.findings.append(
                Finding(
                    "forged",
                    subject,
                    f"a plain link where every link from position {keyed_from} "
                    "on is keyed: written by someone without the chain key",
                )
            )
            continue
        head = signed.get(aggregate_id)
        if head is not None and head[0] == stored.originator_version:
            if head[1] != walker.heads[aggregate_id][1]:
                broken.add(aggregate_id)
                evidence.findings.append(
                    Finding(
                        "rewritten",
                        subject,
                        f"its link is not the one checkpoint {head[2]} signed: "
                        "this event or an earlier one of the aggregate was "
                        "rewritten and the links after it recomputed",
                    )
                )
    evidence.aggregates = len(walker.heads) + len(broken - set(walker.heads))
    for aggregate_id, (version, _, seq) in signed.items():
        if aggregate_id in broken:
            continue
        found = walker.heads.get(aggregate_id)
        if found is None:
            evidence.findings.append(
                Finding(
                    "vanished",
                    f"aggregate {aggregate_id}",
                    f"checkpoint {seq} signed it at version {version}; the store "
                    "holds none of its events",
                )
            )
        elif found[0] < version:
            evidence.findings.append(
                Finding(
                    "truncation",
                    f"aggregate {aggregate_id} version {version}",
                    f"the aggregate ends at version {found[0]}; checkpoint {seq} "
                    f"signed version {version}: its last events were deleted",
                )
            )
    if latest is not None:
        if last_id < latest.position:
            evidence.findings.append(
                Finding(
                    "truncation",
                    "the event log",
                    f"ends at position {last_id}; checkpoint {latest.seq} signed "
                    f"position {latest.position}",
                )
            )
        if counted != latest.events:
            evidence.findings.append(
                Finding(
                    "truncation" if counted < latest.events else "forged",
                    f"the event log up to position {latest.position}",
                    f"holds {counted} events; checkpoint {latest.seq} signed "
                    f"{latest.events}",
                )
            )
        after = max(0, last_id - latest.position)
        if after:
            evidence.notes.append(
                f"events after position {latest.position} are checked by their "
                "links only, until the next checkpoint"
            )
    else:
        evidence.notes.append(
            f"no checkpoint in {path}: only the links were checked "
            "(run `ledgerdesk checkpoint`)"
        )
    return evidence


def kind_of(reason: str) -> str:
    """A broken link's kind, by why it broke."""
    if "expected, found" in reason:
        return "missing or reordered"
    if "plain link after keyed" in reason:
        return "forged"
    return "rewritten"
