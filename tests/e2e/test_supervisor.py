"""serve's supervisor stops in time, even when a worker dies mid health check."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.test_serve import _free_port

pytestmark = pytest.mark.timeout(120)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2]
    except FileNotFoundError:
        return "gone"


def _stopped(marker: Path) -> bool:
    """Whether the first worker wrote its pid and is stopped."""
    pid = marker.read_text() if marker.exists() else ""
    return bool(pid) and _state(int(pid)) == "T"


def test_a_worker_dying_while_pinged_does_not_hold_up_sigterm(tmp_path):
    marker = tmp_path / "first-worker"
    log = (tmp_path / "supervisor.log").open("wb")
    supervisor = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.support.stalling_worker",
            str(_free_port()),
            str(marker),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not _stopped(marker):
            time.sleep(0.1)
        worker = int(marker.read_text())
        assert _state(worker) == "T", (tmp_path / "supervisor.log").read_text()
        time.sleep(1.5)  # the next health check waits on it
        os.kill(worker, signal.SIGKILL)
        time.sleep(1.0)  # a dead worker is replaced at once, not after the 60 s check
        supervisor.send_signal(signal.SIGTERM)
        supervisor.wait(timeout=30)
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
            supervisor.wait()
        log.close()
    said = (tmp_path / "supervisor.log").read_text()
    assert "died" in said  # the killed worker was seen dead and replaced
    assert supervisor.returncode == 0, said
