import { limitError } from './errors';
import { InFlightGets } from './inflight';
import { decodeJson, parseBody } from './parse';
import type { Schema } from './parse';
import type { RequestPriority } from './rateLimiter';
import { headerValue } from './responses';
import type { CallSpec, Requester, RequestOptions } from './requester';
import type { HttpMethod, HttpResponse } from './transport';

/** JSON calls over the Requester: shared GETs, writes, 204 deletes, body validation. */
export class Calls {
  private readonly gets: InFlightGets;

  constructor(
    readonly requester: Requester,
    private readonly baseUrl: string,
  ) {
    this.gets = new InFlightGets(() => requester.config.limiter.reprioritize());
  }

  /** A GET; identical in-flight GETs (same URL) share one request. */
  get<T>(
    operation: string,
    path: string,
    schema: Schema<T>,
    opts?: RequestOptions,
    query?: CallSpec['query'],
  ): Promise<T> {
    const run = (signal: AbortSignal, priority: () => RequestPriority): Promise<T> => {
      const spec: CallSpec = { operation, method: 'GET', path, query, priority };
      return this.requester.send(spec, { ...opts, signal }, (res) => this.json(res, schema, operation));
    };
    return this.gets.run(this.requester.url(path, query), opts?.signal, opts?.priority ?? 'user', run);
  }

  write<T>(
    operation: string,
    method: HttpMethod,
    path: string,
    json: unknown,
    schema: Schema<T>,
    opts?: RequestOptions,
  ): Promise<T> {
    return this.send({ operation, method, path, json }, schema, opts);
  }

  send<T>(spec: CallSpec, schema: Schema<T>, opts?: RequestOptions): Promise<T> {
    return this.requester.send(spec, opts ?? {}, (res) => this.json(res, schema, spec.operation));
  }

  /** DELETE answered 204 (no body). */
  remove(operation: string, path: string, opts?: RequestOptions): Promise<void> {
    return this.requester.send({ operation, method: 'DELETE', path }, opts ?? {}, (res) => res.dump());
  }

  async json<T>(res: HttpResponse, schema: Schema<T>, operation: string): Promise<T> {
    return parseBody(schema, await this.decode(res, operation), operation);
  }

  async decode(res: HttpResponse, operation: string): Promise<unknown> {
    if (res.status >= 300) {
      // Redirects are never followed for API calls (transport.ts): one here means a wrong base URL or a loop.
      await res.dump();
      throw limitError(operation, this.baseUrl, { kind: 'redirected', status: res.status });
    }
    return decodeJson(await res.text(), headerValue(res.headers['content-type']), operation, this.baseUrl);
  }
}
