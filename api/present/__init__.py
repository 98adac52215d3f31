"""Read-model rows shaped as the portal contract's JSON."""
