#!/usr/bin/env bash
# Browser tests: a fresh seeded database, a real `ledgerdesk serve` on a free port,
# @playwright/test driving Debian's Chromium against it (ui/playwright.config.mjs); the
# server is always stopped. Arguments go to `playwright test`, e.g. a file name filter:
#   tests/e2e/run-browser-tests.sh page-fit
# The journeys run in file order on one worker while the page checks (page fit, layout
# shift, tap targets) share the other; the company merge waits for both, so its filter
# runs them too unless --no-deps is given:
#   tests/e2e/run-browser-tests.sh --no-deps company-merge
# Traces and screenshots of failures stay in test-artefacts/e2e/results.
#
# The mail journey's parts start here too, each on a free port and stopped after:
# Dovecot holding the client's mailbox (tests/support/dovecot.py), an SMTP server that
# delivers what the desk sends into that mailbox (tests/e2e/browser_mail.py relay; the
# server gets it as LEDGERDESK_SMTP_URL) and the desk's receiver (`ledgerdesk
# mail-receive`). The spec reads their ports from LEDGERDESK_E2E_* variables.
set -euo pipefail
cd "$(dirname "$0")/../.."

python=.venv/bin/python
[ -x "$python" ] || python=python3
[ -d .venv/bin ] && PATH="$PWD/.venv/bin:$PATH"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

work=$(mktemp -d)
pids=()
stop_all() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop_all EXIT

# waits until a log file has a line matching the pattern, or the process ended
await_line() {
  local pid=$1 file=$2 pattern=$3
  for _ in $(seq 1 150); do
    grep -qE "$pattern" "$file" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || { echo "--- $file ---"; cat "$file"; return 1; }
    sleep 0.2
  done
  echo "--- $file (no '$pattern' in 30 s) ---"; cat "$file"; return 1
}

port=$(free_port)
export LEDGERDESK_DATABASE_URL="sqlite:///$work/ledgerdesk.sqlite3"
export LEDGERDESK_UPLOAD_DIR="$work/uploads" LEDGERDESK_EXPORT_DIR="$work/exports"
export LEDGERDESK_MAIL_DIR="$work/mail"

# Two mailboxes: the client's and a colleague's the operator copies in. A Dovecot
# already running (LEDGERDESK_E2E_IMAP_PORT and both LEDGERDESK_E2E_MAIL_*ACCOUNT set)
# is used as it is; otherwise one starts here.
mail_account=${LEDGERDESK_E2E_MAIL_ACCOUNT:-client@demo.test:mailbox-secret}
cc_account=${LEDGERDESK_E2E_MAIL_CC_ACCOUNT:-colleague@demo.test:colleague-secret}
imap_port=${LEDGERDESK_E2E_IMAP_PORT:-}
if [ -z "$imap_port" ] && $python -c 'import tests.support.dovecot' 2>/dev/null; then
  $python -m tests.support.dovecot --account "$mail_account" --account "$cc_account" >"$work/dovecot.log" 2>&1 &
  pids+=($!)
  await_line $! "$work/dovecot.log" '^IMAP '
  imap_port=$(grep -m1 '^IMAP ' "$work/dovecot.log" | cut -d' ' -f3)
fi
if [ -n "$imap_port" ]; then
  relay_port=$(free_port)
  $python tests/e2e/browser_mail.py relay --port "$relay_port" --imap-port "$imap_port" --account "$mail_account" --account "$cc_account" >"$work/relay.log" 2>&1 &
  pids+=($!)
  await_line $! "$work/relay.log" '^ready'
  export LEDGERDESK_SMTP_URL="smtp://127.0.0.1:$relay_port"
  export LEDGERDESK_E2E_IMAP_PORT=$imap_port LEDGERDESK_E2E_MAIL_ACCOUNT=$mail_account LEDGERDESK_E2E_MAIL_CC_ACCOUNT=$cc_account
else
  echo "note: tests/support/dovecot.py is missing: the mail journey cannot run" >&2
fi

ledgerdesk seed --tenant demo >"$work/seed.log" 2>&1
ledgerdesk serve --host 127.0.0.1 --port "$port" >"$work/server.log" 2>&1 &
server=$!
pids+=($server)

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/system/status" >/dev/null 2>&1 && break
  if ! kill -0 $server 2>/dev/null; then cat "$work/server.log"; exit 1; fi
  sleep 0.2
done

if [ -n "${LEDGERDESK_SMTP_URL:-}" ] && ledgerdesk --help 2>/dev/null | grep -qw mail-receive; then
  # on a busy machine aiosmtpd's own start-up check may time out: up to three tries
  for attempt in 1 2 3; do
    receive_port=$(free_port)
    ledgerdesk mail-receive --host 127.0.0.1 --port "$receive_port" >"$work/receive.log" 2>&1 &
    receiver=$!
    pids+=($receiver)
    await_line $receiver "$work/receive.log" '^Receiving mail' && break
    [ "$attempt" = 3 ] && exit 1
  done
  export LEDGERDESK_E2E_RECEIVE_PORT=$receive_port
else
  echo "note: no 'ledgerdesk mail-receive' (or no Dovecot): the mail journey cannot run" >&2
fi
export LEDGERDESK_E2E_PYTHON=$python

LEDGERDESK_E2E_URL="http://localhost:$port" npm run --silent test:browser -- "$@" || {
  status=$?
  for log in server receive relay dovecot; do
    [ -f "$work/$log.log" ] && { echo "--- $log log ---"; tail -50 "$work/$log.log"; }
  done
  exit $status
}
