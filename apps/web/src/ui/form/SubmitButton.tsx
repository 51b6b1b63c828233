import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormEngine, useFormSnapshot } from './engine';

/** The form's submit button, busy while the submission runs. */
export function SubmitButton(props: ButtonProps & { children: ReactNode }) {
  const { form, alone } = useFormEngine();
  if (alone) throw new Error('A submit button must be inside <Form>.');
  const submitting = useFormSnapshot(form, (snapshot) => snapshot.submitting);
  return <Button type="submit" loading={submitting} {...props} />;
}
