import type { DeclineKind } from "#app/domain/quote/bind-requests.ts";
import { CUSTOMER_QUESTION_MAX_LENGTH } from "#app/domain/quote/request-questions.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * "Ask your agent" (issue 55): the customer's own question from their quotes or policy page, a
 * form that posts without JavaScript; the server keeps it and tells the agency. After a refusal it
 * shows again with what was typed and why.
 */
export function AskAgentForm({
  refusal,
}: {
  refusal: { problem: string; typed?: string } | undefined;
}) {
  const locale = useLocale();
  const words = { locale };
  return (
    <section aria-labelledby="ask-agent-heading" className="mt-8">
      <h2 id="ask-agent-heading" className="text-lg font-semibold text-ink">
        {m.customer_question_heading({}, words)}
      </h2>
      <form method="post" className="mt-3 grid gap-3" noValidate>
        <input type="hidden" name="intent" value="customer-question" />
        <div>
          <label htmlFor="customer-question" className="block font-semibold text-ink">
            {m.customer_question_label({}, words)}
          </label>
          <p id="customer-question-hint" className="mt-1 text-sm text-muted">
            {m.customer_question_hint({ max: String(CUSTOMER_QUESTION_MAX_LENGTH) }, words)}
          </p>
          <textarea
            id="customer-question"
            name="question"
            rows={4}
            required
            maxLength={CUSTOMER_QUESTION_MAX_LENGTH}
            defaultValue={refusal?.typed ?? ""}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={
              refusal ? "customer-question-error customer-question-hint" : "customer-question-hint"
            }
            className="mt-1 block w-full rounded-lg border border-slate-400 p-3 text-ink"
          />
          {refusal ? (
            <p id="customer-question-error" className="mt-1 text-sm font-medium text-red-800">
              {refusal.problem}
            </p>
          ) : null}
        </div>
        <div>
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {m.customer_question_submit({}, words)}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The insurer's answer to a request to bind other than binding it (issue 55): declined, or only on
 * changed terms, with the insurer's reason and what happens next.
 */
export function BindAnswerNotice({
  answer,
  phone,
}: {
  answer: { kind: DeclineKind; insurer: string; reference: string; reason: string };
  phone: string;
}) {
  const locale = useLocale();
  const words = { locale };
  const { insurer } = answer;
  return (
    <section
      aria-labelledby="bind-answer-heading"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink"
    >
      <h2 id="bind-answer-heading" className="font-semibold">
        {m.bind_declined_heading({ reference: answer.reference }, words)}
      </h2>
      <p className="mt-2">
        {answer.kind === "declined"
          ? m.bind_declined_said({ insurer }, words)
          : m.bind_changed_terms_said({ insurer }, words)}{" "}
        {m.bind_declined_not_covered({ insurer }, words)}
      </p>
      <p className="mt-2">{m.bind_declined_reason({ reason: answer.reason }, words)}</p>
      <p className="mt-2">
        {answer.kind === "declined"
          ? m.bind_declined_next({}, words)
          : m.bind_changed_terms_next({}, words)}{" "}
        {m.email_questions_call({ phone }, words)}
      </p>
    </section>
  );
}
