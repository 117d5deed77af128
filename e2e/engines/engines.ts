import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import puppeteer from 'puppeteer-core';
import WebDriver from 'webdriver';
import { CHROMIUM_PATH, launchBrowser } from '../support/browser.js';
import { FIREFOX_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from '../../scripts/lib/ensure.mjs';
import { freePort } from '../support/server.js';
import type { Engine, EngineName, Key } from './engine.js';

/** WebKitGTK's MiniBrowser, which WebKitWebDriver drives; Debian ships it with the library. */
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export const ENGINE_NAMES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** The engine, started; each of its pages has a profile of its own. */
export function launchEngine(name: EngineName): Promise<Engine> {
  switch (name) {
    case 'chromium':
      return launchChromium();
    case 'firefox':
      return launchFirefox();
    case 'webkit':
      return launchWebKit();
  }
}

/** What is missing to run the engine here, or undefined when it can run. */
export function missingEngine(name: EngineName): string | undefined {
  const needs: Record<EngineName, string[]> = {
    chromium: [CHROMIUM_PATH],
    firefox: [FIREFOX_PATH],
    webkit: [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH],
  };
  const missing = needs[name].filter((path) => !existsSync(path));
  return missing.length > 0 ? missing.join(', ') : undefined;
}

/**
 * An expression that calls `fn` with `args` (JSON): evaluated by the automation protocol, which
 * the page's Content-Security-Policy does not restrict (the page itself may not eval).
 */
const call = (fn: (...args: never[]) => unknown, args: unknown[]) =>
  `(${fn.toString()}).apply(null, ${JSON.stringify(args)})`;

const joinUrl = (base: string, path: string) => new URL(path, `${base}/`).href;

async function launchChromium(): Promise<Engine> {
  const browser = await launchBrowser();
  return {
    name: 'chromium',
    version: browser.version(),
    async newPage(baseUrl) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      return {
        goto: async (path) => {
          await page.goto(joinUrl(baseUrl, path));
        },
        evaluate: (fn, ...args) => page.evaluate(call(fn, args)),
        inject: async (source) => {
          await page.evaluate(source);
        },
        click: (selector) => page.click(selector),
        type: async (selector, text) => {
          await page.fill(selector, '');
          await page.locator(selector).pressSequentially(text);
        },
        select: async (selector, value) => {
          await page.selectOption(selector, value);
        },
        press: (key) => page.keyboard.press(key),
        setViewport: (width, height) => page.setViewportSize({ width, height }),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Nothing that reaches out by itself (updates, telemetry, studies): the machine is offline.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'network.captive-portal-service.enabled': false,
    },
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    async newPage(baseUrl) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      return {
        goto: async (path) => {
          // Firefox reports the load of a frame that this navigation cancels (the page's silent
          // sign-in check, in a hidden frame) as the navigation's own NS_BINDING_ABORTED: the
          // page had not left yet, so going again is what a person clicking again would do.
          for (let attempt = 1; ; attempt += 1) {
            try {
              await page.goto(joinUrl(baseUrl, path), { waitUntil: 'load' });
              return;
            } catch (error) {
              if (attempt >= 3 || !/NS_BINDING_ABORTED/.test(String(error))) throw error;
            }
          }
        },
        evaluate: <T>(fn: (...args: never[]) => unknown, ...args: unknown[]) =>
          page.evaluate(call(fn, args)) as Promise<T>,
        inject: async (source) => {
          await page.evaluate(source);
        },
        click: (selector) => page.click(selector),
        type: async (selector, text) => {
          await page.click(selector, { count: 3 });
          await page.keyboard.press('Backspace');
          await page.type(selector, text);
        },
        select: async (selector, value) => {
          await page.select(selector, value);
        },
        press: (key) => page.keyboard.press(key),
        setViewport: (width, height) => page.setViewport({ width, height }),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** W3C WebDriver's codes of the keys the core presses. */
const WEBDRIVER_KEYS: Record<Key, string> = {
  Enter: '\uE007',
  ArrowDown: '\uE015',
  Escape: '\uE00C',
  Tab: '\uE004',
};
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** Starts `command` in the background, its output read and dropped (stopProcess ends it). */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** An X display of our own (Xvfb): WebKitGTK's MiniBrowser has no headless mode. */
async function startXvfb(): Promise<{ display: string; stop(): Promise<void> }> {
  const xvfb = spawn(
    XVFB_PATH,
    ['-displayfd', '1', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  xvfb.stderr?.resume();
  const display = await new Promise<string>((resolve, reject) => {
    let seen = '';
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('\n')) resolve(`:${seen.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display`)));
  });
  return { display, stop: () => stopProcess(xvfb) };
}

/** Resolves once something answers HTTP at the URL. */
async function answering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function launchWebKit(): Promise<Engine> {
  const xvfb = await startXvfb();
  const drivers = new Set<ChildProcess>();
  let version = 'WebKitGTK (no page opened yet)';
  /**
   * WebKitWebDriver holds one session at a time: each page (a person of its own) gets a driver
   * of its own, on a port of its own, stopped with the page.
   */
  const session = async () => {
    const port = await freePort();
    const driver = startProcess(WEBKIT_DRIVER_PATH, ['--host=127.0.0.1', `--port=${port}`], {
      ...process.env,
      DISPLAY: xvfb.display,
    });
    drivers.add(driver);
    await answering(`http://127.0.0.1:${port}/status`, 30_000);
    const client = await WebDriver.newSession({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'warn',
      capabilities: {
        // WebKitWebDriver speaks classic WebDriver only (no BiDi web socket).
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
    version = `WebKitGTK ${String(client.capabilities.browserVersion)}`;
    const stop = async () => {
      await client.deleteSession().catch(() => undefined);
      await stopProcess(driver);
      drivers.delete(driver);
    };
    return { client, stop };
  };
  return {
    name: 'webkit',
    // Known from the first session: no browser is started only to ask it.
    get version() {
      return version;
    },
    async newPage(baseUrl) {
      const { client, stop } = await session();
      await client.setWindowRect(null, null, 1280, 800);
      /** Presses each chord in turn: its keys down in order, then up in reverse. */
      const keys = async (...chords: string[][]) => {
        await client.performActions([
          {
            type: 'key',
            id: 'keyboard',
            actions: chords.flatMap((chord) => [
              ...chord.map((value) => ({ type: 'keyDown', value })),
              ...[...chord].reverse().map((value) => ({ type: 'keyUp', value })),
            ]),
          },
        ]);
        await client.releaseActions();
      };
      const element = async (selector: string) => {
        const found = (await client.findElement('css selector', selector)) as Record<
          string,
          string
        >;
        const id = found[ELEMENT];
        if (!id) throw new Error(`No element for ${selector}`);
        return id;
      };
      return {
        goto: (path) => client.navigateTo(joinUrl(baseUrl, path)),
        evaluate: <T>(fn: (...args: never[]) => unknown, ...args: unknown[]) =>
          client.executeScript(`return ${call(fn, args)}`, []) as Promise<T>,
        inject: async (source) => {
          await client.executeScript(source, []);
        },
        click: async (selector) => client.elementClick(await element(selector)),
        type: async (selector, text) => {
          const id = await element(selector);
          // As a person clears a field (Control+A, Backspace): WebDriver's "clear" leaves a field
          // that the page controls to put its old value back.
          await client.elementClick(id);
          await keys(['\uE009', 'a'], ['\uE003']);
          await client.elementSendKeys(id, text);
        },
        select: async (selector, value) =>
          // WebDriver picks an option by a click on it, which opens no popup.
          client.elementClick(await element(`${selector} option[value="${value}"]`)),
        press: (key) => keys([WEBDRIVER_KEYS[key]]),
        setViewport: async (width, height) => {
          // The window's size: MiniBrowser in automation draws no toolbar, so it is the
          // viewport's, but GTK keeps the window at least 447 px wide (the caller reads
          // innerWidth).
          await client.setWindowRect(null, null, width, height);
        },
        close: stop,
      };
    },
    async close() {
      await Promise.all([...drivers].map(stopProcess));
      await xvfb.stop();
    },
  };
}
