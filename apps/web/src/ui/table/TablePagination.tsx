import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { PAGINATION_JUMP } from '../constants';
import { paginationItems } from './pagination';

/** "Prec." 1 2 … 8 9 10 11 12 … 19 20 "Suiv." — every item a button; ellipses jump 5 pages. */
export function TablePagination(props: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('ui');
  const { page, pageCount, onChange } = props;
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label={t('table.pagination')} gap={4} wrap="wrap">
      <Button
        variant="default"
        size="compact-sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        title={t('table.previousPage')}
      >
        {t('table.previous')}
      </Button>
      {paginationItems(page, pageCount).map((item) =>
        item.type === 'page' ? (
          <Button
            key={`p${item.page}`}
            size="compact-sm"
            variant={item.page === page ? 'filled' : 'default'}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={t('table.page', { page: item.page })}
            onClick={() => onChange(item.page)}
          >
            {item.page}
          </Button>
        ) : (
          <Button
            key={item.direction}
            size="compact-sm"
            variant="subtle"
            onClick={() => onChange(item.target)}
            aria-label={t(item.direction === 'back' ? 'table.jumpBack' : 'table.jumpForward', {
              count: PAGINATION_JUMP,
              page: item.target,
            })}
          >
            …
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="compact-sm"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
        title={t('table.nextPage')}
      >
        {t('table.next')}
      </Button>
    </Group>
  );
}
