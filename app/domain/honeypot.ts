/**
 * The name of the field every public form carries hidden from people: a bot that fills it in is
 * dropped quietly (DESIGN decision 5).
 */
export const HONEYPOT_FIELD = "website";
