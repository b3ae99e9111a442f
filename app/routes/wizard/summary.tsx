import { redirect } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { summaryRows } from "#app/domain/application/application-fields.ts";
import { toRecord } from "#app/domain/application/application-record.ts";
import { namesIn } from "#app/domain/reference/stored-names.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { QUOTE_STEP_PATH, stepPath, WIZARD_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { firstIncompleteStep } from "#app/domain/wizard/wizard-steps.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { applicationStage } from "#app/server/wizard/application-stage.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/summary";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.summary_title);

/**
 * A complete application, read only (issue 8): what this browser's draft holds, which is what was
 * sent, in the page's language. An incomplete one goes to its first missing step instead. The
 * progress bar shows where the application has gone since: its plan at least, and for a browser
 * that proved the email, its quotes or policy (issue 53).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { draft } = await getDraft(services, request);
  const thisYear = new Date().getFullYear();
  const locale = requestLocale(request);
  const missing = firstIncompleteStep(draft, thisYear);
  if (missing) throw redirect(linkPath(stepPath(missing), locale));
  const answers = summaryRows(toRecord(draft, thisYear), namesIn(locale));
  const proven = draft.submission?.emailProven ? draft.submission.id : undefined;
  const stage = proven ? await applicationStage(services.database.db, proven, true) : "plan";
  return { answers, stage };
}

export default function Summary({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  return (
    <ui.StepFrame
      step="summary"
      stage={loaderData.stage}
      title={m.summary_title({}, { locale })}
      intro={<p>{m.summary_intro({}, { locale })}</p>}
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
          href={linkPath(QUOTE_STEP_PATH, locale)}
          className="inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {m.see_plan({}, { locale })}
        </a>
        <a
          href={linkPath(WIZARD_PATH, locale)}
          className="inline-block rounded-lg border border-slate-300 px-6 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          {m.summary_correct({}, { locale })}
        </a>
      </div>
    </ui.StepFrame>
  );
}
