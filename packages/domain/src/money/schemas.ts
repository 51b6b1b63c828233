import { z } from 'zod';
import { validationMessages as m } from '../validation/messages';
import { BASIS_POINTS_PER_UNIT, MAX_CENTS } from './cents';
import { formatBasisPoints, formatEuros } from './format';

/** An amount field, in cents. Its bounds read in euros, as the form shows them. */
export const centsSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(0, { error: m.min(0) })
  .max(MAX_CENTS, { error: m.max(formatEuros(MAX_CENTS)) });

/** A rate from 0 % to 100 %, in basis points. */
export const basisPointsSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(0, { error: m.min(0) })
  .max(BASIS_POINTS_PER_UNIT, { error: m.max(formatBasisPoints(BASIS_POINTS_PER_UNIT)) });
