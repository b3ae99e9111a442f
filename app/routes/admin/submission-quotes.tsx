import { Fragment, type ReactNode } from "react";
import { data, redirect } from "react-router";

import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  FieldMessage,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import {
  centsAsText,
  formatCents,
  INSURER_MAX_LENGTH,
  insurerQuoteFormSchema,
  insurerQuoteStatusLabel,
  LINE_LIMIT_TEXT_MAX_LENGTH,
  QUOTE_KINDS,
  QUOTE_NOTES_MAX_LENGTH,
  quoteFormMessages,
  type InsurerQuote,
} from "#app/domain/quote/insurer-quotes.ts";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import { isOpenQuoteStatus, quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import {
  acceptOf,
  deskDocumentPath,
  documentMessages,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  PDF_CONTENT_TYPES,
  visitorDocumentKindLabel,
} from "#app/domain/quote/request-documents.ts";
import {
  bindPolicyFormSchema,
  policyMessages,
  POLICY_NUMBER_MAX_LENGTH,
} from "#app/domain/quote/bind-requests.ts";
import { askQuestionFormSchema, QUESTION_MAX_LENGTH } from "#app/domain/quote/request-questions.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import {
  attachInsurerQuoteDocument,
  attachPolicyDocument,
  listRequestDocuments,
  type Filing,
  type RequestDocument,
} from "#app/server/leads/document-store.server.ts";
import {
  bindPolicy,
  getBindRequest,
  type BindRequest,
} from "#app/server/leads/bind-store.server.ts";
import {
  askQuestion,
  listQuestions,
  type RequestQuestion,
} from "#app/server/leads/question-store.server.ts";
import { isMultipart, receiveUpload } from "#app/server/http/multipart-upload.server.ts";
import {
  addInsurerQuote,
  listInsurerQuotes,
  publishInsurerQuotes,
  updateInsurerQuote,
  withdrawInsurerQuote,
  type QuoteChange,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";

import type { Route } from "./+types/submission-quotes";

export const meta: Route.MetaFunction = () => adminMeta("Quotes");

/** The lead's open request and its quotes: 404 when the lead or its request is not there. */
async function requestOf(context: Route.LoaderArgs["context"], submissionId: string) {
  const { db } = getServices(context).database;
  const submission = await getSubmission(db, submissionId);
  const request = submission ? await latestQuoteRequest(db, submission.id) : undefined;
  if (!submission || !request) throw data(null, { status: 404 });
  return { submission, request };
}

/**
 * A quote request's quotes at the desk (issue 29): the quotes entered so far with where each
 * stands, a form to add one or change one (`?edit=<id>`), and Publish, which shows the drafts to
 * the visitor and emails them. The newest quote entry of the lead's timeline confirms a save.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const { db } = services.database;
  const { submission, request } = await requestOf(context, params.id);
  const [quotes, timeline, documents, questions, bind] = await Promise.all([
    listInsurerQuotes(db, request.id),
    getTimeline(db, submission.id),
    listRequestDocuments(db, request.id),
    listQuestions(db, request.id),
    getBindRequest(db, request.id),
  ]);
  const editing = quotes.find(
    (quote) => quote.id === url.searchParams.get("edit") && quote.status !== "withdrawn",
  );
  const saved = url.searchParams.has("saved")
    ? timeline.find((entry) => ["quote", "document", "question", "bind"].includes(entry.kind))
    : undefined;
  return {
    submissionId: submission.id,
    leadName: leadNameOf(submission) ?? submission.email,
    reference: request.reference,
    status: request.status,
    open: isOpenQuoteStatus(request.status),
    lines: request.lines.map((slug) => ({ slug, name: lineName(slug) })),
    today: dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    quotes,
    editing,
    editingPdf: documents.find((document) => document.insurerQuoteId === editing?.id),
    visitorDocuments: documents.filter((document) => document.purpose === "visitor"),
    questions,
    bind,
    policyDocuments: documents.filter((document) => document.purpose === "policy"),
    saved,
    notEmailed: url.searchParams.get("emailed") === "0",
  };
}

/** What the form showed, to show again after a refusal: every field as typed. */
type Typed = Record<string, unknown>;

type ActionData = {
  formId: string;
  typed: Typed;
  fields: Record<string, readonly string[] | null | undefined>;
  problem: string | undefined;
};

function refused(formId: string, typed: Typed, problem: string, status = 409) {
  return data<ActionData>({ formId, typed, fields: {}, problem }, { status });
}

/**
 * The page after a change: confirmed, or why not. A quote that is not this request's, or no longer
 * changeable (withdrawn meanwhile, perhaps by another operator), is said so above the list.
 */
function afterChange(submissionId: string, change: QuoteChange, formId: string, typed: Typed) {
  if (change.outcome === "not-found") {
    return refused("list", {}, quoteFormMessages.notFound, 404);
  }
  if (change.outcome === "closed") return refused(formId, typed, quoteFormMessages.notOpen);
  if (change.outcome === "chosen") return refused(formId, typed, quoteFormMessages.chosen);
  return redirect(`/admin/submissions/${submissionId}/quotes?saved`);
}

/** The page after attaching the insurer's PDF to a quote: the quote again, or why not. */
function afterFiling(submissionId: string, quoteId: string, filing: Filing) {
  switch (filing.outcome) {
    case "filed":
      return redirect(`/admin/submissions/${submissionId}/quotes?edit=${quoteId}&saved`);
    case "wrong-type":
      return refused("document", {}, documentMessages.notPdf, 415);
    case "closed":
      return refused("document", {}, quoteFormMessages.notOpen);
    case "too-many":
    case "not-found":
      return refused("list", {}, quoteFormMessages.notFound, 404);
  }
}

/** Adds, changes or withdraws a quote, or publishes the drafts; each enters the lead's timeline. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const services = getServices(context);
  const { db } = services.database;
  const { submission, request: quoteRequest } = await requestOf(context, params.id);
  const target = {
    id: quoteRequest.id,
    submissionId: submission.id,
    reference: quoteRequest.reference,
  };
  // Whom the desk's emails go to, and what they are sent with (publishing, asking, binding).
  const visitor = { email: submission.email, firstName: submission.first_name };
  const sending = {
    operatorId: operator.id,
    siteUrl: services.env.SITE_URL,
    agency: getAgency(context),
    perHour: services.env.MAIL_PER_RECIPIENT_PER_HOUR,
  };
  if (isMultipart(request)) {
    return receiveUpload(
      request,
      { fileField: "file", maxFileBytes: DOCUMENT_MAX_BYTES, maxFields: 5 },
      async (upload) => {
        if (upload.outcome !== "received") {
          const formId = upload.form.get("intent") === "bind" ? "bind" : "document";
          return upload.outcome === "too-large"
            ? refused(formId, {}, documentMessages.tooLarge, 413)
            : refused(formId, {}, documentMessages.unreadable, 400);
        }
        const intent = upload.form.get("intent");
        const typedFields = parseForm(upload.form, anyForm).payload;
        if (intent === "bind") {
          const parsed = parseForm(upload.form, bindPolicyFormSchema);
          if (parsed.status !== "success") {
            return data<ActionData>(
              {
                formId: "bind",
                typed: typedFields,
                fields: parsed.error ?? {},
                problem: undefined,
              },
              { status: 400 },
            );
          }
          if (!upload.file) return refused("bind", typedFields, policyMessages.pdf, 400);
          const bound = await bindPolicy(
            db,
            target,
            {
              number: parsed.value.policyNumber,
              start: parsed.value.policyStart,
              end: parsed.value.policyEnd,
            },
            upload.file,
            visitor,
            sending,
          );
          if (bound.outcome !== "bound") {
            const problem =
              bound.outcome === "wrong-type"
                ? documentMessages.notPdf
                : bound.outcome === "no-request"
                  ? policyMessages.noRequest
                  : bound.outcome === "already-bound"
                    ? policyMessages.alreadyBound
                    : quoteFormMessages.notOpen;
            return refused(
              "bind",
              typedFields,
              problem,
              bound.outcome === "wrong-type" ? 415 : 409,
            );
          }
          await queueLeadEvent(services, "policy.bound", submission.id, {
            policy: {
              number: parsed.value.policyNumber,
              start: parsed.value.policyStart,
              end: parsed.value.policyEnd,
            },
          });
          return redirect(
            `/admin/submissions/${submission.id}/quotes?saved${bound.emailed ? "" : "&emailed=0"}`,
          );
        }
        if (!upload.file) {
          const formId = intent === "policy-document" ? "policy-document" : "document";
          return refused(formId, {}, documentMessages.noFile, 400);
        }
        if (intent === "policy-document") {
          const filing = await attachPolicyDocument(db, target, upload.file, operator.id);
          if (filing.outcome === "filed") {
            return redirect(`/admin/submissions/${submission.id}/quotes?saved`);
          }
          return refused(
            "policy-document",
            {},
            filing.outcome === "wrong-type" ? documentMessages.notPdf : policyMessages.noRequest,
            filing.outcome === "wrong-type" ? 415 : 409,
          );
        }
        const quoteId = String(upload.form.get("id") ?? "").slice(0, 64);
        const filing = await attachInsurerQuoteDocument(
          db,
          target,
          quoteId,
          upload.file,
          operator.id,
        );
        return afterFiling(submission.id, quoteId, filing);
      },
    );
  }
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").slice(0, 64);
  const typed = parseForm(form, anyForm).payload;
  switch (intent) {
    case "add":
    case "update": {
      const formId = intent === "add" ? "new" : id;
      const schema = insurerQuoteFormSchema(
        quoteRequest.lines,
        dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
      );
      const parsed = parseForm(form, schema);
      if (parsed.status !== "success") {
        return data<ActionData>(
          { formId, typed, fields: parsed.error ?? {}, problem: undefined },
          { status: 400 },
        );
      }
      const change =
        intent === "add"
          ? await addInsurerQuote(db, target, parsed.value, operator.id)
          : await updateInsurerQuote(db, target, id, parsed.value, operator.id);
      return afterChange(submission.id, change, formId, typed);
    }
    case "ask": {
      const parsed = parseForm(form, askQuestionFormSchema);
      if (parsed.status !== "success") {
        return data<ActionData>(
          { formId: "ask", typed, fields: parsed.error ?? {}, problem: undefined },
          { status: 400 },
        );
      }
      const asked = await askQuestion(db, target, parsed.value.question, visitor, sending);
      if (asked.outcome !== "asked") {
        if (asked.outcome === "not-found") throw data(null, { status: 404 });
        return refused("ask", typed, quoteFormMessages.notOpen);
      }
      await queueLeadEvent(services, "question.asked", submission.id, {
        question: { id: asked.questionId, question: parsed.value.question },
      });
      return redirect(
        `/admin/submissions/${submission.id}/quotes?saved${asked.emailed ? "" : "&emailed=0"}#questions`,
      );
    }
    case "withdraw":
      return afterChange(
        submission.id,
        await withdrawInsurerQuote(db, target, id, operator.id),
        "list",
        {},
      );
    case "publish": {
      const result = await publishInsurerQuotes(db, target, visitor, sending);
      if (result.outcome !== "published") {
        if (result.outcome === "not-found") throw data(null, { status: 404 });
        return refused(
          "publish",
          {},
          result.outcome === "closed"
            ? quoteFormMessages.notOpen
            : result.outcome === "chosen"
              ? quoteFormMessages.chosen
              : quoteFormMessages.nothingToPublish,
        );
      }
      await queueLeadEvent(services, "quote.published", submission.id);
      return redirect(
        `/admin/submissions/${submission.id}/quotes?saved${result.emailed ? "" : "&emailed=0"}`,
      );
    }
    default:
      throw data(null, { status: 400 });
  }
}

/** The form's values: what was typed after a refusal, else the quote being changed, else empty. */
function startingValues(quote: InsurerQuote | undefined): Typed {
  if (!quote) return { payInFull: true, kind: "bindable" };
  const values: Typed = {
    insurer: quote.insurer,
    kind: quote.kind,
    premium: centsAsText(quote.premiumCents),
    payInFull: quote.payInFull,
    monthly: quote.monthlyFeeCents !== null,
    monthlyFee: centsAsText(quote.monthlyFeeCents),
    termStart: quote.termStart,
    termEnd: quote.termEnd,
    validUntil: quote.validUntil,
    notes: quote.notes ?? "",
  };
  for (const line of quote.lines) {
    values[line.line] = {
      included: true,
      occurrence: centsAsText(line.occurrenceCents),
      aggregate: centsAsText(line.aggregateCents),
      limit: line.limitText ?? "",
      deductible: centsAsText(line.deductibleCents),
    };
  }
  return values;
}

function QuoteForm({
  formId,
  quote,
  lines,
  today,
  action,
}: {
  formId: string;
  quote: InsurerQuote | undefined;
  lines: { slug: string; name: string }[];
  today: string;
  action: ActionData | undefined;
}) {
  const mine = action?.formId === formId ? action : undefined;
  const values = mine ? mine.typed : startingValues(quote);
  /** A field's value as typed or kept: `name` of the form, or of a line's part (`inside`). */
  const valueOf = (name: string, inside?: string): unknown => {
    const holder: unknown = inside ? values[inside] : values;
    if (typeof holder !== "object" || holder === null) return undefined;
    return Object.entries(holder).find(([key]) => key === name)?.[1];
  };
  const text = (name: string, inside?: string): string => {
    const value = valueOf(name, inside);
    return typeof value === "string" ? value : "";
  };
  const ticked = (name: string, inside?: string): boolean => {
    const value = valueOf(name, inside);
    return value === true || value === "on";
  };
  const control = (name: string, max?: number) => {
    const messages = mine?.fields[name];
    const invalid = messages && messages.length > 0;
    return {
      id: `${formId}-${name}`,
      name,
      maxLength: max,
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": invalid ? `${formId}-${name}-error` : undefined,
      className: adminControlClasses,
    } as const;
  };
  const label = (name: string, words: string) => (
    <label htmlFor={`${formId}-${name}`} className="block text-sm font-medium text-ink">
      {words}
    </label>
  );
  const message = (name: string) => (
    <FieldMessage id={`${formId}-${name}-error`} messages={mine?.fields[name]} />
  );
  const money = (name: string, words: string, inside?: string) => {
    const full = inside ? `${inside}.${name}` : name;
    return (
      <div>
        {label(full, words)}
        <input
          type="text"
          inputMode="decimal"
          {...control(full, 20)}
          defaultValue={text(name, inside)}
        />
        {message(full)}
      </div>
    );
  };
  return (
    <form method="post" className="mt-3 grid gap-4" noValidate>
      <input type="hidden" name="intent" value={quote ? "update" : "add"} />
      {quote ? <input type="hidden" name="id" value={quote.id} /> : null}
      <div>
        {label("insurer", "Insurer")}
        <input
          type="text"
          {...control("insurer", INSURER_MAX_LENGTH)}
          defaultValue={text("insurer")}
        />
        {message("insurer")}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">What the insurer gave</legend>
        {QUOTE_KINDS.map((kind) => (
          <label key={kind.id} className="mt-1 flex items-center gap-2 text-ink">
            <input
              type="radio"
              name="kind"
              value={kind.id}
              defaultChecked={text("kind") === kind.id}
            />
            {kind.words}
          </label>
        ))}
        {message("kind")}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {money("premium", "Premium for the term, in dollars")}
        {money("monthlyFee", "Fee for paying monthly, in dollars (0 if none)")}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Ways to pay the insurer offers</legend>
        <label className="mt-1 flex items-center gap-2 text-ink">
          <input type="checkbox" name="payInFull" defaultChecked={ticked("payInFull")} />
          In full
        </label>
        <label className="mt-1 flex items-center gap-2 text-ink">
          <input type="checkbox" name="monthly" defaultChecked={ticked("monthly")} />
          Monthly
        </label>
        {message("payInFull")}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ["termStart", "Term starts"],
            ["termEnd", "Term ends"],
            ["validUntil", "Quote valid until"],
          ] as const
        ).map(([name, words]) => (
          <div key={name}>
            {label(name, words)}
            <input
              type="date"
              {...control(name)}
              min={name === "validUntil" ? today : undefined}
              defaultValue={text(name)}
            />
            {message(name)}
          </div>
        ))}
      </div>
      {lines.map((line) => (
        <fieldset key={line.slug} className="rounded-lg border border-slate-300 p-3">
          <legend className="px-1 font-semibold text-ink">{line.name}</legend>
          <label className="flex items-center gap-2 text-ink">
            <input
              type="checkbox"
              name={`${line.slug}.included`}
              defaultChecked={ticked("included", line.slug)}
            />
            This quote covers {line.name}
          </label>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {money("occurrence", "Per occurrence limit, in dollars", line.slug)}
            {money("aggregate", "Aggregate limit, in dollars", line.slug)}
            <div>
              {label(`${line.slug}.limit`, "Or the line's own limit, in words")}
              <input
                type="text"
                {...control(`${line.slug}.limit`, LINE_LIMIT_TEXT_MAX_LENGTH)}
                defaultValue={text("limit", line.slug)}
              />
              {message(`${line.slug}.limit`)}
            </div>
            {money("deductible", "Deductible, in dollars", line.slug)}
          </div>
        </fieldset>
      ))}
      {message("lines")}
      <div>
        {label("notes", "Exclusions and notes worth reading (the visitor sees these)")}
        <textarea
          rows={4}
          {...control("notes", QUOTE_NOTES_MAX_LENGTH)}
          defaultValue={text("notes")}
        />
        {message("notes")}
      </div>
      {mine?.problem ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {mine.problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          {quote ? "Save changes" : "Add quote"}
        </button>
      </div>
    </form>
  );
}

