import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';
import { installMessageCompiler, loadCatalog } from '../i18n/catalog.ts';
import { confirmationMessage, type ConfirmationFacts } from './confirmation.ts';
import { entriesChangedMessage } from './entriesChanged.ts';
import { recoveryMessage } from './recovery.ts';
import { composeResultsPosted } from './resultsPosted.ts';
import { composeYourDay } from './yourDay.ts';
import { composeAnnouncement } from './announcement.ts';
import { messagesText } from './text.ts';

/** The messages to dancers in the language they registered in (the server loads it first). */
beforeAll(async () => {
  installMessageCompiler(compileMessage); // as src/server/i18n.ts does
  await loadCatalog(messagesText, 'de');
  await loadCatalog(messagesText, 'es');
});

const facts = (over: Partial<ConfirmationFacts> = {}): ConfirmationFacts => ({
  competition: {
    fullName: 'Harvest Moon Ballroom Classic 2026',
    startDate: '2026-11-14',
    endDate: '2026-11-15',
    currency: 'EUR',
  },
  recipients: ['Ann Lee', 'Bob Ray'],
  lead: { name: 'Bob Ray' },
  follow: { name: 'Ann Lee' },
  affiliation: 'Cambridge',
  leadNumber: 112,
  events: [{ name: 'Bronze Latin' }],
  tier: 'EARLY',
  feePerDancer: 27.5,
  amountDue: 55,
  link: 'https://dance.example.org/c/hm26/entries',
  ...over,
});

describe('messages in the dancer’s language', () => {
  it('words the confirmation in German: money, dates and the tier too; English stays as it was', () => {
    const de = confirmationMessage(facts({ locale: 'de' }));
    expect(de.subject).toBe('Angemeldet: Harvest Moon Ballroom Classic 2026');
    expect(de.text).toContain('Hallo Ann Lee und Bob Ray,');
    expect(de.text).toContain('Ihre Startnummer: 112');
    expect(de.text).toContain('Ihr Turnier');
    expect(de.text).toMatch(/Zu zahlen: 55\s€ \(Tarif Frühbucher, 27,50\s€ pro Tänzer und Turnier\)/);
    expect(de.text).toContain('November 2026');
    expect(de.html).toContain('<p>Hallo Ann Lee und Bob Ray,</p>');
    const en = confirmationMessage(facts());
    expect(en.text).toContain('Hello Ann Lee and Bob Ray,');
    expect(en.text).toContain('Amount due: €55 (Early tier, €27.50 per dancer per event).');
  });

  it('words the confirmation in Spanish', () => {
    const es = confirmationMessage(facts({ locale: 'es', events: [{ name: 'A' }, { name: 'B' }] }));
    expect(es.subject).toBe('Inscripción confirmada: Harvest Moon Ballroom Classic 2026');
    expect(es.text).toContain('Hola, Ann Lee y Bob Ray:');
    expect(es.text).toContain('Vuestras pruebas');
    expect(es.text).toContain('Vuestro dorsal: 112');
  });

  it('words the other messages in German, keeping what the organizer typed as typed', () => {
    const changed = entriesChangedMessage({
      competition: { fullName: 'HM' },
      recipients: ['Ann'],
      lead: { name: 'Bob' },
      follow: { name: 'Ann' },
      change: { added: ['Gold Tango'], removed: [], moved: [], scratched: [], reinstated: [] },
      eventsNow: [],
      link: 'https://x.example/e',
      locale: 'de',
    });
    expect(changed.subject).toBe('Meldungen geändert: HM');
    expect(changed.text).toContain('Hinzugefügt: Gold Tango');
    const recovery = recoveryMessage({
      competitionName: 'HM',
      leadName: 'Bob',
      followName: 'Ann <3',
      link: 'https://x.example/o?t=1&u=2',
      locale: 'de',
    });
    expect(recovery.subject).toBe('Ihre Anmeldung für HM');
    expect(recovery.html).toContain(
      '<a href="https://x.example/o?t=1&amp;u=2">Öffnen Sie Ihre Anmeldung</a>, um Ihre Turniere',
    );
    expect(recovery.html).toContain('Bob und Ann &lt;3');
    const results = composeResultsPosted({
      competitionName: 'HM',
      eventName: 'Gold Tango',
      dancerName: 'Ann',
      partnerName: 'Bob',
      place: 2.5,
      corrected: false,
      resultsUrl: 'https://x.example/r',
      locale: 'de',
    });
    expect(results.text).toContain('den geteilten Platz 2,5 belegt');
    expect(results.html).toContain('<html lang="de">');
    const first = composeResultsPosted({
      competitionName: 'HM',
      eventName: 'Gold Tango',
      dancerName: 'Ann',
      partnerName: 'Bob',
      place: 1,
      corrected: false,
      resultsUrl: 'https://x.example/r',
      locale: 'es',
    });
    expect(first.text).toContain('Bob y tú habéis quedado en 1.º puesto en la final.');
    const day = composeYourDay({
      competitionName: 'HM',
      dancerName: 'Ann',
      rounds: [
        {
          eventName: 'Gold Tango',
          roundName: 'Endrunde',
          floor: 'A',
          time: '10:15',
          ifRecalled: true,
          partnerName: 'Bob',
        },
      ],
      severalFloors: true,
      liveUrl: 'https://x.example/live',
      dancerUrl: 'https://x.example/me',
      locale: 'de',
    });
    expect(day.text).toContain('- 10:15, A: Gold Tango, Endrunde (bei Qualifikation) mit Bob');
    const news = composeAnnouncement({
      competitionName: 'HM',
      subject: 'Parking',
      body: 'Park at the back.',
      unsubscribeUrl: 'https://x.example/u',
      locale: 'es',
    });
    expect(news.subject).toBe('Parking');
    expect(news.text).toContain('Park at the back.');
    expect(news.text).toContain('Para no recibir más avisos de HM: https://x.example/u');
  });
});
