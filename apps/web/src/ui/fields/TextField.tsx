import { TextInput } from '@mantine/core';
import { validationMessages as m } from '@sejour/domain';
import type { ReactNode } from 'react';
import { FieldFrame } from '../form/FieldFrame';
import { applyMask, maskValue } from '../form/mask';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { type Validator, validators as v } from '../form/validators';

export interface TextFieldProps extends FieldProps {
  /** Shows the "length / max" counter and adds the maximum-length rule. */
  maxLength?: number;
  minLength?: number;
  /** The whole value must match (anchor it: `^…$`). */
  pattern?: RegExp;
  /** Input mask (`9` digit, `A` letter, `?` letter or digit, `8` numeric, `*` any); see `applyMask`. */
  mask?: string;
  /** Keep the mask's characters in the value (default false: only what was typed). */
  keepMask?: boolean;
  type?: 'text' | 'email' | 'url' | 'search' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel' | 'url' | 'search';
  leftSection?: ReactNode;
}

function TextFieldBody(props: TextFieldProps) {
  const own: Validator[] = [];
  if (props.minLength !== undefined) own.push(v.minLength(props.minLength));
  if (props.maxLength !== undefined) own.push(v.maxLength(props.maxLength));
  if (props.type === 'email') own.push(v.email());
  if (props.pattern) own.push(v.pattern(props.pattern));
  const { mask } = props;
  // An unfinished mask does not match the format asked for.
  if (mask) own.push(v.custom<string>((value) => applyMask(value, mask).complete, m.pattern()));
  const field = useField<string>(props, { validators: own });
  if (field.hidden) return null;
  const value = field.value ?? '';
  const shown = mask ? applyMask(value, mask).masked : value;
  return (
    <FieldFrame {...field.frame}>
      <TextInput
        {...field.input}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        leftSection={props.leftSection}
        value={shown}
        onChange={(event) => {
          const text = event.currentTarget.value;
          field.setValue(mask ? maskValue(text, mask, props.keepMask ?? false) : text);
        }}
      />
    </FieldFrame>
  );
}

/** A one-line text field; with `mask`, typed text is fitted to the mask. */
export const TextField = /*#__PURE__*/ standalone<string, TextFieldProps>(TextFieldBody, '');
