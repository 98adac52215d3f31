"""The portal's writes: each calls the domain, then waits for the read model."""
