import { collectivitySubject, formatInteger } from '@sejour/domain';

/**
 * The French e-mails of the account lifecycle, in plain text and HTML. The HTML has the product's look
 * (its deep blue, a white card, one button) with inline styles and tables, as mail clients need; every
 * value put into it is escaped.
 */

import { deFr } from '@sejour/domain';
import { escapeHtml } from '../http/escape-html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LinkMailInput {
  collectivity: string;
  /** First name and last name when known, else the username. */
  name: string;
  username: string;
  link: string;
}

const BLUE = '#1c5d8f';
const PRODUCT = 'Séjour';

export function activationMail(input: LinkMailInput): MailContent {
  const subject = `Activez votre compte ${PRODUCT} – taxe de séjour, ${input.collectivity}`;
  const paragraphs = [
    `${collectivitySubject(input.collectivity)} vous a ouvert un compte sur ${PRODUCT}, le service de déclaration de la taxe de séjour.`,
    `Votre identifiant : ${input.username}`,
    'Pour activer votre compte, choisissez votre mot de passe en suivant ce lien. Il est valable 7 jours et ne fonctionne qu’une fois.',
  ];
  const after = [
    'Si ce lien a expiré, demandez-en un nouveau depuis la page « Mot de passe oublié » ou auprès de votre collectivité.',
    'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
  ];
  return render({ ...input, subject, paragraphs, button: 'Activer mon compte', after });
}

export function resetMail(input: LinkMailInput): MailContent {
  const subject = `Réinitialisation de votre mot de passe ${PRODUCT} – ${input.collectivity}`;
  const paragraphs = [
    `Un nouveau mot de passe a été demandé pour votre compte ${PRODUCT} (identifiant : ${input.username}).`,
    'Pour choisir un nouveau mot de passe, suivez ce lien. Il est valable 1 heure et ne fonctionne qu’une fois.',
  ];
  const after = [
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.',
  ];
  return render({ ...input, subject, paragraphs, button: 'Choisir un nouveau mot de passe', after });
}

export interface ReminderMailInput {
  collectivity: string;
  name: string;
  username: string;
  /** Where the host sees what to declare and declares it (Home). */
  link: string;
  /**
   * The month reminded of, e.g. « octobre 2026 »; null when the host is reminded only of forfait periods whose
   * deadline passed (none of their months is missing).
   */
  monthLabel: string | null;
  /** One line per establishment: its name and the months it has not declared. */
  lines: Array<{ establishment: string; months: string[] }>;
}

/** The monthly reminder: what the host has not declared yet, and where to do it. */
export function reminderMail(input: ReminderMailInput): MailContent {
  const what = input.monthLabel === null ? 'au forfait' : deFr(input.monthLabel);
  const subject = `Taxe de séjour : déclaration ${what} à faire – ${input.collectivity}`;
  const paragraphs = [
    `Votre déclaration de taxe de séjour ${what} n’a pas encore été faite pour ${
      input.lines.length > 1 ? 'les hébergements suivants' : 'l’hébergement suivant'
    } (identifiant : ${input.username}) :`,
    ...input.lines.map((line) => `• ${line.establishment} : ${line.months.join(', ')}`),
    'Vous pouvez déclarer chaque mois en quelques minutes depuis votre page d’accueil.',
  ];
  const after = [
    'Si vous avez déjà fait ces déclarations, vous pouvez ignorer ce message.',
    'Pour un mois sans aucune nuitée, déclarez 0 nuitée.',
  ];
  return render({ ...input, subject, paragraphs, button: 'Déclarer maintenant', after });
}

export interface DeclarationDoneMailInput {
  collectivity: string;
  name: string;
  username: string;
  /** The declaration's screen. */
  link: string;
  establishment: string;
  /**
   * What was declared, after "déclaration": « de mars 2026 », « d’octobre 2026 » (the month after "de",
   * elided), or « au forfait de la période du 1er janvier 2026 au 31 décembre 2026 ».
   */
  ofMonth: string;
  /** Formatted, e.g. « 376,20 € ». */
  amount: string;
  taxableNights: number;
  /** Au forfait: what the amount was computed on, instead of person-nights. */
  forfait?: { capacityUnits: number; nights: number; abatement: string };
}

