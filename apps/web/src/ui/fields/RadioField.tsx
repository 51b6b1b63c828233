// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { Group, Radio, Stack } from '@mantine/core';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { type Suggestion, toOption } from './suggestions';

export interface RadioFieldProps extends FieldProps {
  options: readonly Suggestion[];
  /** Default vertical. */
  inline?: boolean;
}

function RadioFieldBody(props: RadioFieldProps) {
  const field = useField<string | null>(props);
  if (field.hidden) return null;
  const { input } = field;
  const List = props.inline ? Group : Stack;
  return (
    <FieldFrame {...field.frame}>
      <Radio.Group
        name={input.name}
        label={input.label}
        description={input.description}
        error={input.error}
        withAsterisk={field.required}
        value={field.value ?? null}
        onChange={(value) => {
          if (!input.readOnly) field.setValue(value);
        }}
        classNames={{ label: input.classNames.label }}
      >
        <List gap="xs" mt={4}>
          {props.options.map(toOption).map((o, index) => (
            <Radio
              key={o.value}
              ref={index === 0 ? input.ref : undefined}
              value={o.value}
              label={o.text}
              disabled={input.disabled}
              onFocus={field.onFocus}
              onBlur={field.onBlur}
            />
          ))}
        </List>
      </Radio.Group>
    </FieldFrame>
  );
}

/** One choice among options; the value is the chosen option's value. */
export const RadioField = /*#__PURE__*/ standalone<string | null, RadioFieldProps>(RadioFieldBody, null);
