import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { VALIDATION_DEBOUNCE_MS } from '../constants';
import { AnimatedIcon } from '../icons/AnimatedIcon';
import { ColumnPicker } from './ColumnPicker';
import classes from './DataTable.module.css';

/** Above the table: search box, the screen's own filters, optional columns, CSV export. */
export function TableToolbar(props: {
  search?: { value: string; onChange: (text: string) => void };
  children?: ReactNode;
  columns?: {
    all: ReadonlyArray<{ id: string; header: string }>;
    shown: string[];
    onChange: (ids: string[]) => void;
  };
  onExport?: () => void;
  exporting?: boolean;
}) {
  const { t } = useTranslation('ui');
  const { search } = props;
  const [text, setText] = useState(search?.value ?? '');
  const commit = useDebouncedCallback((value: string) => search?.onChange(value), VALIDATION_DEBOUNCE_MS);
  // Back/forward may change the search in the URL: follow it.
  useEffect(() => setText(search?.value ?? ''), [search?.value]);

  if (!search && !props.children && !props.columns && !props.onExport) return null;
  return (
    <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
      {search && (
        <TextInput
          className={classes.search}
          type="search"
          aria-label={t('table.search')}
          placeholder={t('table.search')}
          leftSection={<Search size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commit(event.currentTarget.value);
          }}
        />
      )}
      {props.children}
      <Group gap="xs" ml="auto">
        {props.columns && props.columns.all.length > 0 && (
          <ColumnPicker
            columns={props.columns.all}
            shown={props.columns.shown}
            onChange={props.columns.onChange}
          />
        )}
        {props.onExport && (
          <Button
            variant="default"
            size="xs"
            onClick={props.onExport}
            loading={props.exporting}
            leftSection={<AnimatedIcon name="download" size={16} />}
          >
            {t('table.exportCsv')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
