"""The one application object: the store of every tenant and its use cases."""

from __future__ import annotations

from collections.abc import Mapping

from domain.store import Store
from domain.use_cases.assets import Assets
from domain.use_cases.contracts import Contracts
from domain.use_cases.deals import Deals
from domain.use_cases.drafts import Drafts
from domain.use_cases.invoices import Invoices
from domain.use_cases.invoicing import Invoicing
from domain.use_cases.mail_settings import MailSettingsUseCase
from domain.use_cases.messages import Messages
from domain.use_cases.organisations import Organisations
from domain.use_cases.quotes import Quotes
from domain.use_cases.settings import Settings
from domain.use_cases.subscriptions import Subscriptions
from domain.use_cases.tenants import Tenants
from domain.use_cases.tickets import Tickets
from domain.use_cases.timekeeping import Timekeeping
from domain.use_cases.users import Users


class Ledgerdesk(Store):
    """The event store of every tenant, and one object per use-case context.

    Configured by an eventsourcing environment (PERSISTENCE_MODULE and the
    database settings); the domain itself knows nothing of the database. Each
    use-case object holds the store and the others whose rules it calls.
    """

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        super().__init__(env)
        self.tenants = Tenants(self)
        self.settings = Settings(self)
        self.drafts = Drafts(self, self.settings)
        self.organisations = Organisations(self, self.drafts)
        self.users = Users(self, self.tenants, self.organisations)
        self.tickets = Tickets(self, self.settings, self.users)
        self.messages = Messages(self, self.settings)
        self.time = Timekeeping(self, self.settings)
        self.assets = Assets(self, self.settings, self.users)
        self.quotes = Quotes(self, self.settings, self.users)
        self.contracts = Contracts(self, self.settings, self.users)
        self.invoices = Invoices(self, self.settings, self.users)
        self.subscriptions = Subscriptions(self, self.users)
        self.deals = Deals(self, self.users)
        self.invoicing = Invoicing(self, self.drafts)
        self.mail = MailSettingsUseCase(self)
