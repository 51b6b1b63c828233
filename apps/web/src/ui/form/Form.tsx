import { Alert, Group, Stack } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useContext, useMemo, useState } from 'react';
import { VALIDATION_DEBOUNCE_MS } from '../constants';
import {
  type ErrorDisplay,
  type FieldRegistry,
  FORM_ERROR_DISPLAY,
  type FormEngine,
  FormEngineContext,
  type FormErrors,
  type KitForm,
  useFormSnapshot,
} from './engine';
import { useSteadyWhilePressed } from './pointer-hold';
import { applyServerErrors, ServerErrorReaderContext } from './server-errors';
import { formMessages } from './validators';

export interface FormProps<TIn extends object, TOut> {
  /** From `useKitForm`. */
  form: KitForm<TIn, TOut>;
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

/**
 * The message of a refused submission while the form has errors: "Le formulaire est invalide.", then the
 * messages no shown field carries (a rule across fields, a value without a field), so that it never stands
 * alone with nothing marked. Null once every error is gone.
 */
function invalidFormMessage(errors: FormErrors, fields: FieldRegistry): string | null {
  const paths = Object.entries(errors);
  if (paths.length === 0) return null;
  const unplaced = paths.filter(([path]) => {
    const field = fields.get(path);
    return !field || field.hidden;
  });
  return [
    ...new Set([formMessages.invalidForm, ...unplaced.map(([, message]) => message).filter(Boolean)]),
  ].join(' ');
}

type Refusal = { kind: 'invalid' } | { kind: 'server'; message: string };

/**
 * A form of kit fields: validation, the first message per field, server errors, "Le formulaire est invalide."
 * (shown with the fields it is about marked, the first of them focused, and gone once they are corrected).
 */
export function Form<TIn extends object, TOut>(props: FormProps<TIn, TOut>) {
  const { form } = props;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const errors = useFormSnapshot(form, (snapshot) => snapshot.errors);
  const readError = useContext(ServerErrorReaderContext);
  const { fields } = form;
  const errorDisplay = props.errorDisplay ?? FORM_ERROR_DISPLAY;
  const debounceMs = props.debounceMs ?? VALIDATION_DEBOUNCE_MS;
  const engine = useMemo<FormEngine>(
    () => ({ form: form as KitForm<object, unknown>, errorDisplay, debounceMs }),
    [form, errorDisplay, debounceMs],
  );

  const validateAndSend = form.handleSubmit(
    async (values) => {
      setRefusal(null);
      try {
        await props.onSubmit(values);
      } catch (error) {
        const message = applyServerErrors(readError(error), form.setError, fields.keys());
        setRefusal(message === null ? null : { kind: 'server', message });
      }
    },
    () => setRefusal({ kind: 'invalid' }),
  );
  // A check debounced from the last keystrokes would run after the server's answer and wipe it out.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    for (const field of fields.values()) field.cancelPending?.();
    return validateAndSend(event);
  };

  const current =
    refusal?.kind === 'server' ? refusal.message : refusal ? invalidFormMessage(errors, fields) : null;
  // Its going away moves the buttons up: not while a press may be on one of them (see pointer-hold).
  const message = useSteadyWhilePressed(current);

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
