/**
 * Every error the API can answer, with its HTTP status and its French message.
 * Codes are stable: clients branch on them, never on the message.
 */
export const errorCatalogue = {
  token_expired: { status: 401, message: 'Votre session a expiré. Veuillez vous reconnecter.' },
  token_invalid: { status: 401, message: 'Votre session n’est pas valide. Veuillez vous reconnecter.' },
  unauthorized: { status: 401, message: 'Veuillez vous connecter pour accéder à cette page.' },
  forbidden: { status: 403, message: 'Vous n’avez pas les droits nécessaires pour cette action.' },
  not_found: { status: 404, message: 'La ressource demandée est introuvable.' },
  validation_error: { status: 400, message: 'Le formulaire est invalide.' },
  invalid_credentials: { status: 401, message: 'Identifiant ou mot de passe incorrect.' },
  invalid_password: { status: 400, message: 'Le mot de passe est invalide.' },
  account_disabled: { status: 403, message: 'Ce compte est désactivé. Contactez votre administrateur.' },
  account_not_activated: {
    status: 403,
    message: 'Ce compte n’est pas encore activé. Utilisez le lien reçu par e-mail.',
  },
  account_already_activated: { status: 409, message: 'Ce compte est déjà activé.' },
  link_expired: { status: 410, message: 'Ce lien a expiré. Demandez-en un nouveau.' },
  link_used: {
    status: 410,
    message: 'Ce lien a déjà été utilisé ou n’est plus valable : il ne fonctionne qu’une fois.',
  },
  link_invalid: {
    status: 401,
    message: 'Ce lien n’est pas valide. Vérifiez qu’il est complet, ou demandez-en un nouveau.',
  },
  username_taken: { status: 409, message: 'Ce nom d’utilisateur est déjà utilisé.' },
  email_taken: { status: 409, message: 'Cette adresse e-mail est déjà utilisée.' },
  numero_taken: {
    status: 409,
    message: 'Ce numéro d’enregistrement est déjà celui d’un autre établissement.',
  },
  report_decided: { status: 409, message: 'Cette demande a déjà été traitée.' },
  change_request_pending: {
    status: 409,
    message:
      'Une demande de modification de ces champs est déjà en attente : retirez-la avant d’en faire une autre.',
  },
  change_request_decided: {
    status: 409,
    message: 'Cette demande de modification a déjà été traitée ou retirée.',
  },
  change_request_no_change: {
    status: 400,
    message: 'Les valeurs demandées sont celles déjà enregistrées : il n’y a rien à modifier.',
  },
  declaration_exists: {
    status: 409,
    message: 'Une déclaration existe déjà pour cet établissement et ce mois.',
  },
  declaration_locked: {
    status: 409,
    message: 'Cette déclaration est terminée : elle ne peut plus être modifiée.',
  },
  stay_locked: {
    status: 409,
    message: 'Ce séjour a une nuit dans un mois déclaré et terminé : il ne peut plus être modifié.',
  },
  stays_limit_reached: {
    status: 409,
    message:
      'Le registre de cet établissement a atteint le nombre de séjours que permet sa capacité pour cette année.',
  },
  establishment_type_missing: {
    status: 422,
    message:
      'Le type de cet établissement n’est pas renseigné : un administrateur doit le choisir avant toute déclaration.',
  },
  month_not_declarable: {
    status: 422,
    message: 'On ne peut déclarer que les mois passés et le mois en cours.',
  },
  regime_forfait: {
    status: 422,
    message:
      'Cet établissement est taxé au forfait pour ce mois : il déclare ses périodes d’ouverture et sa capacité avant chaque période de perception, pas ses nuitées.',
  },
  regime_reel: {
    status: 422,
    message:
      'Cet établissement est taxé au réel pour cette période : il déclare ses nuitées mois par mois, pas un forfait.',
  },
  closure_overlap: {
    status: 409,
    message: 'Cette fermeture chevauche une autre fermeture de l’établissement.',
  },
  closure_declared: {
    status: 409,
    message: 'Cette fermeture couvre un mois déjà déclaré avec des nuitées.',
  },
  cessation_declared: {
    status: 409,
    message: 'Un mois déclaré avec des nuitées suit cette date : la cessation ne peut pas le précéder.',
  },
  stays_on_nights: {
    status: 409,
    message: 'Le registre compte des séjours sur ces nuits : modifiez-les ou supprimez-les d’abord.',
  },
  establishment_closed: {
    status: 422,
    message: 'L’établissement est fermé pendant toute cette période : il n’y a rien à déclarer.',
  },
  establishment_ceased: {
    status: 422,
    message: 'Cet établissement a cessé son activité : il n’y a plus rien à déclarer après la cessation.',
  },
  pricing_overlap: { status: 409, message: 'La période de cette grille chevauche celle d’une autre grille.' },
  pricing_out_of_bounds: { status: 422, message: 'Un tarif est en dehors des limites légales.' },
  pricing_in_use: {
    status: 409,
    message: 'Cette grille tarifaire est utilisée par des déclarations terminées.',
  },
  legal_bounds_exist: { status: 409, message: 'Les limites légales de cette année sont déjà saisies.' },
  legal_bounds_in_use: {
    status: 409,
    message: 'Des grilles tarifaires portent sur cette année : ses limites légales ne peuvent plus changer.',
  },
  legal_bounds_shipped: {
    status: 409,
    message:
      'Les limites légales de cette année sont fournies avec le produit : elles ne peuvent pas changer.',
  },
  no_pricing_for_period: { status: 422, message: 'Aucune grille tarifaire ne couvre cette période.' },
  file_too_large: { status: 413, message: 'Le fichier est trop volumineux.' },
  file_type_not_allowed: { status: 415, message: 'Ce type de fichier n’est pas accepté.' },
  image_too_large: {
    status: 422,
    message: 'L’image est trop grande (en pixels) : réduisez-la avant de l’envoyer.',
  },
  payload_too_large: { status: 413, message: 'La requête est trop volumineuse.' },
  unsupported_media_type: { status: 415, message: 'Le format de la requête n’est pas accepté.' },
  rate_limited: { status: 429, message: 'Trop de tentatives. Veuillez réessayer dans quelques instants.' },
  conflict: { status: 409, message: 'Cette action est impossible dans l’état actuel.' },
  onboarding_batch_failed: {
    status: 409,
    message:
      'Ce lot de lignes n’a pas été importé : la base a refusé une écriture (une autre modification au même moment ?). Rien de ce lot n’a été écrit ; relancez l’import, les lignes déjà importées seront reconnues.',
  },
  internal_error: { status: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
} as const satisfies Record<string, { status: number; message: string }>;
