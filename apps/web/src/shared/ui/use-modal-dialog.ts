import { useLayoutEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal (focus trapped, page behind inert, Escape cancels) while
 * `open` is true. A layout effect, so the dialog follows `open` before the browser paints again
 * (Preact runs plain effects only after the next paint).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
