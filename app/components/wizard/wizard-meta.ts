import type { MetaDescriptor } from "react-router";

import { ANY_LINE_APPLY_TIME } from "#app/domain/reference/products.ts";
import { site } from "#app/domain/site/site.ts";

/**
 * A wizard screen's title and description. Only the first screen is for search engines: the others
 * need what was entered before them.
 */
export function wizardMeta(title: string, options: { index?: boolean } = {}): MetaDescriptor[] {
  return [
    { title: `${title} | ${site.brand}` },
    {
      name: "description",
      content: `Apply for business insurance with ${site.brand} online in about ${ANY_LINE_APPLY_TIME}: tell us about your business and a licensed agent sends quotes for the coverage that fits it.`,
    },
    ...(options.index ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}
