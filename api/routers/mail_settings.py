"""GET/PUT /mail-settings: a tenant's SMTP server, mailbox and addresses;
POST /mail-settings/test queues a test mail through the outbox."""

from __future__ import annotations

from fastapi import APIRouter, status

from api.deps import ServicesDep, User, staff
from api.errors import invalid
from api.models.mail import MailSettingsIn, MailSettingsOut, TestMailIn, TestMailQueued
from domain.mail_settings import Server
from domain.use_cases.mail_settings import ChangeMailSettings
from outbound.mail_settings import encrypt, tenant_mail

router = APIRouter(prefix="/mail-settings", tags=["mail-settings"])


def _settings(svc: ServicesDep, tenant_id: str) -> MailSettingsOut:
    mail = tenant_mail(svc.engine, tenant_id, svc.settings.mail_fernet_key)
    smtp, imap = mail.smtp, mail.imap
    return MailSettingsOut(
        smtp_host=smtp.host if smtp else None,
        smtp_port=smtp.port if smtp else None,
        smtp_security=smtp.security if smtp else None,
        smtp_user=smtp.user if smtp else None,
        from_address=smtp.from_address if smtp else None,
        imap_host=imap.host if imap else None,
        imap_port=imap.port if imap else None,
        imap_security=imap.security if imap else None,  # type: ignore[arg-type]
        imap_user=imap.user if imap else None,
        imap_folder=imap.folder if imap else None,
        addresses=list(mail.addresses),
        unknown_senders=mail.unknown_senders,  # type: ignore[arg-type]
        smtp_password_set=mail.smtp_password_set,
        imap_password_set=mail.imap_password_set,
        default_smtp=smtp is None,
    )


def _server(kind: str, body: MailSettingsIn, key: bytes) -> Server | None:
    host = (getattr(body, f"{kind}_host") or "").strip()
    if not host:
        return None
    port = getattr(body, f"{kind}_port")
    security = getattr(body, f"{kind}_security")
    if port is None:
        raise invalid(f"{kind}_port", f"The {kind}_port field is required.")
    if security is None:
        raise invalid(f"{kind}_security", f"The {kind}_security field is required.")
    password = getattr(body, f"{kind}_password") or None
    return Server(
        host=host,
        port=port,
        security=security,
        user=getattr(body, f"{kind}_user"),
        password=encrypt(password, key) if password else None,
        from_address=body.from_address if kind == "smtp" else None,
        folder=body.imap_folder if kind == "imap" else None,
    )


@router.get("", response_model=MailSettingsOut, name="show")
def show(svc: ServicesDep, user: User = staff("settings.index")) -> MailSettingsOut:
    """The tenant's mail settings, without passwords."""
    return _settings(svc, user.tenant_id)


@router.put("", response_model=MailSettingsOut, name="update")
def change(
    body: MailSettingsIn, svc: ServicesDep, user: User = staff("settings.update")
) -> MailSettingsOut:
    """Replace the tenant's mail settings; passwords are stored encrypted."""
    key = svc.settings.mail_fernet_key
    svc.domain.mail.change(
        user.tenant_id,
        user.id,
        ChangeMailSettings(
            smtp=_server("smtp", body, key),
            imap=_server("imap", body, key),
            addresses=body.addresses,
            unknown_senders=body.unknown_senders,
        ),
    )
    svc.settle()
    return _settings(svc, user.tenant_id)


@router.post(
    "/test",
    response_model=TestMailQueued,
    status_code=status.HTTP_202_ACCEPTED,
    name="test",
)
def test_mail(
    body: TestMailIn, svc: ServicesDep, user: User = staff("settings.update")
) -> TestMailQueued:
    """Queue a test mail to `to` through the outbox, with the settings as saved."""
    request_id = svc.domain.mail.request_test(user.tenant_id, user.id, body.to)
    svc.settle()
    return TestMailQueued(id=request_id, status="queued")