function quoteColumns(submissionId: string, open: boolean): DeskColumn<InsurerQuote>[] {
  return [
    { label: "Insurer", rowHeader: true, cell: (quote) => quote.insurer },
    { label: "Kind", cell: (quote) => (quote.kind === "estimate" ? "Estimate" : "Bindable") },
    { label: "Premium", nowrap: true, cell: (quote) => formatCents(quote.premiumCents) },
    { label: "Valid until", nowrap: true, cell: (quote) => quote.validUntil },
    {
      label: "Where it stands",
      cell: (quote) => (
        <>
          {insurerQuoteStatusLabel(quote.status)}
          {quote.publishedAt ? (
            <>
              {" "}
              <DateTime value={quote.publishedAt} />
            </>
          ) : null}
        </>
      ),
    },
    {
      label: "Action",
      cell: (quote) =>
        open && quote.status !== "withdrawn" ? (
          <div className="flex flex-wrap gap-2">
            <a
              href={`/admin/submissions/${submissionId}/quotes?edit=${quote.id}`}
              className={buttonClasses("secondary", "sm")}
            >
              Change<span className="sr-only"> {quote.insurer}&apos;s quote</span>
            </a>
            <form method="post">
              <input type="hidden" name="id" value={quote.id} />
              <button
                type="submit"
                name="intent"
                value="withdraw"
                className={buttonClasses("secondary", "sm")}
              >
                Withdraw<span className="sr-only"> {quote.insurer}&apos;s quote</span>
              </button>
            </form>
          </div>
        ) : null,
    },
  ];
}

