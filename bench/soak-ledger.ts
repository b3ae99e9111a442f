/**
 * The soak run's ledger (bench/soak.ts): every save the server acknowledged, as the visitor or the
 * desk was answered, and, once the run is over, which of them the database does not hold, and
 * which webhook events those saves should have sent.
 */
import type { Db } from "#app/server/db/database.server.ts";
import type { LeadEvent } from "#app/server/leads/webhooks.server.ts";

/** A save the server acknowledged (its 302 to the page that confirms it), and what names it. */
export type Acknowledged =
  /** The wizard's email step: the submission with this email. */
  | { kind: "email-step"; email: string }
  /** The application's final save: that submission, completed. */
  | { kind: "application"; email: string }
  /** The Quote step's request: a quote request on that submission. */
  | { kind: "quote-request"; email: string }
  /** A document the visitor sent their agent, by its (unique) file name. */
  | { kind: "document"; email: string; fileName: string }
  /** The desk's note on a lead, by its (unique) words. */
  | { kind: "note"; submissionId: string; body: string }
  /** The desk's change of a request's status: the timeline's entry ends with `change`. */
  | { kind: "status"; submissionId: string; change: string }
  /** An insurer's quote the desk entered, by its (unique) insurer's name. */
  | { kind: "quote"; submissionId: string; insurer: string }
  /** A question the desk asked the visitor, by its (unique) words. */
  | { kind: "question"; submissionId: string; question: string }
  /** The desk published that quote to the visitor. */
  | { kind: "publish"; submissionId: string; insurer: string };

export type AcknowledgedKind = Acknowledged["kind"];

/** The webhook event each kind of save sends, for those that send one (LEAD_EVENTS). */
export const EVENT_OF_SAVE: Partial<Record<AcknowledgedKind, LeadEvent>> = {
  application: "application.completed",
  "quote-request": "quote_request.created",
  question: "question.asked",
  publish: "quote.published",
};

/** What the database holds of the saves a ledger can name: read once, after the run. */
export interface StoredRows {
  submissions: { id: string; email: string; completed: boolean }[];
  quoteRequests: { submissionId: string }[];
  documents: { submissionId: string; fileName: string }[];
  activities: { submissionId: string; kind: string; body: string }[];
  quotes: { submissionId: string; insurer: string; published: boolean }[];
  questions: { submissionId: string; question: string }[];
}

/** Reads what StoredRows holds from a database (the run's own: everything in it is the run's). */
export async function readStoredRows(db: Db): Promise<StoredRows> {
  const [submissions, quoteRequests, documents, activities, quotes, questions] = await Promise.all([
    db.selectFrom("business_wizard_submissions").select(["id", "email", "completed_at"]).execute(),
    db.selectFrom("quote_requests").select("submission_id").execute(),
    db
      .selectFrom("request_documents")
      .select(["submission_id", "file_name"])
      .where("purpose", "=", "visitor")
      .execute(),
    db.selectFrom("lead_activities").select(["submission_id", "kind", "body"]).execute(),
    db
      .selectFrom("insurer_quotes as q")
      .innerJoin("quote_requests as r", "r.id", "q.quote_request_id")
      .select(["r.submission_id", "q.insurer", "q.published_at"])
      .execute(),
    db.selectFrom("request_questions").select(["submission_id", "question"]).execute(),
  ]);
  return {
    submissions: submissions.map((row) => ({
      id: row.id,
      email: row.email,
      completed: row.completed_at !== null,
    })),
    quoteRequests: quoteRequests.map((row) => ({ submissionId: row.submission_id })),
    documents: documents.map((row) => ({
      submissionId: row.submission_id,
      fileName: row.file_name,
    })),
    activities: activities.map((row) => ({
      submissionId: row.submission_id,
      kind: row.kind,
      body: row.body,
    })),
    quotes: quotes.map((row) => ({
      submissionId: row.submission_id,
      insurer: row.insurer,
      published: row.published_at !== null,
    })),
    questions: questions.map((row) => ({
      submissionId: row.submission_id,
      question: row.question,
    })),
  };
}

/** The ledger's check against the database: what it holds, what it lost, and the events due. */
export interface LedgerCheck {
  /** Acknowledged saves by kind. */
  acknowledged: Partial<Record<AcknowledgedKind, number>>;
  /** Acknowledged saves the database does not hold. */
  lost: Acknowledged[];
  /** The webhook events the acknowledged saves should have sent, as "event submissionId". */
  expectedEvents: string[];
}

/** Checks every acknowledged save against what the database holds. */
export function checkLedger(entries: readonly Acknowledged[], stored: StoredRows): LedgerCheck {
  const byEmail = new Map(stored.submissions.map((row) => [row.email, row]));
  const key = (...parts: string[]) => parts.join("\u0000");
  const requests = new Set(stored.quoteRequests.map((row) => row.submissionId));
  const documents = new Set(stored.documents.map((row) => key(row.submissionId, row.fileName)));
  const notes = new Set(
    stored.activities
      .filter((row) => row.kind === "note")
      .map((row) => key(row.submissionId, row.body)),
  );
  const statusChanges = stored.activities.filter((row) => row.kind === "status");
  const quotes = new Map(stored.quotes.map((row) => [key(row.submissionId, row.insurer), row]));
  const questions = new Set(stored.questions.map((row) => key(row.submissionId, row.question)));

  const acknowledged: LedgerCheck["acknowledged"] = {};
  const lost: Acknowledged[] = [];
  const expectedEvents: string[] = [];
  for (const entry of entries) {
    acknowledged[entry.kind] = (acknowledged[entry.kind] ?? 0) + 1;
    const submissionId =
      "submissionId" in entry ? entry.submissionId : byEmail.get(entry.email)?.id;
    if (!held(entry, submissionId)) {
      lost.push(entry);
      continue;
    }
    const event = EVENT_OF_SAVE[entry.kind];
    if (event && submissionId) expectedEvents.push(`${event} ${submissionId}`);
  }
  return { acknowledged, lost, expectedEvents };

  function held(entry: Acknowledged, submissionId: string | undefined): boolean {
    if (submissionId === undefined) return false;
    switch (entry.kind) {
      case "email-step":
        return true;
      case "application":
        return byEmail.get(entry.email)?.completed === true;
      case "quote-request":
        return requests.has(submissionId);
      case "document":
        return documents.has(key(submissionId, entry.fileName));
      case "note":
        return notes.has(key(submissionId, entry.body));
      case "status":
        return statusChanges.some(
          (row) => row.submissionId === submissionId && row.body.endsWith(entry.change),
        );
      case "quote":
        return quotes.has(key(submissionId, entry.insurer));
      case "question":
        return questions.has(key(submissionId, entry.question));
      case "publish":
        return quotes.get(key(submissionId, entry.insurer))?.published === true;
    }
  }
}

/** The webhook events received (one per delivery id), as "event submissionId". */
export function receivedEvents(posts: readonly { event: string; leadId: string }[]): Set<string> {
  return new Set(posts.map((post) => `${post.event} ${post.leadId}`));
}

/** The expected events no post brought. */
export function missingEvents(expected: readonly string[], received: Set<string>): string[] {
  return expected.filter((event) => !received.has(event));
}
