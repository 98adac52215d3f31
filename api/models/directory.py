"""Request and response models of the directory: companies, people, places,
search selectors and setting lists."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from api.schemas import CustomFieldOption, Named, Out, Preset


class CompanyIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    address_1: str | None = Field(None, max_length=200)
    city: str | None = Field(None, max_length=100)
    country: str | None = Field(None, max_length=100)
    email: str | None = Field(None, max_length=254)
    phone: str | None = Field(None, max_length=50)
    postal_code: str | None = Field(None, max_length=20)
    vat_number: str | None = Field(None, max_length=20)
    kvk_number: str | None = Field(None, max_length=8)
    electronic_address_scheme: str | None = Field(
        None, max_length=4, description="Peppol EAS: 0106, 9944, 0088, 0190 or EM"
    )
    electronic_address_id: str | None = Field(None, max_length=100)
    archived_at: str | None = None


class CompanyRecord(BaseModel):
    id: str
    name: str
    address_1: str | None
    city: str | None
    country: str | None
    email: str | None
    phone: str | None
    postal_code: str | None = None
    vat_number: str | None = None
    kvk_number: str | None = None
    electronic_address_scheme: str | None = None
    electronic_address_id: str | None = None
    archived_at: str | None
    merged_into: str | None
    version: int
    created_at: str | None
    updated_at: str | None


class MergeIn(BaseModel):
    ids: list[str] = Field(min_length=2, max_length=100)


class MovedRecords(BaseModel):
    """How many records of each kind a merged company hands to the survivor."""

    clients: int
    tickets: int
    quotes: int
    contracts: int
    subscriptions: int
    assets: int
    invoices: int
    deals: int
    projects: int
    used_products: int
    locations: int
    ticket_groups: int


class MergedCompany(BaseModel):
    id: str
    name: str
    records: MovedRecords


class MergePreview(BaseModel):
    survivor: Named
    merged: list[MergedCompany]


class PersonIn(BaseModel):
    email: str | None = Field(None, max_length=254)
    first_name: str | None = Field(None, max_length=100)
    last_name: str | None = Field(None, max_length=100)
    is_operator: int | None = None
    company_ids: list[str] | None = None
    role: str | None = Field(None, max_length=100)
    permissions: list[str] | None = None
    language: str | None = Field(None, max_length=2)


class PersonRecord(BaseModel):
    """A client (is_operator 0) or an operator (1 first line, 2 second line)."""

    id: str
    full_name: str
    first_name: str
    last_name: str
    email: str
    is_operator: int
    role: str
    language: str
    active: bool
    gravatar: str
    companies: list[Named]
    version: int


class IdentityIn(BaseModel):
    tid: str = Field(min_length=1, max_length=100)
    oid: str = Field(min_length=1, max_length=100)
    issuer: str | None = Field(None, max_length=300)


class Identity(BaseModel):
    issuer: str
    tid: str
    oid: str


class IdentityLink(BaseModel):
    id: str
    identity: Identity


class PlaceIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    company_id: str | None = None
    address_1: str | None = Field(None, max_length=200)
    city: str | None = Field(None, max_length=100)
    archived_at: str | None = None


class TicketGroup(BaseModel):
    id: str
    name: str
    company_id: str | None
    company: Named | None
    archived_at: str | None
    version: int


class Location(TicketGroup):
    address_1: str | None
    city: str | None


class FoundRecord(BaseModel):
    """A record a search selector found; the keys its kind has are present."""

    id: str
    label: str | None
    name: str | None = None
    full_name: str | None = None
    email: str | None = None
    reference: str | None = None
    description: str | None = None
    city: str | None = None
    company_id: str | None = None
    company: Named | None = None
    company_ids: list[str] | None = None
    archived_at: str | None = None
    is_operator: int | None = None


class FoundProduct(Out):
    """A product of the products list, with whatever else its item holds."""

    id: int
    product_code: str
    product_name: str


class OrderIn(BaseModel):
    order: int | list[int] = Field(
        description="the 1-based position to move the item to, or every id in order"
    )


class SettingItem(BaseModel):
    """What every setting-list item has; a kind adds its own fields (and any
    custom ones it was given are kept)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: int
    label: str
    name: str
    order: int
    is_default: bool


