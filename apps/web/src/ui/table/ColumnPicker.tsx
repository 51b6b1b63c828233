import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { Columns3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The optional columns, each with a check box to show or hide it. */
export function ColumnPicker(props: {
  columns: ReadonlyArray<{ id: string; header: string }>;
  shown: readonly string[];
  onChange: (shown: string[]) => void;
}) {
  const { t } = useTranslation('ui');
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<Columns3 size={16} aria-hidden />}>
          {t('table.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group label={t('table.columnsLabel')} value={[...props.shown]} onChange={props.onChange}>
          <Stack gap="xs" mt="xs">
            {props.columns.map((c) => (
              <Checkbox key={c.id} value={c.id} label={c.header} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
