"""One log line a request: the app's own, never uvicorn's access line beside it."""

from __future__ import annotations

import logging

from api.observability import configure_logging


def test_uvicorn_access_lines_reach_no_handler_but_its_errors_do() -> None:
    configure_logging()  # as the first app of the process did
    # uvicorn writes an access line whenever its access logger has a handler,
    # whatever its access_log setting says
    logging.getLogger("uvicorn.access").propagate = True
    logging.getLogger("uvicorn.access").addHandler(logging.NullHandler())
    handler = configure_logging()
    assert not logging.getLogger("uvicorn.access").hasHandlers()
    assert handler in logging.getLogger().handlers
    assert logging.getLogger("uvicorn.error").hasHandlers()
