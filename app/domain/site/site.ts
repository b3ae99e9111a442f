import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";

/** The site's words in English (messages/en.json): for what is English-only, such as JSON-LD. */
const english = { locale: BASE_LOCALE };

/** Site settings: the brand and the two phone lines (docs/product.md, "Pages and addresses", footer). */
export const site = {
  brand: "CoverPilot",
  /**
   * The landing page's h1 and title. The spec's "AI-Powered Insurance for Small Businesses" named
   * what the site does not use: nothing here is AI (decision 014, issue 26).
   */
  headline: m.site_headline({}, english),
  /**
   * The spec's "Easy Setup, Big Savings" promised savings nobody can promise before an insurer
   * prices the risk: this says what happens instead (decision 014, issue 26).
   */
  tagline: m.site_tagline({}, english),
  /**
   * How the footer describes the product. The spec's "AI-powered insurance assistant, available
   * 24/7" promised what the site does not do: this is what it does (decision 014).
   */
  description: m.site_description({}, english),
  supportPhone: { label: "(888) 555-0142", tel: "+18885550142" },
  salesPhone: { label: "(888) 555-0199", tel: "+18885550199" },
  /** The pause between questionnaire steps, and before going home after the final save (docs/product.md, "Numbers and limits"). */
  stepDelayMs: 800,
  /** When people answer the two lines and return call-back requests (the contact page). */
  phoneHours: m.phone_hours({}, english),
  /** The brand's social profiles (footer links, and sameAs in the Organization JSON-LD). */
  social: [
    { network: "LinkedIn", href: "https://www.linkedin.com/company/coverpilot" },
    { network: "Facebook", href: "https://www.facebook.com/coverpilot" },
    { network: "X", href: "https://x.com/coverpilot" },
  ],
} as const;

export type SocialNetwork = (typeof site.social)[number]["network"];
