import { Button, type ButtonProps } from '@mantine/core';
import { Columns3 } from 'lucide-react';
import { type ComponentPropsWithRef, lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n';

export interface ColumnPickerProps {
  columns: ReadonlyArray<{ id: string; header: string }>;
  shown: readonly string[];
  onChange: (shown: string[]) => void;
}

const loadPopover = () => import('./ColumnPickerPopover');
const ColumnPickerPopover = lazy(() =>
  loadPopover().then((module) => ({ default: module.ColumnPickerPopover })),
);

/** The "Colonnes" button, the popover's target once it is loaded. */
export function ColumnsButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('ui');
  return (
    <Button variant="default" size="xs" leftSection={<Columns3 size={16} aria-hidden />} {...props}>
      {t('table.columns')}
    </Button>
  );
}

/**
 * The optional columns, each with a check box to show or hide it, in a popover under the "Colonnes" button.
 * The popover (and floating-ui, ≈ 15 KiB gzip) is downloaded on the first click, or when the pointer or the
 * focus reaches the button, not with every list (docs/decisions/0114).
 */
export function ColumnPicker(props: ColumnPickerProps) {
  const [opened, setOpened] = useState<{ focus: boolean } | null>(null);
  const button = (
    <ColumnsButton
      aria-haspopup="dialog"
      aria-expanded={false}
      onMouseEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={(event) => setOpened({ focus: document.activeElement === event.currentTarget })}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ColumnPickerPopover {...props} focus={opened.focus} />
    </Suspense>
  );
}
