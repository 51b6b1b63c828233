import { describe, expect, it } from 'vitest';
import { natureInfo } from '../deliberation/natures';
import { pricingBodySchema } from '../deliberation/pricing-body';
import { storedPricingOfBody } from '../deliberation/pricing-deliberation';
import { lawfulPricingPayload } from '../testing/pricing';
import { flattenForAudit } from './diff';
import { AUDIT_EMPTY, auditChangeEntries, auditChangeText, auditFieldLabel, auditValueText } from './values';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('the journal’s words for an establishment’s life and a change request', () => {
  it('names the fields and the states in French', () => {
    expect(auditFieldLabel('closure')).toBe('Fermeture');
    expect(auditFieldLabel('ceasedOn')).toBe('Date de cessation');
    expect(auditFieldLabel('status')).toBe('Statut');
    expect(auditValueText('status', 'refused')).toBe('Refusée');
    expect(auditValueText('ceasedOn', '2026-09-15')).toBe('15/09/2026');
  });
});

describe('audit values', () => {
  it('shows amounts in euros, rates as percentages, counts with French grouping', () => {
    expect(auditValueText('totalAmount', 37620)).toBe(nbsp('376,20 €'));
    expect(auditValueText('rows.HOTEL_3.tariff', 150)).toBe(nbsp('1,50 €'));
    expect(auditValueText('tariffs.HOTEL_3.min', 50)).toBe(nbsp('0,50 €'));
    expect(auditValueText('threshold', 10000)).toBe(nbsp('100,00 €'));
    expect(auditValueText('rows.NONE.rate', 300)).toBe(nbsp('3 %'));
    expect(auditValueText('noneRate.max', 500)).toBe(nbsp('5 %'));
    expect(auditValueText('departmentalRate', 1000)).toBe(nbsp('10 %'));
    expect(auditValueText('nightsCount', 12400)).toBe('12\u202f400');
    expect(auditValueText('platformOnly', 2026)).toBe('2026');
  });

  it('reads a deliberation’s components, periods and threshold in French', () => {
    expect(auditFieldLabel('components.IDF_MOBILITES.rate')).toBe(
      'Taxe additionnelle Île-de-France Mobilités — taux',
    );
    expect(auditValueText('components.IDF_MOBILITES.rate', 20_000)).toBe(nbsp('200 %'));
    expect(auditFieldLabel('components.DEPARTMENTAL.enabled')).toBe(
      'Taxe additionnelle départementale — perçue',
    );
    expect(auditValueText('components.DEPARTMENTAL.enabled', false)).toBe('Non');
    expect(auditFieldLabel('collectionPeriods')).toBe('Périodes de perception');
    expect(
      auditValueText('collectionPeriods', [
        { from: '01-01', to: '03-31' },
        { from: '12-01', to: '12-31' },
      ]),
    ).toBe('du 1er janvier au 31 mars, du 1er décembre au 31 décembre');
    expect(auditValueText('lowRentThreshold', 100)).toBe(nbsp('1,00 €'));
  });

  it('shows codes by their French labels', () => {
    expect(auditValueText('type', 'HOTEL_3')).toBe('Hôtels 3 étoiles et équivalents');
    expect(auditValueText('type', 'NONE')).toBe('Hébergements non classés ou en attente de classement');
    expect(auditValueText('nature', 'FURNISHED_LET')).toBe('Meublé de tourisme');
    expect(auditValueText('stars', 3)).toBe('3 étoiles');
    expect(auditValueText('classifiedOn', '2024-05-02')).toBe('02/05/2024');
    expect(auditValueText('role', 'host')).toBe('Hébergeur');
    expect(auditValueText('role', 'superadmin')).toBe('Super-administrateur');
    expect(auditValueText('audience', 'hosts')).toBe('Hébergeurs');
    expect(auditValueText('reason', 'invalid_credentials')).toBe('Identifiant ou mot de passe incorrect.');
  });

  it('shows dates, booleans and files as the screens do, and "(vide)" only for nothing', () => {
    expect(auditValueText('beginDate', '2026-01-01')).toBe('01/01/2026');
    expect(auditValueText('publishAt', '2026-03-05T09:00:00.000Z')).toBe('05/03/2026 10:00');
    expect(auditValueText('done', true)).toBe('Oui');
    expect(auditValueText('archived', false)).toBe('Non');
    expect(auditValueText('file', { filename: 'juin.pdf', mimeType: 'application/pdf', size: 2048 })).toBe(
      'juin.pdf (2 Ko)',
    );
    expect(auditValueText('totalAmount', 0)).toBe(nbsp('0,00 €'));
    expect(auditValueText('totalAmount', null)).toBe(AUDIT_EMPTY);
    expect(auditValueText('name', '')).toBe(AUDIT_EMPTY);
    expect(auditValueText('name', 'Gîte')).toBe('Gîte');
  });

  it('names fields in French, without storage units', () => {
    expect(auditFieldLabel('totalAmount')).toBe('Total');
    expect(auditFieldLabel('rows.HOTEL_3.tariff')).toBe('Tarif — Hôtels 3 étoiles et équivalents');
    expect(auditFieldLabel('rows.NONE.rate')).toBe(
      'Taux — Hébergements non classés ou en attente de classement',
    );
    expect(auditFieldLabel('tariffs.PALACES.max')).toBe('Tarif maximum — Palaces');
    expect(auditFieldLabel('noneRate.min')).toMatch(/^Taux minimum — Hébergements non classés/);
    expect(auditFieldLabel('idfMobilitesAmount')).toBe('Taxe additionnelle Île-de-France Mobilités');
    expect(auditFieldLabel('exemptionsByReason.MINOR')).toBe('Nuitées exonérées — Mineur');
    expect(auditValueText('idfMobilitesAmount', 12_240)).toBe(nbsp('122,40 €'));
    expect(auditValueText('exemptionsByReason.MINOR', 1_234)).toBe('1\u202f234');
    // A forfait declaration's own figures: its opening periods as dates, its abatement as a percentage.
    expect(auditFieldLabel('openingPeriods')).toBe('Périodes d’ouverture');
    expect(
      auditValueText('openingPeriods', [
        { from: '2026-05-01', to: '2026-09-30' },
        { from: '2026-12-20', to: '2026-12-31' },
      ]),
    ).toBe('du 1er mai 2026 au 30 septembre 2026, du 20 décembre 2026 au 31 décembre 2026');
    expect(auditValueText('abatementRate', 3000)).toBe(nbsp('30 %'));
    expect(auditValueText('capacity', 1200)).toBe('1\u202f200');
    for (const field of ['prixInf', 'ccAmount', 'threshold', 'rows.HOTEL_1.tariff', 'rows.NONE.rate']) {
      expect(auditFieldLabel(field)).not.toMatch(/centimes|points de base|_/);
    }
  });

  it('writes a change as "label : before → after"; a creation its new value only', () => {
    expect(auditChangeText('totalAmount', { from: 12000, to: 37620 })).toBe(
      `Total : ${nbsp('120,00 €')} → ${nbsp('376,20 €')}`,
    );
    expect(auditChangeText('totalAmount', { from: null, to: 37620 }, 'create')).toBe(
      `Total : ${nbsp('376,20 €')}`,
    );
    expect(auditChangeText('phone', { from: null, to: '0601' }, 'update')).toBe('Téléphone : (vide) → 0601');
    expect(auditChangeText('type', { from: 'HOTEL_3', to: null }, 'delete')).toBe(
      'Catégorie : Hôtels 3 étoiles et équivalents',
    );
  });

  it('shows a stay of the register as its form does, and an import its figures only', () => {
    expect(auditValueText('price', 30000)).toBe(nbsp('300,00 €'));
    expect(auditValueText('persons', 12)).toBe('12');
    expect(auditValueText('exemptionReason', 'SEASONAL_WORKER')).toBe('Travailleur saisonnier');
    expect(auditChangeText('platform', { from: false, to: true }, 'update')).toBe(
      'Via une plateforme : Non → Oui',
    );
    expect(auditChangeText('arrival', { from: '2026-06-10', to: null }, 'delete')).toBe(
      'Arrivée : 10/06/2026',
    );
    expect(auditChangeText('stayCount', { from: null, to: 1200 }, 'import')).toBe('Séjours : 1\u202f200');
    expect(auditChangeText('skippedCount', { from: null, to: 2 }, 'import')).toBe(
      'Lignes écartées (mois terminés) : 2',
    );
  });

  it('lists an entry’s changes in the order the forms list the fields, unlabelled fields last', () => {
    const stored = {
      price: { from: null, to: 1 },
      'rows.HOTEL_3.tariff': { from: 1, to: 2 },
      arrival: { from: null, to: '2026-06-10' },
      reference: { from: null, to: 'R' },
      departure: { from: null, to: '2026-06-12' },
    };
    expect(auditChangeEntries(stored).map(([field]) => field)).toEqual([
      'arrival',
      'departure',
      'price',
      'reference',
      'rows.HOTEL_3.tariff',
    ]);
  });
});

