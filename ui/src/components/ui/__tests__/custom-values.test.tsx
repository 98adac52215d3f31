import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CustomValues } from '../custom-values';

describe('custom values', () => {
  it('titles values by their definitions, shows option labels and dates, and skips empty ones', () => {
    render(
      <CustomValues
        values={[
          { custom_field: 'po', value: 'PO-12' },
          { custom_field: 'site', value: 'ams' },
          { custom_field: 'due', value: '2026-12-01' },
          { custom_field: 'empty', value: '' },
        ]}
        defs={[
          { id: 1, name: 'site', type: 1, morphable_type: 'Quote', title: 'Site', order: 2, options: [{ name: 'ams', label: 'Amsterdam' }], required: false },
          { id: 2, name: 'po', type: 0, morphable_type: 'Quote', title: 'Purchase order', order: 1, required: false, options: [] },
          { id: 3, name: 'due', type: 2, morphable_type: 'Quote', title: 'Due', order: 3, required: false, options: [] },
        ]}
      />,
    );
    expect(screen.getByText('Purchase order').nextSibling).toHaveTextContent('PO-12');
    expect(screen.getByText('Site').nextSibling).toHaveTextContent('Amsterdam');
    expect(screen.getByText('Due').nextSibling).toHaveTextContent('01-12-2026');
    expect(screen.queryByText('empty')).not.toBeInTheDocument();
  });
});
