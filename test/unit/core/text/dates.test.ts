import * as assert from 'node:assert/strict';
import { dueDisplay, dueLabel, isOverdue } from '../../../../src/core/text/dates';

// Noon UTC: the same local day in every time zone from UTC-11 to UTC+11, so "today" is the 22nd here.
const now = new Date('2026-11-22T12:00:00Z');
const day = (d: string): string => `${d}T00:00:00.000Z`;

describe('due dates: one style for every surface (core/text/dates.ts)', () => {
  const cases: [string, string, string, string][] = [
    // locale, stored due date, expected text, why
    ['en', day('2026-11-22'), 'today', 'today'],
    ['en', day('2026-11-23'), 'tomorrow', 'tomorrow'],
    ['en', day('2026-11-21'), 'yesterday', 'yesterday'],
    ['en', day('2026-11-25'), 'in 3 days', 'near: relative'],
    ['en', day('2026-11-16'), '6 days ago', 'six days back: still relative'],
    ['en', day('2026-11-29'), 'Nov 29', 'a week out: absolute'],
    ['en', day('2026-12-24'), 'Dec 24', 'this year: day and month'],
    ['en', day('2027-01-05'), 'Jan 5, 2027', 'another year: with the year'],
    ['de', day('2026-11-23'), 'morgen', 'German'],
    ['de', day('2026-12-24'), '24. Dez.', 'German day first'],
    ['ja', day('2026-11-21'), '昨日', 'Japanese'],
    ['fr', day('2026-11-19'), 'il y a 3 jours', 'French'],
    ['zh-cn', day('2026-11-23'), '明天', "VS Code's lower-case tag"],
    [
      'not a locale!',
      day('2026-11-23'),
      new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(1, 'day'),
      'a refused tag: the default',
    ],
  ];
  for (const [locale, due, text, why] of cases) {
    it(`${locale}: ${why}`, () => {
      assert.equal(dueDisplay(due, false, now, locale)?.text, text);
    });
  }

  it('the day is the stored UTC day, whatever the time in it', () => {
    assert.equal(dueDisplay('2026-12-24T23:30:00Z', false, now, 'en')?.day, '2026-12-24');
    assert.equal(dueDisplay('2026-12-24T23:30:00Z', false, now, 'en')?.text, 'Dec 24');
  });

  it('no date, or one that does not parse, shows nothing', () => {
    assert.equal(dueDisplay(undefined, false, now, 'en'), undefined);
    assert.equal(dueDisplay(null, false, now, 'en'), undefined);
    assert.equal(dueDisplay('soon', false, now, 'en'), undefined);
  });

  describe('overdue: due before now and not completed', () => {
    const rules: [string, string | null, boolean, boolean][] = [
      ['yesterday, open', day('2026-11-21'), false, true],
      ['yesterday, completed', day('2026-11-21'), true, false],
      ['today 00:00, already past', day('2026-11-22'), false, true],
      ['later today', '2026-11-22T18:00:00Z', false, false],
      ['tomorrow', day('2026-11-23'), false, false],
      ['no date', null, false, false],
    ];
    for (const [label, due, completed, overdue] of rules) {
      it(label, () => {
        assert.equal(isOverdue(due, completed, now), overdue);
        assert.equal(dueDisplay(due, completed, now, 'en')?.overdue ?? false, overdue);
      });
    }
  });

  it('one label for a surface without a due column and for screen readers', () => {
    const words = { due: (t: string): string => `Due ${t}`, overdue: 'overdue' };
    assert.equal(dueLabel(dueDisplay(day('2026-11-20'), false, now, 'en')!, words), 'Due 2 days ago, overdue');
    assert.equal(dueLabel(dueDisplay(day('2026-11-20'), true, now, 'en')!, words), 'Due 2 days ago');
  });
});
