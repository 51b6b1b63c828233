import { TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { FieldFrame } from '../form/FieldFrame';
import { filterNumberText, type NumberRules, numberText, parseNumberText } from '../form/number';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { type Validator, validators as v } from '../form/validators';

export interface NumberFieldProps extends FieldProps, NumberRules {
  min?: number;
  max?: number;
  rightSection?: ReactNode;
}

function NumberFieldBody(props: NumberFieldProps) {
  const rules: NumberRules = {
    allowNegative: props.allowNegative,
    allowDecimal: props.allowDecimal,
    decimals: props.decimals,
  };
  const own: Validator[] = [v.number()];
  if (props.allowDecimal === false) own.push(v.integer());
  if (props.min !== undefined) own.push(v.min(props.min));
  if (props.max !== undefined) own.push(v.max(props.max));
  const field = useField<number | null>(props, { validators: own });
  const [text, setText] = useState(() => numberText(field.value));
  // A value set from outside (reset, loaded record) replaces the text.
  const { value } = field;
  useEffect(() => {
    setText((current) => (Object.is(parseNumberText(current), value ?? null) ? current : numberText(value)));
  }, [value]);
  if (field.hidden) return null;
  return (
    <FieldFrame {...field.frame}>
      <TextInput
        {...field.input}
        inputMode={props.allowDecimal === false ? 'numeric' : 'decimal'}
        rightSection={props.rightSection}
        value={text}
        onChange={(event) => {
          const filtered = filterNumberText(event.currentTarget.value, rules);
          setText(filtered);
          field.setValue(parseNumberText(filtered));
        }}
        onBlur={() => {
          if (typeof value === 'number' && !Number.isNaN(value)) setText(numberText(value));
          field.onBlur();
        }}
      />
    </FieldFrame>
  );
}

/**
 * A number: only digits, dot, comma and minus can be typed; a comma becomes a dot; 9 decimals at most.
 * `allowNegative={false}` drops the sign; `allowDecimal={false}` asks for a whole number ("3,5" is shown
 * with "Veuillez saisir un nombre entier.", never rounded). The value is a
 * number, `null` when empty, `NaN` while the text is not yet a number ("-").
 */
export const NumberField = /*#__PURE__*/ standalone<number | null, NumberFieldProps>(NumberFieldBody, null);
