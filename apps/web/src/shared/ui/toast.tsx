import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

type ToastKind = 'info' | 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastApi {
  show(text: string, kind?: ToastKind): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TOAST_MS = 3000;
/** A longer message stays longer, so it can be read to the end: this much per character past 40. */
const TOAST_MS_PER_CHAR = 50;
const TOAST_MS_MAX = 10_000;

/** How long a toast shows: 3 s for a short one, up to 10 s for a long one. */
export function toastLifetime(text: string): number {
  return Math.min(TOAST_MS_MAX, TOAST_MS + Math.max(0, text.length - 40) * TOAST_MS_PER_CHAR);
}

/** Short messages (spec section 8: "messages appear as short toasts"), announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const show = useCallback((text: string, kind: ToastKind = 'info') => {
    const id = nextId.current++;
    setToasts((list) => [...list.filter((t) => t.text !== text), { id, kind, text }]);
    window.setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), toastLifetime(text));
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid="toast">
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
