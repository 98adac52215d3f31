"""ledgerdesk serve --workers: several API processes, the followers once.

A write answered by one worker is read through the other at once; the mail
outbox runs once, so each mail leaves once; stopping serve stops every child.
On SQLite serve runs one process whatever --workers says.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from email import message_from_bytes
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from tests.conftest import BACKEND
from tests.e2e.test_serve import _command, _free_port

pytestmark = pytest.mark.timeout(300)


class Inbox:
    """An SMTP handler keeping the Message-ID of each mail it accepts."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.ids.append(str(message_from_bytes(envelope.content)["Message-ID"]))
        return "250 OK"


def _children(pid: int) -> set[int]:
    """Every descendant of a process, from /proc."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        children = (task / "children").read_text().split()
        for child in map(int, children):
            found |= {child} | _children(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except FileNotFoundError:
        return False
    return state != "Z"


def _wait_up(base: str, log: Path | None = None, unknown: bool = False) -> None:
    """Until the server answers (with `unknown`, 404 too: a desk with no tenant)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            code = httpx.get(f"{base}/api/system/status", timeout=2).status_code
            if code == 200 or (unknown and code == 404):
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    pytest.fail(f"the server did not answer within 90 s:\n{_tail(log)}")


def _tail(log: Path | None) -> str:
    """The end of serve's output, without the mail server's chatter."""
    if log is None:
        return ""
    lines = log.read_text().splitlines()
    return "\n".join(line for line in lines if "mail.log" not in line)[-4000:]


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler, port = Inbox(), _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