class SettingItemIn(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    label: str | None = Field(None, max_length=200)
    name: str | None = Field(None, max_length=200)
    is_default: bool | None = None


class SlaTargets(BaseModel):
    """Business minutes to the first response and to the resolution."""

    model_config = ConfigDict(extra="forbid")

    response_minutes: int | None = Field(None, ge=1)
    resolution_minutes: int | None = Field(None, ge=1)


Weekday = Literal[
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"
]
HolidayCountry = Literal["NL", "BE", "DE"]
PausingStatus = Literal["open", "waiting_for_reply", "got_reply", "scheduled"]
Text = (str, 200)
Number = (int | float | str, None)
KIND_FIELDS: dict[str, dict[str, tuple[Any, int | None]]] = {
    "activities": {},
    "asset_categories": {},
    "asset_statuses": {"type": (int, None)},
    "business_hour_contracts": {
        "from": (str, 5),
        "to": (str, 5),
        "time_zone": (str, 64),
        "hours": (dict[Weekday, list[tuple[str, str]]], None),
        "holiday_countries": (list[HolidayCountry], None),
        "holidays": (list[str], None),
    },
    "categories": {},
    "countries": {"code": (str, 3)},
    "contract_periods": {"value": Text},
    "custom_fields": {
        "type": (int, None),
        "morphable_type": (str, 40),
        "required": (bool, None),
        "title": Text,
        "options": (list[CustomFieldOption], None),
    },
    "prepaid_cards": {
        "hours": Number,
        "price": Number,
        "description": Text,
        "quantity": (int, None),
    },
    "priorities": {"style": (str, 50)},
    "products": {"product_code": (str, 100)},
    "roles": {"for": (str, 20)},
    "services": {},
    "slas": {
        "response_hours": (int, None),
        "calendar_id": (int, None),
        "default_targets": (SlaTargets, None),
        "priority_targets": (dict[int, SlaTargets], None),
        "pause_statuses": (list[PausingStatus], None),
        "warn_percent": (int, None),
        "company_ids": (list[str], None),
        "contract_ids": (list[str], None),
    },
    "ticket_statuses": {
        "type": (int, None),
        "name_client": Text,
        "style": (str, 50),
        "style_client": (str, 50),
    },
    "ticket_sources": {},
    "ticket_types": {},
    "subscription_periods": {"value": Text},
    "operator_types": {"is_operator": (int, None)},
}
"""Per list kind, the fields its items carry beside label, order and is_default:
(type, longest text)."""
SENT_AS = {"prepaid_cards": {"hours": int | str, "price": str}}
"""What the desk keeps of a field it normalises: a card's hours and price."""
SINGULAR = {
    "activities": "Activity",
    "asset_categories": "AssetCategory",
    "asset_statuses": "AssetStatus",
    "business_hour_contracts": "BusinessHourContract",
    "categories": "Category",
    "countries": "Country",
    "custom_fields": "CustomField",
    "operator_types": "OperatorType",
    "priorities": "Priority",
    "slas": "SLA",
    "ticket_statuses": "TicketStatus",
}


def singular(kind: str) -> str:
    """The model name stem of a kind: ticket_statuses is TicketStatus."""
    if kind in SINGULAR:
        return SINGULAR[kind]
    return "".join(part.capitalize() for part in kind.removesuffix("s").split("_"))


def _python_name(name: str) -> str:
    return f"{name}_" if name in ("for", "from") else name


def _item_models(kind: str) -> tuple[type[SettingItem], type[SettingItemIn]]:
    fields = KIND_FIELDS[kind]
    kept = SENT_AS.get(kind, {})
    shown: dict[str, Any] = {}
    taken: dict[str, Any] = {}
    for name, (kind_type, longest) in fields.items():
        alias: dict[str, Any] = {"alias": name} if _python_name(name) != name else {}
        shown[_python_name(name)] = (
            kept.get(name, kind_type) | None,
            Field(None, **alias),
        )
        if longest:
            alias["max_length"] = longest
        taken[_python_name(name)] = (kind_type | None, Field(None, **alias))
    stem = singular(kind)
    item = create_model(f"{stem}Item", __base__=SettingItem, **shown)
    item_in = create_model(f"{stem}ItemIn", __base__=SettingItemIn, **taken)
    return item, item_in


SETTING_MODELS = {kind: _item_models(kind) for kind in KIND_FIELDS}
"""Per list kind, its item model and the model of a create or update body."""


class LookupItem(BaseModel):
    """A setting-list item as the lookups loaded at sign-in give it."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: int
    label: str
    order: int
    is_default: bool


def _lookup_model(kind: str) -> type[LookupItem]:
    shown: dict[str, Any] = {}
    for name, (kind_type, _) in KIND_FIELDS[kind].items():
        alias: dict[str, Any] = {"alias": name} if _python_name(name) != name else {}
        kept = SENT_AS.get(kind, {}).get(name, kind_type)
        shown[_python_name(name)] = (kept | None, Field(None, **alias))
    return create_model(f"{singular(kind)}Lookup", __base__=LookupItem, **shown)


class PrepaidCardLookup(BaseModel):
    id: int
    label: str
    description: str | None
    hours: float | None
    price: float | None
    quantity: int


class CustomFieldLookup(BaseModel):
    id: int
    name: str | None
    type: int
    morphable_type: str | None
    title: str
    order: int
    required: bool
    options: list[CustomFieldOption]


class TenantConfig(BaseModel):
    name: str
    value: str
    input_type: str


class OperatorLookup(BaseModel):
    id: str
    full_name: str
    is_operator: int


class UserConfig(BaseModel):
    name: str
    value: str


class SignedInUser(BaseModel):
    """The signed-in user: permissions, modules and saved table layouts."""

    id: str
    full_name: str
    first_name: str
    last_name: str
    email: str
    is_operator: int
    company: Named | None
    permissions_names: list[str]
    modules: dict[str, bool]
    configs: list[UserConfig]
    categories: list[LookupItem]
    language: str


LOOKUP_KINDS = (
    "activities",
    "asset_categories",
    "asset_statuses",
    "business_hour_contracts",
    "categories",
    "countries",
    "contract_periods",
    "priorities",
    "products",
    "roles",
    "services",
    "slas",
    "ticket_sources",
    "ticket_types",
    "subscription_periods",
    "operator_types",
)
"""The setting lists the lookups give as they are kept."""
TicketStatusItem = SETTING_MODELS["ticket_statuses"][0]
_LOOKUP_FIELDS: dict[str, Any] = {
    "ticket_statuses": list[TicketStatusItem],  # type: ignore[valid-type]
    "prepaid_cards": list[PrepaidCardLookup],
    "custom_fields": list[CustomFieldLookup],
    "configs": list[TenantConfig],
    "permissions": list[str],
    "operators": list[OperatorLookup],
    "table_presets": list[Preset],
    **{kind: list[_lookup_model(kind)] for kind in LOOKUP_KINDS},  # type: ignore[misc]
}
SignInLookups = create_model(
    "SignInLookups",
    __doc__="Every lookup list the portal and the workspace load at sign-in.",
    **{name: (kind, ...) for name, kind in _LOOKUP_FIELDS.items()},  # type: ignore[call-overload]
)
