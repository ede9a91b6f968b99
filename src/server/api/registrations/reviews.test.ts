/**
 * Registration abuse: someone registering a couple's names first ("name squatting"),
 * or registering a victim's name and email with levels they have "placed out of".
 */
import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, rowCounts, useTestServer } from '../../test/harness.ts';

const { s, admin } = useTestServer({ admin: true });
const REG = '/api/v1/competitions/demo/registrations';
const REVIEWS = `${REG}/reviews`;

let seq = 0;
function names() {
  seq++;
  return { lead: `Real Lead${seq}`, follow: `Real Follow${seq}` };
}
function registration(
  lead: { name: string; email: string; placedOut?: Record<string, string> },
  follow: { name: string; email: string; placedOut?: Record<string, string> },
  events: string[],
) {
  return { lead, follow, affiliation: 'Tufts', events, consents: { liability: true, media: false } };
}

/** Posts the registration of `lead` and `follow` for `events`, as a visitor unless `client` is given. */
const register = (
  lead: Parameters<typeof registration>[0],
  follow: Parameters<typeof registration>[1],
  events: string[],
  client = new Client(s.url),
) => client.post(REG, registration(lead, follow, events));

const counts = () =>
  rowCounts(s.db, {
    competitors: 'competitors',
    registrations: 'registrations',
    entries: 'entries',
    reviews: 'registration_reviews',
  });

interface Review {
  id: number;
  lead: { name: string; email: string };
  version: number;
  conflicts: { eventKey: string; registrationId: number | null; lead: { email: string } }[];
}
const reviews = async (): Promise<Review[]> => (await admin.get(REG)).body.reviews;

