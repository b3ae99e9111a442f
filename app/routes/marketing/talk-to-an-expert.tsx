import { data } from "react-router";

import { parseForm } from "#app/domain/values/form-submission.ts";
import { bestTimeLabel, callbackRequestSchema } from "#app/domain/site/contact-forms.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { telHref } from "#app/domain/site/agency.ts";
import { m } from "#app/paraglide/messages.js";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { useAgency } from "#app/components/site/agency-identity.tsx";
import { CallbackRequestPanel, TALK_TO_EXPERT_PATH } from "#app/components/site/talk-to-expert.tsx";
import { PhoneIcon } from "#app/components/ui/icons.tsx";
import { saveCallbackRequest } from "#app/server/leads/contact-requests.server.ts";
import { notifyCallbackRequest } from "#app/server/leads/lead-notifications.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/talk-to-an-expert";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale, agency) => ({
    path: TALK_TO_EXPERT_PATH,
    title: m.talk_to_expert({}, { locale }),
    description: agency
      ? m.talk_meta_description({ phone: agency.phone }, { locale })
      : m.talk_intro({}, { locale }),
  }));

/**
 * Stores a call-back request, from this page or from the Talk to an Expert dialog (whose script
 * reads this page's answer); 400 with a message per field when it is not valid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = requestLocale(request);
  const submission = parseForm(await request.formData(), callbackRequestSchema(locale));
  if (submission.status !== "success") {
    return data({ result: submission.reply(), confirmation: null }, { status: 400 });
  }
  try {
    const services = getServices(context);
    const saved = await saveCallbackRequest(services.database.db, submission.value, locale);
    logger.info({ callbackRequestId: saved.id }, "call-back request saved");
    // Never fails the request: a problem queueing the agency's email is logged and passed over.
    await notifyCallbackRequest(services, saved);
    return {
      result: submission.reply({ resetForm: true }),
      confirmation: {
        name: saved.name,
        phone: formatUsPhone(saved.phone),
        bestTime: bestTimeLabel(saved.bestTime, locale),
      },
    };
  } catch (error) {
    logger.error({ err: error }, "call-back request not saved");
    return data(
      {
        result: submission.reply({ formErrors: [m.error_save_failed({}, { locale })] }),
        confirmation: null,
      },
      { status: 500 },
    );
  }
}

export default function TalkToAnExpert({ actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const agency = useAgency();
  return (
    <>
      <PageIntro title={m.talk_to_expert({}, { locale })} width="wide">
        <p>{m.talk_intro({}, { locale })}</p>
      </PageIntro>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-16">
        <section aria-labelledby="call-now-title">
          <h2 id="call-now-title" className="text-2xl font-bold">
            {m.talk_call_now({}, { locale })}
          </h2>
          <p className="mt-3 text-muted">
            {m.talk_speak_with_sales({}, { locale })}
            {agency?.hours ? ` ${m.agency_hours({ hours: agency.hours }, { locale })}` : null}
          </p>
          {agency ? (
            <a
              href={telHref(agency.phone)}
              className="mt-4 inline-flex items-center gap-2 text-2xl font-bold text-brand-700 underline"
            >
              <PhoneIcon className="size-6" />
              {agency.phone}
            </a>
          ) : null}
        </section>
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <CallbackRequestPanel
            lastResult={actionData?.result}
            confirmation={actionData?.confirmation}
            headingLevel={2}
          />
        </div>
      </div>
    </>
  );
}
