import type * as vscode from 'vscode';
import { SpaceBook } from '../../core/codeLinks/spaceBook';

/** Where each prefix's tasks were found, per service address (core/codeLinks/spaceBook.ts). */
const SPACES_KEY = 'taskPlatform.codeLinks.spaces';

/**
 * The space books of every service signed in to, read from storage on first need and persisted
 * once per burst of finds (a pass may find ids in many spaces). Kept per service address, as the
 * learned prefixes are: two users of one service find a prefix's tasks in the same spaces.
 */
export class SpaceBooks {
  private readonly books = new Map<string, { book: SpaceBook; saving: boolean }>();

  constructor(private readonly memento: vscode.Memento) {}

  of(baseUrl: string): SpaceBook {
    return this.held(baseUrl).book;
  }

  save(baseUrl: string): void {
    const held = this.held(baseUrl);
    if (held.saving) {
      return;
    }
    held.saving = true;
    setTimeout(() => {
      held.saving = false;
      const all = this.memento.get<Record<string, unknown>>(SPACES_KEY, {});
      void this.memento.update(SPACES_KEY, { ...all, [baseUrl]: held.book.toJSON() });
    }, 0);
  }

  private held(baseUrl: string): { book: SpaceBook; saving: boolean } {
    let held = this.books.get(baseUrl);
    if (!held) {
      const stored = this.memento.get<Record<string, unknown>>(SPACES_KEY, {});
      held = { book: new SpaceBook(stored[baseUrl]), saving: false };
      this.books.set(baseUrl, held);
    }
    return held;
  }
}
