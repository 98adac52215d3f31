"""The auditors' chain check: every stored event follows from the ones before it.

Each event carries a chain: a hash of the previous link, its topic, its version and
its content. `verify` recomputes it over the whole log or one aggregate and names
the first event whose link does not follow.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.chain import GENESIS, link_bytes, link_event, unseal
from domain.errors import NotFound
from domain.store import Store, as_uuid

VERIFY_BATCH = 500


@dataclass(frozen=True)
class BrokenLink:
    """The first event whose chain does not follow from the ones before it."""

    aggregate_id: str
    version: int
    reason: str


@dataclass(frozen=True)
class Verification:
    """What verify checked and the first broken link it found, if any."""

    events: int
    aggregates: int
    broken: BrokenLink | None

    @property
    def ok(self) -> bool:
        return self.broken is None


class ChainWalker:
    """Checks events one at a time, keeping each aggregate's last chain.

    With the chain key, a link may be keyed (an HMAC, docs/audit.md); once an
    aggregate has a keyed link every later one must be keyed too, so an event
    appended with a plain hash by someone without the key is named.
    """

    def __init__(
        self,
        key: bytes | None = None,
        heads: dict[UUID, tuple[int, str]] | None = None,
    ) -> None:
        self.heads: dict[UUID, tuple[int, str]] = dict(heads or {})
        self.events = 0
        self.key = key
        self.keyed: set[UUID] = set()
        self.last_keyed = False
        """Whether the last event that held had a keyed link."""

    def check(self, stored: Any, decode: Any) -> BrokenLink | None:
        """The broken link this stored event makes, or None when it follows."""
        self.events += 1
        self.last_keyed = False
        aggregate_id = stored.originator_id
        version = stored.originator_version
        last_version, last_chain = self.heads.get(aggregate_id, (0, GENESIS))

        def broken(reason: str) -> BrokenLink:
            return BrokenLink(str(aggregate_id), version, reason)

        if version != last_version + 1:
            return broken(f"version {last_version + 1} expected, found {version}")
        sealed = unseal(bytes(stored.state))
        keyed = False
        if sealed is not None:
            body, recorded = sealed
            expected = link_bytes(last_chain, stored.topic, version, body)
            if expected != recorded and self.key is not None:
                expected = link_bytes(last_chain, stored.topic, version, body, self.key)
                keyed = True
        else:  # an event of the earlier, canonical form
            try:
                domain_event = decode(stored)
            except Exception as error:  # any undecodable state is a broken link
                return broken(f"unreadable event: {error}")
            carried = getattr(domain_event, "chain", None)
            if carried is None:
                return broken("the event carries no chain")
            recorded = str(carried)
            expected = link_event(last_chain, domain_event)
        if expected != recorded:
            if self.key is None:
                return broken(
                    "the chain does not match the event's content (or the link "
                    "is keyed: check with LEDGERDESK_CHECKPOINT_KEY set)"
                )
            return broken(
                "the chain does not match the event's content: edited, or "
                "written by someone without the chain key"
            )
        if not keyed and aggregate_id in self.keyed:
            return broken(
                "a plain link after keyed ones: written by someone without the "
                "chain key"
            )
        if keyed:
            self.keyed.add(aggregate_id)
        self.last_keyed = keyed
        self.heads[aggregate_id] = (version, recorded)
        return None


def _log(app: Store) -> Iterator[Any]:
    start = 1
    while True:
        # the recorder, not notification_log: that one caps a read at 10 rows
        batch = app.recorder.select_notifications(start, VERIFY_BATCH)
        if not batch:
            return
        yield from batch
        start = batch[-1].id + 1


def verify(app: Store, aggregate_id: str | UUID | None = None) -> Verification:
    """Recompute the chains of stored events and name the first broken link
    (keyed links with the store's chain key, when it has one)."""
    walker = ChainWalker(app.chain_key)
    if aggregate_id is not None:
        records: Iterator[Any] = iter(app.recorder.select_events(as_uuid(aggregate_id)))
    else:
        records = _log(app)
    for stored in records:
        broken = walker.check(stored, app.mapper.to_domain_event)
        if broken is not None:
            return Verification(walker.events, len(walker.heads) + 1, broken)
    if aggregate_id is not None and not walker.heads:
        raise NotFound("Not found.", "id")
    return Verification(walker.events, len(walker.heads), None)
