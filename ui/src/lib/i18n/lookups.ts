// The built-in lookup labels the API sends in English (ticket statuses for operators and
// clients, priorities, ticket types and sources, asset statuses, periods, operator lines,
// roles), in nl and de; English shows them as sent, a period capitalised. A tenant's own
// labels (categories, activities, products) are its words and stay as they are.
export const lookupsEn: Record<string, string> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
  client: 'Client',
  'first line': 'First line',
  'second line': 'Second line',
};

export const lookupsNl: Record<string, string> = {
  // ticket statuses, as operators and as clients see them
  Open: 'Open',
  'Waiting for reply': 'Wacht op antwoord',
  'Waiting for you': 'Wacht op jou',
  'Got reply': 'Antwoord ontvangen',
  'In progress': 'In behandeling',
  Scheduled: 'Ingepland',
  Closed: 'Gesloten',
  Archived: 'Gearchiveerd',
  // priorities
  Low: 'Laag',
  Normal: 'Normaal',
  High: 'Hoog',
  Urgent: 'Urgent',
  // ticket types and sources
  Incident: 'Incident',
  'Service request': 'Serviceverzoek',
  Change: 'Wijziging',
  Question: 'Vraag',
  Problem: 'Probleem',
  Portal: 'Portaal',
  Email: 'E-mail',
  Phone: 'Telefoon',
  // asset statuses
  Quoted: 'Geoffreerd',
  Ordered: 'Besteld',
  'In stock': 'Op voorraad',
  Active: 'Actief',
  Inactive: 'Inactief',
  // periods
  month: 'Maand',
  quarter: 'Kwartaal',
  year: 'Jaar',
  monthly: 'Maandelijks',
  quarterly: 'Per kwartaal',
  yearly: 'Jaarlijks',
  // operator lines and roles
  'First line': 'Eerste lijn',
  'Second line': 'Tweede lijn',
  'first line': 'Eerste lijn',
  'second line': 'Tweede lijn',
  client: 'Klant',
};

export const lookupsDe: Record<string, string> = {
  Open: 'Offen',
  'Waiting for reply': 'Wartet auf Antwort',
  'Waiting for you': 'Wartet auf Sie',
  'Got reply': 'Antwort erhalten',
  'In progress': 'In Bearbeitung',
  Scheduled: 'Eingeplant',
  Closed: 'Geschlossen',
  Archived: 'Archiviert',
  Low: 'Niedrig',
  Normal: 'Normal',
  High: 'Hoch',
  Urgent: 'Dringend',
  Incident: 'Störung',
  'Service request': 'Serviceanfrage',
  Change: 'Änderung',
  Question: 'Frage',
  Problem: 'Problem',
  Portal: 'Portal',
  Email: 'E-Mail',
  Phone: 'Telefon',
  Quoted: 'Angeboten',
  Ordered: 'Bestellt',
  'In stock': 'Auf Lager',
  Active: 'Aktiv',
  Inactive: 'Inaktiv',
  month: 'Monat',
  quarter: 'Quartal',
  year: 'Jahr',
  monthly: 'Monatlich',
  quarterly: 'Vierteljährlich',
  yearly: 'Jährlich',
  'First line': 'Erste Ebene',
  'Second line': 'Zweite Ebene',
  'first line': 'Erste Ebene',
  'second line': 'Zweite Ebene',
  client: 'Kunde',
};

/** The lookup lists whose labels are built in (not a tenant's own words). */
export const BUILT_IN_LOOKUPS = [
  'ticket_statuses',
  'priorities',
  'ticket_types',
  'ticket_sources',
  'asset_statuses',
  'contract_periods',
  'subscription_periods',
  'operator_types',
  'roles',
] as const;

/** The fields of a lookup item that hold a label to show. */
export const LABEL_FIELDS = ['label', 'name', 'name_client'] as const;
