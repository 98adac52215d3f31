"""The shared services of one API process, built once and kept on app.state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from api.auth.sessions import Sessions
from api.auth.throttle import Throttle
from api.cache import ReadCache
from api.settings import Settings
from api.sso import IdentityProvider
from domain.application import Ledgerdesk
from outbound.mail_outbox import MailIdentity
from projections.follower import Follower


@dataclass
class Services:
    """Settings, domain application, read-model engine and follower, and helpers."""

    settings: Settings
    domain: Ledgerdesk
    engine: Engine
    follower: Follower
    sessions: Sessions
    throttle: Throttle
    mail: MailIdentity
    sso: IdentityProvider | None
    cache: ReadCache
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def reader(self) -> Engine:
        """The engine for requests that only read: each statement commits on its
        own, so a read needs no transaction to begin and roll back around it."""
        reader = self.extras.get("reader")
        if reader is None:
            reader = self.extras["reader"] = self.engine.execution_options(
                isolation_level="AUTOCOMMIT"
            )
        return reader  # type: ignore[no-any-return]

    def settle(self, timeout: float = 10.0) -> None:
        """Answer a write only once the read model shows it (read-your-writes).

        It waits for the events this request saved (the store notes them per
        request), not for the whole log; ChangeParked when one of them was
        parked, ReadModelLate when the read model did not get there in time.
        """
        own = self.domain.take_committed()
        target = max(own) if own else self.domain.position()
        self.follower.wait_for(target, timeout=timeout, own=own)
