import { redirect } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { SEE_PLAN_LABEL } from "#app/domain/quote/quote-request.ts";
import { viewRows } from "#app/domain/application/application-fields.ts";
import { toRecord } from "#app/domain/application/application-record.ts";
import { QUOTE_STEP_PATH, stepPath } from "#app/domain/wizard/wizard-screens.ts";
import { firstIncompleteStep } from "#app/domain/wizard/wizard-steps.ts";
import { getServices } from "#app/server/services.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/summary";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Your application");

/**
 * A complete application, read only (issue 8): what this browser's draft holds, which is what was
 * sent. An incomplete one goes to its first missing step instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await getDraft(getServices(context), request);
  const thisYear = new Date().getFullYear();
  const missing = firstIncompleteStep(draft, thisYear);
  if (missing) throw redirect(stepPath(missing));
  const answers = viewRows("summary", toRecord(draft, thisYear));
  return { answers };
}

export default function Summary({ loaderData }: Route.ComponentProps) {
  return (
    <ui.StepFrame
      step="ownership"
      title="Your application"
      intro={
        <p>This is what you sent us. To change anything, correct your answers and send again.</p>
      }
    >
      <dl className="divide-y divide-slate-200">
        {loaderData.answers.map(({ label, value }) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href={QUOTE_STEP_PATH}
          className="inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {SEE_PLAN_LABEL}
        </a>
        <a
          href="/business-wizard"
          className="inline-block rounded-lg border border-slate-300 px-6 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          Correct my answers
        </a>
      </div>
    </ui.StepFrame>
  );
}
