"""The IMAP fetcher: every tenant's own mailbox, read with imap-tools.

Per mailbox it keeps UIDVALIDITY and the last UID handled (inbound_imap_positions)
and reads only the UIDs after it, fifty mails a FETCH; each mail is taken in,
then its UID recorded, and each batch is flagged \\Seen. A crash before the UID
is recorded reads the mail again, and the intake's Message-ID record leaves it
alone the second time; a mailbox whose UIDVALIDITY changed is read from the
start the same way.
`run` keeps one thread per mailbox that waits in IDLE where the server offers
it (new mail wakes it at once), else polls every interval.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from imap_tools import MailBox, MailBoxStartTls, MailBoxUnencrypted
from sqlalchemy import insert, select, update

from inbound.intake import Intake
from inbound.tables import imap_positions
from projections import tables as t

log = logging.getLogger("ledgerdesk.mail.fetch")
BATCH = 50
UID = re.compile(rb"UID (\d+)")


@dataclass(frozen=True)
class Box:
    """A tenant's mailbox as configured (outbound.mail_settings.Mailbox)."""

    host: str
    port: int
    security: str
    user: str
    password: str
    folder: str = "INBOX"

    @property
    def key(self) -> str:
        """The mailbox's name in the position table."""
        return f"{self.user}@{self.host}:{self.port}/{self.folder}"[:400]

    @classmethod
    def of(cls, found: Any) -> Box | None:
        """The mailbox from a tenant's settings, or None when incomplete."""
        if found is None or not found.host or not found.user or not found.password:
            return None
        return cls(
            host=found.host,
            port=int(found.port),
            security=found.security or "tls",
            user=found.user,
            password=found.password,
            folder=found.folder or "INBOX",
        )


def connect(box: Box, timeout: float = 30.0) -> Any:
    """A signed-in imap-tools mailbox with the folder selected."""
    if box.security == "tls":
        mailbox: Any = MailBox(box.host, box.port, timeout=timeout)
    elif box.security == "starttls":
        mailbox = MailBoxStartTls(box.host, box.port, timeout=timeout)
    else:
        mailbox = MailBoxUnencrypted(box.host, box.port, timeout=timeout)
    return mailbox.login(box.user, box.password, initial_folder=box.folder)


