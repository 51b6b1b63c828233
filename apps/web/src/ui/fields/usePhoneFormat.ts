import { useEffect } from 'react';
import { onDemand, useOnDemand } from '../on-demand';

type Format = (international: string | null | undefined) => string;

const format = onDemand(() => import('./phone-format').then((module): Format => module.formatPhone));

const asWritten: Format = (international) => international ?? '';

/**
 * `formatPhone` for a list, its parser downloaded once `needed` (the list's data shows a number): until then,
 * numbers show as stored (international form already, as the phone field writes them).
 */
export function usePhoneFormat(needed: boolean): Format {
  const { module, need } = useOnDemand(format);
  useEffect(() => {
    // A failed download leaves the numbers as stored; the next need tries again.
    if (needed && !module) need().catch(() => undefined);
  }, [needed, module, need]);
  return module ?? asWritten;
}
