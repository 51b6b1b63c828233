/**
 * Why persons of a stay are exempted (CGCT L2333-31). One reason per stay. On their own, without the stay's
 * schema: the journal shows a reason by its label on screens that load no register code.
 */
export const EXEMPTION_REASONS = ['MINOR', 'SEASONAL_WORKER', 'EMERGENCY_REHOUSING', 'LOW_RENT'] as const;
export type ExemptionReason = (typeof EXEMPTION_REASONS)[number];

export const EXEMPTION_REASON_LABELS: Readonly<Record<ExemptionReason, string>> = {
  MINOR: 'Mineur',
  SEASONAL_WORKER: 'Travailleur saisonnier',
  EMERGENCY_REHOUSING: 'Hébergement d’urgence ou relogement temporaire',
  LOW_RENT: 'Loyer inférieur au montant fixé',
};
