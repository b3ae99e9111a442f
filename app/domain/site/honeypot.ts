/**
 * The name of the field every public form carries hidden from people: a bot that fills it in is
 * dropped quietly (docs/decisions/README.md, "Security by default"). It reads like a field a bot
 * would fill, yet no question of the site may take it: a field of the application registry named
 * so would have every honest answer taken for spam. `honeypot.test.ts` fails when a column or an
 * answer of the registry (app/domain/application/application-fields.ts) is named so (issue 57).
 */
export const HONEYPOT_FIELD = "website2";
