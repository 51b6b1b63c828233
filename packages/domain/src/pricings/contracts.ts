import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { pricingBodySchema } from '../deliberation/pricing-body';
import { idParamsSchema } from '../validation/fields';
import { pricingDetailSchema, pricingInForceQuerySchema } from './api';
import {
  legalBoundsEntrySchema,
  legalBoundsPayloadSchema,
  legalBoundsYearParamsSchema,
} from './legal-bounds';
import { pricingTableSchema } from './schemas';

const writeErrors = ['pricing_overlap', 'pricing_out_of_bounds'] as const;

/**
 * Pricing tables (docs/features/pricings.md): admins manage them; any signed-in user reads one and the one in force
 * (a host sees the tariffs their declarations are computed with).
 */
export const pricingsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/pricings',
    summary: 'Les grilles tarifaires, la plus récente d’abord, avec leur état (passée, en cours, à venir)',
    tags: ['pricings'],
    access: 'admin',
    response: z.array(pricingDetailSchema),
    errors: [],
  }),
  inForce: defineRoute({
    method: 'GET',
    path: '/pricings/in-force',
    summary: 'La grille qui couvre tout un mois (no_pricing_for_period sinon)',
    tags: ['pricings'],
    access: 'user',
    query: pricingInForceQuerySchema,
    response: pricingDetailSchema,
    errors: ['no_pricing_for_period'],
  }),
  publicInForce: defineRoute({
    method: 'GET',
    path: '/pricings/in-force/public',
    summary: 'Le simulateur public : la grille en vigueur aujourd’hui, sans rien d’autre que ses tarifs',
    tags: ['pricings'],
    access: 'public',
    response: pricingTableSchema,
    errors: ['no_pricing_for_period'],
  }),
  bounds: defineRoute({
    method: 'GET',
    path: '/pricings/bounds',
    summary:
      'Les limites légales de chaque année connue, fournies avec le produit ou saisies (decision 0107)',
    tags: ['pricings'],
    access: 'user',
    response: z.array(legalBoundsEntrySchema),
    errors: [],
  }),
  createBounds: defineRoute({
    method: 'POST',
    path: '/pricings/bounds',
    summary: 'Saisir les limites légales d’une nouvelle année',
    tags: ['pricings'],
    access: 'superadmin',
    body: legalBoundsPayloadSchema,
    response: legalBoundsEntrySchema,
    status: 201,
    errors: ['legal_bounds_exist'],
  }),
  updateBounds: defineRoute({
    method: 'PUT',
    path: '/pricings/bounds/:year',
    summary: 'Corriger les limites saisies d’une année qu’aucune grille n’utilise',
    tags: ['pricings'],
    access: 'superadmin',
    params: legalBoundsYearParamsSchema,
    body: legalBoundsPayloadSchema,
    response: legalBoundsEntrySchema,
    errors: ['not_found', 'legal_bounds_in_use', 'legal_bounds_shipped'],
  }),
  removeBounds: defineRoute({
    method: 'DELETE',
    path: '/pricings/bounds/:year',
    summary: 'Supprimer les limites saisies d’une année qu’aucune grille n’utilise',
    tags: ['pricings'],
    access: 'superadmin',
    params: legalBoundsYearParamsSchema,
    response: z.null(),
    errors: ['not_found', 'legal_bounds_in_use', 'legal_bounds_shipped'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/pricings/:id',
    summary: 'Une grille tarifaire et ses colonnes calculées',
    tags: ['pricings'],
    access: 'user',
    owns: 'shared',
    params: idParamsSchema,
    response: pricingDetailSchema,
    errors: ['not_found'],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/pricings',
    summary: 'Créer une grille (période sans chevauchement, tarifs dans les limites légales)',
    tags: ['pricings'],
    access: 'admin',
    body: pricingBodySchema,
    response: pricingDetailSchema,
    status: 201,
    errors: writeErrors,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/pricings/:id',
    summary: 'Remplacer une grille ; refusé s’il modifierait une déclaration terminée (pricing_in_use)',
    tags: ['pricings'],
    access: 'admin',
    params: idParamsSchema,
    body: pricingBodySchema,
    response: pricingDetailSchema,
    errors: ['not_found', 'pricing_in_use', ...writeErrors],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/pricings/:id',
    summary: 'Supprimer une grille qu’aucune déclaration terminée n’utilise',
    tags: ['pricings'],
    access: 'admin',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found', 'pricing_in_use'],
  }),
};
