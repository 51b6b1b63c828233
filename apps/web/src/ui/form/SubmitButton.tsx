import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useFormEngine } from './engine';

/** The form's submit button, busy while the submission runs. */
export function SubmitButton(props: ButtonProps & { children: ReactNode }) {
  const { form } = useFormEngine();
  if (!form) throw new Error('A submit button must be inside <Form>.');
  const { isSubmitting } = useFormState({ control: form.control });
  return <Button type="submit" loading={isSubmitting} {...props} />;
}
