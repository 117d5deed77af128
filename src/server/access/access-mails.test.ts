import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n/languages.js';
import { loadCatalogs } from '../i18n/catalogs.js';
import { createTranslators } from '../i18n/translator.js';
import {
  decidedMessages,
  expiredMessages,
  mailDate,
  reminderMessages,
  requestCreatedMessages,
  type MailTexts,
} from './access-mails.js';
import type { AccessRequestRow } from './access-requests.table.js';
import type { OutboxMessage } from './ports.js';

const translators = createTranslators(loadCatalogs(), ['server']);
const texts = (language: Language): MailTexts => ({ language, t: translators(language) });
const PORTAL = 'https://portal.example.edu';

const row: AccessRequestRow = {
  id: 'r1',
  appId: 'napari',
  appName: 'Napari <3D>',
  subject: 'sub-alice',
  username: 'alice',
  name: 'Alice Liddell',
  email: 'alice@example.edu',
  reason: 'Cell tracking & <b>segmentation</b>',
  status: 'approved',
  membership: 'written',
  grantGroup: '/imaging',
  created: '2026-11-25T08:00:00.000Z',
  updated: '2026-11-25T09:00:00.000Z',
  decidedAt: '2026-11-25T09:00:00.000Z',
  decidedBySubject: 'sub-pi',
  decidedByName: 'Pat',
  note: 'Welcome',
  expiresAt: '2026-12-25T08:00:00.000Z',
  remindedAt: null,
  membershipAttempts: 0,
  acceptedTerms: null,
  membershipRetryAt: null,
};

const mailOf = (messages: OutboxMessage[]) => {
  const mail = messages.find((m) => m.kind === 'mail');
  if (mail?.kind !== 'mail') throw new Error('no mail');
  return mail;
};

describe('the access-request mails', () => {
  it('are written in the given language, dates through Intl', () => {
    const mail = mailOf(decidedMessages(row, PORTAL, texts('de')));
    expect(mail.subject).toBe('Zugriff auf Napari <3D> genehmigt');
    expect(mail.text).toContain(
      'Ihre Anfrage für den Zugriff auf Napari <3D> wurde von Pat genehmigt.',
    );
    expect(mail.text).toContain('Anmerkung:\nWelcome');
    expect(mail.text).toContain('Zugriff bis 25. Dezember 2026.');
    expect(mail.text).toContain('Portal öffnen: https://portal.example.edu/');
    // HTML escaping is unchanged: user text and the app's name never open markup.
    expect(mail.html).toContain('Napari &lt;3D&gt;');
    expect(mail.html).not.toContain('<3D>');

    const reminder = mailOf(reminderMessages(row, PORTAL, texts('de')));
    expect(reminder.subject).toBe('Ihr Zugriff auf Napari <3D> endet am 25. Dezember 2026');
  });

  it('keep the English wording in English', () => {
    const created = mailOf(requestCreatedMessages(row, ['pi@example.edu'], PORTAL, texts('en')));
    expect(created.subject).toBe('Access request: Alice Liddell asks for Napari <3D>');
    expect(created.text).toContain(
      'Alice Liddell (alice, alice@example.edu) asks for access to Napari <3D>.',
    );
    expect(created.html).toContain('Cell tracking &amp; &lt;b&gt;segmentation&lt;/b&gt;');
    expect(created.text).toContain('Decide in the portal: https://portal.example.edu/requests');
    const declined = mailOf(
      decidedMessages({ ...row, status: 'declined', decidedByName: null }, PORTAL, texts('en')),
    );
    expect(declined.text).toContain(
      'Your request for access to Napari <3D> was declined by an approver.',
    );
    expect(mailOf(expiredMessages(row, PORTAL, texts('en'))).subject).toBe(
      'Your access to Napari <3D> has ended',
    );
  });

  it('tell approvers the version of the terms of use accepted, when the app has terms', () => {
    const withTerms = { ...row, acceptedTerms: '2026-11' };
    const en = mailOf(requestCreatedMessages(withTerms, ['pi@example.edu'], PORTAL, texts('en')));
    expect(en.text).toContain('They accepted the terms of use (version 2026-11).');
    const de = mailOf(requestCreatedMessages(withTerms, ['pi@example.edu'], PORTAL, texts('de')));
    expect(de.text).toContain('(Version 2026-11)');
    const without = mailOf(requestCreatedMessages(row, ['pi@example.edu'], PORTAL, texts('en')));
    expect(without.text).not.toContain('terms of use');
  });

  it('write dates for the language, the day in UTC', () => {
    expect(mailDate('2026-12-25T23:30:00.000Z', 'en')).toBe('December 25, 2026');
    expect(mailDate('2026-12-25T23:30:00.000Z', 'fr')).toBe('25 décembre 2026');
    expect(mailDate('not a date', 'en')).toBe('not a date');
  });
});
