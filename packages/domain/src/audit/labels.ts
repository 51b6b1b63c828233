import type { AuditAction, AuditEntity } from './schemas';

/** The French names the Journal shows (screen, CSV). */
export const auditEntityLabels: Record<AuditEntity, string> = {
  provider: 'Hébergeur',
  admin: 'Administrateur',
  establishment: 'Établissement',
  declaration: 'Déclaration',
  pricing: 'Grille tarifaire',
  legal_bounds: 'Limites légales',
  settings: 'Paramètres',
  message: 'Message',
  session: 'Connexion',
};

export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  archive: 'Archivage',
  restore: 'Restauration',
  done: 'Marquée terminée',
  reopen: 'Réouverture',
  file_attach: 'Fichier joint',
  file_remove: 'Fichier retiré',
  image_upload: 'Image remplacée',
  image_remove: 'Image retirée',
  attest: 'Attestation plateformes',
  withdraw: 'Attestation retirée',
  password: 'Mot de passe',
  sign_in: 'Connexion',
  sign_in_failed: 'Connexion refusée',
};

/** One change as text: "champ : avant → après" (the CSV and the screen's compact view). */
export function auditChangeText(field: string, change: { from: unknown; to: unknown }): string {
  const show = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? '∅'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return `${field} : ${show(change.from)} → ${show(change.to)}`;
}

/** French names of the fields the log compares (a field not listed shows its own name). */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  username: 'Identifiant',
  email: 'E-mail',
  role: 'Rôle',
  firstname: 'Prénom',
  lastname: 'Nom',
  company: 'Société',
  phone: 'Téléphone',
  address: 'Adresse',
  city: 'Commune',
  cp: 'Code postal',
  activated: 'Activé',
  disabled: 'Désactivé',
  archived: 'Archivé',
  userId: 'Hébergeur (n°)',
  name: 'Nom',
  capacityMaxRoom: 'Chambres',
  capacityMaxPerson: 'Personnes au plus',
  type: 'Catégorie',
  typePrecision: 'Précision',
  description: 'Description',
  numero: 'Numéro d’enregistrement',
  image: 'Image',
  declarationCount: 'Déclarations',
  done: 'Déclaration terminée',
  personCount: 'Personnes',
  nightsCount: 'Nuitées',
  exemptedCount: 'Nuitées exonérées',
  nightsCountInf: 'Nuitées, tranche basse',
  nightsCountSup: 'Nuitées, tranche haute',
  nightsCountInfMin: 'Nuitées exonérées, tranche basse',
  nightsCountSupMin: 'Nuitées exonérées, tranche haute',
  prixInf: 'Loyers, tranche basse (centimes)',
  prixSup: 'Loyers, tranche haute (centimes)',
  prixInfMin: 'Loyers exonérés, tranche basse (centimes)',
  prixSupMin: 'Loyers exonérés, tranche haute (centimes)',
  platformNightsCount: 'Nuitées via plateformes',
  taxableNights: 'Nuitées taxables',
  ccAmount: 'Part intercommunale (centimes)',
  moselleAmount: 'Taxe additionnelle (centimes)',
  totalAmount: 'Total (centimes)',
  pricingId: 'Grille tarifaire',
  file: 'Registre',
  beginDate: 'Début',
  endDate: 'Fin',
  threshold: 'Seuil (centimes)',
  departmentalRate: 'Taux départemental',
  platformOnly: 'Uniquement via plateformes',
  reason: 'Motif',
};

export function auditFieldLabel(field: string): string {
  const row = /^rows\.(\w+)\.(tariff|rate)$/.exec(field);
  if (row)
    return `${row[2] === 'rate' ? 'Taux' : 'Tarif'} ${row[1]} (${row[2] === 'rate' ? 'points de base' : 'centimes'})`;
  return AUDIT_FIELD_LABELS[field] ?? field;
}
