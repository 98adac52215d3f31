"""A throw-away Dovecot IMAP server for the bench, the tests and the browser harness.

Debian's `dovecot-imapd` runs in the foreground (`dovecot -F -c conf`) with
everything under a temporary folder: its configuration, sockets, state, logs
and the mailboxes (Maildir, one per account). It listens on a free loopback
port with plain-text logins (no TLS: loopback only); accounts and passwords
are a passwd-file; mail is placed by IMAP APPEND, as a real sender's server
would leave it.

    with Dovecot() as server:
        server.add_account("desk@demo.test", "secret")
        server.append("desk@demo.test", "secret", raw_bytes)

As a script (for tests/e2e/run-browser-tests.sh):

    python -m tests.support.dovecot --account desk@demo.test:secret [--port P]

(tests/support/dovecot.py hands on to this module, which the bench imports too.)

prints `IMAP 127.0.0.1 PORT` once it answers and runs until stopped (SIGTERM).
"""

from __future__ import annotations

import argparse
import imaplib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

BINARY = shutil.which("dovecot") or "/usr/sbin/dovecot"


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def available() -> bool:
    """Whether Debian's dovecot is installed (make system-deps installs it)."""
    return Path(BINARY).exists()


CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{root}/mail/%u
first_valid_uid = {uid}
first_valid_gid = {gid}
mail_uid = {uid}
mail_gid = {gid}
default_internal_user = {user}
default_login_user = {login_user}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
protocol imap {{
  mail_max_userip_connections = 100
}}
"""


class Dovecot:
    """One Dovecot process on a free port, its files in a temporary folder."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.host = "127.0.0.1"
        self.root = Path(tempfile.mkdtemp(prefix="dovecot-"))
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Dovecot:
        """Write the configuration, start Dovecot and wait until it answers."""
        me = pwd.getpwuid(os.getuid())
        # As root, Dovecot wants the package's own unprivileged users: imap-login
        # refuses to run as root and the mail processes refuse uid 0.
        owner = pwd.getpwnam("dovecot") if me.pw_uid == 0 else me
        self.root.chmod(0o755)  # the unprivileged processes reach their folders
        for folder in ("run", "state", "mail", "home"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        for folder in ("mail", "home"):
            os.chown(self.root / folder, owner.pw_uid, owner.pw_gid)
        (self.root / "users").write_text("")
        config = self.root / "dovecot.conf"
        config.write_text(
            CONFIG.format(
                root=self.root,
                port=self.port,
                uid=owner.pw_uid,
                gid=owner.pw_gid,
                login_user="dovenull" if me.pw_uid == 0 else me.pw_name,
                user=owner.pw_name,
            )
        )
        self.process = subprocess.Popen(
            [BINARY, "-F", "-c", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"dovecot stopped: {self.log()}")
            try:
                with socket.create_connection((self.host, self.port), timeout=1) as s:
                    if s.recv(100).startswith(b"* OK"):
                        return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"dovecot did not answer on {self.port}: {self.log()}")

    def log(self) -> str:
        """The end of Dovecot's log, and what it wrote to stderr."""
        path = self.root / "dovecot.log"
        text = path.read_text(errors="replace")[-2000:] if path.exists() else ""
        if self.process and self.process.stderr and self.process.poll() is not None:
            text += self.process.stderr.read().decode(errors="replace")[-2000:]
        return text

    def add_account(self, user: str, password: str) -> None:
        """An account that signs in with that password (no restart needed)."""
        with (self.root / "users").open("a") as users:
            users.write(f"{user}:{{PLAIN}}{password}\n")

    def connect(self, user: str, password: str) -> imaplib.IMAP4:
        """A signed-in IMAP client."""
        client = imaplib.IMAP4(self.host, self.port)
        client.login(user, password)
        return client

    def append(
        self, user: str, password: str, *mails: bytes, folder: str = "INBOX"
    ) -> None:
        """Place mail in a folder of the account by IMAP APPEND."""
        client = self.connect(user, password)
        try:
            for raw in mails:
                status, answer = client.append(folder, "", None, raw)
                if status != "OK":
                    raise RuntimeError(f"APPEND refused: {answer!r}")
        finally:
            client.logout()

    def messages(self, user: str, password: str, folder: str = "INBOX") -> list[bytes]:
        """Every mail in a folder of the account, oldest first."""
        client = self.connect(user, password)
        try:
            client.select(folder, readonly=True)
            _, data = client.uid("SEARCH", "ALL")
            found = []
            for uid in (data[0] or b"").split():
                _, parts = client.uid("FETCH", uid.decode(), "(BODY.PEEK[])")
                for part in parts:
                    if isinstance(part, tuple):
                        found.append(part[1])
            return found
        finally:
            client.logout()

    def stop(self) -> None:
        """Stop Dovecot and remove its folder."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Dovecot:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def main() -> int:
    """Run Dovecot with the accounts given until SIGTERM or Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument(
        "--account",
        action="append",
        default=[],
        help="user:password, may be repeated",
    )
    arguments = parser.parse_args()
    server = Dovecot(arguments.port).start()
    for account in arguments.account:
        user, _, password = account.partition(":")
        server.add_account(user, password)
    print(f"IMAP {server.host} {server.port}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    try:
        while server.process is not None and server.process.poll() is None:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
