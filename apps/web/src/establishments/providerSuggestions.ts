import { useDebouncedValue } from '@mantine/hooks';
import { providersApi, type User } from '@sejour/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, callList } from '../api/client';
import { type Suggestion, useReached } from '../ui';

/** Suggestions shown per search: enough to pick from, the server narrows them as the admin types. */
const SUGGESTION_COUNT = 30;

export function providerText(u: Pick<User, 'company' | 'firstname' | 'lastname' | 'username'>): string {
  return (
    [u.company, [u.firstname, u.lastname].filter(Boolean).join(' ')].filter(Boolean).join(' – ') || u.username
  );
}

interface ProviderOption {
  value: string;
  text: string;
}

const toSuggestion = (u: User): ProviderOption => ({ value: String(u.id), text: providerText(u) });

/**
 * Providers to pick as an owner or a filter, searched by the server (`q`) as the admin types, so the select
 * works with any number of them. The chosen one is always among the suggestions, so its name shows even
 * when the current search does not find it. Values are the ids as text. The search is asked for once the
 * select is reached (`onReached`), not with the screen.
 */
export function useProviderSuggestions(selected: string | null | undefined, enabled = true) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { reached, onReached } = useReached();
  const found = useQuery<ProviderOption[]>({
    queryKey: ['users', 'suggestions', debounced],
    queryFn: ({ signal }) =>
      callList(providersApi.list, {
        query: { q: debounced || undefined, limit: SUGGESTION_COUNT, sort: 'lastname:asc', total: false },
        signal,
      }).then((r) => r.data.map(toSuggestion)),
    placeholderData: keepPreviousData,
    enabled: enabled && reached,
  });
  const selectedId = Number(selected);
  const hasSelection = Number.isInteger(selectedId) && selectedId > 0;
  const chosen = useQuery({
    queryKey: ['users', 'suggestion', selectedId],
    queryFn: ({ signal }) =>
      call(providersApi.get, { params: { id: selectedId }, signal }).then(toSuggestion),
    enabled: enabled && hasSelection,
    staleTime: 60_000,
  });
  const suggestions = useMemo<Suggestion[]>(() => {
    const rows = found.data ?? [];
    if (!chosen.data || rows.some((row) => row.value === chosen.data.value)) return rows;
    return [chosen.data, ...rows];
  }, [found.data, chosen.data]);
  return {
    suggestions,
    onSearchChange: setSearch,
    onReached,
    loading: found.isFetching || debounced !== search.trim(),
  };
}
