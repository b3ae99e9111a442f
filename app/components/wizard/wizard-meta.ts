import type { MetaDescriptor } from "react-router";

import { site } from "#app/domain/site.ts";

/**
 * A wizard screen's title and description. Only the first screen is for search engines: the others
 * need what was entered before them.
 */
export function wizardMeta(title: string, options: { index?: boolean } = {}): MetaDescriptor[] {
  return [
    { title: `${title} | ${site.brand}` },
    {
      name: "description",
      content: `Get a business insurance quote from ${site.brand} in minutes: tell us about your business and we'll match the coverage to it.`,
    },
    ...(options.index ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}
