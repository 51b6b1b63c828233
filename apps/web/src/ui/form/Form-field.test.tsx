import { validationMessages } from '@sejour/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../../test/render';
import { elapse } from '../../../test/timers';
import { TextField } from '../fields/TextField';
import { checkForm, type FieldRegistry } from './engine';
import { validators as v } from './validators';

afterEach(() => vi.useRealTimers());

describe('a field alone', () => {
  it('validates immediately by default and reports its value', async () => {
    vi.useFakeTimers();
    const onValueChange = vi.fn();
    renderUi(<TextField name="q" label="Code" pattern={/^\d*$/} value="" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: 'x' } });
    await elapse(0);
    expect(screen.getByText(validationMessages.pattern())).toBeInTheDocument();
    expect(onValueChange).toHaveBeenLastCalledWith('x');
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '12' } });
    await elapse(0);
    expect(screen.queryByText(validationMessages.pattern())).not.toBeInTheDocument();
    expect(onValueChange).toHaveBeenLastCalledWith('12');
  });

  it('shows a value set from outside without reporting it back', async () => {
    const onValueChange = vi.fn();
    const { rerender } = renderUi(
      <TextField name="q" label="Code" value="a" onValueChange={onValueChange} />,
    );
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('a');
    rerender(<TextField name="q" label="Code" value="b" onValueChange={onValueChange} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('b'));
    expect(onValueChange).not.toHaveBeenCalled();
  });
});

describe('checkForm: a field whose value is not final yet', () => {
  it('waits for its final value, checks it and gives it, without changing the values it was handed', async () => {
    let finish: (value: string) => void = () => {};
    const final = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const pendingPhone = vi.fn(() => final);
    const fields: FieldRegistry = new Map([
      ['contact.phone', { validators: [v.pattern(/^\+/)], hidden: false, pendingValue: pendingPhone }],
      ['name', { validators: [], hidden: false, pendingValue: () => undefined }],
    ]);
    const schema = z.object({ contact: z.object({ phone: z.string().startsWith('+33') }), name: z.string() });
    const given = { contact: { phone: '06 12 34 56 78' }, name: 'Camille' };
    let settled = false;
    const result = checkForm(given, fields, schema).then((answer) => {
      settled = true;
      return answer;
    });
    expect(pendingPhone).toHaveBeenCalledTimes(1);
    // Every promise that could settle without the final value has settled once the next task runs.
    await new Promise((nextTask) => setTimeout(nextTask, 0));
    expect(settled).toBe(false);
    finish('+33 6 12 34 56 78');
    expect(await result).toEqual({
      values: { contact: { phone: '+33 6 12 34 56 78' }, name: 'Camille' },
      errors: {},
    });
    expect(given.contact.phone).toBe('06 12 34 56 78');
  });

  it('skips a hidden field’s pending value', async () => {
    const pendingValue = vi.fn(() => Promise.resolve('x'));
    const fields: FieldRegistry = new Map([['phone', { validators: [], hidden: true, pendingValue }]]);
    expect(await checkForm({ phone: 'raw' }, fields, undefined)).toEqual({
      values: { phone: 'raw' },
      errors: {},
    });
    expect(pendingValue).not.toHaveBeenCalled();
  });
});
