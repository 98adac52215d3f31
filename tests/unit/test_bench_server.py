"""The bench's API server says why it did not start."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.server import ApiServer


def test_a_server_that_did_not_start_shows_its_log(tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    server = ApiServer(f"sqlite:///{taken}/bench.sqlite3", "bench", serve=True)
    with pytest.raises(RuntimeError) as raised:
        server.start()
    said = str(raised.value)
    assert "the API did not start" in said
    assert "Traceback" in said, said  # the server's own error, read before the log went
    assert server.process is None
