"""The Ledgerdesk HTTP API, its command line and its composition root."""
