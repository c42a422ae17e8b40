import { describe, expect, it, vi } from 'vitest';
import { IN_APP_USER_AGENT_MARKER } from '../device/device';
import { BRIDGE_NAME, openApp, postToApp, setPageTitle } from './native-bridge';

type AnyWindow = Parameters<typeof postToApp>[1];

describe('native app bridge', () => {
  it('posts the JSON message (method, data, callBack, module) to the Android bridge', () => {
    const postMessage = vi.fn();
    const win = { [BRIDGE_NAME]: { postMessage } } as unknown as AnyWindow;
    expect(postToApp({ method: 'share', data: { url: '/x' }, callBack: 'onShared', module: 'social' }, win)).toBe(true);
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({ method: 'share', data: { url: '/x' }, callBack: 'onShared', module: 'social' });
  });

  it('posts the same message to the iOS WebKit handler, and reports when there is no bridge', () => {
    const postMessage = vi.fn();
    const win = { webkit: { messageHandlers: { [BRIDGE_NAME]: { postMessage } } } } as unknown as AnyWindow;
    expect(postToApp({ method: 'close' }, win)).toBe(true);
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({ method: 'close', data: {}, callBack: '', module: 'web' });
    expect(postToApp({ method: 'close' }, {} as AnyWindow)).toBe(false);
  });

  it('sets the page title, and inside the app also the title of its bar', () => {
    const postMessage = vi.fn();
    const inApp = { document: { title: '' }, navigator: { userAgent: `Android ${IN_APP_USER_AGENT_MARKER}/3` }, [BRIDGE_NAME]: { postMessage } } as unknown as AnyWindow;
    setPageTitle('Exchange | Avatar Party', inApp);
    expect(inApp!.document.title).toBe('Exchange | Avatar Party');
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toMatchObject({ method: 'setTitle', data: { title: 'Exchange | Avatar Party' } });

    const browser = { document: { title: '' }, navigator: { userAgent: 'Chrome' }, [BRIDGE_NAME]: { postMessage: vi.fn() } } as unknown as AnyWindow;
    setPageTitle('Home', browser);
    expect(browser!.document.title).toBe('Home');
    expect((browser as unknown as Record<string, { postMessage: ReturnType<typeof vi.fn> }>)[BRIDGE_NAME]!.postMessage).not.toHaveBeenCalled();
  });
});

describe('open app', () => {
  function fakeWindow() {
    const listeners = new Map<string, () => void>();
    const doc = {
      visibilityState: 'visible',
      body: { appendChild: vi.fn() },
      createElement: () => ({ hidden: false, setAttribute: vi.fn(), remove: vi.fn(), src: '', title: '' }),
      addEventListener: (type: string, fn: () => void) => listeners.set(`doc:${type}`, fn),
      removeEventListener: vi.fn(),
    };
    const win = {
      document: doc,
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: vi.fn(),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    };
    return { win: win as unknown as Window, doc, listeners };
  }

  it('answers failed when the page is still visible after the wait (the app did not take over)', async () => {
    const { win, doc } = fakeWindow();
    const outcome = await openApp('avatarparty://open', win, 10);
    expect(outcome).toBe('failed');
    expect(doc.body.appendChild).toHaveBeenCalledTimes(1);
  });

  it('answers opened when the page was hidden meanwhile, and failed without a deep link', async () => {
    const { win, doc, listeners } = fakeWindow();
    const pending = openApp('avatarparty://open', win, 10);
    doc.visibilityState = 'hidden';
    listeners.get('doc:visibilitychange')!();
    expect(await pending).toBe('opened');
    expect(await openApp('', win, 10)).toBe('failed');
  });
});
