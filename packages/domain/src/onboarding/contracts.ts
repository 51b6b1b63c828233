import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { onboardingLineSchema } from './lines';

const tags = ['onboarding'];

/** Lines the browser sends at once: a batch is one transaction, short enough to hold its locks briefly. */
export const ONBOARDING_BATCH_SIZE = 500;
/** The most lines one request may carry. */
export const ONBOARDING_BATCH_MAX = 1000;
/** Providers invited per request (the browser sends a larger import's in several). */
export const ONBOARDING_INVITATIONS_MAX = 1000;

/** `POST onboarding/import`: one batch of a file's lines, checked and written in one transaction. */
export const onboardingImportSchema = z.object({
  lines: z
    .array(onboardingLineSchema)
    .min(1, { error: 'Le fichier ne contient aucune ligne.' })
    .max(ONBOARDING_BATCH_MAX, {
      error: `Un envoi compte au plus ${ONBOARDING_BATCH_MAX} lignes : envoyez le fichier en plusieurs fois.`,
    }),
  /** Reads and checks everything against the database as the real run would, then writes nothing. */
  dryRun: z.boolean().default(false),
});
export type OnboardingImport = z.output<typeof onboardingImportSchema>;
export type OnboardingImportInput = z.input<typeof onboardingImportSchema>;

/** What became of a provider or an establishment of a line. */
export const ONBOARDING_OUTCOMES = ['created', 'existing'] as const;
/**
 * What an existing row was recognised by: its SIRET or e-mail (providers), registration number or owner, name
 * and address (establishments), or an earlier line of the same file (`line`).
 */
export const ONBOARDING_MATCHES = ['siret', 'email', 'numero', 'name', 'line'] as const;
export type OnboardingMatch = (typeof ONBOARDING_MATCHES)[number];

const partSchema = z.object({
  outcome: z.enum(ONBOARDING_OUTCOMES),
  /** The row's id (`null` on a dry run for a row that would be created). */
  id: z.number().int().nullable(),
  /** Set for an existing row. */
  matchedBy: z.enum(ONBOARDING_MATCHES).nullable(),
  /** For `matchedBy: 'line'`: the earlier line. */
  matchedLine: z.number().int().nullable(),
});
export type OnboardingPart = z.infer<typeof partSchema>;

export const onboardingLineResultSchema = z.object({
  line: z.number().int(),
  /**
   * `created`: the line created something; `existing`: everything it names was there already; `error`: the
   * line is refused (nothing of it written), for the `errors` given.
   */
  status: z.enum(['created', 'existing', 'error']),
  provider: partSchema.nullable(),
  establishment: partSchema.nullable(),
  /** French reasons of a refused line, each naming its column. */
  errors: z.array(z.string()),
});
export type OnboardingLineResult = z.infer<typeof onboardingLineResultSchema>;

export const onboardingImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** One per line sent, in their order. */
  lines: z.array(onboardingLineResultSchema),
  providersCreated: z.number().int(),
  establishmentsCreated: z.number().int(),
  existing: z.number().int(),
  refused: z.number().int(),
});
export type OnboardingImportResult = z.infer<typeof onboardingImportResultSchema>;

/** `POST onboarding/invitations`: the providers of an import to send their activation link. */
export const onboardingInvitationsSchema = z.object({
  userIds: z
    .array(z.number().int().min(1).max(2_147_483_647))
    .min(1, { error: 'Aucun hébergeur à inviter.' })
    .max(ONBOARDING_INVITATIONS_MAX),
});
export type OnboardingInvitations = z.infer<typeof onboardingInvitationsSchema>;

export const onboardingInvitationsResultSchema = z.object({
  /** Activation mails queued now. */
  invited: z.number().int(),
  /** Providers left out: activated, archived, invited already, or not providers. */
  skipped: z.number().int(),
});
export type OnboardingInvitationsResult = z.infer<typeof onboardingInvitationsResultSchema>;

export const onboardingApi = {
  import: defineRoute({
    method: 'POST',
    path: '/onboarding/import',
    summary:
      'Importer un lot de lignes d’hébergeurs et d’établissements (une transaction ; simulation avec dryRun)',
    tags,
    access: 'admin',
    body: onboardingImportSchema,
    response: onboardingImportResultSchema,
    errors: ['onboarding_batch_failed'],
    bodyLimit: 4 * 1024 * 1024,
  }),
  invitations: defineRoute({
    method: 'POST',
    path: '/onboarding/invitations',
    summary: 'Envoyer le lien d’activation aux hébergeurs importés qui ne l’ont pas encore reçu',
    tags,
    access: 'admin',
    body: onboardingInvitationsSchema,
    response: onboardingInvitationsResultSchema,
    errors: [],
  }),
};
