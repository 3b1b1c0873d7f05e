import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { useCheckedForm, type FieldProblems } from './use-checked-form.ts';
import { FormAlert, FormField } from './form-parts.tsx';

interface Values {
  name: string;
  code: string;
}

const check = (v: Values): FieldProblems<Values> => ({
  name: v.name.trim() ? undefined : 'Please enter a name.',
  code: /^\d{4}$/.test(v.code) ? undefined : 'The code is 4 digits.',
});

function TestForm({ send }: { send: (values: Values) => Promise<void> }) {
  const form = useCheckedForm<Values>({ defaultValues: { name: '', code: '' }, check, idPrefix: 't', hinted: ['code'] });
  const onSubmit = form.submit((values) => send(values).catch((error: unknown) => form.serverError(error, ['name', 'code'])));
  return (
    <form noValidate aria-label="Test" onSubmit={onSubmit}>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <FormField id="t-name" label="Name" problem={form.problem('name')}>
        <input {...form.field('name')} />
      </FormField>
      <FormField id="t-code" label="Code" problem={form.problem('code')} hint="Four digits">
        <input {...form.field('code')} />
      </FormField>
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(cleanup);

describe('the one form pattern', () => {
  it('shows the rule’s words under each field, focuses the first and sends nothing', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<TestForm send={send} />);
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-describedby', 't-code-hint');
    await userEvent.type(screen.getByLabelText('Code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    expect(screen.getByText('The code is 4 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-describedby', 't-code-error');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the values once the rule passes', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<TestForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ name: 'Ada', code: '1234' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a server’s 400 under the field it names and focuses it', async () => {
    const send = vi.fn(() => Promise.reject(new ApiError(400, 'VALIDATION', 'code: That code is used already.', 'code')));
    render(<TestForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('That code is used already.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });

  it('shows any other failure above the form', async () => {
    const send = vi.fn(() => Promise.reject(new ApiError(409, 'CONFLICT', 'Someone changed this first.')));
    render(<TestForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Someone changed this first.')).toBeInTheDocument();
  });

  it('with recheck on change, takes a message away once its field is put right, keeping the others', async () => {
    function Rechecked() {
      const form = useCheckedForm<Values>({ defaultValues: { name: '', code: '' }, check, idPrefix: 'r', recheck: 'onChange' });
      return (
        <form noValidate aria-label="Rechecked" onSubmit={form.submit(() => undefined)}>
          <FormField id="r-name" label="Name" problem={form.problem('name')}>
            <input {...form.field('name')} />
          </FormField>
          <FormField id="r-code" label="Code" problem={form.problem('code')}>
            <input {...form.field('code')} />
          </FormField>
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Rechecked />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The code is 4 digits.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '1234');
    expect(screen.queryByText('The code is 4 digits.')).toBeNull();
    expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
  });

  it('with focusOf, focuses the field it names rather than the first in error', async () => {
    const focusOf = vi.fn(() => 'code' as const);
    function Focused() {
      const form = useCheckedForm<Values>({ defaultValues: { name: '', code: '' }, check, idPrefix: 'f', focusOf });
      return (
        <form noValidate aria-label="Focused" onSubmit={form.submit(() => undefined)}>
          <FormField id="f-name" label="Name" problem={form.problem('name')}>
            <input {...form.field('name')} />
          </FormField>
          <FormField id="f-code" label="Code" problem={form.problem('code')}>
            <input {...form.field('code')} />
          </FormField>
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Focused />);
    await userEvent.type(screen.getByLabelText('Code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(focusOf).toHaveBeenCalledWith({ name: 'Please enter a name.', code: 'The code is 4 digits.' }, { name: '', code: '12' });
  });
});
