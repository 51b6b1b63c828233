import { UnstyledButton, useCombobox } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
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
import { onDemand, useOnDemand } from '../on-demand';
import { countryFlag, countryName } from './phone-country';
import type { PhoneModule } from './phone-loader';

const countryList = onDemand(() => import('./CountryList'));

/**
 * The phone field's country: a button opening a searchable list (name, native name, flag, dial code). The
 * countries come with the phone library (`phone`), the list's code on its own: the button asks for both as
 * soon as the pointer or the focus reaches it, and a list opened before they arrive fills in then.
 */
export function CountryPicker(props: {
  value: CountryCode;
  onChange: (country: CountryCode) => void;
  phone: PhoneModule | undefined;
  onNeed: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('ui');
  const [side, setSide] = useState<'bottom' | 'top'>('bottom');
  const { module: list, need: needList } = useOnDemand(countryList);
  const [button, setButton] = useState<HTMLElement | null>(null);
  // The list is mounted from the first opening on.
  const [wanted, setWanted] = useState(false);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
    },
  });
  const ref = useMergedRef(combobox.targetRef, setButton);
  const opened = combobox.dropdownOpened;
  const need = () => {
    props.onNeed();
    // A failed download is tried again at the next pointer, focus or click.
    needList().catch(() => undefined);
  };
  // A list opened before its code arrived opens once it does.
  useEffect(() => {
    if (opened && !list) need();
  });
  const name = countryName(props.value);
  const { phone } = props;
  const dial = phone
    ? phone.dialCode(props.value)
    : props.value === DEFAULT_PHONE_COUNTRY
      ? DEFAULT_PHONE_DIAL
      : '';
  // The search box sits above the list.
  const height = listHeight(LIST_VISIBLE_ITEMS) + LIST_ITEM_HEIGHT_PX;

  return (
    <>
      <UnstyledButton
        ref={ref}
        type="button"
        disabled={props.disabled}
        aria-haspopup="listbox"
        aria-expanded={opened}
        aria-label={t('phone.countryOf', { country: name, dial })}
        onPointerEnter={need}
        onFocus={need}
        onClick={() => {
          need();
          setSide(dropdownSide(button?.getBoundingClientRect(), height));
          setWanted(true);
          combobox.toggleDropdown();
        }}
        style={{ display: 'flex', alignItems: 'center', gap: 4, paddingInline: 8, fontSize: 14 }}
      >
        <span aria-hidden>{countryFlag(props.value)}</span>
        <span>{dial}</span>
        <ChevronDown size={14} aria-hidden />
      </UnstyledButton>
      {list && button && wanted && (
        <list.CountryList
          store={combobox}
          button={button}
          side={side}
          value={props.value}
          phone={phone}
          onChange={props.onChange}
        />
      )}
    </>
  );
}