describe('a pricing in the journal', () => {
  it('names every field a stored deliberation is audited by, and reads its forfait in French', () => {
    const stored = storedPricingOfBody(
      pricingBodySchema.parse({
        ...lawfulPricingPayload(),
        components: { IDF_MOBILITES: { enabled: true, rate: 20_000, beneficiary: 'IDFM' } },
        collectionPeriods: [{ from: '04-01', to: '09-30' }],
        lowRentThreshold: 100,
        forfait: {
          natures: ['CAMPSITE', 'FURNISHED_LET'],
          abatements: [
            { fromNights: 1, rate: 1000 },
            { fromNights: 30, rate: 2000 },
          ],
        },
      }),
    );
    const fields = flattenForAudit({ ...stored });
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['forfait.natures', 'forfait.abatements']));
    for (const field of Object.keys(fields)) expect(auditFieldLabel(field), field).not.toBe(field);
    expect(auditValueText('forfait.natures', fields['forfait.natures'])).toBe(
      `${natureInfo.CAMPSITE.label}, ${natureInfo.FURNISHED_LET.label}`,
    );
    expect(auditValueText('forfait.abatements', fields['forfait.abatements'])).toBe(
      'À partir de 1 nuit d’ouverture : abattement 10\u00a0% ; À partir de 30 nuits d’ouverture : abattement 20\u00a0%',
    );
  });
});
