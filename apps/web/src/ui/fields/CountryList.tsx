import { Combobox, type useCombobox } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { LIST_ITEM_HEIGHT_PX, LIST_VISIBLE_ITEMS } from '../constants';
import { ElementAnchor } from './ElementAnchor';
import type { PhoneModule } from './phone-loader';

export interface CountryListProps {
  store: ReturnType<typeof useCombobox>;
  /** The picker's button, drawn by `CountryPicker`: the list is placed against it. */
  button: HTMLElement;
  side: 'bottom' | 'top';
  value: CountryCode;
  phone: PhoneModule | undefined;
  onChange: (country: CountryCode) => void;
}

/**
 * The phone field's list of countries (Mantine's combobox popover, floating-ui, its search box), downloaded
 * by `CountryPicker` when the pointer or the focus reaches its button and mounted on the first opening
 * (docs/decisions/0121). The search box takes the focus when the list opens.
 */
export function CountryList(props: CountryListProps) {
  const { t } = useTranslation('ui');
  const { store, phone } = props;
  const [search, setSearch] = useState('');
  const opened = store.dropdownOpened;
  const shown = opened && phone ? phone.searchCountries(search) : null;
  // Each opening (the first one included, which mounts this list) starts from an empty search, with the
  // focus in the search box and the current country (France by default) selected once its options exist.
  useEffect(() => {
    if (!opened) return;
    setSearch('');
    store.focusSearchInput();
    const frame = requestAnimationFrame(() => store.selectActiveOption());
    return () => cancelAnimationFrame(frame);
  }, [opened, store]);
  // A list opened before the phone library arrived: the current country's option is there now.
  useEffect(() => {
    if (!phone || !store.dropdownOpened) return;
    const frame = requestAnimationFrame(() => store.selectActiveOption());
    return () => cancelAnimationFrame(frame);
  }, [phone, store]);

  return (
    <Combobox
      store={store}
      width={320}
      position={`${props.side}-start`}
      middlewares={{ flip: false, shift: true }}
      onOptionSubmit={(code) => {
        props.onChange(code as CountryCode);
        store.closeDropdown();
      }}
    >
      <Combobox.DropdownTarget>
        <ElementAnchor element={props.button} />
      </Combobox.DropdownTarget>
      <Combobox.Dropdown data-side={props.side}>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('phone.search')}
          aria-label={t('phone.search')}
        />
        <Combobox.Options mah={LIST_VISIBLE_ITEMS * LIST_ITEM_HEIGHT_PX} style={{ overflowY: 'auto' }}>
          {shown === null ? null : shown.length === 0 ? (
            <Combobox.Empty>{t('select.nothingFound')}</Combobox.Empty>
          ) : (
            shown.map((c) => (
              <Combobox.Option
                key={c.code}
                value={c.code}
                active={c.code === props.value}
                aria-selected={c.code === props.value}
                h={LIST_ITEM_HEIGHT_PX}
                style={{ display: 'flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap' }}
              >
                <span aria-hidden>{c.emoji}</span>
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {c.name}
                  {c.native !== c.name && <span style={{ opacity: 0.6 }}> ({c.native})</span>}
                </span>
                <span style={{ marginLeft: 'auto', opacity: 0.7 }}>{c.dial}</span>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
