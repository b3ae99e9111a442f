import { data, redirect } from "react-router";

import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  FieldMessage,
  SavedNotice,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import {
  PLACEHOLDERS,
  TEMPLATE_LANGUAGES,
  TEMPLATE_LIMITS,
  templateFormSchema,
} from "#app/domain/leads/desk-emails.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { operatorMessages } from "#app/domain/leads/desk-operators.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  listTemplates,
  saveTemplate,
  templateVersions,
} from "#app/server/leads/lead-emails.server.ts";
import { getServices } from "#app/server/services.server.ts";

import { languageNameInEnglish } from "#app/domain/site/locales.ts";

import type { Route } from "./+types/templates";

export const meta: Route.MetaFunction = () => adminMeta("Email templates");

/** The agency's email templates, each editable, and a form for a new one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const templates = await listTemplates(db);
  const versions = await Promise.all(
    templates.map((template) => templateVersions(db, template.id)),
  );
  return {
    templates: templates.map((template, index) => ({
      ...template,
      versions: versions[index] ?? [],
    })),
    saved: url.searchParams.get("saved"),
    // Only the owner changes templates (decision 063); agents read them here and send them.
    owner: operator.role === "owner",
  };
}

/** Adds or changes a template; its save is kept with the operator (desk_email_template_versions). */
export async function action({ context, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const form = await request.formData();
  const id = form.get("id");
  const formId = typeof id === "string" && id !== "" ? id : "new";
  if (operator.role !== "owner") {
    return data(
      { formId, fields: {}, problem: operatorMessages.templatesOwnerOnly },
      { status: 403 },
    );
  }
  const parsed = parseForm(form, templateFormSchema);
  if (parsed.status !== "success") {
    return data({ formId, fields: parsed.error ?? {}, problem: undefined }, { status: 400 });
  }
  const result = await saveTemplate(
    db,
    { ...(formId === "new" ? {} : { id: formId }), ...parsed.value },
    operator.id,
  );
  if (result === "not-found") throw data(null, { status: 404 });
  if (result === "name-taken") {
    return data(
      { formId, fields: {}, problem: "Another template has this name: choose another." },
      { status: 409 },
    );
  }
  return redirect(`/admin/templates?saved=${encodeURIComponent(parsed.value.name)}`);
}

type Problems = {
  fields: Record<string, readonly string[] | null | undefined>;
  problem: string | undefined;
};

function TemplateForm({
  formId,
  template,
  problems,
}: {
  formId: string;
  template:
    { id?: string; name: string; subject: string; body: string; language: string } | undefined;
  problems: Problems | undefined;
}) {
  const field = (name: "name" | "subject" | "body") => {
    const messages = problems?.fields[name];
    const invalid = messages && messages.length > 0;
    return {
      id: `${formId}-${name}`,
      name,
      defaultValue: template?.[name] ?? "",
      maxLength: TEMPLATE_LIMITS[name],
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": invalid ? `${formId}-${name}-error` : undefined,
      className: adminControlClasses,
    } as const;
  };
  return (
    <form method="post" className="mt-3 grid gap-3" noValidate>
      {template?.id ? <input type="hidden" name="id" value={template.id} /> : null}
      <div>
        <label htmlFor={`${formId}-name`} className="block text-sm font-medium text-ink">
          Name (for operators)
        </label>
        <input type="text" {...field("name")} />
        <FieldMessage id={`${formId}-name-error`} messages={problems?.fields.name} />
      </div>
      <div>
        <label htmlFor={`${formId}-language`} className="block text-sm font-medium text-ink">
          Written in
        </label>
        <select
          id={`${formId}-language`}
          name="language"
          defaultValue={template?.language ?? "en"}
          aria-invalid={problems?.fields.language ? true : undefined}
          aria-describedby={problems?.fields.language ? `${formId}-language-error` : undefined}
          className={adminControlClasses}
        >
          {TEMPLATE_LANGUAGES.map((language) => (
            <option key={language.id} value={language.id}>
              {language.label}
            </option>
          ))}
        </select>
        <FieldMessage id={`${formId}-language-error`} messages={problems?.fields.language} />
      </div>
      <div>
        <label htmlFor={`${formId}-subject`} className="block text-sm font-medium text-ink">
          Subject
        </label>
        <input type="text" {...field("subject")} />
        <FieldMessage id={`${formId}-subject-error`} messages={problems?.fields.subject} />
      </div>
      <div>
        <label htmlFor={`${formId}-body`} className="block text-sm font-medium text-ink">
          Email
        </label>
        <textarea rows={8} {...field("body")} />
        <FieldMessage id={`${formId}-body-error`} messages={problems?.fields.body} />
      </div>
      <FormProblem problem={problems?.problem} />
      <div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          {template?.id ? "Save template" : "Add template"}
        </button>
      </div>
    </form>
  );
}

export default function Templates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, saved, owner } = loaderData;
  const problemsFor = (formId: string): Problems | undefined =>
    actionData?.formId === formId ? actionData : undefined;
  return (
    <>
      <AdminPageHeading title="Email templates">
        The emails operators send from a lead&apos;s page start from these. The operator reads the
        filled text, may change it, then sends it; it goes through the outbox under the hourly cap
        per inbox, and onto the lead&apos;s timeline.
      </AdminPageHeading>
      {saved ? <SavedNotice>Saved: {saved}.</SavedNotice> : null}
      <section aria-labelledby="placeholders-title" className="mt-6">
        <h2 id="placeholders-title" className="text-lg font-semibold text-ink">
          Placeholders
        </h2>
        <p className="mt-1 text-sm text-muted">
          Written in braces, filled from the lead; when the lead has no value, the words in brackets
          take its place.
        </p>
        <ul className="mt-2 grid gap-1 text-sm text-ink sm:grid-cols-2">
          {PLACEHOLDERS.map((placeholder) => (
            <li key={placeholder.id}>
              <code className="font-mono">{`{${placeholder.id}}`}</code>: {placeholder.means}
              {placeholder.otherwise.en
                ? ` (otherwise "${placeholder.otherwise.en}", in Spanish "${placeholder.otherwise.es}")`
                : ""}
            </li>
          ))}
        </ul>
      </section>
      <ul className="mt-6 grid gap-4" aria-label="Templates">
        {templates.map((template) => (
          <li key={template.id} className="rounded-xl border border-line bg-white p-4">
            <h2 className="font-semibold text-ink">{template.name}</h2>
            <p className="mt-1 text-sm text-muted">
              In {languageNameInEnglish(template.language)}. Last saved{" "}
              <DateTime value={template.updatedAt} />
              {template.updatedBy ? ` by ${template.updatedBy}` : " (as the site started)"}.
            </p>
            {owner ? (
              <TemplateForm
                formId={template.id}
                template={template}
                problems={problemsFor(template.id)}
              />
            ) : (
              <div className="mt-3 text-sm">
                <p className="font-semibold">{template.subject}</p>
                <p className="whitespace-pre-line">{template.body}</p>
              </div>
            )}
            {template.versions.length > 1 ? (
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer font-semibold text-brand-700">
                  Earlier versions, newest first
                </summary>
                <ol className="mt-2 space-y-3">
                  {template.versions.slice(1).map((version, index) => (
                    <li key={index} className="border-l-4 border-line pl-3">
                      <p className="text-muted">
                        Saved <DateTime value={version.at} />{" "}
                        {version.by ? `by ${version.by}` : "as the site started"}
                      </p>
                      <p className="font-semibold">{version.subject}</p>
                      <p className="whitespace-pre-line">{version.body}</p>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {owner ? (
        <section
          aria-labelledby="new-template-title"
          className="mt-6 rounded-xl border border-line bg-white p-4"
        >
          <h2 id="new-template-title" className="font-semibold text-ink">
            A new template
          </h2>
          <TemplateForm formId="new" template={undefined} problems={problemsFor("new")} />
        </section>
      ) : (
        <p className="mt-6 text-muted">{operatorMessages.templatesOwnerOnly}</p>
      )}
    </>
  );
}
