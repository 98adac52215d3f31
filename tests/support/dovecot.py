"""A throw-away Dovecot IMAP server for the tests (bench/dovecot.py, which the
bench uses too). As a script, for the browser harness:

    python -m tests.support.dovecot --account desk@demo.test:secret [--port P]

prints `IMAP 127.0.0.1 PORT` once it answers and runs until stopped (SIGTERM).
"""

from __future__ import annotations

from bench.dovecot import Dovecot, available, free_port, main

__all__ = ["Dovecot", "available", "free_port", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
