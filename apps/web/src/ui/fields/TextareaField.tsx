import { Textarea } from '@mantine/core';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { type Validator, validators as v } from '../form/validators';

export interface TextareaFieldProps extends FieldProps {
  /** Shows the "length / max" counter and adds the maximum-length rule. */
  maxLength?: number;
  minLength?: number;
  /** Default 3; the box grows with its text up to `maxRows` (default 10). */
  minRows?: number;
  maxRows?: number;
}

function TextareaFieldBody(props: TextareaFieldProps) {
  const own: Validator[] = [];
  if (props.minLength !== undefined) own.push(v.minLength(props.minLength));
  if (props.maxLength !== undefined) own.push(v.maxLength(props.maxLength));
  const field = useField<string>(props, { validators: own });
  if (field.hidden) return null;
  return (
    <FieldFrame {...field.frame}>
      <Textarea
        {...field.input}
        autosize
        minRows={props.minRows ?? 3}
        maxRows={props.maxRows ?? 10}
        value={field.value ?? ''}
        onChange={(event) => field.setValue(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}

/** A multi-line text field. */
export const TextareaField = /*#__PURE__*/ standalone<string, TextareaFieldProps>(TextareaFieldBody, '');
