/** Status page JSON shaped like Uptime Kuma's `GET /api/status-page/{slug}` answers. */

/** Kuma 1.23: one pinned `incident` (or null); SQLite-style UTC dates. */
export function kumaStatusPage1(options: {
  incident?: { title: string; content: string; style?: string; createdDate?: string } | null;
  maintenance?: { id: number; title: string; description: string; start: string; end: string }[];
}) {
  return {
    config: {
      slug: 'lab',
      title: 'Lab status',
      description: null,
      icon: '/icon.svg',
      theme: 'auto',
      published: true,
      showTags: false,
    },
    incident: options.incident
      ? {
          id: 1,
          style: options.incident.style ?? 'warning',
          title: options.incident.title,
          content: options.incident.content,
          pin: true,
          createdDate: options.incident.createdDate ?? '2026-11-03 08:00:00',
          lastUpdatedDate: null,
        }
      : null,
    publicGroupList: [
      {
        id: 1,
        name: 'Services',
        weight: 1,
        monitorList: [{ id: 1, name: 'Galaxy', sendUrl: 0, type: 'http' }],
      },
    ],
    maintenanceList: (options.maintenance ?? []).map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      strategy: 'single',
      intervalDay: 1,
      active: true,
      dateRange: [m.start, m.end],
      timeRange: [
        { hours: 0, minutes: 0 },
        { hours: 0, minutes: 0 },
      ],
      weekdays: [],
      daysOfMonth: [],
      timeslotList: [{ startDate: m.start, endDate: m.end }],
      cron: '',
      duration: null,
      timezone: 'UTC',
      timezoneOffset: '+00:00',
      status: 'under-maintenance',
    })),
  };
}

/** Kuma 2.x: `incidents` as a list, ISO dates in the maintenance time slots. */
export function kumaStatusPage2(options: {
  incidents?: {
    id: number;
    title: string;
    content: string;
    style?: string;
    createdDate?: string;
  }[];
  maintenance?: { id: number; title: string; description: string; start: string; end: string }[];
}) {
  const page = kumaStatusPage1({ maintenance: options.maintenance });
  return {
    ...page,
    incident: undefined,
    incidents: (options.incidents ?? []).map((incident) => ({
      pin: true,
      lastUpdatedDate: null,
      style: 'info',
      createdDate: '2026-11-03T08:00:00.000Z',
      ...incident,
    })),
  };
}
