import { useEffect, useState } from 'react';

type Format = (international: string | null | undefined) => string;

let loaded: Format | undefined;
let loading: Promise<Format> | undefined;

function loadFormat(): Promise<Format> {
  loading ??= import('./phone-format').then(
    (module) => {
      loaded = module.formatPhone;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const asWritten: Format = (international) => international ?? '';

/**
 * `formatPhone` for a list, its parser downloaded once `needed` (the list's data shows a number): until then,
 * numbers show as stored (international form already, as the phone field writes them).
 */
export function usePhoneFormat(needed: boolean): Format {
  const [format, setFormat] = useState<Format | undefined>(() => loaded);
  useEffect(() => {
    if (!needed || format) return;
    let current = true;
    loadFormat().then(
      (next) => current && setFormat(() => next),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, format]);
  return format ?? asWritten;
}