@pytest.fixture
def served(database_url, tmp_path, inbox):  # type: ignore[no-untyped-def]
    """The demo tenant served by `serve --workers 2` with the followers and mail."""
    _, smtp_port = inbox
    env = {
        **os.environ,
        "LEDGERDESK_DATABASE_URL": database_url,
        "LEDGERDESK_UPLOAD_DIR": str(tmp_path / "uploads"),
        "LEDGERDESK_EXPORT_DIR": str(tmp_path / "exports"),
        "LEDGERDESK_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
        "LEDGERDESK_POLL_INTERVAL": "0.1",
    }
    subprocess.run(
        _command("seed", "--tenant", "demo"),
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    port = _free_port()
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen(
        _command(
            "serve", "--port", str(port), "--workers", "2", "--projector", "--mail"
        ),
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_up(base, tmp_path / "serve.log")
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=60)
        log.close()


def _token(base: str, username: str) -> dict[str, str]:
    answer = httpx.post(
        f"{base}/api/auth/login",
        json={"username": username, "password": "demo"},
        timeout=10,
    )
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


NEWEST = {
    "builder[paginate]": "15",
    "builder[orderBy][0][]": ["updated_at", "desc"],
}


@pytest.mark.skipif(BACKEND == "sqlite", reason="several workers need PostgreSQL")
def test_a_write_through_one_worker_is_read_through_the_other_at_once(served):
    base, process = served
    client = _token(base, "client@demo.test")
    operator = _token(base, "first@demo.test")
    workers = _children(process.pid)
    assert len(workers) >= 3  # two workers and the followers (and a tracker)
    for i in range(12):
        # a fresh connection each time: the kernel hands it to either worker
        created = httpx.post(
            f"{base}/api/tickets",
            headers=client,
            timeout=20,
            json={
                "description": f"Printer {i}",
                "message": "It jams.",
                "priority_id": 1,
            },
        )
        assert created.status_code in (200, 201), created.text
        ticket = created.json()["id"]
        listed = httpx.get(
            f"{base}/api/tickets", headers=client, params=NEWEST, timeout=20
        )
        assert ticket in [row["id"] for row in listed.json()["data"]]
        reply = httpx.post(
            f"{base}/api/messages",
            headers=operator,
            timeout=20,
            files={
                "message": (None, f"<p>On it {i}</p>"),
                "morphable_type": (None, "Ticket"),
                "morphable_id": (None, ticket),
            },
        )
        assert reply.status_code in (200, 201), reply.text
        shown = httpx.get(f"{base}/api/tickets/{ticket}", headers=client, timeout=20)
        assert shown.status_code == 200
        assert f"On it {i}" in shown.text or _in_messages(base, client, ticket, i)


def _in_messages(base: str, headers: dict[str, str], ticket: str, i: int) -> bool:
    answer = httpx.get(
        f"{base}/api/messages",
        headers=headers,
        timeout=20,
        params={
            "builder[where][0][]": ["morphable_id", "=", ticket],
            "builder[paginate]": "50",
        },
    )
    return f"On it {i}" in answer.text


def _connections_by_process(pids: set[int], port: int) -> Counter[int]:
    """The established connections to the port each process holds, from /proc."""
    sockets: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
                sockets.add(f"socket:[{inode}]")
    held: Counter[int] = Counter()
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                if os.readlink(fd) in sockets:
                    held[pid] += 1
    return held


@pytest.mark.skipif(BACKEND == "sqlite", reason="several workers need PostgreSQL")
def test_clients_keeping_their_connections_end_up_evenly_over_the_workers(served):
    base, process = served
    port = int(base.rsplit(":", 1)[1])
    # forty clients each keeping one connection, as browsers do; the kernel's
    # hash alone splits forty evenly one time in eight
    clients = [
        http.client.HTTPConnection("127.0.0.1", port, timeout=20) for _ in range(40)
    ]
    try:
        split: list[int] = []
        for _ in range(30):
            closed = 0
            for client in clients:
                client.request("GET", "/api/system/status")
                answer = client.getresponse()
                answer.read()
                assert answer.status == 200
                if answer.getheader("connection") == "close":
                    closed += 1  # http.client connects again for the next
            if closed:
                continue
            held = _connections_by_process(_children(process.pid), port)
            split = sorted(held.values())
            if split == [20, 20]:
                break
        assert split == [20, 20]
    finally:
        for client in clients:
            client.close()


@pytest.mark.skipif(BACKEND == "sqlite", reason="several workers need PostgreSQL")
def test_a_signed_out_session_is_refused_by_every_worker(served):
    base, _ = served
    headers = _token(base, "client@demo.test")
    for _ in range(6):  # each worker has the session in its cache now
        assert httpx.get(f"{base}/api/auth/me", headers=headers, timeout=10).is_success
    httpx.post(
        f"{base}/api/auth/logout", headers=headers, json={}, timeout=10
    ).raise_for_status()
    time.sleep(0.2)
    for _ in range(6):
        answer = httpx.get(f"{base}/api/auth/me", headers=headers, timeout=10)
        assert answer.status_code == 401


@pytest.mark.skipif(BACKEND == "sqlite", reason="several workers need PostgreSQL")
def test_mail_leaves_once_and_stopping_serve_stops_every_child(served, inbox, tmp_path):
    base, process = served
    log = tmp_path / "serve.log"
    handler, _ = inbox
    client = _token(base, "client@demo.test")
    operator = _token(base, "first@demo.test")
    ticket = httpx.post(
        f"{base}/api/tickets",
        headers=client,
        timeout=20,
        json={"description": "Mail once", "message": "Hello", "priority_id": 1},
    ).json()["id"]
    for i in range(3):
        httpx.post(
            f"{base}/api/messages",
            headers=operator,
            timeout=20,
            files={
                "message": (None, f"<p>Reply {i}</p>"),
                "morphable_type": (None, "Ticket"),
                "morphable_id": (None, ticket),
                "visible_to_client": (None, "1"),
                "is_from_client": (None, "0"),
            },
        ).raise_for_status()

    def replies() -> list[str]:
        return [i for i in handler.ids if i.startswith("<reply-")]

    deadline = time.monotonic() + 30
    while len(replies()) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(2)  # a second outbox, were there one, would send them again now
    assert len(replies()) == 3
    assert [n for n, seen in Counter(handler.ids).items() if seen > 1] == []

    children = _children(process.pid)
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"serve still ran 60 s after SIGTERM:\n{_tail(log)}")
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert [pid for pid in children if _alive(pid)] == []


@pytest.mark.skipif(BACKEND != "sqlite", reason="the embedded default")
def test_sqlite_serves_with_one_process_whatever_workers_says(database_url, tmp_path):
    env = {
        **os.environ,
        "LEDGERDESK_DATABASE_URL": database_url,
        "LEDGERDESK_UPLOAD_DIR": str(tmp_path / "uploads"),
        "LEDGERDESK_EXPORT_DIR": str(tmp_path / "exports"),
    }
    port = _free_port()
    process = subprocess.Popen(
        _command("serve", "--port", str(port), "--workers", "2"),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_up(f"http://127.0.0.1:{port}", unknown=True)
        assert _children(process.pid) == set()
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
    assert b"SQLite serves with one worker" in err


def test_workers_must_be_a_positive_number():
    answer = subprocess.run(
        [sys.executable, "-m", "api.cli", "serve", "--workers", "0"],
        capture_output=True,
        timeout=60,
    )
    assert answer.returncode == 2
    assert b"--workers" in answer.stderr
