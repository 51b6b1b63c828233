/**
 * The French validation messages, word for word. The web form engine and the server's
 * `validation_error` field errors both use these, so a user reads the same sentence wherever it comes from.
 */
export const validationMessages = {
  required: () => 'Veuillez compléter ce champ.',
  pattern: () => 'Veuillez modifier la valeur pour correspondre au format demandé.',
  min: (n: number | string) => `Veuillez sélectionner une valeur supérieure ou égale à ${n}.`,
  max: (n: number | string) => `Veuillez sélectionner une valeur inférieure ou égale à ${n}.`,
  minLength: (n: number, count: number) =>
    `Veuillez utiliser au moins ${n} caractères pour ce champ (vous utilisez actuellement ${count} caractères).`,
  maxLength: (n: number, count: number) =>
    `Veuillez raccourcir ce champ à ${n} caractères ou moins (vous utilisez actuellement ${count} caractères).`,
  custom: () => 'Le champ est invalide.',
  forbiddenCharacter: () => 'Le champ contient un caractère non autorisé.',
  malformedText: () => 'Le champ contient un caractère mal encodé : saisissez ou collez le texte à nouveau.',
  number: () => 'Veuillez choisir une valeur numérique valide.',
  integer: () => 'Veuillez saisir un nombre entier.',
  phone: () => 'Le numéro de téléphone est invalide.',
  email: () => 'Veuillez saisir une adresse e-mail valide.',
  username: (signs: readonly string[]) => {
    const quoted = signs.map((sign) => `«\u00a0${sign}\u00a0»`);
    return `Le nom d’utilisateur ne peut contenir que des lettres, des chiffres et les signes ${quoted
      .slice(0, -1)
      .join(', ')} et ${quoted.at(-1)}, sans espace.`;
  },
  postalCode: () => 'Le code postal doit comporter 5 chiffres.',
  passwordsDiffer: () => 'Les deux mots de passe ne sont pas identiques.',
  date: () => 'Veuillez saisir une date valide (aaaa-mm-jj).',
  dateNotBefore: (label: string) => `La date doit être postérieure ou égale à la ${label}.`,
  amountWithoutNights: (nights: string) => `Aucun montant ne peut être déclaré sans ${nights}.`,
} as const;
