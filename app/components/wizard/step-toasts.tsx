import { useMatches } from "react-router";

import type { Toast } from "#app/domain/site/toast.ts";

import { ToastRegion } from "#app/components/wizard/toast-region.tsx";

/**
 * The toasts of a wizard screen: the one flashed by the previous step (read by the wizard's
 * layout), the action's, and any the screen raised itself.
 */
export function StepToasts({ toasts }: { toasts: Array<Toast | undefined | null> }) {
  // The wizard's layout, in English or below /es (its id there is routes/wizard/layout/es).
  const layout = useMatches().find((match) => match.id.startsWith("routes/wizard/layout"));
  // useMatches types loader data as unknown; the wizard layout's loader gives { toast }.
  const flashed = (layout?.loaderData as { toast: Toast | null } | undefined)?.toast;
  const all = [flashed, ...toasts].filter((toast): toast is Toast => Boolean(toast));
  return <ToastRegion toasts={all} />;
}
