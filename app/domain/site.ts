/** Site settings: the brand and the two phone lines (SPEC section 2, footer). */
export const site = {
  brand: "CoverPilot",
  headline: "AI-Powered Insurance for Small Businesses",
  tagline: "Personalized Insurance for Your Business: Easy Setup, Big Savings.",
  supportPhone: { label: "(888) 555-0142", tel: "+18885550142" },
  salesPhone: { label: "(888) 555-0199", tel: "+18885550199" },
} as const;
