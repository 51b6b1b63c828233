import { z } from 'zod';
import { defineRoute } from '../contracts/contract';

/**
 * How many reports wait for a decision: the side bar's badge. On its own module, with no schema of the
 * reports: the shell loads it on every screen.
 */
export const reportCountRoute = defineRoute({
  method: 'GET',
  path: '/reports/count',
  summary: 'Le nombre de demandes en attente d’une décision (le badge de la barre latérale)',
  tags: ['reports'],
  access: 'admin',
  response: z.object({ pending: z.number().int().min(0) }),
  errors: [],
});
