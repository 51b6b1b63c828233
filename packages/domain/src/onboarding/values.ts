import { NATURES, type Nature, natureInfo, type Stars } from '../deliberation/natures';
import { normaliseHeader } from '../register/cells';

/** A line's cells in the words a spreadsheet uses: phone numbers, natures and stars read as the forms expect. */

/** A French number written the way spreadsheets keep it: "06 12 34 56 78" → "+33612345678". */
export function normalisePhone(text: string): string {
  const compact = text.replace(/[\s.\-()\u00a0\u202f]/g, '');
  if (/^0\d{9}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (/^0033\d{9}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^33\d{9}$/.test(compact)) return `+${compact}`;
  return text.trim();
}

const NATURE_ALIASES: ReadonlyArray<[Nature, readonly string[]]> = [
  ['PALACE', ['palace']],
  ['HOTEL', ['hotel', 'hotel de tourisme']],
  ['TOURIST_RESIDENCE', ['residence de tourisme', 'residence']],
  ['FURNISHED_LET', ['meuble de tourisme', 'meuble', 'location meublee', 'gite', 'gite rural']],
  ['HOLIDAY_VILLAGE', ['village de vacances']],
  ['GUEST_ROOMS', ['chambre d hotes', 'chambres d hotes']],
  ['HOSTEL', ['auberge collective', 'auberge de jeunesse', 'auberge']],
  ['MOTORHOME_AREA', ['aire de camping cars', 'aire de camping car', 'parc de stationnement touristique']],
  ['CAMPSITE', ['terrain de camping', 'camping', 'terrain de caravanage', 'hebergement de plein air']],
  ['MARINA', ['port de plaisance']],
  ['OTHER', ['autre', 'autre hebergement']],
];

/** A nature in words (its label, a usual name, or its code); '' is none, undefined is unknown. */
export function parseNature(text: string): Nature | '' | undefined {
  const raw = text.trim();
  if (raw === '') return '';
  if ((NATURES as readonly string[]).includes(raw)) return raw as Nature;
  const name = normaliseHeader(raw);
  for (const nature of NATURES) if (normaliseHeader(natureInfo[nature].label) === name) return nature;
  return NATURE_ALIASES.find(([, aliases]) => aliases.includes(name))?.[0];
}

/** Stars as written: "3", "3 étoiles", "3*", "★★★"; '' for none or "non classé"; undefined when unreadable. */
export function parseStars(text: string): Stars | '' | undefined {
  const name = normaliseHeader(text);
  if (name === '' && !/[★*]/.test(text)) return '';
  if (['non classe', 'non classee', 'sans', 'aucun', 'en attente', 'en attente de classement'].includes(name))
    return '';
  const digits = /^([1-5])(?: etoiles?| e)?$/.exec(name);
  if (digits) return Number(digits[1]) as Stars;
  const symbols = text.trim().match(/^([★*])\1{0,4}$/);
  if (symbols) return text.trim().length as Stars;
  return undefined;
}
