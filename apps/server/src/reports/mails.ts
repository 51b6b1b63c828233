import {
  collectivityInSentence,
  collectivitySubject,
  establishmentTypeInfo,
  type ReportContent,
} from '@sejour/domain';
import { type MailContent, render } from '../mail/templates';

/** The French mails of a report: the acknowledgement, the refusal, the attachment to an existing account. */
export interface ReportMailInput {
  collectivity: string;
  publicUrl: string;
  report: ReportContent;
}

const PRODUCT = 'Séjour';

function nameOf(report: ReportContent): string {
  return `${report.firstname} ${report.lastname}`.trim();
}

function describe(report: ReportContent): string {
  return `${report.name}, ${report.address}, ${report.cp} ${report.city} (${establishmentTypeInfo[report.type].label})`;
}

/**
 * Sent to whatever address the anonymous form names, before anyone has read the report: of what the sender
 * typed it carries only the person's name (escaped by `render`), so that nobody can have the collectivity
 * mail a text of their choosing to a stranger. The accommodation is named by its type, a label of ours.
 */
export function acknowledgementMail(input: ReportMailInput): MailContent {
  const { report } = input;
  return render({
    collectivity: input.collectivity,
    name: nameOf(report),
    username: report.email,
    link: `${input.publicUrl}/simulateur`,
    subject: `Votre déclaration d’hébergement a bien été reçue – ${input.collectivity}`,
    paragraphs: [
      `${collectivitySubject(input.collectivity)} a bien reçu la déclaration de votre hébergement, de la catégorie « ${establishmentTypeInfo[report.type].label} ».`,
      'Un agent va l’examiner. S’il l’accepte, vous recevrez un second message pour activer votre compte et déclarer vos séjours ; sinon, un message vous dira pourquoi.',
      'En attendant, vous pouvez estimer la taxe de séjour de vos séjours avec le simulateur.',
    ],
    button: 'Simuler la taxe de séjour',
    after: ['Si vous n’êtes pas à l’origine de cette déclaration, vous pouvez ignorer ce message.'],
  });
}

export function rejectionMail(input: ReportMailInput & { reason: string }): MailContent {
  const { report } = input;
  return render({
    collectivity: input.collectivity,
    name: nameOf(report),
    username: report.email,
    link: `${input.publicUrl}/${report.kind === 'pro' ? 'public-form-pro' : 'public-form'}`,
    subject: `Votre déclaration d’hébergement n’a pas été retenue – ${input.collectivity}`,
    paragraphs: [
      `${collectivitySubject(input.collectivity)} a examiné la déclaration de votre hébergement : ${describe(report)}.`,
      'Elle n’a pas été retenue, pour le motif suivant :',
      input.reason,
      'Vous pouvez envoyer une nouvelle déclaration corrigée.',
    ],
    button: 'Déclarer un hébergement',
    after: [`Pour toute question, contactez ${collectivityInSentence(input.collectivity)}.`],
  });
}

export function attachedMail(input: ReportMailInput): MailContent {
  const { report } = input;
  return render({
    collectivity: input.collectivity,
    name: nameOf(report),
    username: report.email,
    link: `${input.publicUrl}/login`,
    subject: `Votre hébergement a été ajouté à votre compte ${PRODUCT} – ${input.collectivity}`,
    paragraphs: [
      `${collectivitySubject(input.collectivity)} a accepté la déclaration de votre hébergement : ${describe(report)}.`,
      'Il a été ajouté à votre compte existant : connectez-vous pour déclarer ses séjours.',
    ],
    button: 'Me connecter',
    after: ['Si vous avez oublié votre mot de passe, demandez-en un nouveau depuis la page de connexion.'],
  });
}
