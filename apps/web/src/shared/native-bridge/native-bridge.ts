import { isInApp } from '../device/device';

/**
 * The native app's web views expose a bridge (spec section 7: "a helper sends a JSON message
 * (method, data, callBack, module) to the Android or iOS app bridge"): on Android an object
 * injected as `window.AvatarPartyBridge` with `postMessage(string)`, on iOS a WebKit script message
 * handler `window.webkit.messageHandlers.AvatarPartyBridge`. Both receive the same JSON text.
 */
export const BRIDGE_NAME = 'AvatarPartyBridge';

export interface BridgeMessage {
  /** What the app should do, e.g. `setTitle`. */
  method: string;
  data?: Record<string, unknown>;
  /** Name of a global function the app calls back with its answer. */
  callBack?: string;
  /** The app module that handles the method. */
  module?: string;
}

interface MessageTarget {
  postMessage(message: string): void;
}

type BridgeWindow = Window & {
  [BRIDGE_NAME]?: MessageTarget;
  webkit?: { messageHandlers?: Record<string, MessageTarget | undefined> };
};

function bridgeTarget(win: BridgeWindow): MessageTarget | undefined {
  return win[BRIDGE_NAME] ?? win.webkit?.messageHandlers?.[BRIDGE_NAME];
}

/** Sends a message to the app; answers false outside the app or when no bridge is present. */
export function postToApp(message: BridgeMessage, win: BridgeWindow = window as BridgeWindow): boolean {
  const target = bridgeTarget(win);
  if (!target) return false;
  const text = JSON.stringify({ method: message.method, data: message.data ?? {}, callBack: message.callBack ?? '', module: message.module ?? 'web' });
  try {
    target.postMessage(text);
    return true;
  } catch {
    return false;
  }
}

/** Sets the page title in the app's navigation bar (and the document title everywhere). */
export function setPageTitle(title: string, win: BridgeWindow = window as BridgeWindow): void {
  win.document.title = title;
  if (isInApp(win.navigator.userAgent)) postToApp({ method: 'setTitle', data: { title }, module: 'webview' }, win);
}

/** How long the page waits for the app to take over before it counts the attempt as failed. */
export const OPEN_APP_WAIT_MS = 2500;

/**
 * Tries to open the native app through its deep link. If the page is still visible after
 * OPEN_APP_WAIT_MS the app did not take over (not installed, or a desktop), and the promise
 * answers 'failed' so the caller can show "Failed to open the app, attempting to recall" and offer
 * the download instead.
 */
export function openApp(deepLink: string, win: Window = window, waitMs = OPEN_APP_WAIT_MS): Promise<'opened' | 'failed'> {
  return new Promise((resolve) => {
    if (!deepLink) {
      resolve('failed');
      return;
    }
    let left = false;
    const onHide = () => {
      if (win.document.visibilityState === 'hidden') left = true;
    };
    const onBlur = () => {
      left = true;
    };
    win.document.addEventListener('visibilitychange', onHide);
    win.addEventListener('pagehide', onBlur);
    win.addEventListener('blur', onBlur);
    // A hidden frame asks the system for the app without navigating this page away.
    const frame = win.document.createElement('iframe');
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    frame.title = '';
    frame.src = deepLink;
    win.document.body.appendChild(frame);
    win.setTimeout(() => {
      win.document.removeEventListener('visibilitychange', onHide);
      win.removeEventListener('pagehide', onBlur);
      win.removeEventListener('blur', onBlur);
      frame.remove();
      resolve(left ? 'opened' : 'failed');
    }, waitMs);
  });
}
