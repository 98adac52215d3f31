import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ActorName, ArchivedName, ClientName, Truncated, TicketDescription } from '@/components/display/badges';
import { DueDate, ExpiryBadge, TONE_COLOURS } from '@/components/display/due-date';
import { MessageLink, ObjectLink, RouteLink } from '@/components/display/route-link';
import { TRUNCATE } from '@/lib/truncate';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const now = new Date(2026, 10, 22, 12, 0);

describe('links to named routes', () => {
  it('builds {prefix}.show paths under /operator, with an optional hash', () => {
    inRouter(
      <>
        <RouteLink name="companies.show" id={4}>
          company
        </RouteLink>
        <RouteLink name="project.show" id={9} hash="notes">
          project
        </RouteLink>
        <RouteLink name="tickets.index">queue</RouteLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'company' })).toHaveAttribute('href', '/operator/companies/4');
    expect(screen.getByRole('link', { name: 'project' })).toHaveAttribute('href', '/operator/projects/9#notes');
    expect(screen.getByRole('link', { name: 'queue' })).toHaveAttribute('href', '/operator/tickets');
  });

  it('links a ticket-like object through its route prefix, tickets by default, and a message by #message-{id}', () => {
    inRouter(
      <>
        <ObjectLink object={{ id: 5 }}>plain</ObjectLink>
        <ObjectLink object={{ id: 6, route: 'ticket-templates' }}>template</ObjectLink>
        <MessageLink object={{ id: 5 }} messageId={77}>
          message
        </MessageLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'plain' })).toHaveAttribute('href', '/operator/tickets/5');
    expect(screen.getByRole('link', { name: 'template' })).toHaveAttribute('href', '/operator/tickets/templates/6');
    expect(screen.getByRole('link', { name: 'message' })).toHaveAttribute('href', '/operator/tickets/5#message-77');
  });
});

describe('due dates and expiry badges', () => {
  it('shows a past due date red, a future one orange and an empty one as a check mark', () => {
    render(
      <>
        <span data-testid="past">
          <DueDate value="2026-11-01" now={now} />
        </span>
        <span data-testid="future">
          <DueDate value="2026-12-01" now={now} />
        </span>
        <span data-testid="none">
          <DueDate value={null} now={now} />
        </span>
      </>,
    );
    expect(screen.getByText('01-11-2026')).toHaveStyle({ color: TONE_COLOURS.red });
    expect(screen.getByText('01-12-2026')).toHaveStyle({ color: TONE_COLOURS.orange });
    expect(screen.getByTestId('none')).toHaveTextContent('✓');
    expect(screen.getByTestId('none').firstElementChild).toHaveAttribute('data-tone', 'none');
  });

  it('shows an expiry red when past, orange within a month, green after that', () => {
    render(
      <>
        <ExpiryBadge value="2026-11-21" now={now} />
        <ExpiryBadge value="2026-12-20" now={now} />
        <ExpiryBadge value="2027-01-05" now={now} />
      </>,
    );
    expect(screen.getByText('21-11-2026')).toHaveStyle({ backgroundColor: TONE_COLOURS.red });
    expect(screen.getByText('20-12-2026')).toHaveStyle({ backgroundColor: TONE_COLOURS.orange });
    expect(screen.getByText('05-01-2027')).toHaveStyle({ backgroundColor: TONE_COLOURS.green });
  });
});

describe('archived records, truncation and actors', () => {
  it('strikes archived records through and leaves live ones alone', () => {
    render(
      <>
        <ArchivedName record={{ name: 'Old BV', archived_at: '2026-01-01T00:00:00Z' }} />
        <ArchivedName record={{ name: 'Live BV', archived_at: null }} />
      </>,
    );
    expect(screen.getByText('Old BV').closest('del')).not.toBeNull();
    expect(screen.getByText('Live BV').closest('del')).toBeNull();
  });

  it('cuts client names at 30, ticket descriptions at 50, other text at 35 or 10', () => {
    const long = 'x'.repeat(80);
    render(
      <>
        <span data-testid="client">
          <ClientName name={long} />
        </span>
        <span data-testid="description">
          <TicketDescription text={long} />
        </span>
        <span data-testid="text">
          <Truncated text={long} length={TRUNCATE.text} />
        </span>
        <span data-testid="short">
          <Truncated text={long} length={TRUNCATE.short} />
        </span>
        <span data-testid="fits">
          <ClientName name={'y'.repeat(30)} />
        </span>
      </>,
    );
    expect(screen.getByTestId('client')).toHaveTextContent(`${'x'.repeat(30)}…`);
    expect(screen.getByTestId('description')).toHaveTextContent(`${'x'.repeat(50)}…`);
    expect(screen.getByTestId('text')).toHaveTextContent(`${'x'.repeat(35)}…`);
    expect(screen.getByTestId('short')).toHaveTextContent(`${'x'.repeat(10)}…`);
    expect(screen.getByTestId('fits')).toHaveTextContent('y'.repeat(30));
    expect(screen.getByTestId('fits')).not.toHaveTextContent('…');
    expect(screen.getByTestId('client').firstElementChild).toHaveAttribute('title', long);
  });

  it('marks an operator with an operator badge and an unknown sender as external', () => {
    render(
      <>
        <span data-testid="operator">
          <ActorName actor={{ id: 1, full_name: 'Olga Operator', is_operator: 2 }} />
        </span>
        <span data-testid="client">
          <ActorName actor={{ id: 2, full_name: 'Carla Client', is_operator: 0 }} />
        </span>
        <span data-testid="external">
          <ActorName actor={null} externalSender="someone@example.org" />
        </span>
      </>,
    );
    expect(screen.getByTestId('operator')).toHaveTextContent('Olga Operator Operator');
    expect(screen.getByTestId('client')).toHaveTextContent('Carla Client');
    expect(screen.getByTestId('client')).not.toHaveTextContent('Operator');
    expect(screen.getByTestId('external')).toHaveTextContent('someone@example.org External sender');
  });
});
