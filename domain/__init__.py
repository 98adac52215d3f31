"""The Ledgerdesk domain: event-sourced aggregates and their application."""
