// The fields, facts and columns several record kinds share (every feature's kind.ts builds
// on them), so a company or client reads and links the same way on every page.
import type { OperatorKey } from '@/lib/i18n';
import type { Fact } from '@/components/display/record-facts';
import type { FormField, Rec, RecordKind } from './record-form';
import type { RecordKindRoute } from './api/resources';

export const companyField: FormField = { name: 'company_id', label: 'Company', type: 'record', relation: 'company', lookup: 'companies' };
/** A client of the company picked in the same form. */
export const clientField: FormField = { name: 'client_id', label: 'Client', type: 'record', relation: 'client', lookup: 'clients', byCompany: true };

export const companyFact: Fact = { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' };
export const clientFact: Fact = { label: 'Client', field: 'client', as: 'relation', route: 'clients.show' };
/** In a list the row itself links; its company is named, not linked. */
export const companyColumn: Fact = { label: 'Company', field: 'company', as: 'relation' };
export const clientColumn: Fact = { label: 'Client', field: 'client', as: 'relation' };
export const updatedFact: Fact = { label: 'Updated', field: 'updated_at', as: 'datetime' };
export const archivedFact: Fact = { label: 'Archived', field: 'archived_at', as: 'date' };

/** The relations a record's page reads with it (its company unless the kind says otherwise). */
export const detailRelations = (kind: RecordKind) => kind.withRelations ?? ['company'];

export const named = (r: Rec) => String(r.name ?? r.label ?? r.id);
export const described = (r: Rec) => String(r.description ?? r.name ?? r.id);

/** The interface languages a person can be written to in (SPEC §1). */
export const LANGUAGES: Record<string, OperatorKey> = { nl: 'Dutch', en: 'English', de: 'German' };

/** A setting list with its own pages (SLAs, prepaid cards): a name, its own fields and a default. */
export function settingKind(route: RecordKindRoute, model: OperatorKey, plural: OperatorKey, newTitle: OperatorKey, extra: FormField[], facts: Fact[]): RecordKind {
  return {
    route,
    model,
    plural,
    newTitle,
    show: `${route}.show`,
    versioned: false,
    permission: 'settings',
    label: named,
    order: ['order', 'asc'],
    searchField: 'label',
    withRelations: [],
    fields: [{ name: 'label', label: 'Name', type: 'text', required: true, maxLength: 200 }, ...extra, { name: 'is_default', label: 'Default', type: 'boolean' }],
    facts: [...facts, { label: 'Default', field: 'is_default', as: 'boolean' }],
    columns: [{ label: 'Name', field: 'label', as: 'text' }, ...facts],
  };
}
