import type { AuditAction, AuditEntity } from './schemas';

/** The French names the Journal shows (screen, CSV). */
export const auditEntityLabels: Record<AuditEntity, string> = {
  provider: 'Hébergeur',
  admin: 'Administrateur',
  establishment: 'Établissement',
  declaration: 'Déclaration',
  stay: 'Séjour',
  pricing: 'Grille tarifaire',
  legal_bounds: 'Limites légales',
  settings: 'Paramètres',
  message: 'Message',
  session: 'Connexion',
  change_request: 'Demande de modification',
};

export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  import: 'Import',
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
  accept: 'Demande acceptée',
  refuse: 'Demande refusée',
  cancel: 'Demande retirée',
};
