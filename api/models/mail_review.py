"""Bodies and answers of the review queue of mail from unknown senders."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from api.models.tickets import RecordId


class HeldMailAccept(BaseModel):
    """Under which client (an existing one) or company (a new client) to take it in."""

    model_config = ConfigDict(extra="forbid")

    company_id: RecordId = Field(None, max_length=64)
    client_id: RecordId = Field(None, max_length=64)


class HeldMail(BaseModel):
    """A held mail: who sent it to whom, when, about what, and a suggested company."""

    model_config = ConfigDict(populate_by_name=True)

    id: str
    from_: str = Field(alias="from")
    from_name: str
    to: list[str]
    subject: str
    date: str | None
    preview: str
    company_id: str | None


class HeldMailPage(BaseModel):
    data: list[HeldMail]


class Accepted(BaseModel):
    """What the accepted mail became: a new ticket or a reply on one."""

    outcome: str
    ticket_id: str | None
    message_id: str | None
