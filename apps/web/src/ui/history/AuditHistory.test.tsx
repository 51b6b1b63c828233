import type { AuditEntry } from '@sejour/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { elapse } from '../../../test/timers';
import { AuditHistory } from './AuditHistory';

const base = {
  at: '2026-06-14T08:30:00.000Z',
  actorId: 7,
  actorName: 'gite-du-lac',
  actorRole: 'host',
  ip: null,
} as const;

const entries: AuditEntry[] = [
  {
    ...base,
    id: 3,
    action: 'create',
    entity: 'stay',
    entityRef: 41,
    entityLabel: 'Gîte du Lac — séjour du 10/06/2026 au 13/06/2026',
    changes: {
      price: { from: null, to: 30000 },
      arrival: { from: null, to: '2026-06-10' },
      departure: { from: null, to: '2026-06-13' },
    },
  },
  {
    ...base,
    id: 2,
    action: 'import',
    entity: 'stay',
    entityRef: null,
    entityLabel: 'Gîte du Lac — import de 120 séjours',
    changes: { stayCount: { from: null, to: 120 } },
  },
  {
    ...base,
    id: 1,
    action: 'update',
    entity: 'establishment',
    entityRef: 5,
    entityLabel: 'Gîte du Lac',
    changes: { city: { from: 'Metz', to: 'Nancy' } },
  },
];

afterEach(() => vi.useRealTimers());

const text = (element: Element) => element.textContent?.replace(/\s/g, ' ');

describe('AuditHistory', () => {
  it('an establishment’s history says which entries are about a stay of its register, in French', async () => {
    renderUi(
      <AuditHistory
        entity="establishment"
        queryKey={['history-test']}
        fetchPage={async () => ({ data: entries, meta: { total: 3, limit: 10, offset: 0 } })}
      />,
    );
    const [created, imported, own] = await screen.findAllByTestId('audit-entry');
    expect(text(created!)).toContain('Création — Séjour — Gîte du Lac — séjour du 10/06/2026 au 13/06/2026');
    // The stay's fields in the order of its form, its price in euros.
    expect(text(created!)).toMatch(/Arrivée : 10\/06\/2026.*Départ : 13\/06\/2026.*Prix HT : 300,00 €/);
    expect(text(imported!)).toContain('Import — Séjour — Gîte du Lac — import de 120 séjours');
    expect(text(imported!)).toContain('Séjours : 120');
    // Its own entries need no such name.
    expect(text(own!)).toMatch(/^Modification — /);
    expect(text(own!)).toContain('Commune : Metz → Nancy');
  });

  it('asks for its page once the screen it came with has been painted', async () => {
    vi.useFakeTimers();
    const fetchPage = vi.fn(async () => ({ data: entries, meta: { total: 3, limit: 10, offset: 0 } }));
    renderUi(<AuditHistory queryKey={['history-after-paint']} fetchPage={fetchPage} />);
    await act(async () => undefined);
    expect(fetchPage).not.toHaveBeenCalled();
    await elapse(20);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(screen.getAllByTestId('audit-entry')).toHaveLength(3);
  });
});
