#!/usr/bin/env bash
# Browser tests: a fresh seeded database, a real `ledgerdesk serve` on a free port,
# @playwright/test driving Debian's Chromium against it (ui/playwright.config.mjs); the
# server is always stopped. Arguments go to `playwright test`, e.g. a file name filter:
#   tests/e2e/run-browser-tests.sh page-fit
# Traces and screenshots of failures stay in test-artefacts/e2e/results.
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export LEDGERDESK_DATABASE_URL="sqlite:///$work/ledgerdesk.sqlite3"
export LEDGERDESK_UPLOAD_DIR="$work/uploads" LEDGERDESK_EXPORT_DIR="$work/exports"
export LEDGERDESK_MAIL_DIR="$work/mail"

ledgerdesk seed --tenant demo >"$work/seed.log" 2>&1
ledgerdesk serve --host 127.0.0.1 --port "$port" >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/system/status" >/dev/null 2>&1 && break
  if ! kill -0 $server 2>/dev/null; then cat "$work/server.log"; exit 1; fi
  sleep 0.2
done

LEDGERDESK_E2E_URL="http://localhost:$port" npm run --silent test:browser -- "$@" || {
  status=$?; echo "--- server log ---"; tail -50 "$work/server.log"; exit $status; }
