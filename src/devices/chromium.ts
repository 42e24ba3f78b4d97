import { existsSync } from 'node:fs';
import type { Browser, LaunchOptions } from '@playwright/test';
import { DeviceError } from '../errors.js';

/** Headless flags for a container's Chromium: no sandbox, GPU, background traffic or updates. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Where Chromium is looked for when neither the launch options nor CHROMIUM_PATH name it. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/**
 * The Chromium executable: the one named (launch options' executablePath, else CHROMIUM_PATH), else
 * the first of the usual places that exists. A typed error naming every place looked at otherwise.
 */
export function findChromium(named?: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = named ?? (env.CHROMIUM_PATH?.trim() || undefined);
  const looked = explicit ? [explicit] : CHROMIUM_CANDIDATES;
  const found = looked.find((p) => existsSync(p));
  if (found) return found;
  throw new DeviceError('device_unreachable', `no Chromium found: looked at ${looked.join(', ')}${explicit ? ` (${named ? 'executablePath' : 'CHROMIUM_PATH'})` : ' (CHROMIUM_PATH is not set)'}`, {
    where: 'web',
    looked,
    env: 'CHROMIUM_PATH',
    hint: 'Install it (apt-get install -y chromium) or set CHROMIUM_PATH to the executable.',
  });
}

/** Launches Chromium headless through Playwright (its chromium, or the one given, e.g. the `playwright` fixture's). */
export async function launchChromium(options: LaunchOptions = {}, chromium?: { launch(o: LaunchOptions): Promise<Browser> }, env: NodeJS.ProcessEnv = process.env): Promise<Browser> {
  const executablePath = findChromium(options.executablePath, env);
  const launcher = chromium ?? (await import('@playwright/test')).chromium;
  try {
    return await launcher.launch({ ...options, executablePath, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
  } catch (e) {
    throw new DeviceError('device_unreachable', `Chromium at ${executablePath} did not start: ${(e as Error).message.split('\n')[0]}`, {
      where: 'web', executablePath, hint: 'Run it by hand with --headless to see why, or point CHROMIUM_PATH at another build.',
    });
  }
}