/** What the amount was computed on: the taxable person-nights, or the forfait's capacity and nights. */
function doneAmountBasis(input: DeclarationDoneMailInput): string {
  const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n >= 2 ? many : one}`;
  if (input.forfait) {
    const { capacityUnits, nights, abatement } = input.forfait;
    return `forfait : ${plural(capacityUnits, 'unité de capacité', 'unités de capacité')} × ${plural(nights, 'nuit d’ouverture', 'nuits d’ouverture')}, abattement de ${abatement}`;
  }
  return plural(input.taxableNights, 'nuitée taxable', 'nuitées taxables');
}

/** The acknowledgement of a declaration marked done: what was declared, for how much. */
export function declarationDoneMail(input: DeclarationDoneMailInput): MailContent {
  const subject = `Taxe de séjour : déclaration ${input.ofMonth} enregistrée – ${input.establishment}`;
  const paragraphs = [
    `Votre déclaration de taxe de séjour ${input.ofMonth} pour ${input.establishment} est terminée et enregistrée (identifiant : ${input.username}).`,
    `Montant déclaré : ${input.amount} (${doneAmountBasis(input)}).`,
    'Ce montant vous sera demandé dans l’avis des sommes à payer du semestre.',
  ];
  const after = [
    'La déclaration ne peut plus être modifiée : si elle contient une erreur, contactez votre collectivité.',
  ];
  return render({ ...input, subject, paragraphs, button: 'Voir la déclaration', after });
}

export interface ClassificationLapseMailInput {
  collectivity: string;
  name: string;
  username: string;
  /** The establishment's page. */
  link: string;
  establishment: string;
  /** « 15 mars 2021 », « 15 mars 2026 ». */
  classifiedOn: string;
  lapsesOn: string;
  /** To the host (their establishment), or to an admin (a provider's). */
  to: 'host' | 'admin';
}

/** The notice, 90 days ahead, that a classification decision lapses: after it the stay is taxed as unclassified. */
export function classificationLapseMail(input: ClassificationLapseMailInput): MailContent {
  const subject = `Taxe de séjour : le classement de ${input.establishment} expire le ${input.lapsesOn} – ${input.collectivity}`;
  const paragraphs =
    input.to === 'host'
      ? [
          `La décision de classement du ${input.classifiedOn} de votre hébergement ${input.establishment} expire le ${input.lapsesOn} (un classement vaut cinq ans).`,
          'À partir de cette date, les nuitées seront taxées comme celles d’un hébergement non classé, jusqu’à ce qu’une nouvelle décision de classement soit enregistrée.',
          'Si votre hébergement a été classé de nouveau, transmettez la décision à votre collectivité.',
        ]
      : [
          `La décision de classement du ${input.classifiedOn} de l’hébergement ${input.establishment} expire le ${input.lapsesOn}.`,
          'À partir de cette date, il sera taxé comme non classé, jusqu’à ce qu’une nouvelle décision soit saisie sur sa fiche.',
        ];
  return render({ ...input, subject, paragraphs, button: 'Voir l’hébergement', after: [] });
}

/** The product's mail around a few paragraphs and one button (the account mails, the reports' mails). */
export function render(
  input: LinkMailInput & { subject: string; paragraphs: string[]; button: string; after: string[] },
) {
  const greeting = `Bonjour ${input.name},`;
  const signature = `${input.collectivity} · Taxe de séjour`;
  const notice = 'Ce message a été envoyé automatiquement : merci de ne pas y répondre.';

  const text = [
    greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    input.link,
    '',
    ...input.after.flatMap((p) => [p, '']),
    '-- ',
    signature,
    notice,
    '',
  ].join('\n');

  const p = (content: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933;${style}">${content}</p>`;
  const html = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#e8f2fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#e8f2fb;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #cfe1f2;">
<tr><td style="background:${BLUE};padding:20px 28px;color:#ffffff;">
<span style="display:inline-block;width:14px;height:14px;border-radius:7px;background:#f6c343;vertical-align:middle;margin-right:8px;"></span><span style="font-size:22px;font-weight:700;vertical-align:middle;">${PRODUCT}</span>
<div style="font-size:14px;opacity:.9;margin-top:4px;">Taxe de séjour · ${escapeHtml(input.collectivity)}</div>
</td></tr>
<tr><td style="padding:28px;">
${p(escapeHtml(greeting))}
${input.paragraphs.map((x) => p(escapeHtml(x))).join('\n')}
<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${BLUE};">
<a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 22px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(input.button)}</a>
</td></tr></table>
${p(`Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(input.link)}" style="color:${BLUE};word-break:break-all;">${escapeHtml(input.link)}</a>`, 'font-size:14px;')}
${input.after.map((x) => p(escapeHtml(x), 'font-size:14px;color:#52606d;')).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;background:#f5f8fb;border-top:1px solid #cfe1f2;font-size:13px;line-height:1.5;color:#52606d;">
${escapeHtml(signature)}<br>${escapeHtml(notice)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: input.subject, text, html };
}
