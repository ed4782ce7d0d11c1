import * as assert from 'node:assert/strict';
import { branchName } from '../../../../src/core/codeLinks/branch';

describe('code links: branch names for Start Work', () => {
  const cases: [string, string, string, boolean, string][] = [
    [
      'default template, lowercase',
      '{displayId}-{title}',
      'Fix the login: timeout!',
      true,
      'acme-12-fix-the-login-timeout',
    ],
    ['keeps case when asked', '{displayId}-{title}', 'Fix login', false, 'ACME-12-Fix-login'],
    ['a folder prefix', 'feature/{displayId}', 'x', true, 'feature/acme-12'],
    ['accents and symbols', '{displayId}_{title}', 'Café ~ crème ^ [draft]', true, 'acme-12_cafe-creme-draft'],
    ['no dangerous sequences', '..{displayId}..lock', 'a', true, 'acme-12'],
    ['an empty template falls back', '  ', 'Title', true, 'acme-12-title'],
    [
      'a long title is cut',
      '{displayId}-{title}',
      'word '.repeat(40),
      true,
      `acme-12-${'word-'.repeat(10).slice(0, 49)}`,
    ],
  ];
  for (const [what, template, title, lower, expected] of cases) {
    it(what, () => assert.equal(branchName(template, { displayId: 'ACME-12', title }, lower), expected));
  }
});
