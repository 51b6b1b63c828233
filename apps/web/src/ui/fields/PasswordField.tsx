// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { type Validator, validators as v } from '../form/validators';

export interface PasswordFieldProps extends FieldProps {
  /** Shows the "length / max" counter and adds the maximum-length rule. */
  maxLength?: number;
  minLength?: number;
  autoComplete?: 'current-password' | 'new-password' | 'off';
  /** Shown under the field, e.g. a strength meter; a function receives the typed password. */
  meter?: ReactNode | ((password: string) => ReactNode);
}

function PasswordFieldBody(props: PasswordFieldProps) {
  const { t } = useTranslation('ui');
  const [visible, setVisible] = useState(false);
  const own: Validator[] = [];
  if (props.minLength !== undefined) own.push(v.minLength(props.minLength));
  if (props.maxLength !== undefined) own.push(v.maxLength(props.maxLength));
  const field = useField<string>(props, { validators: own });
  if (field.hidden) return null;
  const value = field.value ?? '';
  const meter = typeof props.meter === 'function' ? props.meter(value) : props.meter;
  return (
    <FieldFrame {...field.frame} after={meter}>
      <PasswordInput
        {...field.input}
        autoComplete={props.autoComplete}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={{
          'aria-label': t(visible ? 'password.hide' : 'password.show'),
          'aria-pressed': visible,
        }}
        value={value}
        onChange={(event) => field.setValue(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}

/** A password with a show/hide toggle, and a slot for a strength meter. */
export const PasswordField = /*#__PURE__*/ standalone<string, PasswordFieldProps>(PasswordFieldBody, '');
