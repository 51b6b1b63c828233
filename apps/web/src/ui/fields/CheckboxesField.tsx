// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Group, Stack } from '@mantine/core';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import touch from './Checkbox.module.css';
import { type Suggestion, toOption } from './suggestions';

export interface CheckboxesFieldProps extends FieldProps {
  options: readonly Suggestion[];
  /** Default vertical. */
  inline?: boolean;
}

function CheckboxesFieldBody(props: CheckboxesFieldProps) {
  const field = useField<string[]>(props);
  if (field.hidden) return null;
  const { input } = field;
  const List = props.inline ? Group : Stack;
  return (
    <FieldFrame {...field.frame}>
      <Checkbox.Group
        label={input.label}
        description={input.description}
        error={input.error}
        withAsterisk={field.required}
        value={field.value ?? []}
        onChange={(value) => {
          if (!input.readOnly) field.setValue(value);
        }}
        classNames={{ label: input.classNames.label }}
      >
        <List gap="xs" mt={4}>
          {props.options.map(toOption).map((o, index) => (
            <Checkbox
              key={o.value}
              ref={index === 0 ? input.ref : undefined}
              value={o.value}
              label={o.text}
              aria-invalid={input.error ? true : undefined}
              classNames={{ inner: touch.inner, label: touch.label }}
              disabled={input.disabled}
              onFocus={field.onFocus}
              onBlur={field.onBlur}
            />
          ))}
        </List>
      </Checkbox.Group>
    </FieldFrame>
  );
}

/** Several check boxes; the value is the list of ticked options' values. */
export const CheckboxesField = /*#__PURE__*/ standalone<string[], CheckboxesFieldProps>(
  CheckboxesFieldBody,
  [],
);
