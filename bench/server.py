"""The real API in a uvicorn subprocess on a free loopback port, and its memory."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

import httpx

HOST = "127.0.0.1"
START_TIMEOUT = 60.0


def free_port() -> int:
    """A TCP port nobody listens on right now, on the loopback address."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class ApiServer:
    """`uvicorn api.main:create_app` on the benchmark database, one worker; with
    `serve`, `ledgerdesk serve --workers` (`workers` or one per core) and its
    followers, as a desk runs it."""

    def __init__(
        self,
        database_url: str,
        default_tenant: str,
        serve: bool = False,
        workers: int | None = None,
    ) -> None:
        self.database_url = database_url
        self.default_tenant = default_tenant
        self.serve = serve
        self.workers = workers
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._scratch = tempfile.TemporaryDirectory(prefix="ledgerdesk-bench-")
        self._log = Path(self._scratch.name) / "server.log"

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers (or raise with its log)."""
        scratch = Path(self._scratch.name)
        env = {
            **os.environ,
            "LEDGERDESK_DATABASE_URL": self.database_url,
            "LEDGERDESK_DEFAULT_TENANT": self.default_tenant,
            "LEDGERDESK_UPLOAD_DIR": str(scratch / "uploads"),
            "LEDGERDESK_EXPORT_DIR": str(scratch / "exports"),
        }
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "api.main:create_app",
            "--factory",
            "--host",
            HOST,
            "--port",
            str(self.port),
            "--log-level",
            "warning",
            "--no-access-log",
        ]
        if self.serve:
            command = [sys.executable, "-m", "api.cli", "serve", "--projector"]
            command += ["--host", HOST, "--port", str(self.port)]
            command += ["--workers", str(self.workers)] if self.workers else []
        with self._log.open("wb") as log:
            self.process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                httpx.get(f"{self.base_url}/api/system/status", timeout=2.0)
                return
            except httpx.TransportError:
                time.sleep(0.2)
        said = self._log.read_text(errors="replace")[-4000:]
        self.stop()  # removes the scratch folder, the log with it
        raise RuntimeError(f"the API did not start:\n{said}")

    def peak_rss_mb(self) -> float:
        """The peak resident memory of the server process (VmHWM), in MiB."""
        if self.process is None:
            return 0.0
        status = Path(f"/proc/{self.process.pid}/status")
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        """Stop the server process this object started."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        self.process = None
        self._scratch.cleanup()

    def __enter__(self) -> ApiServer:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
