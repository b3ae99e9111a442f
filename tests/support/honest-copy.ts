/**
 * Words the site never uses (issue 26, decision 014): it gives no quote on the spot (an agent sends
 * quotes later), nothing on it is AI, and nobody can promise savings before an insurer prices the
 * risk. The unit test of the domain copy and the journey over every page both check against it.
 */
export const UNKEPT_PROMISES =
  /instant quote|ai[- ]powered|big savings|cotizaci[oó]n (instant[aá]nea|al instante)|(impulsad|potenciad)[oa] por (la )?ia\b|grandes ahorros/i;
