import { defineRoute } from '../contracts/contract';
import { idParamsSchema } from '../validation/fields';
import {
  cessationPayloadSchema,
  closureParamsSchema,
  closurePayloadSchema,
  establishmentLifeSchema,
} from './life-schemas';

/**
 * The life of an establishment (docs/decisions/0148-establishment-lifecycle.md): its host or an admin enters
 * closures in advance and declares the cessation; only an admin reopens a ceased establishment.
 */
export const establishmentLifeApi = {
  get: defineRoute({
    method: 'GET',
    path: '/establishments/:id/life',
    summary: 'Ouverture, fermetures et cessation d’un établissement',
    tags: ['establishments'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    response: establishmentLifeSchema,
    errors: ['not_found'],
  }),
  addClosure: defineRoute({
    method: 'POST',
    path: '/establishments/:id/closures',
    summary: 'Saisir une période de fermeture (saison, travaux), avec son motif',
    tags: ['establishments'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    body: closurePayloadSchema,
    response: establishmentLifeSchema,
    status: 201,
    errors: ['not_found', 'closure_overlap', 'closure_declared', 'stays_on_nights', 'establishment_ceased'],
  }),
  removeClosure: defineRoute({
    method: 'DELETE',
    path: '/establishments/:id/closures/:closureId',
    summary: 'Supprimer une période de fermeture',
    tags: ['establishments'],
    access: 'user',
    owns: 'establishment',
    params: closureParamsSchema,
    response: establishmentLifeSchema,
    errors: ['not_found'],
  }),
  cease: defineRoute({
    method: 'PUT',
    path: '/establishments/:id/cessation',
    summary: 'Déclarer la cessation d’activité d’un établissement (date et motif)',
    tags: ['establishments'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    body: cessationPayloadSchema,
    response: establishmentLifeSchema,
    errors: ['not_found', 'cessation_declared', 'stays_on_nights'],
  }),
  reopen: defineRoute({
    method: 'DELETE',
    path: '/establishments/:id/cessation',
    summary: 'Rouvrir un établissement qui avait cessé son activité',
    tags: ['establishments'],
    access: 'admin',
    owns: 'establishment',
    params: idParamsSchema,
    response: establishmentLifeSchema,
    errors: ['not_found'],
  }),
};
