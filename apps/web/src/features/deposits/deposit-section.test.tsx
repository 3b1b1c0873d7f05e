import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claim, DepositView } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

const base: DepositView = {
  role: 'owner',
  hold: {
    amountPence: 5000,
    state: 'held',
    capturedPence: null,
    settledAt: null,
    holdsAt: null,
    cardNeededBy: null,
    note: null,
    declined: null,
  },
  lateDays: 0,
  lateFeePence: 0,
  claimWindowClosesAt: '2030-06-14T23:00:00.000Z',
  canReport: [
    { kind: 'damaged', maxPence: 5000 },
    { kind: 'missing_parts', maxPence: 5000 },
  ],
  claims: [],
};

const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 'c-1',
  kind: 'damaged',
  byRole: 'owner',
  byName: 'Sam Okafor',
  amountPence: 2000,
  note: 'Blade guard cracked',
  state: 'open',
  reply: null,
  createdAt: '2030-06-13T09:00:00.000Z',
  disputedAt: null,
  escalatedAt: null,
  acceptedAt: null,
  withdrawnAt: null,
  loweredAt: null,
  proposal: null,
  escalatesAt: null,
  actions: [],
  photos: [],
  canAddPhotos: false,
  ...over,
});

describe('the deposit and problems on the rental page', () => {
  it('lets the owner report damage up to the hold, checking the amount before sending', async () => {
    const user = userEvent.setup();
    let view = base;
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/rentals/r-1/claims': (req) => {
          const body = req.body as { kind: 'damaged'; amountPence: number; note: string };
          view = {
            ...view,
            canReport: [{ kind: 'missing_parts', maxPence: 3000 }],
            claims: [claim({ amountPence: body.amountPence, note: body.note })],
          };
          return json(view, 201);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(within(section).getByText("£50.00 deposit held on the renter's card.")).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Report a problem' }));
    const form = within(section).getByRole('form', { name: 'Report a problem' });
    expect(within(form).getByLabelText('What went wrong')).toHaveDisplayValue('Damaged (up to £50.00)');
    await user.type(within(form).getByLabelText('Amount (£)'), '50.01');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByLabelText('Amount (£)')).toHaveAccessibleDescription('At most £50.00');
    expect(within(form).getByLabelText('What happened')).toHaveAccessibleDescription('Please describe the problem');
    expect(server.sent('POST', '/api/rentals/r-1/claims')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Amount (£)'));
    await user.type(within(form).getByLabelText('Amount (£)'), '20');
    await user.type(within(form).getByLabelText('What happened'), 'Blade guard cracked');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(section).findByText('Damaged: £20.00')).toBeInTheDocument();
    expect(server.sent('POST', '/api/rentals/r-1/claims')[0]!.body).toEqual({
      kind: 'damaged',
      amountPence: 2000,
      note: 'Blade guard cracked',
    });
    expect(within(section).getByText('Waiting for an answer')).toBeInTheDocument();
    // The claimant has nothing to answer.
    expect(within(section).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('asks the renter to confirm an accept in a dialog naming the amount, then shows what the deposit became', async () => {
    const user = userEvent.setup();
    let view: DepositView = { ...base, role: 'renter', canReport: [], claims: [claim({ actions: ['accept', 'dispute'] })] };
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/claims/c-1/accept': () => {
          view = {
            ...view,
            hold: {
              amountPence: 5000,
              state: 'captured',
              capturedPence: 2000,
              settledAt: '2030-06-13T10:00:00.000Z',
              holdsAt: null,
              cardNeededBy: null,
              note: null,
              declined: null,
            },
            claims: [claim({ state: 'accepted', acceptedAt: '2030-06-13T10:00:00.000Z' })],
          };
          return json(view);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(within(section).getByText('£50.00 deposit held on your card, not charged.')).toBeInTheDocument();
    expect(
      within(section).getByText('Sam Okafor claims £20.00 from your deposit. Accept it to settle it, or dispute it.'),
    ).toBeInTheDocument();
    const acceptButton = within(section).getByRole('button', { name: 'Accept £20.00' });

    // One tap only opens the question; Escape closes it with nothing sent, focus back on the button.
    await user.click(acceptButton);
    let dialog = screen.getByRole('dialog', { name: 'Accept the damaged claim of £20.00?' });
    expect(dialog).toHaveTextContent('£20.00 will be paid to Sam Okafor from your £50.00 deposit; the rest is released.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(acceptButton).toHaveFocus();
    await user.click(acceptButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent('POST', '/api/claims/c-1/accept')).toHaveLength(0);

    await user.click(acceptButton);
    dialog = screen.getByRole('dialog', { name: 'Accept the damaged claim of £20.00?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByText('£20.00 of the £50.00 deposit paid to the owner; £30.00 released.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/claims/c-1/accept')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section).getByText('Accepted')).toBeInTheDocument();
    expect(within(section).getByText('Settled: £20.00 paid to the owner from the deposit. Nothing more to do.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Dispute' })).toBeNull();
  });

  it('says the rest stays held when another claim on the deposit still waits', async () => {
    const user = userEvent.setup();
    const view: DepositView = {
      ...base,
      role: 'renter',
      canReport: [],
      claims: [claim({ actions: ['accept', 'dispute'] }), claim({ id: 'c-2', kind: 'missing_parts', amountPence: 500, state: 'disputed' })],
    };
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    await user.click(within(section).getByRole('button', { name: 'Accept £20.00' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      '£20.00 will be paid to Sam Okafor from your £50.00 deposit; the rest stays held until the other claims are settled.',
    );
  });

  it('closes the dispute form once sent and shows the claim disputed, without a reload', async () => {
    const user = userEvent.setup();
    let view: DepositView = { ...base, role: 'renter', canReport: [], claims: [claim({ actions: ['accept', 'dispute'] })] };
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/claims/c-1/dispute': (req) => {
          view = {
            ...view,
            claims: [
              claim({
                state: 'disputed',
                reply: (req.body as { reply: string }).reply,
                disputedAt: '2030-06-13T10:00:00.000Z',
                escalatesAt: '2030-06-20T10:00:00.000Z',
                actions: ['accept', 'propose'],
              }),
            ],
          };
          return json(view);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    await user.click(within(section).getByRole('button', { name: 'Dispute' }));
    await user.type(within(section).getByLabelText(/Why you disagree/), 'It was cracked before');
    await user.click(within(section).getByRole('button', { name: 'Send dispute' }));
    expect(await within(section).findByText('Disputed')).toBeInTheDocument();
    expect(within(section).queryByLabelText(/Why you disagree/)).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Send dispute' })).toBeNull();
    expect(
      within(section).getByText('You disputed it. You can still accept £20.00, or propose an amount for the owner to agree to.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Propose an amount' })).toBeInTheDocument();
  });

  it('lets the owner lower a claim below what it is, and withdraw it after confirming', async () => {
    const user = userEvent.setup();
    let view: DepositView = { ...base, canReport: [], claims: [claim({ actions: ['withdraw', 'lower'] })] };
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/claims/c-1/lower': (req) => {
          const { amountPence } = req.body as { amountPence: number };
          view = { ...view, claims: [claim({ amountPence, loweredAt: '2030-06-13T11:00:00.000Z', actions: ['withdraw', 'lower'] })] };
          return json(view);
        },
        'POST /api/claims/c-1/withdraw': () => {
          view = { ...view, claims: [claim({ amountPence: 1500, state: 'withdrawn', withdrawnAt: '2030-06-13T12:00:00.000Z' })] };
          return json(view);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(
      within(section).getByText('Filed: waiting for the renter to accept or dispute it. Until then you can lower it or withdraw it.'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Lower the claim' }));
    const form = within(section).getByRole('form', { name: 'New amount' });
    await user.type(within(form).getByLabelText('New amount (£)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Lower the claim' }));
    expect(within(form).getByLabelText('New amount (£)')).toHaveAccessibleDescription('Less than £20.00, please');
    expect(server.sent('POST', '/api/claims/c-1/lower')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('New amount (£)'));
    await user.type(within(form).getByLabelText('New amount (£)'), '15');
    await user.click(within(form).getByRole('button', { name: 'Lower the claim' }));
    expect(await within(section).findByText('Damaged: £15.00')).toBeInTheDocument();
    expect(server.sent('POST', '/api/claims/c-1/lower')[0]!.body).toEqual({ amountPence: 1500 });
    expect(within(section).queryByRole('form', { name: 'New amount' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Withdraw the claim' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw the damaged claim of £15.00?' });
    expect(dialog).toHaveTextContent('Nothing will be taken from the deposit for it, and this problem cannot be reported again.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the claim' }));
    expect(await within(section).findByText('Withdrawn')).toBeInTheDocument();
    expect(within(section).getByText('Withdrawn by you: nothing is taken from the deposit for it.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Withdraw|Lower/ })).toBeNull();
  });

  it('shows a proposal pending and lets the other side agree to it through a confirmation', async () => {
    const user = userEvent.setup();
    const proposal = { amountPence: 1200, byRole: 'renter' as const, proposedAt: '2030-06-14T09:00:00.000Z' };
    const disputed = { state: 'disputed' as const, reply: 'Only a scratch', disputedAt: '2030-06-13T10:00:00.000Z', proposal };
    let view: DepositView = {
      ...base,
      canReport: [],
      claims: [claim({ ...disputed, actions: ['withdraw', 'lower', 'propose', 'agree'] })],
    };
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/claims/c-1/agree': () => {
          view = {
            ...view,
            hold: {
              amountPence: 5000,
              state: 'captured',
              capturedPence: 1200,
              settledAt: '2030-06-14T10:00:00.000Z',
              holdsAt: null,
              cardNeededBy: null,
              note: null,
              declined: null,
            },
            claims: [claim({ ...disputed, amountPence: 1200, proposal: null, state: 'accepted', acceptedAt: '2030-06-14T10:00:00.000Z' })],
          };
          return json(view);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(within(section).getByText('Proposal pending')).toBeInTheDocument();
    expect(
      within(section).getByText(
        'Proposal pending: the renter proposed £12.00 instead of £20.00. Agree to settle the claim at that amount, or propose another.',
      ),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Agree to £12.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Agree to £12.00 for the damaged claim?' });
    expect(dialog).toHaveTextContent('£12.00 will be paid to you from the deposit instead of £20.00; the claim is then settled.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByText('£12.00 of the £50.00 deposit paid to the owner; £38.00 released.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/claims/c-1/agree')[0]!.body).toEqual({ amountPence: 1200 });
  });

  it("asks for a reason to dispute, and shows the server's refusal without changing anything", async () => {
    const user = userEvent.setup();
    const view: DepositView = { ...base, role: 'renter', canReport: [], claims: [claim({ actions: ['accept', 'dispute'] })] };
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/claims/c-1/dispute': () => errorJson(409, 'CONFLICT', 'This claim has already been disputed.'),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    await user.click(within(section).getByRole('button', { name: 'Dispute' }));
    await user.click(within(section).getByRole('button', { name: 'Send dispute' }));
    expect(within(section).getByLabelText(/Why you disagree/)).toHaveAccessibleDescription('Please describe why you disagree');
    expect(server.sent('POST', '/api/claims/c-1/dispute')).toHaveLength(0);
    await user.type(within(section).getByLabelText(/Why you disagree/), 'It was cracked before');
    await user.click(within(section).getByRole('button', { name: 'Send dispute' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('This claim has already been disputed.');
    expect(server.sent('POST', '/api/claims/c-1/dispute')[0]!.body).toEqual({ reply: 'It was cracked before' });
  });

  it('shows the renter a late fee growing while the tool is out', async () => {
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'renter', status: 'overdue' })),
        'GET /api/rentals/r-1/deposit': () =>
          json({ ...base, role: 'renter', canReport: [], lateDays: 2, lateFeePence: 2500, claimWindowClosesAt: null }),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(within(section).getByText(/2 days late: a late fee of £25.00 so far/)).toHaveTextContent(
      'The owner may claim it from your deposit.',
    );
  });

  it('stops telling the owner they may claim the late fee once they have', async () => {
    const late = { ...base, canReport: [], lateDays: 2, lateFeePence: 2500 };
    let view: DepositView = { ...late, claimWindowClosesAt: null };
    fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'overdue' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
      },
      { user: testUser },
    );
    const { unmount } = renderApp('/rentals/r-1');
    let section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(within(section).getByText(/2 days late/)).toHaveTextContent('You may claim it from the deposit once the item is back.');
    unmount();
    view = { ...late, claims: [claim({ kind: 'returned_late', amountPence: 2500, actions: ['withdraw', 'lower'] })] };
    renderApp('/rentals/r-1');
    section = await screen.findByRole('region', { name: 'Deposit and problems' });
    expect(within(section).getByText(/2 days late/)).toHaveTextContent('Your claim for the late return is below.');
    expect(within(section).queryByText(/once the item is back/)).toBeNull();
  });

  it('lets the claimant add photos from the camera, refusing a file that is not a picture before sending it', async () => {
    const user = userEvent.setup();
    let view: DepositView = { ...base, canReport: [], claims: [claim({ canAddPhotos: true })] };
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(rental({ id: 'r-1', role: 'owner', status: 'completed' })),
        'GET /api/rentals/r-1/deposit': () => json(view),
        'POST /api/claims/c-1/photos': () => {
          const n = view.claims[0]!.photos.length + 1;
          const photo = {
            id: `p${n}`,
            url: `/api/claims/c-1/photos/p${n}`,
            thumbUrl: `/api/claims/c-1/photos/p${n}?size=thumb`,
            addedBy: 'owner' as const,
            takenAt: '2030-06-13T09:05:00.000Z',
          };
          view = { ...view, claims: [claim({ canAddPhotos: true, photos: [...view.claims[0]!.photos, photo] })] };
          return json(view, 201);
        },
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Deposit and problems' });
    const input = within(section).getByLabelText<HTMLInputElement>('Add photos to this claim');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/*');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'guard.png', {
      type: 'image/png',
    });
    const words = new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' });
    await user.upload(input, [png, words]);
    expect(await within(section).findByRole('img', { name: 'Damaged claim, evidence 1 of 1, by the owner' })).toHaveAttribute(
      'src',
      '/api/claims/c-1/photos/p1?size=thumb',
    );
    expect(within(section).getByRole('alert')).toHaveTextContent('notes.jpg: Claim photos must be JPEG, PNG or WebP images.');
    expect(server.sent('POST', '/api/claims/c-1/photos')).toHaveLength(1);
  });
});
