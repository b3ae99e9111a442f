/**
 * The lead page's action panel and timeline (issue 28): status, owner, next action, a touch to
 * log and the ways to reach the visitor, first; then every touch, with who and when. Plain forms
 * that post to the page, as every desk form does: no script needed.
 */
import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  EmailLink,
  FieldMessage,
  SavedNotice,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { TEMPLATE_LIMITS } from "#app/domain/leads/desk-emails.ts";
import { QUOTE_STATUSES } from "#app/domain/leads/lead-desk.ts";
import {
  ACTIVITY_NOTE_MAX,
  activityLabel,
  LOGGED_KINDS,
  NEXT_ACTION_MAX,
  type LeadFormErrors,
  type LeadIntent,
} from "#app/domain/leads/lead-work.ts";

export interface TimelineItem {
  id: string;
  kind: string;
  body: string;
  by: string | null;
  at: Date | string;
  /** An email not sent that may be sent again: its outbox id (decision 054). */
  resend?: string;
}

export interface ActionPanelProps {
  phone: { e164: string; text: string } | null;
  email: string;
  request: { status: string } | undefined;
  owner: { id: string | null; email: string | null };
  operators: readonly { id: string; email: string }[];
  me: string;
  nextAction: { action: string | null; due: string | null };
  today: string;
  /** The change just saved, to confirm on screen: the timeline's entry for it. */
  saved: TimelineItem | undefined;
  errors: LeadFormErrors | undefined;
  emailing: {
    /** The desk emails only an address its visitor proved (decision 030). */
    proven: boolean;
    /** The language the customer applied in: its templates come first (decision 071). */
    language: string;
    templates: readonly { id: string; name: string }[];
    /** The template chosen, filled from the lead, in the language it is written in. */
    chosen: { id: string; subject: string; body: string; language: string } | undefined;
  };
}

