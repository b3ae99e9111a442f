import { INDUSTRIES, type IndustryId } from "#app/domain/reference/industries.ts";
import { quotePathForIndustry } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import {
  BagIcon,
  BriefcaseIcon,
  CupIcon,
  GridIcon,
  HardHatIcon,
  SprayIcon,
} from "#app/components/ui/icons.tsx";

const INDUSTRY_ICONS: Record<IndustryId, typeof GridIcon> = {
  construction: HardHatIcon,
  food: CupIcon,
  retail: BagIcon,
  offices: BriefcaseIcon,
  cleaning: SprayIcon,
  other: GridIcon,
};

/**
 * The six industries as links to the wizard with that industry chosen (docs/product.md, "Pages and addresses": the product
 * pages' industry grid). Plain links, so they work without JavaScript.
 */
export function IndustryGrid() {
  const locale = useLocale();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {INDUSTRIES.map((industry) => {
        const IndustryIcon = INDUSTRY_ICONS[industry.id];
        return (
          <li key={industry.id}>
            <a
              href={quotePathForIndustry(industry.id, locale)}
              className="flex h-full min-h-28 flex-col items-center justify-center gap-3 rounded-xl border border-line bg-white p-4 text-center font-semibold text-ink shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <IndustryIcon className="size-6" />
              </span>
              {industry.term({}, { locale })}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
