"""ledgerdesk serve as a real process: the portal API and the embedded projector."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import BACKEND


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "api.cli", *args]


@pytest.fixture
def server(database_url, tmp_path) -> Iterator[tuple[str, dict[str, str]]]:  # type: ignore[no-untyped-def]
    """A seeded demo tenant served on a free loopback port."""
    env = {
        **os.environ,
        "LEDGERDESK_DATABASE_URL": database_url,
        "LEDGERDESK_UPLOAD_DIR": str(tmp_path / "uploads"),
        "LEDGERDESK_EXPORT_DIR": str(tmp_path / "exports"),
    }
    subprocess.run(
        _command("seed", "--tenant", "demo"),
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    port = _free_port()
    extra = ["--projector"] if BACKEND != "sqlite" else []
    process = subprocess.Popen(
        _command("serve", "--port", str(port), *extra),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/api/system/status", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            pytest.fail("the server did not answer within 60 s")
        yield base, env
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_serves_the_demo_tenant_and_its_logins(server):
    base, _ = server
    status = httpx.get(f"{base}/api/system/status", timeout=10).json()
    assert status["tenant"] == "demo" and status["setup_completed"] is True
    login = httpx.post(
        f"{base}/api/auth/login",
        timeout=10,
        json={"username": "client@demo.test", "password": "demo"},
    )
    assert login.status_code == 200
    token = login.json()["access_token"]
    tickets = httpx.get(
        f"{base}/api/tickets", timeout=10, headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert tickets["total"] > 0
    assert {row["company"]["name"] for row in tickets["data"]} == {"Northwind Trading"}


def test_the_projector_thread_shows_what_another_process_wrote(server):
    base, env = server
    subprocess.run(
        _command("seed", "--tenant", "other", "--no-project"),
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    deadline = time.monotonic() + 30
    answer = None
    while time.monotonic() < deadline:
        answer = httpx.get(
            f"{base}/api/system/status", timeout=5, headers={"Host": "other.localhost"}
        )
        if answer.status_code == 200:
            break
        time.sleep(0.2)
    assert answer is not None and answer.status_code == 200
    assert answer.json()["tenant"] == "other"


def test_rotating_x_forwarded_for_does_not_get_past_the_throttle(server):
    base, _ = server

    def attempt(n: int, password: str) -> int:
        answer = httpx.post(
            f"{base}/api/auth/login",
            timeout=10,
            json={"username": "client@demo.test", "password": password},
            headers={"X-Forwarded-For": f"198.51.100.{n}"},
        )
        return answer.status_code

    assert [attempt(n, "wrong") for n in range(5)] == [422] * 5
    assert attempt(99, "demo") == 429
