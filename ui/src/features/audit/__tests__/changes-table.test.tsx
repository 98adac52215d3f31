import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ChangesTable } from '../components/changes-table';

describe('the table of changed fields', () => {
  it('heads the value columns as told and shows each field from and to', () => {
    render(
      <ChangesTable
        changes={{ status_id: { from: 1, to: 2 }, 'acceptance.name': { from: null, to: 'Anna' }, archived: { from: false, to: true } }}
        caption="Version 1 against version 2"
        headings={{ from: 'Before', to: 'After' }}
      />,
    );

    const table = screen.getByRole('table', { name: 'Version 1 against version 2' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Field', 'Before', 'After']);
    const cells = (field: string) => within(within(table).getByRole('row', { name: new RegExp(field) })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('status_id')).toEqual(['1', '2']);
    expect(cells('acceptance\\.name')).toEqual(['—', 'Anna']);
    expect(cells('archived')).toEqual(['No', 'Yes']);
  });

  it('keeps a hidden caption as the table name for screen readers', () => {
    render(<ChangesTable changes={{ name: { from: 'a', to: 'b' } }} caption="What changed in version 2" captionHidden headings={{ from: 'From', to: 'To' }} />);

    const table = screen.getByRole('table', { name: 'What changed in version 2' });
    expect(table.querySelector('caption')).toHaveClass('visually-hidden');
  });
});
