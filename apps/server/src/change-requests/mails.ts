import {
  type ChangeRequest,
  type ChangeRequestField,
  changeRequestFieldLabels,
  changeRequestKindLabels,
  changeValueLabel,
} from '@sejour/domain';
import { type MailContent, render } from '../mail/templates';

export interface ChangeRequestMailInput {
  collectivity: string;
  name: string;
  username: string;
  link: string;
  request: ChangeRequest;
}

const frenchDate = (iso: string) => iso.split('-').reverse().join('/');

/** The host is told of the decision on their request: accepted (from which day) or refused (and why). */
export function changeRequestDecisionMail(input: ChangeRequestMailInput): MailContent {
  const { request } = input;
  const what = changeRequestKindLabels[request.kind];
  const of = request.establishmentName ? ` de « ${request.establishmentName} »` : ' de votre compte';
  const accepted = request.status === 'accepted';
  const subject = `Votre demande de modification a été ${accepted ? 'acceptée' : 'refusée'} – ${input.collectivity}`;
  const values = Object.entries(request.values).map(
    ([field, value]) =>
      `• ${changeRequestFieldLabels[field as ChangeRequestField] ?? field} : ${changeValueLabel(field, value, request.values)}`,
  );
  const paragraphs = accepted
    ? [
        `Votre demande de modification (${what}${of}) a été acceptée. Les nouvelles valeurs s’appliquent à partir du ${frenchDate(request.effectiveOn)} :`,
        ...values,
      ]
    : [
        `Votre demande de modification (${what}${of}) a été refusée.`,
        `Motif : ${request.reason ?? ''}`,
        'Vous pouvez faire une nouvelle demande en tenant compte de ce motif.',
      ];
  return render({ ...input, subject, paragraphs, button: 'Voir mes demandes', after: [] });
}
