/**
 * The name of the field every public form carries hidden from people: a bot that fills it in is
 * dropped quietly (docs/decisions/README.md, "Security by default").
 */
export const HONEYPOT_FIELD = "website";
