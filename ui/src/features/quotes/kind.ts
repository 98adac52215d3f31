import type { Rec, RecordKind } from '@/components/records/record-form';
import { clientFact, clientField, companyFact, companyField, updatedFact } from '@/components/records/kind-parts';
import { draftQuote, type NewQuote } from './api/draft-quote';

/** A quote's operator facts and form: only a concept's name changes afterwards; its lines have their own form. */
export const quoteKind: RecordKind = {
  route: 'quotes',
  model: 'Quote',
  plural: 'Quotes',
  newTitle: 'New quote',
  show: 'quotes.show',
  versioned: false,
  deletable: false,
  label: (r) => String(r.label ?? r.name ?? r.id),
  createLabel: 'Create quote',
  create: (body) => draftQuote(body as NewQuote) as unknown as Promise<Rec>,
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { ...companyField, only: 'create' },
    { ...clientField, only: 'create' },
  ],
  facts: [{ label: 'Name', field: 'name', as: 'text' }, companyFact, clientFact, { label: 'Total', field: 'total', as: 'money' }, updatedFact],
};
