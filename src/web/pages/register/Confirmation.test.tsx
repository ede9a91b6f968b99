// @vitest-environment jsdom
import '../../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRouter } from '../../test/renderRouter.tsx';
import { Confirmation } from './Confirmation.tsx';
import type { RegistrationCreated } from '../../../domain/schemas/registration.ts';

const created: RegistrationCreated = {
  registrationId: 7,
  entryCode: 'K7Q2M9X',
  entries: [
    {
      id: 1,
      eventKey: 'bronze-latin',
      eventName: 'Bronze Latin (C/R/S)',
      style: 'Latin',
      level: 'Bronze',
      leadNumber: 148,
      scratched: false,
    },
  ],
  amountDue: 70,
  currency: 'USD',
  tier: 'OPEN',
  fee: 35,
  leadNumber: 148,
  lead: { id: 1, name: 'Rafael Quint' },
  follow: { id: 2, name: 'Mira Solano' },
};

const Providers = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;

function show(emails?: { lead: string; follow: string }, showLinks = true) {
  return renderRouter(
    [
      {
        path: '/register',
        element: (
          <Confirmation created={created} emails={emails} onAnother={() => {}} showLinks={showLinks} />
        ),
      },
    ],
    '/register',
    Providers,
  );
}

describe('the confirmation screen', () => {
  it('says the confirmation is on its way to both addresses as typed, and keeps the code as a fallback', async () => {
    show({ lead: 'Rafael.Q@Example.edu', follow: 'mira@example.edu' });
    const mailed = await screen.findByTestId('confirmation-mailed');
    expect(mailed).toHaveTextContent('A confirmation is on its way');
    expect(mailed).toHaveTextContent('to Rafael.Q@Example.edu and mira@example.edu.');
    expect(screen.getByTestId('entry-code')).toHaveTextContent('K7Q2M9X');
    expect(screen.getByText('Keep this code in case the email does not arrive')).toBeInTheDocument();
  });

  it('names a shared address once', async () => {
    show({ lead: 'couple@example.edu', follow: 'Couple@example.edu' });
    expect(await screen.findByTestId('confirmation-mailed')).toHaveTextContent('to couple@example.edu. Use');
  });

  it('at the desk, tells the organizer where the confirmation goes', async () => {
    show({ lead: 'rafael@example.edu', follow: 'mira@example.edu' }, false);
    expect(await screen.findByTestId('confirmation-mailed')).toHaveTextContent(
      'The confirmation, with a link that opens their registration, is being emailed to rafael@example.edu and mira@example.edu.',
    );
  });

  it('says nothing of mail when it does not know the addresses', async () => {
    show();
    await screen.findByTestId('entry-code');
    expect(screen.queryByTestId('confirmation-mailed')).not.toBeInTheDocument();
  });
});
