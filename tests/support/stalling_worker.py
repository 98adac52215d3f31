"""A supervisor of one worker whose first worker stops (SIGSTOP) once serving.

    python -m tests.support.stalling_worker PORT MARKER

runs api.commands._supervisor.Supervisor with a 60 s health check over one
worker of a trivial app. The first worker writes its pid to MARKER and stops
itself; a worker started after it serves normally. A test kills the stopped
worker while the supervisor waits on its health check, then stops the
supervisor with SIGTERM.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from uvicorn import Config

from api.commands._supervisor import Supervisor
from api.commands.serve import PortOfEachWorker


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


def app() -> Any:
    """The worker's app; the first worker stops itself a moment after starting."""
    marker = Path(os.environ["STALLING_MARKER"])
    if not marker.exists():
        marker.write_text(str(os.getpid()))
        stop = lambda: os.kill(os.getpid(), signal.SIGSTOP)  # noqa: E731
        threading.Timer(0.5, stop).start()
    return _app


def main() -> None:
    port, marker = int(sys.argv[1]), sys.argv[2]
    os.environ["STALLING_MARKER"] = marker
    config = Config(
        "tests.support.stalling_worker:app",
        factory=True,
        workers=1,
        port=port,
        timeout_worker_healthcheck=60,
        log_level="info",
    )
    Supervisor(config, [PortOfEachWorker.hold("127.0.0.1", port)], None).run()


if __name__ == "__main__":
    main()
