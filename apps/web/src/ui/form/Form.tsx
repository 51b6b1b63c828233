import { Alert, Group, Stack } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useContext, useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { VALIDATION_DEBOUNCE_MS } from '../constants';
import {
  type ErrorDisplay,
  FORM_ERROR_DISPLAY,
  type FormEngine,
  FormEngineContext,
  formBinding,
  registryOf,
} from './engine';
import { applyServerErrors, ServerErrorReaderContext } from './server-errors';
import { formMessages } from './validators';

export interface FormProps<TIn extends FieldValues, TOut> {
  /** From `useKitForm`. */
  form: UseFormReturn<TIn, unknown, TOut>;
  /**
   * Called with valid values. If it throws (a server refusal, read by the app's `ServerErrorReaderContext`),
   * the field errors go onto their fields and any other message shows above the buttons.
   */
  onSubmit: (values: TOut) => unknown;
  children: ReactNode;
  /** The buttons, under the fields and the form's message. */
  actions?: ReactNode;
  /** Default `debounce` (the shared default); a field's own `errorDisplay` wins. */
  errorDisplay?: ErrorDisplay;
  debounceMs?: number;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/** A form of kit fields: validation, the first message per field, server errors, "Le formulaire est invalide." */
export function Form<TIn extends FieldValues, TOut>(props: FormProps<TIn, TOut>) {
  const { form } = props;
  const [message, setMessage] = useState<string | null>(null);
  const readError = useContext(ServerErrorReaderContext);
  const fields = registryOf(form.control);
  const errorDisplay = props.errorDisplay ?? FORM_ERROR_DISPLAY;
  const debounceMs = props.debounceMs ?? VALIDATION_DEBOUNCE_MS;
  const engine = useMemo<FormEngine>(() => {
    const held = form as unknown as UseFormReturn<FieldValues>;
    return { form: held, fields, errorDisplay, debounceMs, useBinding: formBinding(held) };
  }, [form, fields, errorDisplay, debounceMs]);

  const validateAndSend = form.handleSubmit(
    async (values) => {
      setMessage(null);
      try {
        await props.onSubmit(values);
      } catch (error) {
        setMessage(applyServerErrors(readError(error), form.setError, fields.keys()));
      }
    },
    () => setMessage(formMessages.invalidForm),
  );
  // A check debounced from the last keystrokes would run after the server's answer and wipe it out.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    for (const field of fields.values()) field.cancelPending?.();
    return validateAndSend(event);
  };

  return (
    <FormEngineContext.Provider value={engine}>
      <form
        noValidate
        onSubmit={submit}
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
      >
        <Stack gap="sm">
          {props.children}
          {message && (
            <Alert color="red" icon={<CircleAlert size={18} aria-hidden />} role="alert">
              {message}
            </Alert>
          )}
          {props.actions && (
            <Group gap="sm" mt="xs">
              {props.actions}
            </Group>
          )}
        </Stack>
      </form>
    </FormEngineContext.Provider>
  );
}