/** The insurer's PDF of the quote being changed, and the form that attaches or replaces it. */
function InsurerPdfForm({
  quote,
  pdf,
  problem,
}: {
  quote: InsurerQuote;
  pdf: RequestDocument | undefined;
  problem: string | undefined;
}) {
  return (
    <section aria-labelledby="insurer-pdf-heading" className="mt-8">
      <h3 id="insurer-pdf-heading" className="font-semibold text-ink">
        {quote.insurer}&apos;s quote document
      </h3>
      <p className="mt-1 text-ink">
        {pdf ? (
          <>
            <a href={deskDocumentPath(pdf.id)} className="font-semibold text-brand-700 underline">
              {pdf.fileName}
            </a>{" "}
            ({formatBytes(pdf.byteSize)}, attached <DateTime value={pdf.createdAt} />
            {pdf.uploadedBy ? ` by ${pdf.uploadedBy}` : ""}). The visitor can download it once the
            quote is published.
          </>
        ) : (
          "None attached yet. The visitor can download it once the quote is published."
        )}
      </p>
      <UploadForm
        intent="document"
        id={quote.id}
        label={`${pdf ? "Replace it with" : "Attach"} the insurer's PDF`}
        button={pdf ? "Replace the PDF" : "Attach the PDF"}
        problem={problem}
      />
    </section>
  );
}

