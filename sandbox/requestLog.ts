// Log of every /api request for GET /__sandbox/requests (sandbox/README.md#test-controls).

export interface LogEntry {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number | null;
  user_id: string | null;
  token_label: string;
  idempotency_key: string | null;
  replay: boolean;
  at: string;
  at_ms: number;
  /** Time the sandbox spent on the request, from its arrival to the end of its response (benchmarks). */
  duration_ms: number | null;
}

export class RequestLog {
  private entries: LogEntry[] = [];
  private seq = 0;

  start(entry: Omit<LogEntry, 'seq' | 'status' | 'replay' | 'duration_ms'>): LogEntry {
    this.seq += 1;
    const full: LogEntry = { ...entry, seq: this.seq, status: null, replay: false, duration_ms: null };
    this.entries.push(full);
    // Bound memory in long benchmark runs.
    if (this.entries.length > 50_000) this.entries = this.entries.slice(-25_000);
    return full;
  }

  since(seq: number): LogEntry[] {
    return this.entries.filter((e) => e.seq > seq);
  }

  clear(): void {
    this.entries = [];
  }
}
