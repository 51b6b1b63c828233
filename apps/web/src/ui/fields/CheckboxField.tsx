// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox } from '@mantine/core';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import touch from './Checkbox.module.css';

function CheckboxFieldBody(props: FieldProps) {
  const field = useField<boolean>(props);
  if (field.hidden) return null;
  const { input } = field;
  return (
    <FieldFrame {...field.frame}>
      <Checkbox
        name={input.name}
        ref={input.ref}
        label={
          field.required ? (
            <>
              {props.label}
              <span aria-hidden style={{ color: 'var(--mantine-color-error)' }}>
                {' *'}
              </span>
            </>
          ) : (
            props.label
          )
        }
        description={props.description}
        error={input.error}
        aria-invalid={input.error ? true : undefined}
        required={field.required}
        disabled={input.disabled}
        readOnly={input.readOnly}
        checked={Boolean(field.value)}
        onChange={(event) => {
          if (!input.readOnly) field.setValue(event.currentTarget.checked);
        }}
        onFocus={field.onFocus}
        onBlur={field.onBlur}
        classNames={{ inner: touch.inner, label: `${input.classNames.label} ${touch.label}` }}
      />
    </FieldFrame>
  );
}

/** One check box; its value is true or false (`required`: must be ticked). */
export const CheckboxField = /*#__PURE__*/ standalone<boolean, FieldProps>(CheckboxFieldBody, false);
