import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  deskDocumentPath,
  formatBytes,
  visitorDocumentKindLabel,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";
import { QUESTION_MAX_LENGTH, type RequestQuestion } from "#app/domain/quote/request-questions.ts";

/**
 * What passes between the desk and the visitor on a quote request (decision 043): the agency's
 * questions with their answers, and the documents the visitor sent.
 */

/** The questions asked on this request, each with its answer and when; and the form to ask one. */
export function Questions({
  questions,
  open,
  action,
}: {
  questions: RequestQuestion[];
  open: boolean;
  action: DeskFormReply | undefined;
}) {
  const mine = action?.formId === "ask" ? action : undefined;
  const messages = mine?.fields.question;
  const typed = mine?.typed.question;
  return (
    <>
      <h2 id="questions" className="mt-10 text-lg font-semibold text-ink">
        Questions to the visitor
      </h2>
      {questions.length === 0 ? (
        <p className="mt-2 text-ink">None asked.</p>
      ) : (
        <DeskTable
          caption="Questions to the visitor"
          columns={QUESTION_COLUMNS}
          rows={questions}
          rowKey={(question) => question.id}
        />
      )}
      {open ? (
        <form method="post" className="mt-4 grid gap-2" noValidate>
          <label htmlFor="ask-question" className="block text-sm font-medium text-ink">
            Ask the visitor a question (they are emailed a link to answer it on the site)
          </label>
          <textarea
            id="ask-question"
            name="question"
            rows={3}
            maxLength={QUESTION_MAX_LENGTH}
            defaultValue={typeof typed === "string" ? typed : ""}
            aria-invalid={messages?.length ? true : undefined}
            aria-describedby={messages?.length ? "ask-question-error" : undefined}
            className={adminControlClasses}
          />
          <FieldMessage id="ask-question-error" messages={messages} />
          <FormProblem problem={mine?.problem} />
          <div>
            <button
              type="submit"
              name="intent"
              value="ask"
              className={buttonClasses("secondary", "sm")}
            >
              Ask and email the visitor
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}

const QUESTION_COLUMNS: DeskColumn<RequestQuestion>[] = [
  {
    label: "Question",
    rowHeader: true,
    cell: (question) => <span className="whitespace-pre-line">{question.question}</span>,
  },
  {
    label: "Asked",
    nowrap: true,
    cell: (question) => (
      <>
        <DateTime value={question.askedAt} /> by {question.askedBy}
      </>
    ),
  },
  {
    label: "Answer",
    cell: (question) =>
      question.answer === null ? (
        "Not answered yet"
      ) : (
        <span className="whitespace-pre-line">{question.answer}</span>
      ),
  },
  {
    label: "Answered",
    nowrap: true,
    cell: (question) => (question.answeredAt ? <DateTime value={question.answeredAt} /> : "—"),
  },
];

/** What the visitor sent for this request, newest last, each a download. */
export function VisitorDocuments({ documents }: { documents: RequestDocument[] }) {
  return (
    <>
      <h2 className="mt-10 text-lg font-semibold text-ink">Documents from the visitor</h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-ink">None yet.</p>
      ) : (
        <DeskTable
          caption="Documents from the visitor"
          columns={VISITOR_DOCUMENT_COLUMNS}
          rows={documents}
          rowKey={(document) => document.id}
        />
      )}
    </>
  );
}

const VISITOR_DOCUMENT_COLUMNS: DeskColumn<RequestDocument>[] = [
  {
    label: "File",
    rowHeader: true,
    cell: (document) => (
      <a href={deskDocumentPath(document.id)} className="font-semibold text-brand-700 underline">
        {document.fileName}
      </a>
    ),
  },
  { label: "What it is", cell: (document) => visitorDocumentKindLabel(document.kind) },
  { label: "Size", nowrap: true, cell: (document) => formatBytes(document.byteSize) },
  { label: "Sent", nowrap: true, cell: (document) => <DateTime value={document.createdAt} /> },
];
