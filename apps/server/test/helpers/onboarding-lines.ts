import type { OnboardingCells, OnboardingLine } from '@sejour/domain';

/** A SIRET with its Luhn key: 13 digits from `n`, then the digit that makes the sum a multiple of ten. */
export function siretOf(n: number): string {
  const base = `8${String(n).padStart(12, '0')}`;
  for (let key = 0; key <= 9; key++) {
    const candidate = `${base}${key}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let digit = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('no key');
}

/** A registration number of Metz's INSEE code: 57463, six digits from `n`, two letters. */
export const numeroOf = (n: number) => `57463${String(n % 1_000_000).padStart(6, '0')}AB`;

/**
 * A generated file of `count` lines as the browser sends them (line 2 is the first after the header): each
 * provider has two establishments, on two consecutive lines; `seed` keeps two files apart.
 */
export function onboardingLines(count: number, seed = 0): OnboardingLine[] {
  return Array.from({ length: count }, (_, index) => {
    const provider = seed * 100_000 + Math.floor(index / 2);
    const establishment = seed * 100_000 + index;
    const cells: OnboardingCells = {
      siret: siretOf(provider),
      company: `SARL Gîtes ${provider}`,
      lastname: `Martin${provider}`,
      firstname: 'Claire',
      email: `hebergeur${provider}@exemple.fr`,
      phone: '03 87 12 34 56',
      providerAddress: `${provider} rue Serpenoise`,
      providerCp: '57000',
      providerCity: 'Metz',
      name: `Gîte n° ${establishment}`,
      numero: numeroOf(establishment),
      address: `${establishment} place Saint-Louis`,
      cp: '57000',
      city: 'Metz',
      nature: index % 3 === 0 ? 'Hôtel de tourisme' : 'Meublé de tourisme',
      stars: index % 5 === 0 ? 'non classé' : `${(index % 5) + 0} étoiles`,
      capacityMaxPerson: String(2 + (index % 6)),
      openingDate: '01/01/2024',
    };
    return { line: index + 2, cells };
  });
}

/** `lines` in batches of `size`, in order. */
export function batchesOf<T>(lines: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < lines.length; start += size) batches.push(lines.slice(start, start + size));
  return batches;
}
