import { data, redirect } from "react-router";

import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  FieldMessage,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import {
  LINES_OF_AUTHORITY,
  PRODUCER_NAME_MAX_LENGTH,
  producerLicenseFormSchema,
  producerNameFormSchema,
  type ProducerLicense,
} from "#app/domain/leads/producer-licenses.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  getProducer,
  removeProducerLicense,
  saveProducerLicense,
  setProducerName,
} from "#app/server/admin/producers.server.ts";
import { getOperatorEvent } from "#app/server/admin/operators.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => adminMeta("Your licences");

/** The signed-in operator's licensed name and producer licences (decision 063). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const [producer, saved] = await Promise.all([
    getProducer(db, operator.id),
    getOperatorEvent(db, url.searchParams.get("event") ?? ""),
  ]);
  return { producer, saved: saved?.email === operator.email ? saved : undefined };
}

type Problems = {
  form: "name" | "license";
  fields: Record<string, readonly string[] | null | undefined>;
};

/**
 * Sets the operator's licensed name, records a licence (one per state: a state again replaces it)
 * or removes one of their own; each kept as an operator event with what it says.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const form = await request.formData();
  const saved = (eventId: string) => redirect(`/admin/profile?event=${eventId}`);
  switch (form.get("intent")) {
    case "name": {
      const parsed = parseForm(form, producerNameFormSchema);
      if (parsed.status !== "success") {
        return data<Problems>({ form: "name", fields: parsed.error ?? {} }, { status: 400 });
      }
      return saved(await setProducerName(db, operator.id, parsed.value.name));
    }
    case "license": {
      const parsed = parseForm(form, producerLicenseFormSchema);
      if (parsed.status !== "success") {
        return data<Problems>({ form: "license", fields: parsed.error ?? {} }, { status: 400 });
      }
      return saved(await saveProducerLicense(db, operator.id, parsed.value));
    }
    case "remove": {
      const id = String(form.get("id") ?? "").slice(0, 64);
      const eventId = await removeProducerLicense(db, operator.id, id);
      if (!eventId) throw data(null, { status: 404 });
      return saved(eventId);
    }
    default:
      throw data(null, { status: 400 });
  }
}

const LICENSE_COLUMNS: DeskColumn<ProducerLicense>[] = [
  { label: "State", rowHeader: true, cell: (row) => row.state },
  { label: "Licence number", cell: (row) => row.number },
  {
    label: "Lines of authority",
    cell: (row) => row.lines.map((line) => LINES_OF_AUTHORITY[line]).join(", "),
  },
  { label: "Expires", nowrap: true, cell: (row) => row.expires },
  {
    label: "Action",
    cell: (row) => (
      <form method="post">
        <input type="hidden" name="id" value={row.id} />
        <button
          type="submit"
          name="intent"
          value="remove"
          className={buttonClasses("secondary", "sm")}
        >
          Remove<span className="sr-only"> the {row.state} licence</span>
        </button>
      </form>
    ),
  },
];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { producer, saved } = loaderData;
  const nameErrors = actionData?.form === "name" ? actionData.fields.name : undefined;
  const licenseErrors = actionData?.form === "license" ? actionData.fields : {};
  const invalid = (messages: readonly string[] | null | undefined) =>
    messages && messages.length > 0 ? true : undefined;
  return (
    <>
      <AdminPageHeading title="Your licences">
        The visitor&apos;s quotes and the agency&apos;s emails name the producer who publishes the
        quotes or binds the request, with the licence number for the business&apos;s state. You may
        publish or bind only for a state where a licence of yours is in force and grants the lines
        of authority the request&apos;s lines need. Each change is kept in the operators&apos;
        history.
      </AdminPageHeading>
      {saved ? <SavedNotice>Saved: {saved.detail ?? ""}.</SavedNotice> : null}

      <section
        aria-labelledby="name-title"
        className="mt-8 rounded-xl border border-line bg-white p-4"
      >
        <h2 id="name-title" className="text-lg font-semibold text-ink">
          The name you are licensed by
        </h2>
        <form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
          <div className="w-full max-w-sm">
            <label htmlFor="producer-name" className="block text-sm font-medium text-ink">
              Licensed name
            </label>
            <input
              id="producer-name"
              name="name"
              autoComplete="name"
              maxLength={PRODUCER_NAME_MAX_LENGTH}
              defaultValue={producer.name ?? ""}
              aria-invalid={invalid(nameErrors)}
              aria-describedby={invalid(nameErrors) ? "producer-name-error" : undefined}
              className={adminControlClasses}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="name"
            className={buttonClasses("primary", "sm")}
          >
            Save name
          </button>
        </form>
        <FieldMessage id="producer-name-error" messages={nameErrors} />
      </section>

      <section aria-labelledby="licences-title" className="mt-8">
        <h2 id="licences-title" className="text-lg font-semibold text-ink">
          Your producer licences
        </h2>
        {producer.licenses.length === 0 ? (
          <p className="mt-2 text-muted">None yet.</p>
        ) : (
          <DeskTable
            caption="Your producer licences, by state"
            columns={LICENSE_COLUMNS}
            rows={producer.licenses}
            rowKey={(row) => row.id}
          />
        )}
      </section>

      <section
        aria-labelledby="add-title"
        className="mt-8 rounded-xl border border-line bg-white p-4"
      >
        <h2 id="add-title" className="text-lg font-semibold text-ink">
          Add or renew a licence
        </h2>
        <p className="mt-1 text-sm text-muted">
          One licence per state: a state you hold already is replaced, as a renewal is.
        </p>
        <form method="post" className="mt-3 grid max-w-xl gap-3" noValidate>
          <div>
            <label htmlFor="licence-state" className="block text-sm font-medium text-ink">
              State (two-letter code, e.g. CA)
            </label>
            <input
              id="licence-state"
              name="state"
              maxLength={2}
              autoComplete="off"
              aria-invalid={invalid(licenseErrors.state)}
              aria-describedby={invalid(licenseErrors.state) ? "licence-state-error" : undefined}
              className={adminControlClasses}
            />
            <FieldMessage id="licence-state-error" messages={licenseErrors.state} />
          </div>
          <div>
            <label htmlFor="licence-number" className="block text-sm font-medium text-ink">
              Licence number
            </label>
            <input
              id="licence-number"
              name="number"
              maxLength={20}
              autoComplete="off"
              aria-invalid={invalid(licenseErrors.number)}
              aria-describedby={invalid(licenseErrors.number) ? "licence-number-error" : undefined}
              className={adminControlClasses}
            />
            <FieldMessage id="licence-number-error" messages={licenseErrors.number} />
          </div>
          <fieldset
            aria-describedby={invalid(licenseErrors.lines) ? "licence-lines-error" : undefined}
          >
            <legend className="text-sm font-medium text-ink">Lines of authority</legend>
            {Object.entries(LINES_OF_AUTHORITY).map(([id, label]) => (
              <label key={id} className="mt-1 flex items-center gap-2 text-ink">
                <input type="checkbox" name="lines" value={id} className="size-5" />
                {label}
              </label>
            ))}
            <FieldMessage id="licence-lines-error" messages={licenseErrors.lines} />
          </fieldset>
          <div>
            <label htmlFor="licence-expires" className="block text-sm font-medium text-ink">
              Expires (the last day in force)
            </label>
            <input
              id="licence-expires"
              name="expires"
              type="date"
              aria-invalid={invalid(licenseErrors.expires)}
              aria-describedby={
                invalid(licenseErrors.expires) ? "licence-expires-error" : undefined
              }
              className={adminControlClasses}
            />
            <FieldMessage id="licence-expires-error" messages={licenseErrors.expires} />
          </div>
          <div>
            <button
              type="submit"
              name="intent"
              value="license"
              className={buttonClasses("primary", "sm")}
            >
              Save licence
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
