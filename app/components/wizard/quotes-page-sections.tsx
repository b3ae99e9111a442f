import { DECLINE_REASONS } from "#app/domain/quote/insurer-quotes.ts";
import {
  acceptOf,
  documentMessages,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  VISITOR_CONTENT_TYPES,
  VISITOR_DOCUMENT_KINDS,
  VISITOR_DOCUMENTS_PER_APPLICATION,
} from "#app/domain/quote/request-documents.ts";
import { ANSWER_MAX_LENGTH } from "#app/domain/quote/request-questions.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * The parts of the visitor's quotes page (routes/wizard/quotes.tsx, decisions 042 and 043) around
 * the comparison (quote-comparison.tsx): the agency's questions, the documents sent to the agent,
 * and "None of these suit me".
 */

export function DeclineForm({ problem }: { problem: string | undefined }) {
  const locale = useLocale();
  return (
    <details className="mt-8 rounded-xl border border-slate-200 p-4" open={problem !== undefined}>
      <summary className="cursor-pointer font-semibold text-ink">
        {m.quotes_decline_summary({}, { locale })}
      </summary>
      <form method="post" className="mt-3">
        <fieldset>
          <legend className="text-ink">{m.quotes_decline_legend({}, { locale })}</legend>
          {DECLINE_REASONS.map((reason) => (
            <label key={reason.id} className="mt-2 flex items-center gap-2 text-ink">
              <input type="radio" name="reason" value={reason.id} className="size-5" />
              {reason.term({}, { locale })}
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="decline"
          className="mt-4 rounded-lg border border-slate-400 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          {m.quotes_decline_button({}, { locale })}
        </button>
      </form>
    </details>
  );
}

type QuestionView = {
  id: string;
  question: string;
  asked: string;
  answer: string | null;
  answeredOn: string | null;
};

/** The agency's questions, each with its answer or a form to answer it (issue 29). */
export function QuestionsSection({
  questions,
  open,
  refusal,
}: {
  questions: QuestionView[];
  open: boolean;
  refusal: { question?: string; typed?: string; problem: string } | undefined;
}) {
  const locale = useLocale();
  const words = { locale };
  if (questions.length === 0) return null;
  return (
    <section id="questions" aria-labelledby="questions-heading" className="mt-10">
      <h2 id="questions-heading" className="text-xl font-semibold text-ink">
        {m.questions_heading({}, words)}
      </h2>
      <ol className="mt-4 space-y-4">
        {questions.map((question) => {
          const mine = refusal?.question === question.id ? refusal : undefined;
          return (
            <li key={question.id} className="rounded-xl border border-slate-200 p-4">
              <p className="text-sm text-muted">
                {m.questions_asked_on({ day: question.asked }, words)}
              </p>
              <p className="mt-1 font-semibold whitespace-pre-line text-ink">{question.question}</p>
              {question.answer !== null ? (
                <div className="mt-3">
                  <p className="text-sm text-muted">
                    {m.questions_answer_sent_on({ day: question.answeredOn ?? "" }, words)}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-ink">{question.answer}</p>
                </div>
              ) : open ? (
                <form method="post" className="mt-3">
                  <input type="hidden" name="question" value={question.id} />
                  <label
                    htmlFor={`answer-${question.id}`}
                    className="block text-sm font-semibold text-ink"
                  >
                    {m.questions_your_answer({}, words)}
                  </label>
                  <textarea
                    id={`answer-${question.id}`}
                    name="answer"
                    rows={3}
                    required
                    maxLength={ANSWER_MAX_LENGTH}
                    defaultValue={mine?.typed ?? ""}
                    aria-invalid={mine ? true : undefined}
                    aria-describedby={mine ? `answer-${question.id}-problem` : undefined}
                    className="mt-1 block w-full rounded-lg border border-slate-400 p-3 text-ink"
                  />
                  {mine ? (
                    <p
                      id={`answer-${question.id}-problem`}
                      role="alert"
                      className="mt-2 text-sm font-medium text-red-800"
                    >
                      {mine.problem}
                    </p>
                  ) : null}
                  <button
                    type="submit"
                    name="intent"
                    value="answer"
                    className="mt-3 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
                  >
                    {m.questions_send({}, words)}
                  </button>
                </form>
              ) : (
                <p className="mt-3 text-ink">{m.questions_not_answered({}, words)}</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** What the visitor has sent their agent, and the form to send another (decision 043). */
export function DocumentsSection({
  open,
  documents,
  problem,
}: {
  open: boolean;
  documents: { id: string; href: string; fileName: string; about: string }[];
  problem: string | undefined;
}) {
  const locale = useLocale();
  const words = { locale };
  const full = documents.length >= VISITOR_DOCUMENTS_PER_APPLICATION;
  return (
    <section id="documents" aria-labelledby="documents-heading" className="mt-10">
      <h2 id="documents-heading" className="text-xl font-semibold text-ink">
        {m.documents_heading({}, words)}
      </h2>
      <p className="mt-2 text-ink">
        {m.documents_intro(
          {
            max: formatBytes(DOCUMENT_MAX_BYTES, locale),
            count: VISITOR_DOCUMENTS_PER_APPLICATION,
          },
          words,
        )}
      </p>
      {documents.length > 0 ? (
        <ul className="mt-4 space-y-2">
          {documents.map((document) => (
            <li key={document.id} className="text-ink">
              <a href={document.href} download className="font-semibold text-brand-700 underline">
                {document.fileName}
              </a>{" "}
              <span className="text-muted">({document.about})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-muted">{m.documents_none({}, words)}</p>
      )}
      {open && !full ? (
        <form
          method="post"
          encType="multipart/form-data"
          className="mt-6 rounded-xl border border-slate-200 p-4"
        >
          <fieldset>
            <legend className="font-semibold text-ink">{m.documents_what({}, words)}</legend>
            {VISITOR_DOCUMENT_KINDS.map((kind) => (
              <label key={kind.id} className="mt-2 flex items-center gap-2 text-ink">
                <input type="radio" name="kind" value={kind.id} required className="size-5" />
                {kind.term({}, words)}
              </label>
            ))}
          </fieldset>
          <label htmlFor="document-file" className="mt-4 block font-semibold text-ink">
            {m.documents_file_label({ max: formatBytes(DOCUMENT_MAX_BYTES, locale) }, words)}
          </label>
          <input
            id="document-file"
            type="file"
            name="file"
            required
            accept={acceptOf(VISITOR_CONTENT_TYPES)}
            aria-describedby={problem ? "document-problem" : undefined}
            className="mt-2 block w-full text-ink"
          />
          {problem ? (
            <p id="document-problem" role="alert" className="mt-2 text-sm font-medium text-red-800">
              {problem}
            </p>
          ) : null}
          {/* While the file goes, the site script puts these words in the button and the note
              below it (showSending, site-enhancements.ts). */}
          <button
            type="submit"
            data-sending-label={m.form_sending({}, words)}
            className="mt-4 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {m.documents_send({}, words)}
          </button>
          <p
            aria-live="polite"
            data-sending-note={m.documents_sending_note({}, words)}
            className="mt-2 text-sm text-muted"
          />
        </form>
      ) : null}
      {open && full ? <p className="mt-4 text-ink">{documentMessages(locale).tooMany}</p> : null}
    </section>
  );
}