/** The visitor's request to bind, with its evidence; the form that marks it bound, or the policy. */
function BindSection({
  bind,
  policyDocuments,
  action,
}: {
  bind: BindRequest;
  policyDocuments: RequestDocument[];
  action: ActionData | undefined;
}) {
  const seen = bind.quoteSeen;
  const mine = action?.formId === "bind" ? action : undefined;
  const field = (name: string, words: string, type: "text" | "date") => {
    const messages = mine?.fields[name];
    const invalid = messages !== undefined && messages !== null && messages.length > 0;
    const typed = mine?.typed[name];
    return (
      <div>
        <label htmlFor={`bind-${name}`} className="block text-sm font-medium text-ink">
          {words}
        </label>
        <input
          id={`bind-${name}`}
          name={name}
          type={type}
          maxLength={type === "text" ? POLICY_NUMBER_MAX_LENGTH : undefined}
          defaultValue={
            typeof typed === "string"
              ? typed
              : type === "date" && name === "policyStart"
                ? bind.startDate
                : ""
          }
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `bind-${name}-error` : undefined}
          className={adminControlClasses}
        />
        <FieldMessage id={`bind-${name}-error`} messages={messages} />
      </div>
    );
  };
  const evidence: [string, ReactNode][] = [
    ["Quote chosen", `${seen.insurer}, ${formatCents(seen.premiumCents)} for the term`],
    [
      "Paying",
      bind.payment === "monthly"
        ? `Monthly${seen.monthlyFeeCents ? `, fee ${formatCents(seen.monthlyFeeCents)}` : ""}`
        : "In full",
    ],
    ["Cover to start", bind.startDate],
    [
      "Signed",
      <>
        {`"${bind.signatureName}", `}
        <DateTime value={bind.signedAt} />
      </>,
    ],
    ["From", `${bind.clientAddress}${bind.userAgent ? `, ${bind.userAgent}` : ""}`],
  ];
  return (
    <section aria-labelledby="bind-heading">
      <h2 id="bind-heading" className="mt-8 text-lg font-semibold text-ink">
        Request to bind {bind.reference}
      </h2>
      <p className="mt-1 text-ink">
        {bind.policy ? (
          <>
            Bound: policy {bind.policy.number}, {bind.policy.start} to {bind.policy.end}. Marked{" "}
            <DateTime value={bind.policy.boundAt} /> by {bind.policy.boundBy}.
          </>
        ) : (
          "Waiting: ask the insurer to bind it, then mark it bound below."
        )}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {evidence.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="font-medium text-ink">{label}</dt>
            <dd className="text-ink">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3 className="mt-4 font-semibold text-ink">The statements the visitor confirmed</h3>
      <ol className="mt-1 list-decimal space-y-1 pl-6 text-ink">
        {bind.statements.map((statement) => (
          <li key={statement.id}>{statement.text}</li>
        ))}
      </ol>
      {bind.policy ? (
        <>
          <h3 className="mt-6 font-semibold text-ink">Policy documents</h3>
          <ul className="mt-1 space-y-1">
            {policyDocuments.map((document) => (
              <li key={document.id}>
                <a
                  href={deskDocumentPath(document.id)}
                  className="font-semibold text-brand-700 underline"
                >
                  {document.fileName}
                </a>{" "}
                ({formatBytes(document.byteSize)})
              </li>
            ))}
          </ul>
          <UploadForm
            intent="policy-document"
            label="Add a policy document (PDF)"
            button="Add the document"
            problem={action?.formId === "policy-document" ? action.problem : undefined}
          />
        </>
      ) : (
        <form method="post" encType="multipart/form-data" className="mt-4 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="bind" />
          <div className="grid gap-3 sm:grid-cols-3">
            {field("policyNumber", "Policy number", "text")}
            {field("policyStart", "Cover starts", "date")}
            {field("policyEnd", "Cover ends", "date")}
          </div>
          <div>
            <label htmlFor="bind-file" className="block text-sm font-medium text-ink">
              The policy document (PDF, at most {formatBytes(DOCUMENT_MAX_BYTES)})
            </label>
            <input
              id="bind-file"
              type="file"
              name="file"
              accept={acceptOf(PDF_CONTENT_TYPES)}
              aria-describedby={mine?.problem ? "bind-problem" : undefined}
              className="block w-full text-ink"
            />
          </div>
          {mine?.problem ? (
            <p id="bind-problem" role="alert" className="text-sm font-medium text-danger-700">
              {mine.problem}
            </p>
          ) : null}
          <div>
            <button type="submit" className={buttonClasses("primary", "sm")}>
              Mark bound and email the visitor
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A form that sends one PDF with an intent (and the quote it is for, if any). */
function UploadForm({
  intent,
  id,
  label,
  button,
  problem,
}: {
  intent: string;
  id?: string;
  label: string;
  button: string;
  problem: string | undefined;
}) {
  return (
    <form method="post" encType="multipart/form-data" className="mt-3 grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <label htmlFor={`${intent}-file`} className="block text-sm font-medium text-ink">
        {label} (at most {formatBytes(DOCUMENT_MAX_BYTES)})
      </label>
      <input
        id={`${intent}-file`}
        type="file"
        name="file"
        required
        accept={acceptOf(PDF_CONTENT_TYPES)}
        aria-describedby={problem ? `${intent}-problem` : undefined}
        className="block w-full text-ink"
      />
      {problem ? (
        <p id={`${intent}-problem`} role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          {button}
        </button>
      </div>
    </form>
  );
}

/** The questions asked on this request, each with its answer and when; and the form to ask one. */
function Questions({
  questions,
  open,
  action,
}: {
  questions: RequestQuestion[];
  open: boolean;
  action: ActionData | undefined;
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
          {mine?.problem ? (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {mine.problem}
            </p>
          ) : null}
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
function VisitorDocuments({ documents }: { documents: RequestDocument[] }) {
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

export default function SubmissionQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const { quotes, saved } = loaderData;
  // Once the visitor has asked to bind one, the quotes stay as they were chosen.
  const open = loaderData.open && !loaderData.bind;
  const editing = open ? loaderData.editing : undefined;
  const drafts = quotes.filter((quote) => quote.status === "draft").length;
  const publishProblem = actionData?.formId === "publish" ? actionData.problem : undefined;
  const listProblem = actionData?.formId === "list" ? actionData.problem : undefined;
  return (
    <>
      <AdminPageHeading title={`Quotes for ${loaderData.reference}`}>
        For{" "}
        <a
          href={`/admin/submissions/${loaderData.submissionId}`}
          className="font-semibold text-brand-700 underline"
        >
          {loaderData.leadName}
        </a>
      </AdminPageHeading>
      <p className="mt-2 text-ink">
        Request {loaderData.reference}: {quoteStatusLabel(loaderData.status)}. Lines asked for:{" "}
        {loaderData.lines.map((line) => line.name).join(", ")}.
      </p>
      {saved ? (
        <SavedNotice>
          Saved: {saved.body}. Recorded <DateTime value={saved.at} /> by {saved.by}.
          {loaderData.notEmailed
            ? " The visitor's inbox has had its emails for the hour, so none was sent: call them."
            : ""}
        </SavedNotice>
      ) : null}
      {listProblem ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger-700">
          {listProblem}
        </p>
      ) : null}

      {loaderData.bind ? (
        <BindSection
          bind={loaderData.bind}
          policyDocuments={loaderData.policyDocuments}
          action={actionData}
        />
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-ink">The quotes</h2>
      {quotes.length === 0 ? (
        <p className="mt-2 text-ink">No quote yet.</p>
      ) : (
        <DeskTable
          caption={`Quotes for ${loaderData.reference}`}
          columns={quoteColumns(loaderData.submissionId, open)}
          rows={quotes}
          rowKey={(quote) => quote.id}
        />
      )}
      {open ? (
        <form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="publish"
            className={buttonClasses("primary", "sm")}
          >
            {drafts === 1 ? "Publish 1 quote" : `Publish ${drafts} quotes`} and email the visitor
          </button>
          {publishProblem ? (
            <p role="alert" className="mt-2 text-sm font-medium text-danger-700">
              {publishProblem}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="mt-4 text-ink">{quoteFormMessages.notOpen}</p>
      )}

      {open ? (
        <>
          <h2 className="mt-10 text-lg font-semibold text-ink">
            {editing ? `Change ${editing.insurer}'s quote` : "Add a quote"}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Type each figure from the insurer&apos;s quote. The visitor sees the quote once it is
            published; a published quote they see changed as soon as it is saved.
          </p>
          <QuoteForm
            key={editing?.id ?? "new"}
            formId={editing?.id ?? "new"}
            quote={editing}
            lines={loaderData.lines}
            today={loaderData.today}
            action={actionData}
          />
          {editing ? (
            <InsurerPdfForm
              quote={editing}
              pdf={loaderData.editingPdf}
              problem={actionData?.formId === "document" ? actionData.problem : undefined}
            />
          ) : null}
        </>
      ) : null}
      <Questions questions={loaderData.questions} open={loaderData.open} action={actionData} />
      <VisitorDocuments documents={loaderData.visitorDocuments} />
    </>
  );
}
