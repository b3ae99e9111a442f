import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";

/** The site's words in English (messages/en.json): for what is English-only, such as JSON-LD. */
const english = { locale: BASE_LOCALE };

/**
 * The product's own settings: its brand and words. Every contact detail a visitor sees (phones,
 * hours, social profiles) is the agency's, from its settings (agency.ts, issue 53).
 */
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
  /** The pause between questionnaire steps, and before going home after the final save (docs/product.md, "Numbers and limits"). */
  stepDelayMs: 800,
} as const;
