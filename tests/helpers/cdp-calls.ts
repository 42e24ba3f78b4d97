import type { CDPSession, Page } from '@playwright/test';

/**
 * The CDP calls of every session opened on the page's context from now on (a device opens its own), in
 * order, each as `describe` words it (default: the method).
 */
export function recordCdpCalls(page: Page, describe: (method: string, params?: { contextId?: number; frameId?: string }) => string = (m) => m): string[] {
  const calls: string[] = [];
  const context = page.context();
  const open = context.newCDPSession.bind(context);
  context.newCDPSession = async (p) => {
    const session: CDPSession = await open(p);
    const send = session.send.bind(session);
    session.send = ((method: string, params?: { contextId?: number; frameId?: string }) => { calls.push(describe(method, params)); return send(method as never, params as never); }) as typeof session.send;
    return session;
  };
  return calls;
}
