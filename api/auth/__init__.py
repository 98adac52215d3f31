"""Sign-in: sessions, rotating refresh tokens, throttling, resets, single sign-on."""
