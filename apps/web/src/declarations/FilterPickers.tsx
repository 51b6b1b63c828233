import { useDebouncedValue } from '@mantine/hooks';
import { establishmentsApi, providersApi, type User } from '@sejour/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, callList } from '../api/client';
import { SelectField, useReached } from '../ui';
import { useDeclarationsTexts } from './texts';

/** Suggestions asked per search: the server searches, the list only shows the first matches. */
const PICK_LIMIT = 20;
const SEARCH_DEBOUNCE_MS = 250;

interface Choice {
  value: string;
  text: string;
}

/** The provider as lists name it (company, else first and last name), with the username to tell twins apart. */
function providerText(user: User): string {
  const name = user.company?.trim() || [user.firstname, user.lastname].filter(Boolean).join(' ').trim();
  return name && name !== user.username ? `${name} (${user.username})` : user.username;
}

/** The establishment with its town, to tell namesakes apart. */
function establishmentText(establishment: { name: string; city: string | null }): string {
  return establishment.city ? `${establishment.name} — ${establishment.city}` : establishment.name;
}

/** The chosen one first (it may not be among the matches of the current search), then the matches. */
function merge(selected: Choice | undefined, found: Choice[] | undefined): Choice[] {
  const rest = (found ?? []).filter((c) => c.value !== selected?.value);
  return selected ? [selected, ...rest] : rest;
}

/** The search typed in a picker, and whether the picker was reached (its suggestions are asked for from then). */
function useSearchText() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { search: debounced, setText, ...useReached() };
}

/**
 * A provider filter searched on the server (`GET users?q=`), so it scales to any number of providers; the
 * value is the provider's id (`userId` in the URL).
 */
export function ProviderPicker(props: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useDeclarationsTexts();
  const { search, setText, reached, onReached } = useSearchText();
  const id = props.value ? Number(props.value) : null;
  const found = useQuery({
    queryKey: ['declarations', 'pick', 'providers', search],
    queryFn: ({ signal }) =>
      callList(providersApi.list, {
        query: { q: search || undefined, limit: PICK_LIMIT, total: false },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: reached,
  });
  const selected = useQuery({
    queryKey: ['declarations', 'pick', 'provider', id],
    queryFn: () => call(providersApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  const suggestions = useMemo(
    () =>
      merge(
        selected.data ? { value: String(selected.data.id), text: providerText(selected.data) } : undefined,
        found.data?.data.map((u) => ({ value: String(u.id), text: providerText(u) })),
      ),
    [selected.data, found.data],
  );
  return (
    <SelectField
      name="userId"
      label={t('list.filters.provider')}
      suggestions={suggestions}
      value={props.value}
      onValueChange={props.onChange}
      onSearchChange={setText}
      onReached={onReached}
    />
  );
}

/**
 * An establishment filter searched on the server (`GET establishments?q=`), narrowed to the chosen provider's
 * establishments; the value is the establishment's id (`establishmentId` in the URL).
 */
export function EstablishmentPicker(props: {
  value: string | null;
  userId: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useDeclarationsTexts();
  const { search, setText, reached, onReached } = useSearchText();
  const id = props.value ? Number(props.value) : null;
  const found = useQuery({
    queryKey: ['declarations', 'pick', 'establishments', search, props.userId],
    queryFn: ({ signal }) =>
      callList(establishmentsApi.list, {
        query: { q: search || undefined, userId: props.userId ?? undefined, limit: PICK_LIMIT, total: false },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: reached,
  });
  const selected = useQuery({
    queryKey: ['declarations', 'pick', 'establishment', id],
    queryFn: () => call(establishmentsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  const suggestions = useMemo(
    () =>
      merge(
        selected.data
          ? { value: String(selected.data.id), text: establishmentText(selected.data) }
          : undefined,
        found.data?.data.map((e) => ({ value: String(e.id), text: establishmentText(e) })),
      ),
    [selected.data, found.data],
  );
  return (
    <SelectField
      name="establishmentId"
      label={t('list.filters.establishment')}
      suggestions={suggestions}
      value={props.value}
      onValueChange={props.onChange}
      onSearchChange={setText}
      onReached={onReached}
    />
  );
}
