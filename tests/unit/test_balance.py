"""serve's workers count their open connections in one file and keep their share."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.balance import PREFIX, SLOTS, ConnectionShares


@pytest.fixture
def shares_file() -> Iterator[str]:
    path = ConnectionShares.create()
    yield path
    ConnectionShares.remove(path)
    assert not os.path.exists(path)


def finished_process() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_worker_over_its_share_knows_it_and_the_others_do_not(
    shares_file: str,
) -> None:
    # two workers: this process and its parent (both alive)
    first = ConnectionShares(shares_file)
    second = ConnectionShares(shares_file, pid=os.getppid())
    assert first.slot != second.slot
    for _ in range(7):
        first.count(+1)
    for _ in range(3):
        second.count(+1)
    assert first.over_share()  # 7 of 10 against a share of 5
    assert not second.over_share()
    first.count(-1)
    first.count(-1)
    second.count(+1)
    assert not first.over_share()  # 5 of 9: the share is 5 (rounded up)
    assert not second.over_share()


def test_one_worker_alone_is_never_over_its_share(shares_file: str) -> None:
    alone = ConnectionShares(shares_file)
    for _ in range(50):
        alone.count(+1)
    assert not alone.over_share()


def test_a_dead_workers_connections_do_not_count_and_its_slot_is_taken_again(
    shares_file: str,
) -> None:
    live = ConnectionShares(shares_file)
    other = ConnectionShares(shares_file, pid=os.getppid())
    gone = ConnectionShares(shares_file, pid=finished_process())
    for _ in range(40):
        gone.count(+1)
    for _ in range(3):
        live.count(+1)
    other.count(+1)
    # 3 of the live workers' 4 against a share of 2; with the dead one's forty
    # the share would be 15
    assert live.over_share()
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as new:
        try:
            restarted = ConnectionShares(shares_file, pid=new.pid)
            assert restarted.slot == gone.slot  # a new worker takes the dead one's
            # its count starts again: 3 of 4 over three workers, a share of 2
            assert live.over_share()
            live.count(-1)
            assert live.over_share()  # 2 of 3: a share of 1
            live.count(-1)
            assert not live.over_share()
        finally:
            new.kill()


def test_slots_run_out_with_a_clear_error(shares_file: str) -> None:
    assert ConnectionShares(shares_file).slot == 0
    assert ConnectionShares(shares_file).slot == 0  # asking again: its own slot
    assert ConnectionShares(shares_file, pid=os.getppid()).slot == 1
    with open(shares_file, "r+b") as file:  # every slot held by a live process
        file.write(os.getpid().to_bytes(4, "little") * (SLOTS * 2))
    with pytest.raises(RuntimeError, match="more than 64 workers"):
        ConnectionShares(shares_file, pid=os.getppid())


def test_a_file_left_by_a_killed_serve_goes_when_the_next_one_starts() -> None:
    left = ConnectionShares.create()
    dead = Path(left).with_name(f"{PREFIX}{finished_process()}-left")
    os.rename(left, dead)
    ours = ConnectionShares.create()
    try:
        assert not dead.exists()
        assert Path(ours).name.startswith(f"{PREFIX}{os.getpid()}-")
        again = ConnectionShares.create()  # a live serve's file stays
        assert Path(ours).exists()
        ConnectionShares.remove(again)
    finally:
        ConnectionShares.remove(ours)
