import { Input } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_PHONE_COUNTRY, PHONE_INPUT_MAX_LENGTH } from '../constants';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { CountryPicker } from './CountryPicker';
import { type PhoneValue, phoneError, phoneValidator, phoneValue } from './phone';

export interface PhoneFieldProps extends FieldProps {
  /** Default France. */
  defaultCountry?: CountryCode;
  /** The input's type (default `text`). */
  type?: 'text' | 'tel';
  autoComplete?: string;
  /** The whole phone value at each change: international, national, country code, mask; null when empty. */
  onPhoneChange?: (value: PhoneValue | null) => void;
}

function countryOf(value: string, fallback: CountryCode): CountryCode {
  return value.trim().startsWith('+') ? (phoneValue(value, fallback)?.countryCode ?? fallback) : fallback;
}

function PhoneFieldBody(props: PhoneFieldProps) {
  const fallback = props.defaultCountry ?? (DEFAULT_PHONE_COUNTRY as CountryCode);
  const countryRef = useRef<CountryCode>(fallback);
  const field = useField<string>(props, { validators: [phoneValidator(() => countryRef.current)] });
  const value = field.value ?? '';
  const [country, setCountryState] = useState<CountryCode>(() => countryOf(value, fallback));
  const [text, setText] = useState(() => phoneValue(value, country)?.national ?? '');
  const emitted = useRef(value);
  const id = useId();
  countryRef.current = country;

  // A value set from outside (reset, loaded record) replaces what is shown.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const next = countryOf(value, countryRef.current);
    setCountryState(next);
    setText(phoneValue(value, next)?.national ?? '');
  }, [value]);

  const emit = (typed: string, chosen: CountryCode) => {
    const phone = phoneValue(typed, chosen);
    emitted.current = phone?.international ?? '';
    countryRef.current = phone?.countryCode ?? chosen;
    field.setValue(emitted.current);
    props.onPhoneChange?.(phone);
    return phone;
  };

  if (field.hidden) return null;
  const { input } = field;
  // Built from Mantine's parts rather than TextInput: inside TextInput's wrapper, every input (the country
  // search box too) would take the phone input's id.
  return (
    <FieldFrame {...field.frame}>
      <Input.Label htmlFor={id} required={input.required} className={input.classNames.label}>
        {input.label}
      </Input.Label>
      {input.description && (
        <Input.Description id={`${id}-description`}>{input.description}</Input.Description>
      )}
      <Input
        id={id}
        ref={input.ref}
        name={input.name}
        type={props.type ?? 'text'}
        inputMode="tel"
        autoComplete={props.autoComplete ?? 'tel'}
        placeholder={input.placeholder}
        disabled={input.disabled}
        readOnly={input.readOnly}
        required={input.required}
        error={Boolean(input.error)}
        aria-invalid={Boolean(input.error)}
        aria-describedby={
          [input.description && `${id}-description`, input.error && `${id}-error`]
            .filter(Boolean)
            .join(' ') || undefined
        }
        leftSectionWidth={92}
        leftSectionPointerEvents="all"
        leftSection={
          <CountryPicker
            value={country}
            disabled={input.disabled || input.readOnly}
            onChange={(next) => {
              setCountryState(next);
              const national = text.trim().startsWith('+') ? '' : text;
              setText(national);
              emit(national, next);
            }}
          />
        }
        value={text}
        onFocus={field.onFocus}
        onChange={(event) => {
          const typed = event.currentTarget.value.slice(0, PHONE_INPUT_MAX_LENGTH);
          setText(typed);
          const phone = emit(typed, country);
          // "+32 …" picks Belgium.
          if (phone && typed.trim().startsWith('+') && phone.countryCode !== country)
            setCountryState(phone.countryCode);
        }}
        onBlur={() => {
          const phone = phoneValue(text, country);
          if (phone && !phoneError(phone.international, phone.countryCode)) {
            setCountryState(phone.countryCode);
            setText(phone.national);
          }
          field.onBlur();
        }}
      />
      {input.error && (
        <Input.Error id={`${id}-error`} mt={4}>
          {input.error}
        </Input.Error>
      )}
    </FieldFrame>
  );
}

/**
 * A phone number with its country (France by default, searchable list). The form value is the
 * international number ("+33 6 12 34 56 78"), what the API stores; `onPhoneChange` gives the whole
 * `PhoneValue`. Valid only when possible and valid for the country.
 */
export const PhoneField = /*#__PURE__*/ standalone<string, PhoneFieldProps>(PhoneFieldBody, '');