function errorsOf(errors: LeadFormErrors | undefined, intent: LeadIntent) {
  return errors?.intent === intent ? errors : undefined;
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-white p-4">
      <h3 id={id} className="font-semibold text-ink">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The panel at the top of a lead's page. */
export function ActionPanel(props: ActionPanelProps) {
  const {
    phone,
    email,
    request,
    owner,
    operators,
    me,
    nextAction,
    today,
    saved,
    errors,
    emailing,
  } = props;
  const statusErrors = errorsOf(errors, "status");
  const ownerErrors = errorsOf(errors, "owner");
  const nextErrors = errorsOf(errors, "next-action");
  const logErrors = errorsOf(errors, "log");
  const emailErrors = errorsOf(errors, "email");
  const draft = emailErrors?.values ?? emailing.chosen;
  return (
    <section aria-labelledby="actions-title" className="mt-6 print:hidden">
      <h2 id="actions-title" className="sr-only">
        Work this lead
      </h2>
      {saved ? (
        <SavedNotice className="mb-4">
          Saved: {activityLabel(saved.kind)}, {saved.body.split("\n")[0]}, by{" "}
          {saved.by ?? "the visitor"} at <DateTime value={saved.at} />.
        </SavedNotice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {phone ? (
          <a href={`tel:${phone.e164}`} className={buttonClasses("secondary", "sm")}>
            Call {phone.text}
          </a>
        ) : null}
        <EmailLink address={email} className={`${buttonClasses("secondary", "sm")} break-all`} />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {request ? (
          <Card title="Status" id="status-title">
            <form method="post" className="mt-2 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="status" />
              <div>
                <label htmlFor="quote-status" className="block text-sm font-medium text-ink">
                  Quote request status
                </label>
                <select
                  id="quote-status"
                  name="status"
                  defaultValue={request.status}
                  className={adminControlClasses}
                >
                  {QUOTE_STATUSES.map((status) => (
                    <option key={status.id} value={status.id}>
                      {status.label}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClasses("primary", "sm")}>
                Save status
              </button>
            </form>
            <FormProblem problem={statusErrors?.form} className="mt-2" />
          </Card>
        ) : null}
        <Card title="Owner" id="owner-title">
          <form method="post" className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="owner" />
            <div>
              <label htmlFor="lead-owner" className="block text-sm font-medium text-ink">
                Who works this lead
              </label>
              <select
                id="lead-owner"
                name="owner"
                defaultValue={owner.id ?? ""}
                className={adminControlClasses}
              >
                <option value="">Nobody (unassigned)</option>
                {owner.id !== null && !operators.some((operator) => operator.id === owner.id) ? (
                  // An owner disabled since stays this lead's owner until someone changes it.
                  <option value={owner.id}>{owner.email} (disabled)</option>
                ) : null}
                {operators.map((operator) => (
                  <option key={operator.id} value={operator.id}>
                    {operator.email}
                    {operator.id === me ? " (you)" : ""}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClasses("primary", "sm")}>
              Save owner
            </button>
          </form>
          {owner.id !== me ? (
            <form method="post" className="mt-2">
              <input type="hidden" name="intent" value="owner" />
              <input type="hidden" name="owner" value={me} />
              <button type="submit" className={buttonClasses("secondary", "sm")}>
                Assign to me
              </button>
            </form>
          ) : null}
          <FormProblem problem={ownerErrors?.form} className="mt-2" />
        </Card>
        <Card title="Next action" id="next-title">
          <p className="mt-1 text-sm text-muted">
            {nextAction.action ? (
              <>
                Now: {nextAction.action} (due {nextAction.due}
                {nextAction.due !== null && nextAction.due < today ? ", overdue" : ""})
              </>
            ) : (
              "None set."
            )}
          </p>
          <form method="post" className="mt-2 grid gap-3 sm:grid-cols-[1fr_auto]" noValidate>
            <input type="hidden" name="intent" value="next-action" />
            <div>
              <label htmlFor="next-action" className="block text-sm font-medium text-ink">
                What is to be done next
              </label>
              <input
                id="next-action"
                name="action"
                type="text"
                maxLength={NEXT_ACTION_MAX}
                defaultValue={nextAction.action ?? ""}
                aria-invalid={nextErrors?.fields.action ? true : undefined}
                aria-describedby={nextErrors?.fields.action ? "next-action-error" : undefined}
                className={adminControlClasses}
              />
              <FieldMessage id="next-action-error" messages={nextErrors?.fields.action} />
            </div>
            <div>
              <label htmlFor="next-due" className="block text-sm font-medium text-ink">
                Due by
              </label>
              <input
                id="next-due"
                name="due"
                type="date"
                defaultValue={nextAction.due ?? today}
                aria-invalid={nextErrors?.fields.due ? true : undefined}
                aria-describedby={nextErrors?.fields.due ? "next-due-error" : undefined}
                className={adminControlClasses}
              />
              <FieldMessage id="next-due-error" messages={nextErrors?.fields.due} />
            </div>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <button type="submit" className={buttonClasses("primary", "sm")}>
                Save next action
              </button>
            </div>
          </form>
          {nextAction.action ? (
            <form method="post" className="mt-2">
              <input type="hidden" name="intent" value="clear-next-action" />
              <button type="submit" className={buttonClasses("ghost", "sm")}>
                Mark done (clear)
              </button>
            </form>
          ) : null}
        </Card>
        <Card title="Log a touch" id="log-title">
          <form method="post" className="mt-2 grid gap-3" noValidate>
            <input type="hidden" name="intent" value="log" />
            <fieldset>
              <legend className="text-sm font-medium text-ink">What happened</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {LOGGED_KINDS.map((kind, index) => (
                  <label key={kind.id} className="flex items-center gap-2 text-ink">
                    <input
                      type="radio"
                      name="kind"
                      value={kind.id}
                      defaultChecked={index === 0}
                      className="size-4"
                    />
                    {kind.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor="log-body" className="block text-sm font-medium text-ink">
                Details (needed for a note, optional for a call or voicemail)
              </label>
              <textarea
                id="log-body"
                name="body"
                rows={3}
                maxLength={ACTIVITY_NOTE_MAX}
                aria-invalid={logErrors?.fields.body ? true : undefined}
                aria-describedby={logErrors?.fields.body ? "log-body-error" : undefined}
                className={adminControlClasses}
              />
              <FieldMessage id="log-body-error" messages={logErrors?.fields.body} />
              <FieldMessage id="log-kind-error" messages={logErrors?.fields.kind} />
            </div>
            <div>
              <button type="submit" className={buttonClasses("primary", "sm")}>
                Add to timeline
              </button>
            </div>
          </form>
        </Card>
        <Card title="Email the visitor" id="email-title">
          {emailing.proven ? (
            <>
              <form method="get" className="mt-2 flex flex-wrap items-end gap-3">
                <div>
                  <label htmlFor="email-template" className="block text-sm font-medium text-ink">
                    Start from
                  </label>
                  <select
                    id="email-template"
                    name="template"
                    defaultValue={emailing.chosen?.id}
                    className={adminControlClasses}
                  >
                    {emailing.templates.map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className={buttonClasses("secondary", "sm")}>
                  Fill in
                </button>
              </form>
              {emailing.language === "es" ? (
                <p className="mt-2 text-sm text-muted">
                  This customer applied in Spanish: the Spanish templates come first.
                </p>
              ) : null}
              {draft ? (
                <form method="post" className="mt-3 grid gap-3" noValidate>
                  <input type="hidden" name="intent" value="email" />
                  <input
                    type="hidden"
                    name="language"
                    value={draft.language || emailing.language}
                  />
                  <p className="text-sm text-muted">
                    To {email}. Read it and change what you need: it is sent as it reads here.
                  </p>
                  <div>
                    <label htmlFor="email-subject" className="block text-sm font-medium text-ink">
                      Subject
                    </label>
                    <input
                      id="email-subject"
                      name="subject"
                      type="text"
                      maxLength={TEMPLATE_LIMITS.subject}
                      defaultValue={draft.subject}
                      aria-invalid={emailErrors?.fields.subject ? true : undefined}
                      aria-describedby={
                        emailErrors?.fields.subject ? "email-subject-error" : undefined
                      }
                      className={adminControlClasses}
                    />
                    <FieldMessage id="email-subject-error" messages={emailErrors?.fields.subject} />
                  </div>
                  <div>
                    <label htmlFor="email-body" className="block text-sm font-medium text-ink">
                      The email
                    </label>
                    <textarea
                      id="email-body"
                      name="body"
                      rows={8}
                      maxLength={TEMPLATE_LIMITS.body}
                      defaultValue={draft.body}
                      aria-invalid={emailErrors?.fields.body ? true : undefined}
                      aria-describedby={emailErrors?.fields.body ? "email-body-error" : undefined}
                      className={adminControlClasses}
                    />
                    <FieldMessage id="email-body-error" messages={emailErrors?.fields.body} />
                  </div>
                  <div>
                    <button type="submit" className={buttonClasses("primary", "sm")}>
                      Send email
                    </button>
                  </div>
                </form>
              ) : null}
            </>
          ) : (
            <p className="mt-1 text-sm text-ink">
              The desk does not email this lead: its address was not proven by the visitor who saved
              it (or is not one address). Call instead.
            </p>
          )}
          <FormProblem problem={emailErrors?.form} className="mt-2" />
        </Card>
      </div>
    </section>
  );
}

/**
 * A lead's timeline, newest first. An email the agency meant to send and did not says so ("Not
 * sent" and why) with "Send again" while it may still go (decision 054); `problem` is why the last
 * "Send again" did not send it.
 */
export function Timeline({
  entries,
  limit,
  problem,
}: {
  entries: readonly TimelineItem[];
  limit: number;
  problem?: string;
}) {
  return (
    <section aria-labelledby="timeline-title" className="mt-8 print:hidden">
      <h2 id="timeline-title" className="text-lg font-semibold text-ink">
        Timeline
      </h2>
      <p className="mt-1 text-sm text-muted">
        Every touch, newest first, with who and when
        {entries.length === limit ? ` (the newest ${limit})` : ""}.
      </p>
      <FormProblem problem={problem} className="mt-2" />
      {entries.length === 0 ? (
        <p className="mt-3 rounded-xl border border-line bg-white p-4 text-muted">
          Nothing logged yet.
        </p>
      ) : (
        <ol className="mt-3 divide-y divide-line rounded-xl border border-line bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="p-4">
              <p className="text-sm text-muted">
                <DateTime value={entry.at} />, {entry.by ?? "the visitor"}
              </p>
              <p className="mt-1 text-ink">
                <span className="font-semibold">
                  {entry.kind === "request" ? "Quote request" : activityLabel(entry.kind)}
                </span>
                {entry.body ? (
                  <>
                    : <span className="whitespace-pre-line">{entry.body}</span>
                  </>
                ) : null}
              </p>
              {entry.resend ? (
                <form method="post" className="mt-2">
                  <input type="hidden" name="outboxId" value={entry.resend} />
                  <button
                    type="submit"
                    name="intent"
                    value="resend"
                    className={buttonClasses("secondary", "sm")}
                  >
                    Send again
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
