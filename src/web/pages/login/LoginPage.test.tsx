// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  admin,
  competitionFixture,
  dashboardFixture,
  fakeNetwork,
  meWhile,
  renderRoutes,
  type FakeResponse,
} from '../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A server whose session starts once the login answer is a 200. */
function network(login: FakeResponse | (() => FakeResponse | Promise<FakeResponse>)) {
  const session = { signedIn: false };
  return fakeNetwork({
    'GET /auth/me': meWhile(session),
    'GET /site': { body: { competition: 'demo' } },
    'GET /competitions/demo': { body: competitionFixture() },
    'GET /competitions/demo/dashboard': { body: dashboardFixture },
    'POST /auth/login': async () => {
      const answer = typeof login === 'function' ? await login() : login;
      session.signedIn = (answer.status ?? 200) === 200;
      return answer;
    },
  });
}

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it("shows the server's words when the email or password is wrong", async () => {
    network({
      status: 401,
      body: { error: { code: 'bad_credentials', message: 'The email or password is not right.' } },
    });
    renderRoutes('/login');
    await fillAndSubmit('admin@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not right.');
    // The user can correct and retry: the form is still there and enabled.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('explains too many attempts and a lost connection', async () => {
    const net = network({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many sign-in attempts. Try again in a minute.' } },
    });
    renderRoutes('/login');
    await fillAndSubmit('admin@example.com', 'secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in a minute.',
    );

    net.state.down = true;
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Could not reach the server/));
  });

  it('checks the email and the minimum password length before sending anything', async () => {
    const net = network({ body: { user: admin } });
    renderRoutes('/login');
    await fillAndSubmit('not-an-email', '12345');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Passwords are at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(net.calls('POST', '/auth/login')).toHaveLength(0);
  });

  it('disables the button while signing in, then goes to the admin area', async () => {
    let answer: (r: FakeResponse) => void = () => {};
    network(() => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    const { router } = renderRoutes('/login');
    await fillAndSubmit('admin@example.com', 'secret123');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Sign in$/ })).toBeDisabled());
    answer({ body: { user: admin } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('never follows a next= link off the site', async () => {
    network({ body: { user: admin } });
    const { router } = renderRoutes('/login?next=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit('admin@example.com', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
