import { type EstablishmentType, gridRowOf, isNature, starsOf, starsSuggestions } from '@sejour/domain';
import { useEffect, useMemo } from 'react';
import { type KitForm, useFormValue } from '../form/engine';

/** The fields of a form that asks what an accommodation is (an establishment's, a public registration's). */
interface NatureValues {
  type?: unknown;
  nature?: unknown;
  stars?: unknown;
  classifiedOn?: unknown;
}

export interface NatureChoice {
  /** The grid row the nature and classification give; null while the pair is not one the law allows. */
  row: EstablishmentType | null;
  /** The classifications the nature allows (none when it has no stars). */
  starsChoices: ReturnType<typeof starsSuggestions>;
  /** Stars are chosen: the decision date is asked. */
  classified: boolean;
}

/**
 * A form's nature and classification as the person picks them: the row follows them (the type is never picked
 * beside a nature), and a classification — or decision date — the new choice cannot have is dropped.
 */
export function useNatureChoice<TIn extends NatureValues, TOut>(
  form: KitForm<TIn, TOut>,
  unclassified: string,
): NatureChoice {
  const natureValue = useFormValue(form, 'nature' as keyof TIn & string);
  const stars = useFormValue(form, 'stars' as keyof TIn & string);
  const row = gridRowOf(natureValue, stars);
  const nature = isNature(natureValue) ? natureValue : null;
  const starsChoices = useMemo(
    () => (nature ? starsSuggestions(nature, unclassified) : []),
    [nature, unclassified],
  );
  const classified = starsOf(stars) !== null;
  useEffect(() => {
    if (row && form.getValues().type !== row) form.setValue('type', row);
  }, [form, row]);
  useEffect(() => {
    const values = form.getValues();
    const starsAllowed =
      nature !== null && starsChoices.some((choice) => choice.value === String(values.stars));
    if (values.stars && !starsAllowed) form.setValue('stars', '');
    if (!classified && values.classifiedOn) form.setValue('classifiedOn', '');
  }, [form, nature, starsChoices, classified]);
  return { row, starsChoices, classified };
}
