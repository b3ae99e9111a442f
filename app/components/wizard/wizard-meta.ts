import type { MetaDescriptor } from "react-router";

import { anyLineApplyTime } from "#app/domain/reference/products.ts";
import {
  languageLinks,
  languagesFromMatches,
  siteUrlFromMatches,
  type MetaArgs,
} from "#app/components/site/page-meta.ts";
import { BASE_LOCALE, localeOfPath, type Locale, type Message } from "#app/domain/site/locales.ts";
import { pagePath } from "#app/domain/site/site-pages.ts";
import { site } from "#app/domain/site/site.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * A wizard screen's title and description, in `locale`. Only the first screen is for search
 * engines: the others need what was entered before them.
 */
function wizardMeta(
  title: string,
  options: { index?: boolean; locale?: Locale } = {},
): MetaDescriptor[] {
  const locale = options.locale ?? BASE_LOCALE;
  return [
    { title: m.wizard_meta_title({ title, brand: site.brand }, { locale }) },
    {
      name: "description",
      content: m.wizard_meta_description(
        { brand: site.brand, time: anyLineApplyTime(locale) },
        { locale },
      ),
    },
    ...(options.index ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

/**
 * A wizard screen's meta, in the language of its address (`title` read in it); the screen
 * search engines list also names its address in each language.
 */
export function localizedWizardMeta(
  args: MetaArgs,
  title: Message,
  options: { index?: boolean } = {},
): MetaDescriptor[] {
  const locale = localeOfPath(args.location.pathname);
  const links = options.index
    ? languageLinks(
        siteUrlFromMatches(args.matches),
        pagePath(args.location.pathname),
        languagesFromMatches(args.matches),
      )
    : [];
  return [...wizardMeta(title({}, { locale }), { ...options, locale }), ...links];
}