describe('a pair already entered from other emails (name squatting)', () => {
  it('holds the real couple for the organizer instead of a bare 409; accepting replaces the squatted entry', async () => {
    const n = names();
    const anon = new Client(s.url);
    const squat = await register(
      { name: n.lead, email: 'squatter1@example.net' },
      { name: n.follow, email: 'squatter2@example.net' },
      ['bronze-latin-c-r-s'],
      anon,
    );
    expect(squat.status).toBe(201);

    const before = await counts();
    const real = registration(
      { name: n.lead, email: 'real.lead@example.com' },
      { name: n.follow, email: 'real.follow@example.com' },
      ['bronze-latin-c-r-s', 'bronze-smooth-w-t-f'],
    );
    const held = await new Client(s.url).post(REG, real);
    expect(held.status).toBe(202);
    expect(held.body.review).toMatchObject({
      status: 'pending',
      events: [{ eventKey: 'bronze-latin-c-r-s', eventName: 'Bronze Latin (C/R/S)' }],
    });
    expect(held.body.review.message).toContain('waiting for the organizers');
    // What the registration page words it by, in the registrant's language.
    expect(held.body.review).toMatchObject({
      leadName: n.lead,
      followName: n.follow,
      contact: 'real.lead@example.com',
    });
    expect(JSON.stringify(held.body)).not.toContain('squatter');
    // Only the review is written: no competitor, registration or entry until the organizer decides.
    expect(await counts()).toEqual({ ...before, reviews: before.reviews + 1 });

    // Sending it again waits on the same review.
    expectErrorShape(await new Client(s.url).post(REG, real), 409, 'review_pending');

    const review = (await reviews()).find((r) => r.lead.email === 'real.lead@example.com')!;
    expect(review.conflicts).toEqual([
      expect.objectContaining({
        eventKey: 'bronze-latin-c-r-s',
        registrationId: squat.body.registrationId,
        lead: expect.objectContaining({ email: 'squatter1@example.net' }),
      }),
    ]);

    // Only organizers decide, and on the version they saw.
    const accept = `${REVIEWS}/${review.id}/accept`;
    expectErrorShape(await new Client(s.url).post(accept, { version: review.version }), 401);
    expectErrorShape(await admin.post(accept, { version: review.version + 1 }), 409, 'stale');
    expectErrorShape(await admin.post(accept, { version: 'one' }), 400);

    const accepted = await admin.post(accept, { version: review.version });
    expect(accepted.status).toBe(200);
    expect(accepted.body.entryCode).toMatch(/^.{7}$/);
    expect(accepted.body.tier).toBe(squat.body.tier);
    expect(accepted.body.entries.map((e: { eventKey: string }) => e.eventKey)).toEqual([
      'bronze-latin-c-r-s',
      'bronze-smooth-w-t-f',
    ]);
    // The squatter's registration had nothing else: it is gone with its two made-up dancers.
    const squatter = await s.db
      .selectFrom('competitors')
      .select('id')
      .where('email', 'like', 'squatter%@example.net')
      .execute();
    expect(squatter).toEqual([]);
    expect(await reviews()).not.toContainEqual(expect.objectContaining({ id: review.id }));
    expectErrorShape(await admin.post(accept, { version: review.version + 1 }), 409, 'review_decided');

    // The real couple now opens their registration with the code the organizer passes on.
    const own = await new Client(s.url).post(`${REG}/lookup`, {
      entryCode: accepted.body.entryCode,
      email: 'real.follow@example.com',
    });
    expect(own.status).toBe(200);
    expect(own.body.entries).toHaveLength(2);
  });

  it('refusing leaves the earlier entry as it was', async () => {
    const n = names();
    const first = await register(
      { name: n.lead, email: 'a1@example.org' },
      { name: n.follow, email: 'a2@example.org' },
      ['silver-latin-c-s-r-j'],
    );
    expect(first.status).toBe(201);
    const held = await register(
      { name: n.follow, email: 'b1@example.org' },
      { name: n.lead, email: 'b2@example.org' },
      ['silver-latin-c-s-r-j'],
    );
    expect(held.status).toBe(202);
    const before = await counts();
    const refused = await admin.post(`${REVIEWS}/${held.body.review.id}/refuse`, { version: 1 });
    expect(refused.status).toBe(200);
    expect(await counts()).toEqual(before);
    const row = await s.db
      .selectFrom('registration_reviews')
      .select('status')
      .where('id', '=', held.body.review.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('refused');
    expectErrorShape(
      await admin.post(`${REVIEWS}/${held.body.review.id}/accept`, { version: 2 }),
      409,
      'review_decided',
    );
    expectErrorShape(await admin.post(`${REVIEWS}/999999/refuse`, { version: 1 }), 404);
  });

  it('still answers 409 to the same two people registering again, and to the organizer at the desk', async () => {
    const n = names();
    const body = registration(
      { name: n.lead, email: 'same1@example.org' },
      { name: n.follow, email: 'same2@example.org' },
      ['open-latin-c-s-r-p-j'],
    );
    expect((await new Client(s.url).post(REG, body)).status).toBe(201);
    const before = await counts();
    expectErrorShape(await new Client(s.url).post(REG, body), 409, 'duplicate_entry');
    const other = registration(
      { name: n.lead, email: 'desk1@example.org' },
      { name: n.follow, email: 'desk2@example.org' },
      ['open-latin-c-s-r-p-j'],
    );
    expectErrorShape(await admin.post(REG, other), 409, 'duplicate_entry');
    expect(await counts()).toEqual(before);
  });
});

describe('levels declared placed out of', () => {
  it('bind only the registration that declared them: a stranger cannot make a dancer ineligible', async () => {
    const victim = { name: 'Vera Victim', email: 'vera@example.com' };
    // Someone registers the victim's name and email, "placed out" of Bronze Latin, in Silver Latin.
    const fake = await register(
      { name: 'Mallory Fake', email: 'mallory@example.net' },
      { ...victim, placedOut: { Latin: 'Bronze' } },
      ['silver-latin-c-s-r-j'],
    );
    expect(fake.status).toBe(201);

    // The victim registers herself for Bronze Latin with her partner: she is not refused.
    const own = await register({ name: 'Paul Partner', email: 'paul@example.com' }, victim, [
      'bronze-latin-c-r-s',
    ]);
    expect(own.status).toBe(201);

    // The declaration still binds the registration that made it: it cannot add Bronze Latin.
    const change = await admin.post(`${REG}/${fake.body.registrationId}/entries`, {
      add: ['bronze-latin-c-r-s'],
    });
    expectErrorShape(change, 422, 'not_eligible');
  });

  it("at the desk are the organizer's record of the dancer, and bind every later registration", async () => {
    const dancer = { name: 'Olga Organized', email: 'olga@example.com' };
    const desk = await register(
      { name: 'Desk Lead', email: 'desklead@example.com' },
      { ...dancer, placedOut: { Latin: 'Silver' } },
      ['open-latin-c-s-r-p-j'],
      admin,
    );
    expect(desk.status).toBe(201);
    const later = await register({ name: 'Later Lead', email: 'laterlead@example.com' }, dancer, [
      'silver-latin-c-s-r-j',
    ]);
    expectErrorShape(later, 422, 'not_eligible');
    expect(later.body.error.message).toContain('Olga Organized');
  });
});
