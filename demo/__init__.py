"""The demo tenant behind `ledgerdesk seed` and `make demo`, with its fixed logins."""
