import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { sourcesFromConfig } from './monitor-setup.js';

const names = (env: Record<string, string>) =>
  sourcesFromConfig(loadConfig(env).monitor).map((source) => source.name);

describe('monitor configuration', () => {
  it('has the documented defaults: probes only, every 30 s', () => {
    expect(loadConfig({}).monitor).toEqual({
      intervalSeconds: 30,
      timeoutSeconds: 10,
      dropAfterSeconds: 600,
      uptimeKuma: undefined,
      proxyUrl: undefined,
      probe: { enabled: true, authOk: false, concurrency: 8 },
      demo: true,
      historyDays: 30,
      kumaStatusPage: undefined,
    });
    expect(names({})).toEqual(['probe']);
  });

  it('allows the demo catalog’s simulated statuses unless told otherwise or a monitor is set', () => {
    expect(loadConfig({ DEMO_STATUS: 'false' }).monitor.demo).toBe(false);
    expect(loadConfig({ UPTIME_KUMA_URL: 'https://k.example.edu' }).monitor.demo).toBe(false);
    expect(loadConfig({ MONITOR_PROXY_URL: 'https://p.example.edu' }).monitor.demo).toBe(false);
    expect(
      loadConfig({ DEMO_STATUS: 'true', UPTIME_KUMA_URL: 'https://k.example.edu' }).monitor.demo,
    ).toBe(true);
    expect(() => loadConfig({ DEMO_STATUS: 'maybe' })).toThrow(/DEMO_STATUS/);
  });

  it('reads every monitor variable', () => {
    expect(
      loadConfig({
        MONITOR_INTERVAL: '60',
        MONITOR_TIMEOUT: '5',
        MONITOR_DROP_AFTER: '0',
        UPTIME_KUMA_URL: 'https://status.example.edu/kuma/',
        UPTIME_KUMA_API_KEY: 'uk1_key',
        MONITOR_PROXY_URL: 'http://127.0.0.1:9000',
        MONITOR_PROBE: 'true',
        MONITOR_PROBE_AUTH_OK: 'yes',
        MONITOR_PROBE_CONCURRENCY: '2',
        STATUS_HISTORY_DAYS: '7',
        UPTIME_KUMA_STATUS_PAGE: 'lab-status',
      }).monitor,
    ).toEqual({
      intervalSeconds: 60,
      timeoutSeconds: 5,
      dropAfterSeconds: 0,
      uptimeKuma: { url: 'https://status.example.edu/kuma', apiKey: 'uk1_key' },
      proxyUrl: 'http://127.0.0.1:9000',
      probe: { enabled: true, authOk: true, concurrency: 2 },
      demo: false,
      historyDays: 7,
      kumaStatusPage: 'lab-status',
    });
  });

  it('refuses a status page without Kuma, and a slug that is not one', () => {
    expect(() => loadConfig({ UPTIME_KUMA_STATUS_PAGE: 'lab' })).toThrow(/UPTIME_KUMA_URL/);
    expect(() =>
      loadConfig({ UPTIME_KUMA_URL: 'https://k.example.edu', UPTIME_KUMA_STATUS_PAGE: '../x' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ STATUS_HISTORY_DAYS: '0' })).toThrow(/STATUS_HISTORY_DAYS/);
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      'Kuma turns the automatic probes off',
      { UPTIME_KUMA_URL: 'https://k.example.edu' },
      ['uptime-kuma'],
    ],
    ['so does a proxy', { MONITOR_PROXY_URL: 'https://p.example.edu' }, ['monitor-proxy']],
    [
      'probes can be added to them',
      { UPTIME_KUMA_URL: 'https://k.example.edu', MONITOR_PROBE: 'true' },
      ['uptime-kuma', 'probe'],
    ],
    ['probes can be turned off', { MONITOR_PROBE: 'false' }, []],
    ['auto is the default', { MONITOR_PROBE: 'AUTO' }, ['probe']],
    [
      'sources come in priority order',
      {
        MONITOR_PROBE: 'on',
        MONITOR_PROXY_URL: 'https://p.example.edu',
        UPTIME_KUMA_URL: 'https://k.example.edu',
      },
      ['uptime-kuma', 'monitor-proxy', 'probe'],
    ],
  ])('%s', (_label, env, expected) => {
    expect(names(env)).toEqual(expected);
  });

  it('names every bad monitor variable', () => {
    let problems: string[] = [];
    try {
      loadConfig({
        MONITOR_INTERVAL: '0',
        MONITOR_TIMEOUT: 'ten',
        UPTIME_KUMA_URL: 'kuma.example.edu',
        MONITOR_PROXY_URL: 'ftp://p.example.edu',
        MONITOR_PROBE: 'sometimes',
        MONITOR_PROBE_CONCURRENCY: '100',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((problem) => problem.split('=')[0])).toEqual([
      'MONITOR_INTERVAL',
      'MONITOR_TIMEOUT',
      'UPTIME_KUMA_URL',
      'MONITOR_PROXY_URL',
      'MONITOR_PROBE',
      'MONITOR_PROBE_CONCURRENCY',
    ]);
  });
});
