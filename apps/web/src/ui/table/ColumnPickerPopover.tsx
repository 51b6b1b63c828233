// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Popover, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { type ColumnPickerProps, ColumnsButton } from './ColumnPicker';

/**
 * The column picker's popover (floating-ui's positioning), loaded by `ColumnPicker` on the first click and
 * opened at once; the button takes the focus back if the replaced one had it.
 */
export function ColumnPickerPopover(props: ColumnPickerProps & { focus: boolean }) {
  const { t } = useTranslation('ui');
  const target = useRef<HTMLButtonElement>(null);
  const { focus } = props;
  useEffect(() => {
    if (focus) target.current?.focus();
  }, [focus]);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal defaultOpened>
      <Popover.Target>
        <ColumnsButton ref={target} />
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
