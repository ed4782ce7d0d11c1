import { describeHost } from '../util/hosts';

export type ParsedBaseUrl = { ok: true; url: string } | { ok: false; message: string };

const EXAMPLE = 'https://tasks.example.com/api';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for the hosts where plain http is acceptable (the local sandbox, a dev server). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Validates and normalises the service's base address. By docs/api/README.md#conventions, `{base_url}`
 * already includes the `/api` prefix; it is never added silently because a wrong guess would send the
 * token to whatever answers at the guessed address.
 */
export function parseBaseUrl(input: string): ParsedBaseUrl {
  const text = input.trim();
  if (text === '') {
    return fail(`Enter the base URL of the Task Platform API, for example ${EXAMPLE}.`);
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return fail(`The base URL must start with https:// (for example ${EXAMPLE}).`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`"${text}" is not a valid URL. Use a URL like ${EXAMPLE}.`);
  }
  const problem = checkUrl(url, text);
  if (problem) {
    return fail(problem);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') {
    return fail(`The base URL must include the API prefix, for example ${url.protocol}//${url.host}/api.`);
  }
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

function checkUrl(url: URL, text: string): string | undefined {
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return `The base URL must use https:// (plain http:// is only allowed for 127.0.0.1, localhost and [::1]).`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `The base URL must start with https:// (got ${url.protocol}//).`;
  }
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(text)) {
    return 'The base URL must not contain a user name or password; the token is entered separately.';
  }
  if (text.includes('?')) {
    return 'The base URL must not contain a query string (remove everything from "?").';
  }
  if (text.includes('#')) {
    return 'The base URL must not contain a fragment (remove everything from "#").';
  }
  return undefined;
}

function fail(message: string): ParsedBaseUrl {
  return { ok: false, message };
}

/**
 * Whether a URL the service points us to (a signed download URL, a redirect from it) may be fetched.
 * Against a remote service: https to a public host only, never this machine or a private network
 * (a hostile or hijacked service must not make the client reach into the user's own network).
 * Against a loopback service (the sandbox, a dev server): also plain http, to loopback or private
 * hosts only. `url` comes from the URL parser, so every spelling of an address is already normalised.
 */
export function isAllowedRemoteUrl(url: URL, baseUrl: string): boolean {
  if (url.username !== '' || url.password !== '') {
    return false;
  }
  const local = describeHost(new URL(baseUrl).hostname).kind === 'loopback';
  const target = describeHost(url.hostname).kind;
  if (url.protocol === 'https:') {
    return local || target === 'public';
  }
  return url.protocol === 'http:' && local && target !== 'public';
}
