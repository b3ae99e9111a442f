import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and the browser hydrates, true after: for controls that only work
 * with JavaScript (a clear button, a disabled Continue), which must not lock out a visitor without it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
