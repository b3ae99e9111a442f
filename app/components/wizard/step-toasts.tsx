import { useRouteLoaderData } from "react-router";

import type { Toast } from "#app/domain/site/toast.ts";

import { ToastRegion } from "#app/components/wizard/toast-region.tsx";

/**
 * The toasts of a wizard screen: the one flashed by the previous step (read by the wizard's
 * layout), the action's, and any the screen raised itself.
 */
export function StepToasts({ toasts }: { toasts: Array<Toast | undefined | null> }) {
  const layout = useRouteLoaderData<{ toast: Toast | null }>("routes/wizard/layout");
  const all = [layout?.toast, ...toasts].filter((toast): toast is Toast => Boolean(toast));
  return <ToastRegion toasts={all} />;
}
