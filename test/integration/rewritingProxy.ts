import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test-only server in front of the sandbox: it forwards every request as is and, in the JSON
 * answers, replaces the display ids it is told to with hostile values (a line break, a space,
 * markup). The real service numbers display ids itself, so the sandbox, which keeps to the
 * contract, never answers such a value; this is the "hostile server" case.
 */
export class RewritingProxy {
  /** display_id values to replace, and with what. */
  readonly replace = new Map<string, string>();
  /** When set, every display_id in the answer to a POST is replaced by this value. */
  onCreate: string | undefined;
  private server: Server | undefined;

  constructor(private readonly target: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.forward(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.target);
    const headers = { ...req.headers, host: url.host };
    delete headers['accept-encoding'];
    const upstream = request(url, { method: req.method, headers }, async (answer) => {
      const body: Buffer[] = [];
      for await (const chunk of answer) body.push(chunk as Buffer);
      let out = Buffer.concat(body);
      if ((answer.headers['content-type'] ?? '').includes('json') && out.length > 0) {
        out = Buffer.from(
          JSON.stringify(this.rewrite(JSON.parse(out.toString('utf8')), req.method === 'POST')),
          'utf8',
        );
      }
      const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = answer.headers;
      res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': out.length });
      res.end(out);
    });
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end(Buffer.concat(chunks));
  }

  private rewrite(value: unknown, created: boolean): unknown {
    if (Array.isArray(value)) {
      return value.map((v) => this.rewrite(v, created));
    }
    if (value === null || typeof value !== 'object') {
      return value;
    }
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (
        key === 'display_id' &&
        typeof v === 'string' &&
        (this.replace.has(v) || (created && this.onCreate !== undefined))
      ) {
        out[key] = this.replace.get(v) ?? this.onCreate;
      } else {
        out[key] = this.rewrite(v, created);
      }
    }
    return out;
  }
}
