import * as assert from 'node:assert/strict';
import {
  accountKey,
  entryOf,
  isAccountKey,
  parseAccountKey,
  sameAccount,
  withEntry,
} from '../../../../src/core/accounts/account';

const alice = { baseUrl: 'https://tasks.example.com/api', userId: 'u-alice' };
const bob = { baseUrl: 'https://tasks.example.com/api', userId: 'u-bob' };
const local = { baseUrl: 'http://127.0.0.1:4010/api', userId: 'u-alice' };

describe('accounts: one key format (core/accounts/account.ts)', () => {
  it('a key is the normalised address and the user id, and reads back', () => {
    assert.equal(accountKey(alice), 'https://tasks.example.com/api#u-alice');
    for (const account of [alice, bob, local]) {
      assert.deepEqual(parseAccountKey(accountKey(account)), account);
    }
    assert.notEqual(accountKey(alice), accountKey(bob), 'two users of one service are two accounts');
    assert.notEqual(accountKey(alice), accountKey(local), 'one user id on two services is two accounts');
  });

  const refused: [string, unknown][] = [
    ['not a string', 42],
    ['no user', 'https://tasks.example.com/api#'],
    ['no address', '#u-alice'],
    ['the previous space form', 'https://tasks.example.com/api u-alice'],
    ['the previous bar form', 'https://tasks.example.com/api|u-alice'],
    ['an address not normalised (trailing slash)', 'https://tasks.example.com/api/#u-alice'],
    ['an address not normalised (upper-case host)', 'https://Tasks.example.com/api#u-alice'],
    ['plain http to a remote host', 'http://tasks.example.com/api#u-alice'],
    ['an address without its API prefix', 'https://tasks.example.com#u-alice'],
    ['a user id with spaces', 'https://tasks.example.com/api#u alice'],
    ['a user id with markup', 'https://tasks.example.com/api#<b>x</b>'],
    ['an overlong user id', `https://tasks.example.com/api#${'x'.repeat(201)}`],
  ];
  for (const [what, key] of refused) {
    it(`refuses ${what}`, () => {
      assert.equal(parseAccountKey(key), undefined);
      assert.equal(isAccountKey(key), false);
    });
  }

  it('sameAccount needs both parts equal, and two accounts', () => {
    assert.ok(sameAccount(alice, { ...alice }));
    assert.ok(!sameAccount(alice, bob));
    assert.ok(!sameAccount(alice, local));
    assert.ok(!sameAccount(alice, undefined));
  });
});

describe("accounts: state kept per account, across the previous release's keys", () => {
  it('reads the entry under the key, else under either previous form', () => {
    assert.equal(entryOf({ [accountKey(alice)]: 1, [`${alice.baseUrl} ${alice.userId}`]: 2 }, alice), 1);
    assert.equal(entryOf({ [`${alice.baseUrl} ${alice.userId}`]: 2 }, alice), 2);
    assert.equal(entryOf({ [`${alice.baseUrl}|${alice.userId}`]: 3 }, alice), 3);
    assert.equal(entryOf({ [`${alice.baseUrl} ${alice.userId}`]: 2 }, bob), undefined, 'never another user');
    assert.equal(entryOf({ [`${alice.baseUrl} ${alice.userId}`]: 2 }, local), undefined, 'never another service');
  });

  it('a write moves the entry to the key and leaves no copy under an old one', () => {
    const stored = { [`${alice.baseUrl} ${alice.userId}`]: ['w1', 'w2'], [`${bob.baseUrl} ${bob.userId}`]: ['b'] };
    const next = withEntry(stored, alice, ['w2']);
    assert.deepEqual(next, { [`${bob.baseUrl} ${bob.userId}`]: ['b'], [accountKey(alice)]: ['w2'] });
    assert.deepEqual(withEntry<string[]>(next, alice, undefined), { [`${bob.baseUrl} ${bob.userId}`]: ['b'] });
    assert.deepEqual(stored[`${alice.baseUrl} ${alice.userId}`], ['w1', 'w2'], 'the input is not changed');
  });

  it('a key named like an Object property is an ordinary entry', () => {
    const proto = { baseUrl: 'https://tasks.example.com/api', userId: '__proto__' };
    const next = withEntry({}, proto, 'x');
    assert.equal(entryOf(next, proto), 'x');
    assert.equal(entryOf({}, { ...proto, userId: 'constructor' }), undefined);
  });
});
