"""The intake of mail, composed from the one Settings for the API and the commands."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from api.auth.permissions import PORTAL_CLIENT_PERMISSIONS
from api.services import Services
from api.settings import Settings
from domain.application import Ledgerdesk
from inbound.intake import Intake


def build_intake(settings: Settings, domain: Ledgerdesk, engine: Engine) -> Intake:
    """The intake on these stores; a client it creates gets the portal's rights."""
    try:
        from outbound.mail_settings import use_key
    except ImportError:  # pragma: no cover - the settings arrive with outbound
        pass
    else:
        use_key(settings.mail_fernet_key)
    return Intake(
        domain,
        engine,
        upload_dir=settings.upload_dir,
        mail_domain=settings.mail_domain,
        client_permissions=list(PORTAL_CLIENT_PERMISSIONS),
        rate_limit=settings.mail_rate_limit,
    )


def intake_of(svc: Services) -> Intake:
    """The API's intake, made once per application."""
    found = svc.extras.get("intake")
    if found is None:
        found = svc.extras["intake"] = build_intake(
            svc.settings, svc.domain, svc.engine
        )
    return found  # type: ignore[no-any-return]


def start_fetch_thread(svc: Services) -> Any:
    """The IMAP fetcher as a thread of the serving process (the embedded default)."""
    from inbound.imap import Fetcher, start_thread

    return start_thread(Fetcher(intake_of(svc)), svc.settings.mail_fetch_interval)
