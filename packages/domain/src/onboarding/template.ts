import type { OnboardingCells } from './lines';

/**
 * The lines under the template's header (whose names are `ONBOARDING_COLUMN_LABELS`, so the import recognises
 * them): a provider with two establishments (the second line repeats the provider's columns), and a provider
 * alone, whose establishment columns are empty.
 */
export const ONBOARDING_TEMPLATE_EXAMPLES: readonly OnboardingCells[] = [
  {
    siret: '732 829 320 00074',
    company: 'SARL Les Tilleuls',
    lastname: 'Martin',
    firstname: 'Claire',
    email: 'claire.martin@exemple.fr',
    phone: '03 87 12 34 56',
    providerAddress: '12 rue Serpenoise',
    providerCp: '57000',
    providerCity: 'Metz',
    name: 'Gîte des Tilleuls',
    numero: '57463000123AB',
    address: '3 rue des Tilleuls',
    cp: '57000',
    city: 'Metz',
    nature: 'Meublé de tourisme',
    stars: '3 étoiles',
    classifiedOn: '15/03/2024',
    capacityMaxPerson: '6',
    capacityMaxRoom: '3',
    openingDate: '01/04/2024',
  },
  {
    siret: '732 829 320 00074',
    company: 'SARL Les Tilleuls',
    lastname: 'Martin',
    firstname: 'Claire',
    email: 'claire.martin@exemple.fr',
    name: 'Hôtel du Parc',
    address: '8 avenue Foch',
    cp: '57000',
    city: 'Metz',
    nature: 'Hôtel de tourisme',
    stars: 'non classé',
    capacityMaxPerson: '40',
    capacityMaxRoom: '18',
  },
  {
    lastname: 'Bernard',
    firstname: 'Paul',
    email: 'paul.bernard@exemple.fr',
    phone: '06 12 34 56 78',
  },
];
