"""Each of serve's API workers keeps its share of the open connections.

The workers listen with a socket each on one port (SO_REUSEPORT), and the
kernel hands a new connection to one of them by a hash of its addresses.
Clients keep their connections open, so the split the hash happened to make
stays for as long as they work: with fifty clients one worker held up to 35
connections and the other the rest, and under load the first one's requests
waited for their turn (api/turns.py) up to three times as long (p50 194 ms
against 54 ms) while both did the same number of requests a second.

So the workers count their open connections where all of them can read them:
a small file serve makes and each worker maps (ConnectionShares). A worker
holding more than its share (the open connections over the live workers,
rounded up) answers its next request with `Connection: close`; the client
connects again, wherever the kernel sends it this time, until the split is
even. A connection is let go once, and counted out as it is, so requests that
arrive together do not let several go for one too many.
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import mmap
import os
import tempfile
from pathlib import Path
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

SLOTS = 64
"""Workers one file counts for (a restarted worker takes a dead one's slot)."""
SLOT_BYTES = 8
"""A slot: the worker's process id and its open connections, 4 bytes each."""
PREFIX = "ledgerdesk-serve-"
"""The file's name begins so, then serve's process id."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class ConnectionShares:
    """The open connections of serve's workers, in a file each of them maps."""

    def __init__(self, path: str, pid: int | None = None) -> None:
        self.pid = pid or os.getpid()
        self.open = 0
        with open(path, "r+b") as file:
            self._map = mmap.mmap(file.fileno(), SLOTS * SLOT_BYTES)
            fcntl.flock(file, fcntl.LOCK_EX)  # one worker takes a slot at a time
            try:
                self._claim()
            finally:
                fcntl.flock(file, fcntl.LOCK_UN)

    @staticmethod
    def create() -> str:
        """A new file of empty slots (in shared memory where the system has it),
        named after this process; files left by a serve that was killed go."""
        directory = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
        for left in Path(directory).glob(f"{PREFIX}*-*"):
            owner = left.name[len(PREFIX) :].split("-", 1)[0]
            if owner.isdigit() and not _alive(int(owner)):
                ConnectionShares.remove(str(left))
        descriptor, path = tempfile.mkstemp(
            prefix=f"{PREFIX}{os.getpid()}-", dir=directory
        )
        with os.fdopen(descriptor, "wb") as file:
            file.write(bytes(SLOTS * SLOT_BYTES))
        return path

    @staticmethod
    def remove(path: str) -> None:
        """Remove the file (serve, as it stops)."""
        with contextlib.suppress(FileNotFoundError):
            os.remove(path)

    def _read(self, slot: int) -> tuple[int, int]:
        at = slot * SLOT_BYTES
        pid = int.from_bytes(self._map[at : at + 4], "little", signed=True)
        count = int.from_bytes(self._map[at + 4 : at + 8], "little", signed=True)
        return pid, count

    def _write(self, count: int) -> None:
        at = self.slot * SLOT_BYTES
        self._map[at : at + 4] = self.pid.to_bytes(4, "little", signed=True)
        self._map[at + 4 : at + 8] = count.to_bytes(4, "little", signed=True)

    def _claim(self) -> None:
        """Take the first slot that is free, this process's own or a dead one's."""
        taken = [self._read(slot)[0] for slot in range(SLOTS)]
        free = [
            slot
            for slot, pid in enumerate(taken)
            if pid in (0, self.pid) or not _alive(pid)
        ]
        if not free:
            raise RuntimeError(f"more than {SLOTS} workers count their connections")
        self.slot = free[0]
        self._write(0)

    def count(self, change: int) -> None:
        """A connection opened (+1) or closed (-1) in this worker."""
        self.open += change
        self._write(self.open)

    def over_share(self) -> bool:
        """Whether this worker holds more connections than its share."""
        total = workers = 0
        for slot in range(SLOTS):
            pid, count = self._read(slot)
            if pid and (pid == self.pid or _alive(pid)):
                total += count
                workers += 1
        return workers > 1 and self.open > math.ceil(total / workers)


SHARES: ConnectionShares | None = None
"""This worker's counts, when serve runs several workers (set by worker_app)."""


class BalancedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, counting its connection into SHARES, and closing
    it after the current answer when the worker holds more than its share."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shares = SHARES
        self.counted = False

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.shares is not None:
            self.shares.count(+1)
            self.counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._count_out()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        cycle = self.cycle
        if (
            self.counted
            and self.shares is not None
            and cycle is not None
            and cycle.keep_alive
            and self.shares.over_share()
        ):
            cycle.keep_alive = False  # answered with Connection: close, then closed
            self._count_out()

    def _count_out(self) -> None:
        if self.counted and self.shares is not None:
            self.counted = False
            self.shares.count(-1)