class Fetcher:
    """Reads each tenant's mailbox into the intake."""

    def __init__(self, intake: Intake) -> None:
        self.intake = intake
        self.engine = intake.engine

    def mailboxes(self) -> dict[str, Box]:
        """The tenants whose settings name a complete mailbox."""
        found: dict[str, Box] = {}
        with self.engine.connect() as connection:
            tenants = list(connection.execute(select(t.tenants.c.id)).scalars())
            for tenant_id in tenants:
                settings = self.intake.router.settings_of(connection, tenant_id)
                box = Box.of(settings.imap)
                if box is not None:
                    found[str(tenant_id)] = box
        return found

    def fetch_all(self) -> int:
        """Read every tenant's mailbox once; answers the mails taken in."""
        total = 0
        for tenant_id, box in self.mailboxes().items():
            try:
                with connect(box) as mailbox:
                    total += self.fetch(tenant_id, box, mailbox)
            except Exception as error:  # one broken mailbox stops no other
                log.warning("fetching %s failed: %s", box.key, error)
                self._note(tenant_id, box, error=str(error))
        return total

    def fetch(self, tenant_id: str, box: Box, mailbox: Any) -> int:
        """Take in the mail after the last UID handled; answers how many."""
        status = mailbox.folder.status(box.folder, ["UIDVALIDITY"])
        validity = int(status["UIDVALIDITY"])
        last = self._position(tenant_id, box, validity)
        uids = sorted(int(u) for u in mailbox.uids(f"UID {last + 1}:*"))
        uids = [u for u in uids if u > last]
        done = 0
        for start in range(0, len(uids), BATCH):
            batch = uids[start : start + BATCH]
            raws = self._raw(mailbox, batch)
            for uid in batch:
                raw = raws.get(uid)
                if raw is not None:
                    self.intake.take(raw, tenant_id, "imap")
                self._note(tenant_id, box, last_uid=uid)
                done += 1
            # flagged once the batch is in: the UID record, not the flag, says
            # what was handled, so a flag lost to a crash costs nothing
            mailbox.flag([str(u) for u in batch if u in raws], "\\Seen", True)
        self._note(tenant_id, box)
        return done

    @staticmethod
    def _raw(mailbox: Any, uids: list[int]) -> dict[int, bytes]:
        """The whole mails of these UIDs, in one FETCH."""
        _, data = mailbox.client.uid(
            "FETCH", ",".join(str(u) for u in uids), "(UID BODY.PEEK[])"
        )
        found: dict[int, bytes] = {}
        for part in data or []:
            if isinstance(part, tuple) and len(part) > 1:
                uid = UID.search(part[0])
                if uid:
                    found[int(uid.group(1))] = bytes(part[1])
        return found

    def _position(self, tenant_id: str, box: Box, validity: int) -> int:
        p = imap_positions
        key = (p.c.tenant_id == tenant_id, p.c.mailbox == box.key)
        with self.engine.begin() as connection:
            row = connection.execute(select(p).where(*key)).first()
            if row is None:
                connection.execute(
                    insert(p).values(
                        tenant_id=tenant_id,
                        mailbox=box.key,
                        uidvalidity=validity,
                        last_uid=0,
                    )
                )
                return 0
            if row.uidvalidity != validity:
                # the server renumbered the folder: read it all again; the
                # Message-ID record leaves what was taken in before alone
                connection.execute(
                    update(p).where(*key).values(uidvalidity=validity, last_uid=0)
                )
                return 0
            return int(row.last_uid)

    def _note(
        self,
        tenant_id: str,
        box: Box,
        last_uid: int | None = None,
        error: str | None = None,
    ) -> None:
        p = imap_positions
        values: dict[str, Any] = {
            "fetched_at": datetime.now(UTC),
            "error": error[:2000] if error else None,
        }
        if last_uid is not None:
            values["last_uid"] = last_uid
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(p)
                .where(p.c.tenant_id == tenant_id, p.c.mailbox == box.key)
                .values(**values)
            ).rowcount
            if not changed:
                connection.execute(
                    insert(p).values(
                        tenant_id=tenant_id,
                        mailbox=box.key,
                        uidvalidity=0,
                        last_uid=last_uid or 0,
                        **{k: v for k, v in values.items() if k != "last_uid"},
                    )
                )

    # -- running ----------------------------------------------------------

    def watch(
        self, tenant_id: str, box: Box, stop: threading.Event, interval: float
    ) -> None:
        """Keep one mailbox read: IDLE where offered, else every interval."""
        while not stop.is_set():
            try:
                with connect(box) as mailbox:
                    idle = "IDLE" in mailbox.client.capabilities
                    while not stop.is_set():
                        self.fetch(tenant_id, box, mailbox)
                        if idle:
                            mailbox.idle.wait(timeout=min(interval, 29 * 60))
                        else:
                            stop.wait(interval)
            except Exception as error:  # reconnect after a pause
                log.warning("mailbox %s: %s", box.key, error)
                self._note(tenant_id, box, error=str(error))
                stop.wait(interval)

    def run(self, stop: threading.Event, interval: float) -> None:
        """One watcher thread per configured mailbox, following settings changes."""
        watchers: dict[str, tuple[Box, threading.Event, threading.Thread]] = {}
        try:
            while not stop.is_set():
                wanted = self.mailboxes()
                for tenant_id, (box, halt, _) in list(watchers.items()):
                    if wanted.get(tenant_id) != box:
                        halt.set()
                        del watchers[tenant_id]
                for tenant_id, box in wanted.items():
                    if tenant_id not in watchers:
                        halt = threading.Event()
                        thread = threading.Thread(
                            target=self.watch,
                            args=(tenant_id, box, halt, interval),
                            name=f"mail-fetch-{tenant_id[:8]}",
                            daemon=True,
                        )
                        thread.start()
                        watchers[tenant_id] = (box, halt, thread)
                stop.wait(interval)
        finally:
            for _, halt, _ in watchers.values():
                halt.set()


def start_thread(
    fetcher: Fetcher, interval: float, stop: threading.Event | None = None
) -> tuple[threading.Thread, threading.Event]:
    """The fetcher in a daemon thread of this process (serve's embedded default)."""
    stop = stop or threading.Event()
    thread = threading.Thread(
        target=_forever(fetcher.run, stop, interval), name="mail-fetch", daemon=True
    )
    thread.start()
    return thread, stop


def _forever(
    run: Callable[[threading.Event, float], None],
    stop: threading.Event,
    interval: float,
) -> Callable[[], None]:
    def loop() -> None:
        while not stop.is_set():
            try:
                run(stop, interval)
            except Exception:  # the settings could not be read: try again
                log.exception("the mail fetcher stopped; starting again")
                time.sleep(interval)

    return loop
