import { Combobox, type useCombobox } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { LIST_ITEM_HEIGHT_PX } from '../constants';
import { ElementAnchor } from './ElementAnchor';
import type { Option } from './suggestions';

export interface SelectListProps {
  store: ReturnType<typeof useCombobox>;
  /** The field's input, drawn by `SelectField`: the list is placed against it. */
  input: HTMLInputElement;
  side: 'bottom' | 'top';
  visible: number;
  shown: readonly Option[];
  value: string | null;
  loading: boolean;
  onOptionSubmit: (value: string) => void;
  /** Once the list is in the page, so the input can point at it (`aria-controls`). */
  onMounted: () => void;
}

/**
 * The select's list (Mantine's combobox popover and floating-ui's positioning), downloaded by `SelectField`
 * when the pointer or the focus reaches the field and mounted on the first opening (docs/decisions/0121).
 * The store, the text and the keyboard stay with the field.
 */
export function SelectList(props: SelectListProps) {
  const { t } = useTranslation('ui');
  const { store, shown, loading, onMounted } = props;
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Combobox
      store={store}
      position={props.side}
      middlewares={{ flip: false, shift: true }}
      onOptionSubmit={props.onOptionSubmit}
    >
      <Combobox.DropdownTarget>
        <ElementAnchor element={props.input} />
      </Combobox.DropdownTarget>
      <Combobox.Dropdown data-side={props.side}>
        <Combobox.Options mah={props.visible * LIST_ITEM_HEIGHT_PX} style={{ overflowY: 'auto' }}>
          {!store.dropdownOpened ? null : loading && shown.length === 0 ? (
            <Combobox.Empty>{t('select.loading')}</Combobox.Empty>
          ) : shown.length === 0 ? (
            <Combobox.Empty>{t('select.nothingFound')}</Combobox.Empty>
          ) : (
            shown.map((o) => (
              <Combobox.Option
                key={o.value}
                value={o.value}
                active={o.value === props.value}
                h={LIST_ITEM_HEIGHT_PX}
                style={{ display: 'flex', alignItems: 'center' }}
              >
                {o.text}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
