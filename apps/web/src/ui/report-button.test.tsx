import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockButton } from './block-button.tsx';
import { ReportButton } from './report-button.tsx';

afterEach(cleanup);

const describeError = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

describe('ReportButton', () => {
  it('asks for a reason, sends the reason and words, then shows the receipt', async () => {
    const user = userEvent.setup();
    const onReport = vi.fn(async () => "Thanks, we've received your report.");
    render(<ReportButton label="Report this listing" subject="Hedge Trimmer" onReport={onReport} describeError={describeError} />);
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Hedge Trimmer' });
    expect(screen.getByRole('radio', { name: 'Not a real item / misleading' })).toHaveFocus();
    expect(screen.getAllByRole('radio')).toHaveLength(6);

    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason for your report.');
    expect(onReport).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Scam or asking to pay outside Toolshed' }));
    await user.type(screen.getByLabelText('Anything else we should know? (optional)'), 'Wants a bank transfer');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onReport).toHaveBeenCalledWith('scam', 'Wants a bank transfer');
    expect(await screen.findByRole('status')).toHaveTextContent("Thanks, we've received your report.");
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toBeInTheDocument();
  });

  it('shows why a report was refused and keeps what was chosen; Escape closes it', async () => {
    const user = userEvent.setup();
    const onReport = vi.fn(async () => Promise.reject(new Error("You can't report your own listing.")));
    render(<ReportButton label="Report" subject="a message" onReport={onReport} describeError={describeError} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Harassment' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You can't report your own listing.");
    expect(screen.getByRole('radio', { name: 'Harassment' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });
});

describe('BlockButton', () => {
  it('blocks only after a confirmation naming what it does, and unblocks at once', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(async () => undefined);
    const { rerender } = render(<BlockButton memberName="Bob Brown" blocked={false} onChange={onChange} describeError={describeError} />);
    await user.click(screen.getByRole('button', { name: 'Block Bob Brown' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Bob Brown?' });
    expect(dialog).toHaveTextContent("Neither of you will be able to message the other or book the other's items");
    expect(dialog).toHaveTextContent("Bob Brown won't be told.");
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Block Bob Brown' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(<BlockButton memberName="Bob Brown" blocked onChange={onChange} describeError={describeError} />);
    await user.click(screen.getByRole('button', { name: 'Unblock Bob Brown' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
