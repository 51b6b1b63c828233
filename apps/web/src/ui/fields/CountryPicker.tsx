import { Combobox, UnstyledButton, useCombobox } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_DIAL,
  LIST_ITEM_HEIGHT_PX,
  LIST_VISIBLE_ITEMS,
} from '../constants';
import { dropdownSide, listHeight } from '../form/dropdown';
import { countryFlag, countryName } from './phone-country';
import type { PhoneModule } from './phone-loader';

/**
 * The phone field's country: a button opening a searchable list (name, native name, flag, dial code). The
 * list comes with the phone library (`phone`): the button asks for it (`onNeed`) as soon as the pointer or
 * the focus reaches it, and a list opened before it arrives fills in then.
 */
export function CountryPicker(props: {
  value: CountryCode;
  onChange: (country: CountryCode) => void;
  phone: PhoneModule | undefined;
  onNeed: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('ui');
  const [search, setSearch] = useState('');
  const [side, setSide] = useState<'bottom' | 'top'>('bottom');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
      setSearch('');
    },
    onDropdownOpen: () => {
      combobox.focusSearchInput();
      // The list opens on the current country (France by default), once its options are drawn.
      requestAnimationFrame(() => combobox.selectActiveOption());
    },
  });
  const { phone } = props;
  const name = countryName(props.value);
  const dial = phone
    ? phone.dialCode(props.value)
    : props.value === DEFAULT_PHONE_COUNTRY
      ? DEFAULT_PHONE_DIAL
      : '';
  const opened = combobox.dropdownOpened;
  const shown = opened && phone ? phone.searchCountries(search) : null;
  // A list opened before the library arrived: the current country's option is there now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the list has options, not at each render
  useEffect(() => {
    if (phone && opened) requestAnimationFrame(() => combobox.selectActiveOption());
  }, [phone]);
  // The search box sits above the list.
  const height = listHeight(LIST_VISIBLE_ITEMS) + LIST_ITEM_HEIGHT_PX;

  return (
    <Combobox
      store={combobox}
      width={320}
      position={`${side}-start`}
      middlewares={{ flip: false, shift: true }}
      onOptionSubmit={(code) => {
        props.onChange(code as CountryCode);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <UnstyledButton
          type="button"
          disabled={props.disabled}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
          aria-label={t('phone.countryOf', { country: name, dial })}
          onPointerEnter={props.onNeed}
          onFocus={props.onNeed}
          onClick={() => {
            props.onNeed();
            setSide(dropdownSide(combobox.targetRef.current?.getBoundingClientRect(), height));
            combobox.toggleDropdown();
          }}
          style={{ display: 'flex', alignItems: 'center', gap: 4, paddingInline: 8, fontSize: 14 }}
        >
          <span aria-hidden>{countryFlag(props.value)}</span>
          <span>{dial}</span>
          <ChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Combobox.Target>
      <Combobox.Dropdown data-side={side}>
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
