import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";

/** A draft as stored, with its row's version: PostgreSQL's xmin, which every write changes. */
export interface StoredDraft {
  draft: WizardDraft;
  version: string;
}

/**
 * The drafts this server read or wrote last, by id, with their versions (decision 029): a save
 * starts from the one kept here without reading it, and its write happens only if the stored row
 * is still that version. Holds at most `limit` drafts, dropping the least recently used.
 */
export class DraftCache {
  private readonly entries = new Map<string, StoredDraft>();
  private readonly limit: number;

  constructor(limit = 2_000) {
    this.limit = limit;
  }

  get(id: string): StoredDraft | undefined {
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** Keeps what is stored under `id` now (null: nothing is). */
  set(id: string, stored: StoredDraft | null): void {
    this.entries.delete(id);
    if (!stored) return;
    this.entries.set(id, stored);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
