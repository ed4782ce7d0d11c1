// Deterministic PRNG (mulberry32) and UUIDs derived from it, so every seed yields
// the same ids on every run.

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** RFC 4122 version-4 shaped UUID from the PRNG stream. */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      hex.push(
        Math.floor(this.next() * 0x100000000)
          .toString(16)
          .padStart(8, '0'),
      );
    }
    const h = hex.join('');
    const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
