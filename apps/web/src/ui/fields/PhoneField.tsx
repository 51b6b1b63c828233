import { Input } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_PHONE_COUNTRY, PHONE_INPUT_MAX_LENGTH } from '../constants';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { CountryPicker } from './CountryPicker';
import type { PhoneValue } from './phone';
import { loadedPhone, loadPhone, type PhoneModule, phoneFieldValidator } from './phone-loader';

export interface PhoneFieldProps extends FieldProps {
  /** Default France. */
  defaultCountry?: CountryCode;
  /** The input's type (default `text`). */
  type?: 'text' | 'tel';
  autoComplete?: string;
  /** The whole phone value at each change: international, national, country code, mask; null when empty. */
  onPhoneChange?: (value: PhoneValue | null) => void;
}

function countryOf(phone: PhoneModule, value: string, fallback: CountryCode): CountryCode {
  return value.trim().startsWith('+')
    ? (phone.phoneValue(value, fallback)?.countryCode ?? fallback)
    : fallback;
}

/**
 * Until the phone library arrives, what the input shows that the form does not hold in its final form yet:
 * text typed meanwhile (the form holds it as typed), or a value set from outside (shown as written).
 */
type Unsettled = 'typed' | 'value' | null;

function PhoneFieldBody(props: PhoneFieldProps) {
  const fallback = props.defaultCountry ?? (DEFAULT_PHONE_COUNTRY as CountryCode);
  // The library is downloaded when the field gets the focus (or the pointer reaches its country button), has a
  // number to show, or is validated: the screen's first visit goes without it, and typing never waits for it.
  // Not when the pointer merely passes over the input: a page scrolled under a resting mouse would do it.
  const [phone, setPhone] = useState<PhoneModule | undefined>(loadedPhone);
  const countryRef = useRef<CountryCode>(fallback);
  const unsettled = useRef<Unsettled>(null);
  const textRef = useRef('');
  const emitted = useRef<string>('');
  const field = useField<string>(props, {
    validators: [phoneFieldValidator(() => countryRef.current)],
    pendingValue: () =>
      unsettled.current === null
        ? undefined
        : loadPhone().then((module) =>
            unsettled.current === 'typed'
              ? (module.phoneValue(textRef.current, countryRef.current)?.international ?? '')
              : emitted.current,
          ),
  });
  const value = field.value ?? '';
  const [country, setCountryState] = useState<CountryCode>(() =>
    phone ? countryOf(phone, value, fallback) : fallback,
  );
  const [text, setTextState] = useState(() => {
    emitted.current = value;
    if (phone) return phone.phoneValue(value, country)?.national ?? '';
    if (value.trim() !== '') unsettled.current = 'value';
    return value;
  });
  textRef.current = text;
  countryRef.current = country;
  const id = useId();
  const setText = (next: string) => {
    textRef.current = next;
    setTextState(next);
  };

  const requested = useRef(false);
  const need = () => {
    if (phone || requested.current) return;
    requested.current = true;
    loadPhone().then(setPhone, () => {
      requested.current = false;
    });
  };
  // A number to show, or a country whose dial code only the library knows, needs it now.
  useEffect(() => {
    if (!phone && (unsettled.current !== null || country !== DEFAULT_PHONE_COUNTRY)) need();
  });

  const emit = (typed: string, chosen: CountryCode, module: PhoneModule | undefined = phone) => {
    if (!module) {
      const blank = typed.trim() === '';
      unsettled.current = blank ? null : 'typed';
      emitted.current = blank ? '' : typed;
      countryRef.current = chosen;
      field.setValue(emitted.current);
      if (blank) props.onPhoneChange?.(null);
      return null;
    }
    const result = module.phoneValue(typed, chosen);
    emitted.current = result?.international ?? '';
    countryRef.current = result?.countryCode ?? chosen;
    field.setValue(emitted.current);
    props.onPhoneChange?.(result);
    return result;
  };

  // A value set from outside (reset, loaded record) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value only; the library's arrival is below
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    if (!phone) {
      unsettled.current = value.trim() === '' ? null : 'value';
      setText(value);
      return;
    }
    const next = countryOf(phone, value, countryRef.current);
    setCountryState(next);
    setText(phone.phoneValue(value, next)?.national ?? '');
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the library arrives
  useEffect(() => {
    if (!phone) return;
    const pending = unsettled.current;
    unsettled.current = null;
    if (pending === 'value') {
      const next = countryOf(phone, emitted.current, countryRef.current);
      setCountryState(next);
      setText(phone.phoneValue(emitted.current, next)?.national ?? '');
    } else if (pending === 'typed') {
      // What typing would have given with the library there, and leaving the field, if it was left.
      const typed = textRef.current;
      const result = emit(typed, countryRef.current, phone);
      if (!result) return;
      if (typed.trim().startsWith('+') && result.countryCode !== countryRef.current)
        setCountryState(result.countryCode);
      if (!field.states.focused && !phone.phoneError(result.international, result.countryCode)) {
        setCountryState(result.countryCode);
        setText(result.national);
      }
    }
  }, [phone]);

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
            phone={phone}
            onNeed={need}
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
        onFocus={() => {
          need();
          field.onFocus();
        }}
        onChange={(event) => {
          const typed = event.currentTarget.value.slice(0, PHONE_INPUT_MAX_LENGTH);
          setText(typed);
          const result = emit(typed, country);
          // "+32 …" picks Belgium.
          if (result && typed.trim().startsWith('+') && result.countryCode !== country)
            setCountryState(result.countryCode);
        }}
        onBlur={() => {
          const result = phone?.phoneValue(text, country);
          if (phone && result && !phone.phoneError(result.international, result.countryCode)) {
            setCountryState(result.countryCode);
            setText(result.national);
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
 * `PhoneValue`. Valid only when possible and valid for the country. The phone library loads on demand:
 * until it arrives, the form holds the text as typed, and validation waits for it.
 */
export const PhoneField = /*#__PURE__*/ standalone<string, PhoneFieldProps>(PhoneFieldBody, '');
