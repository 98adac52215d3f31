"""GET /mail-review: mail from unknown senders held for an operator;
POST /mail-review/{id}/accept and /reject decide on one. Operators only."""

from __future__ import annotations

from fastapi import APIRouter, status

from api.deps import ServicesDep, User, staff
from api.mail_intake import intake_of
from api.models.mail_review import Accepted, HeldMail, HeldMailAccept, HeldMailPage
from inbound import review

router = APIRouter(prefix="/mail-review", tags=["mail-review"])


@router.get("", response_model=HeldMailPage, name="list", response_model_by_alias=True)
def held(svc: ServicesDep, user: User = staff("tickets.store")) -> HeldMailPage:
    """The held mail of the tenant, oldest first."""
    found = review.held_mail(intake_of(svc), user.tenant_id)
    return HeldMailPage(
        data=[
            HeldMail.model_validate(
                {
                    "id": h.id,
                    "from": h.sender,
                    "from_name": h.sender_name,
                    "to": h.recipients,
                    "subject": h.subject,
                    "date": h.date,
                    "preview": h.preview,
                    "company_id": h.company_id,
                }
            )
            for h in found
        ]
    )


@router.post(
    "/{held_id}/accept",
    response_model=Accepted,
    status_code=status.HTTP_200_OK,
    name="accept",
)
def accept(
    held_id: str,
    svc: ServicesDep,
    body: HeldMailAccept | None = None,
    user: User = staff("tickets.store"),
) -> Accepted:
    """Take the mail in: under the client named, else a new client of the company."""
    body = body or HeldMailAccept.model_validate({})
    outcome = review.accept(
        intake_of(svc),
        user.tenant_id,
        user.id,
        held_id,
        company_id=body.company_id,
        client_id=body.client_id,
    )
    svc.settle()
    return Accepted(
        outcome=outcome.kind,
        ticket_id=outcome.ticket_id,
        message_id=outcome.message_id,
    )


@router.post(
    "/{held_id}/reject",
    status_code=status.HTTP_204_NO_CONTENT,
    name="reject",
)
def reject(held_id: str, svc: ServicesDep, user: User = staff("tickets.store")) -> None:
    """Drop the mail; it is never taken in again."""
    review.reject(intake_of(svc), user.tenant_id, user.id, held_id)
