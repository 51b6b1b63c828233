import { UnstyledButton } from '@mantine/core';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from '../../i18n';
import classes from './DataTable.module.css';
import type { SortingState } from './sorting';

/** A sortable column title: a button cycling the sort; the `th` carries `aria-sort`. */
export function SortHeader(props: {
  header: string;
  columnId: string;
  sorting: SortingState;
  onSort: () => void;
}) {
  const { t } = useTranslation('ui');
  const index = props.sorting.findIndex((s) => s.id === props.columnId);
  const current = props.sorting[index];
  const Icon = !current ? ArrowUpDown : current.desc ? ArrowDown : ArrowUp;
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={props.onSort}
      data-sorted={Boolean(current) || undefined}
    >
      <span>{props.header}</span>
      <Icon size={14} aria-hidden className={classes.sortIcon} />
      {current && props.sorting.length > 1 && (
        <span className={classes.sortPriority} title={t('table.sortPriority', { n: index + 1 })}>
          {index + 1}
        </span>
      )}
    </UnstyledButton>
  );
}
