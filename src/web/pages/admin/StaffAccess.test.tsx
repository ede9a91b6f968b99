// @vitest-environment jsdom
import '../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfficialPublic } from '../../../domain/schemas/competition.ts';
import { competitionFixture, fakeNetwork, renderRoutes, signedOutRoutes } from '../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());

const chairman = (id: number, name: string): OfficialPublic => ({
  id,
  key: String(id),
  name,
  role: 'Chairman',
  bio: '',
  photoURL: '',
  letter: '',
});

describe('staff sign-in', () => {
  it("chooses the official a sign-in card's address names (?official=id) when the role has several", async () => {
    const officials = [chairman(8, 'Charles Whitmore'), chairman(12, 'Cleo Nakamura')];
    fakeNetwork(signedOutRoutes({ 'GET /competitions/demo': { body: competitionFixture({ officials }) } }));
    renderRoutes('/admin/chairman?official=12');
    const who = await screen.findByRole('textbox', { name: 'Chairman' });
    await waitFor(() => expect(who).toHaveValue('Cleo Nakamura'));
  });
});
