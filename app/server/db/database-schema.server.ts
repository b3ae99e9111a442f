import type { ColumnType, Generated } from "kysely";

import type {
  DefaultedColumn,
  FieldColumn,
  FieldRow,
  FieldWrite,
} from "#app/domain/application/application-fields.ts";
import type { Locale } from "#app/domain/site/locales.ts";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * The application's columns, from its field registry (app/domain/application/application-fields.ts): a
 * required one must be written on insert, unless the table has a default for it; a nullable one
 * may be left out.
 */
type ApplicationColumns = {
  [Column in FieldColumn]: null extends FieldWrite[Column]
    ? ColumnType<FieldRow[Column], FieldWrite[Column] | undefined, FieldWrite[Column]>
    : Column extends DefaultedColumn
      ? ColumnType<FieldRow[Column], FieldWrite[Column] | undefined, FieldWrite[Column]>
      : ColumnType<FieldRow[Column], FieldWrite[Column], FieldWrite[Column]>;
};

/** A row of business_wizard_submissions: the application's fields and the record's own columns. */
export interface BusinessWizardSubmissionsTable extends ApplicationColumns {
  id: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the final step saved the whole application (decision 018); null: the email step's only. */
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /**
   * Saved by a session that had not proven this email while another application already held it
   * (decision 030): an application of its own, beside that one.
   */
  email_not_proven: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A request for quotes on some lines of a coverage plan (decision 017). */
export interface QuoteRequestsTable {
  id: Generated<string>;
  submission_id: string;
  /** Like CP-7K3F9Q: unique, read over the phone. */
  reference: string;
  lines: string[];
  /** A date (YYYY-MM-DD); select it as `start_date::text` (drivers would make it a local Date). */
  start_date: ColumnType<string, string, string>;
  contact_channel: string;
  note: string | null;
  consent_text: string;
  consent_given_at: Timestamp;
  status: ColumnType<string, string | undefined, string>;
  status_changed_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Why the visitor declined every quote (issue 29); null otherwise. */
  lost_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The policy (its request to bind) this request renews (issue 30); null for any other. */
  renews_bind_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The producer of record (decision 063): the operator who last published quotes or bound it. */
  producer_operator_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The producer's name and licence number for the request's state, as the visitor is shown them. */
  producer_name: ColumnType<string | null, string | null | undefined, string | null>;
  producer_license_number: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One write of a quote request: the row as it was before (null: the write made it), and who wrote. */
export interface QuoteRequestRevisionsTable {
  /** bigint: the order of the writes (pg returns it as text, PGlite as a number). */
  id: ColumnType<string | number, never, never>;
  quote_request_id: string;
  revised_at: Timestamp;
  draft_id: string | null;
  client_hash: string | null;
  email_proven: boolean;
  /** The lead desk's operator who wrote, if an operator did. */
  operator_id: ColumnType<string | null, never, never>;
  old_values: ColumnType<unknown, never, never>;
}

/** A visitor's wizard draft: what they have entered so far (decision 003). */
export interface WizardDraftsTable {
  id: Generated<string>;
  data: ColumnType<unknown, string, string>;
  /** The submission the draft's email step wrote (decision 018); null before it. */
  submission_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** This session came from an emailed link to that submission (decision 013). */
  email_proven: ColumnType<boolean, boolean | undefined, boolean>;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A message sent from the contact page. */
export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  message: string;
  /** The language of the page it was sent from (migration 0037). */
  language: ColumnType<Locale, Locale | undefined, never>;
  created_at: Timestamp;
}

/** A call-back request from Talk to an Expert; best_time is an id of BEST_TIMES_TO_CALL. */
export interface CallbackRequestsTable {
  id: Generated<string>;
  name: string;
  phone: string;
  best_time: string;
  product: string | null;
  /** The language of the page it was sent from (migration 0037). */
  language: ColumnType<Locale, Locale | undefined, never>;
  created_at: Timestamp;
}

/** Form posts counted per client address and time window (the rate limit). */
export interface RateLimitHitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** An email waiting to be delivered, or delivered, or given up on. */
export interface OutboxTable {
  id: Generated<string>;
  recipients: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  /** Not sent before this time (decision 032): a reminder waits; every other email is due at once. */
  send_after: ColumnType<Date, Date | string | undefined, Date | string>;
  /** What a later write cancels it by while it is not sent (decision 032); null: nothing does. */
  cancel_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was cancelled (decision 054): kept, its words dropped, never sent. */
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** An email the agency sends a customer (decision 054): bounded per operator and site-wide. */
  agency: Generated<boolean>;
  /** The operator who sent it (an agency email); null: the site itself (a renewal reminder). */
  operator_id: string | null;
  /** The lead it is about (an agency email), whose timeline tells it was not sent. */
  submission_id: string | null;
  /** When it took its place under the agency's hourly limits; null while held. */
  counted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why an agency email is not sent ('limit', 'unproven'); null: it goes. */
  held: string | null;
}

/** One webhook post of one event to one receiving URL, retried until delivered (issue 17). */
export interface WebhookDeliveriesTable {
  /** The delivery id the receiver deduplicates by (X-CoverPilot-Delivery). */
  id: Generated<string>;
  event: string;
  url: string;
  submission_id: string | null;
  /** The exact body signed and sent, the same on every attempt. */
  body: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_status: number | null;
  last_error: string | null;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** A one-time link to an application: its token's hash, never the token (issue 8). */
export interface ResumeTokensTable {
  token_hash: string;
  submission_id: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  /** The wizard session (draft) whose email-step save sent the link; null for a link from /login. */
  draft_id: string | null;
  /** What the link opens once used: the application, or its published quotes (issue 29). */
  opens: ColumnType<string, string | undefined, string>;
  /** The newest revision of the application when the link was sent. */
  revision_id: ColumnType<
    string | number | null,
    string | number | null | undefined,
    string | number | null
  >;
}

/**
 * One write of a submission (decision 013), written by a trigger with every insert and update: the
 * row as it was before (null when the write created it) and who wrote it.
 */
export interface BusinessWizardSubmissionRevisionsTable {
  /** bigint: the order of the writes (pg returns it as text, PGlite as a number). */
  id: ColumnType<string | number, never, never>;
  submission_id: string;
  revised_at: Timestamp;
  /** The wizard session that wrote, when known. */
  draft_id: string | null;
  /** A keyed hash of the writer's client address (never the address). */
  client_hash: string | null;
  /** Whether the writing session had used an emailed link to this application. */
  email_proven: boolean;
  old_values: ColumnType<unknown, never, never>;
}

/** A /login request for a link, waiting for the outbox worker to look the address up. */
export interface ResumeRequestsTable {
  id: Generated<string>;
  email: string;
  /** The language of the /login page it was asked on: the link's email is written in it (0040). */
  language: ColumnType<Locale, Locale | undefined, never>;
  created_at: Timestamp;
}

/**
 * An address to tell when the agency can help in a state it holds no licence in (decision 031):
 * never a lead. `state` is the state's name, as a submission's.
 */
export interface StateWaitlistTable {
  /** bigint: pg returns it as text, PGlite as a number. */
  id: ColumnType<string | number, never, never>;
  email: string;
  state: string;
  /** The language of the page it was noted on: the promised email is written in it (0039). */
  language: ColumnType<Locale, Locale | undefined, never>;
  created_at: Timestamp;
  /** When the address was emailed that the agency now helps in its state (0051); null: not yet. */
  told_at: ColumnType<Date | string | null, never, Date | string | null>;
}

/** Recent emails to one visitor's inbox (`recipient_key`: SHA-256 of its `mailboxOf`). */
export interface MailRecipientSendsTable {
  recipient_key: string;
  sent_at: Date[];
  /** The outbox id of the email each time counted (null: counted before decision 054). */
  outbox_ids: ColumnType<(string | number | null)[], (string | number | null)[] | undefined>;
}

/**
 * The links asked for at /login in the last hour, by inbox (decision 055): the times and, beside
 * each, the keyed hash of the client address that asked.
 */
export interface LoginLinkRequestsTable {
  address_key: string;
  asked_at: Date[];
  asked_by: string[];
}

/** An operator of the lead desk; the password as an scrypt hash (passwords.server.ts). */
export interface OperatorsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the operator was disabled (no sign-in, no session); null while they may work. */
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** `owner` (manages operators and templates) or `agent` (decision 063). */
  role: ColumnType<string, string | undefined, string>;
  /** The name the operator is licensed by, as quotes and emails name the producer; null: not given. */
  producer_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A producer licence an operator holds (decision 063): one per state. */
export interface ProducerLicensesTable {
  id: Generated<string>;
  operator_id: string;
  /** The state's two-letter code. */
  state: string;
  number: string;
  /** Lines of authority (producer-licenses.ts). */
  lines: string[];
  /** The last day in force (YYYY-MM-DD); select it as `expires::text`. */
  expires: ColumnType<string, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A link emailed to a new operator (issue 28), kept by the SHA-256 of its token. */
export interface OperatorInvitationsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The role the invited person will have (decision 063). */
  role: ColumnType<string, string | undefined, string>;
}

/** What happened to an operator's account, by whom (null: the command line); only ever added. */
export interface OperatorEventsTable {
  id: ColumnType<string | number, never, never>;
  email: string;
  kind: string;
  by_operator_id: string | null;
  created_at: Timestamp;
  /** What changed, where the kind needs it said (a licence's state and number). */
  detail: ColumnType<string | null, string | null | undefined, never>;
}

/** A signed-in operator's session; `id` is the SHA-256 of the token in the cookie. */
export interface OperatorSessionsTable {
  id: string;
  operator_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Failed sign-ins per email typed (`key`: SHA-256 of it, lowercased), for the lockout. */
export interface OperatorSignInFailuresTable {
  key: string;
  failures: number;
  first_failed_at: Timestamp;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One entry of a lead's timeline at the desk (issue 28): only ever added. */
export interface LeadActivitiesTable {
  /** bigint: the order of the entries (pg returns it as text, PGlite as a number). */
  id: ColumnType<string | number, never, never>;
  submission_id: string;
  /** Null: the visitor's own act (declining the quotes, issue 29). */
  operator_id: string | null;
  kind: string;
  body: string;
  created_at: Timestamp;
  /** An email the agency meant to send and did not ('not-sent', decision 054). */
  outbox_id: ColumnType<string | number | null, string | number | null | undefined, never>;
}

/** An insurer's quote on a quote request, as an operator entered it (issue 29). */
export interface InsurerQuotesTable {
  id: Generated<string>;
  quote_request_id: string;
  insurer: string;
  kind: string;
  /** bigint: pg returns it as text, PGlite as a number. */
  premium_cents: ColumnType<string | number, number, number>;
  pay_in_full: boolean;
  /** Null: no monthly payments. bigint as above. */
  monthly_fee_cents: ColumnType<string | number | null, number | null, number | null>;
  /** Dates (YYYY-MM-DD); select them as `::text` (drivers would make them local Dates). */
  term_start: ColumnType<string, string, string>;
  term_end: ColumnType<string, string, string>;
  valid_until: ColumnType<string, string, string>;
  notes: string | null;
  /** The lines' limits and deductibles: JSON text in, parsed JSON out (storedLinesSchema). */
  lines: ColumnType<unknown, string, string>;
  status: ColumnType<string, string | undefined, string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 55: admitted or non-admitted; null on quotes saved before. */
  market: ColumnType<string | null, string | null | undefined, string | null>;
  /** The price's parts and plan (bigint cents, as above; null where not given). */
  surplus_lines_tax_cents: NullableCents;
  stamping_fee_cents: NullableCents;
  policy_fee_cents: NullableCents;
  inspection_fee_cents: NullableCents;
  broker_fee_cents: NullableCents;
  minimum_earned_cents: NullableCents;
  down_payment_cents: NullableCents;
  instalment_cents: NullableCents;
  instalment_count: ColumnType<number | null, number | null | undefined, number | null>;
  terrorism_offered: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  terrorism_premium_cents: NullableCents;
  rating: ColumnType<string | null, string | null | undefined, string | null>;
  rating_source: ColumnType<string | null, string | null | undefined, string | null>;
  /** A date: select it as `::text`. */
  rating_as_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON text in, parsed JSON out (storedSubjectivitiesSchema). */
  subjectivities: ColumnType<unknown, string | undefined, string>;
}

/** A bigint amount in cents that may be absent: text from pg, a number from PGlite. */
type NullableCents = ColumnType<string | number | null, number | null | undefined, number | null>;

/** A document on a quote request (issue 29, decision 043): its bytes are its chunks. */
export interface RequestDocumentsTable {
  id: Generated<string>;
  submission_id: string;
  quote_request_id: string;
  /** The insurer quote a PDF of the insurer's belongs to; null for the visitor's documents. */
  insurer_quote_id: string | null;
  purpose: string;
  /** The visitor's word for what it is; null for the insurer's quote. */
  kind: string | null;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  /** The operator who attached it; null: the visitor sent it. */
  uploaded_by: string | null;
  created_at: Timestamp;
  replaced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When an operator marked a visitor's document dealt with ("Needs action"), and who. */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: string | null;
}

/** A question the agency asked the visitor on a quote request, and their answer (issue 29). */
export interface RequestQuestionsTable {
  id: Generated<string>;
  submission_id: string;
  quote_request_id: string;
  question: string;
  asked_by: string;
  asked_at: Timestamp;
  /** The visitor's answer, written once; null until they answer. */
  answer: string | null;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When an operator marked the answer dealt with ("Needs action"), and who. */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: string | null;
}

/** The visitor's request to bind a quote, its evidence, and the policy once bound (issue 29). */
export interface BindRequestsTable {
  id: Generated<string>;
  submission_id: string;
  quote_request_id: string;
  insurer_quote_id: string;
  reference: string;
  /** The quote as the visitor saw it: JSON text in, parsed JSON out. */
  quote_seen: ColumnType<unknown, string, string>;
  payment: string;
  /** Dates (YYYY-MM-DD); select them as `::text`. */
  start_date: ColumnType<string, string, string>;
  /** The statements' exact words: JSON text in, parsed JSON out. */
  statements: ColumnType<unknown, string, string>;
  signature_name: string;
  signed_at: Timestamp;
  client_address: string;
  user_agent: string | null;
  status: ColumnType<string, string | undefined, string>;
  policy_number: string | null;
  policy_start: ColumnType<string | null, string | null | undefined, string | null>;
  policy_end: ColumnType<string | null, string | null | undefined, string | null>;
  bound_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  bound_by: string | null;
  /** The consent to do business and sign electronically, its exact words: JSON text in, parsed out. */
  consent: ColumnType<unknown, string | null | undefined, string | null>;
  documents_by: string | null;
  tria: string | null;
  binder_number: string | null;
  binder_effective: ColumnType<string | null, string | null | undefined, string | null>;
  binder_expires: ColumnType<string | null, string | null | undefined, string | null>;
  policy_added_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  policy_added_by: string | null;
  declined_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  declined_by: string | null;
  decline_kind: string | null;
  decline_reason: string | null;
}

/** What the customer tells the agency on their own: a question, or declining every quote. */
export interface CustomerMessagesTable {
  id: Generated<string>;
  submission_id: string;
  quote_request_id: string;
  kind: string;
  body: string;
  language: string;
  created_at: Timestamp;
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: string | null;
}

/** A certificate of insurance asked for on a bound policy, and once issued, its PDF. */
export interface CertificateRequestsTable {
  id: Generated<string>;
  submission_id: string;
  bind_request_id: string;
  reference: string;
  holder_name: string;
  holder_address: string;
  holder_email: string | null;
  additional_insured: boolean;
  waiver_of_subrogation: boolean;
  primary_non_contributory: boolean;
  job: string;
  /** A date (YYYY-MM-DD); select it as `::text`. */
  needed_by: ColumnType<string, string, string>;
  requested_at: Timestamp;
  status: ColumnType<string, string | undefined, string>;
  document_id: string | null;
  issued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  issued_by: string | null;
  holder_token_hash: string | null;
  holder_link_expires_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Issue 56: what the visitor said the certificate needs (null on requests made before). */
  operations_wanted: ColumnType<string | null, string | null | undefined, string | null>;
  limits_required: ColumnType<string | null, string | null | undefined, string | null>;
  additional_insured_operations: ColumnType<
    string | null,
    string | null | undefined,
    string | null
  >;
  /** The certificate the desk drew (CertificateContents as JSON), null for one uploaded. */
  contents: ColumnType<unknown, string | null | undefined, string | null>;
  /** The certificate this one reissues on a renewed policy. */
  reissued_from: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A change or notice the desk recorded on a bound policy (issue 56, decision 068). */
export interface PolicyChangesTable {
  id: Generated<string>;
  submission_id: string;
  bind_request_id: string;
  kind: string;
  /** The kind's fields (`PolicyChangeDetails`); write it as JSON text. */
  details: ColumnType<unknown, string, never>;
  show_customer: boolean;
  recorded_by: string;
  recorded_at: Timestamp;
}

/** A change the customer asked for from "Your policy" (issue 56). */
export interface PolicyChangeRequestsTable {
  id: Generated<string>;
  submission_id: string;
  bind_request_id: string;
  reference: string;
  kind: string;
  details: string;
  requested_at: Timestamp;
  done_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  done_by: string | null;
  answered_by_change_id: string | null;
}

/** One version of a contract's insurance requirements, as the visitor gave them (decision 048). */
export interface ContractRequirementsTable {
  id: Generated<string>;
  submission_id: string;
  /** A version that removes them. */
  removed: ColumnType<boolean, boolean | undefined, boolean>;
  contract_party: string | null;
  lines: ColumnType<string[], string[] | undefined, string[]>;
  /** Dollars; bigint, which pg sends as text and PGlite as a number. */
  occurrence_limit_dollars: ColumnType<
    string | number | null,
    number | null | undefined,
    number | null
  >;
  aggregate_limit_dollars: ColumnType<
    string | number | null,
    number | null | undefined,
    number | null
  >;
  additional_insured: ColumnType<boolean, boolean | undefined, boolean>;
  waiver_of_subrogation: ColumnType<boolean, boolean | undefined, boolean>;
  primary_non_contributory: ColumnType<boolean, boolean | undefined, boolean>;
  /** A date (YYYY-MM-DD); select it as `needed_by::text`. */
  needed_by: ColumnType<string | null, string | null | undefined, string | null>;
  other_requirements: string | null;
  /** The wizard session that wrote it, and its client's keyed hash (decision 013). */
  draft_id: string | null;
  client_hash: string | null;
  created_at: Timestamp;
}

/** A renewal reminder sent for a bound policy: once per policy and kind. */
export interface RenewalRemindersTable {
  bind_request_id: string;
  kind: string;
  sent_at: Timestamp;
}

/** One piece of a document's bytes, in order of `seq` (at most 256 KB each). */
export interface RequestDocumentChunksTable {
  document_id: string;
  seq: number;
  bytes: Uint8Array;
}

/** Where a lead stands at the desk: its owner, and its next action and the day it is due. */
export interface LeadWorkTable {
  submission_id: string;
  owner_id: string | null;
  next_action: string | null;
  /** A day (YYYY-MM-DD) at the agency; select it as `next_action_due::text`. */
  next_action_due: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** An email the desk's operators start from (issue 28); placeholders in braces (desk-emails.ts). */
export interface DeskEmailTemplatesTable {
  id: Generated<string>;
  name: string;
  subject: string;
  body: string;
  /** The language it is written in, as the site's ('en' or 'es'; decision 071). */
  language: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

/** Each save of a template: what it said, the operator who saved it (null: as the site started). */
export interface DeskEmailTemplateVersionsTable {
  id: ColumnType<string | number, never, never>;
  template_id: string;
  name: string;
  subject: string;
  body: string;
  language: ColumnType<string, string | undefined, string>;
  saved_by: string | null;
  saved_at: Timestamp;
}

/** Visitors who reached a wizard step (or completed) on a day (UTC). */
export interface WizardFunnelDailyTable {
  /** YYYY-MM-DD; select it as `day::text` (drivers would turn a date into a local Date). */
  day: ColumnType<string, string, string>;
  step: string;
  visitors: number;
}

/** Every table the app reads or writes, for Kysely's types. */
export interface DatabaseSchema {
  contact_messages: ContactMessagesTable;
  callback_requests: CallbackRequestsTable;
  business_wizard_submissions: BusinessWizardSubmissionsTable;
  wizard_drafts: WizardDraftsTable;
  rate_limit_hits: RateLimitHitsTable;
  outbox: OutboxTable;
  webhook_deliveries: WebhookDeliveriesTable;
  resume_tokens: ResumeTokensTable;
  mail_recipient_sends: MailRecipientSendsTable;
  login_link_requests: LoginLinkRequestsTable;
  state_waitlist: StateWaitlistTable;
  resume_requests: ResumeRequestsTable;
  business_wizard_submission_revisions: BusinessWizardSubmissionRevisionsTable;
  quote_requests: QuoteRequestsTable;
  operators: OperatorsTable;
  operator_invitations: OperatorInvitationsTable;
  operator_events: OperatorEventsTable;
  quote_request_revisions: QuoteRequestRevisionsTable;
  operator_sessions: OperatorSessionsTable;
  producer_licenses: ProducerLicensesTable;
  operator_sign_in_failures: OperatorSignInFailuresTable;
  wizard_funnel_daily: WizardFunnelDailyTable;
  lead_activities: LeadActivitiesTable;
  insurer_quotes: InsurerQuotesTable;
  request_documents: RequestDocumentsTable;
  request_document_chunks: RequestDocumentChunksTable;
  request_questions: RequestQuestionsTable;
  bind_requests: BindRequestsTable;
  customer_messages: CustomerMessagesTable;
  certificate_requests: CertificateRequestsTable;
  policy_changes: PolicyChangesTable;
  policy_change_requests: PolicyChangeRequestsTable;
  renewal_reminders: RenewalRemindersTable;
  contract_requirements: ContractRequirementsTable;
  lead_work: LeadWorkTable;
  desk_email_templates: DeskEmailTemplatesTable;
  desk_email_template_versions: DeskEmailTemplateVersionsTable;
}
