"""Stopping serve's children in bounded time.

Uvicorn's supervisor joins each worker without a limit: one worker that did not
end (a request or a thread that never returned) kept `serve` running forever
after SIGTERM, its port held. Here the workers and the followers process get
SIGTERM together, and whatever still runs STOP_TIMEOUT_S later is killed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from socket import socket

from uvicorn.config import Config
from uvicorn.supervisors import Multiprocess

from api.commands.serve import STOP_TIMEOUT_S

logger = logging.getLogger("uvicorn.error")


def stop_within(processes: Sequence[BaseProcess], seconds: float) -> None:
    """SIGTERM each process, and SIGKILL what still runs `seconds` later."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + seconds
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            logger.warning(
                "Child process [%s] still ran %.0f s after SIGTERM: killed",
                process.pid,
                seconds,
            )
            process.kill()
            process.join(seconds)


class Supervisor(Multiprocess):
    """Uvicorn's supervisor of the API workers, stopping them and the followers."""

    def __init__(
        self, config: Config, sockets: list[socket], followers: BaseProcess | None
    ) -> None:
        super().__init__(config, sockets=sockets)
        self.followers = followers

    def keep_subprocess_alive(self) -> None:
        """Uvicorn's health check of each worker, seeing a dying worker at once.

        The supervisor keeps its copy of each worker's end of the health-check
        pipe; a worker that died while pinged was then waited for the whole
        timeout (60 s), and a SIGTERM that came meanwhile with it. Closed here,
        the worker's death ends the ping. A stop already asked for goes first.
        """
        if self.signal_queue:
            return
        for worker in self.processes:
            if worker.process.pid is not None:  # started: it holds its own end
                worker.child_conn.close()
        super().keep_subprocess_alive()

    def terminate_all(self) -> None:
        """Nothing yet: join_all stops every child at once."""

    def join_all(self) -> None:
        """Stop the workers and the followers together, in bounded time."""
        children: list[BaseProcess] = [worker.process for worker in self.processes]
        if self.followers is not None:
            children.append(self.followers)
        stop_within(children, STOP_TIMEOUT_S)
        for worker in self.processes:  # the health-check pipes to each worker
            worker.parent_conn.close()
            worker.child_conn.close()
