import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useId } from '../../ui/use-id.js';
import { useLocale } from '../../lib/i18n.js';

export interface AdminTab<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs in the WAI-ARIA pattern: the arrow keys, Home and End move between tabs (and show
 * them); Tab moves on into the panel. Right to left, the right arrow goes to the previous tab
 * (the one on its right).
 */
export function AdminTabs<K extends string>({
  tabs,
  current,
  onSelect,
  children,
}: {
  tabs: readonly AdminTab<K>[];
  current: K;
  onSelect(key: K): void;
  children: ReactNode;
}) {
  const { t, dir } = useLocale();
  const baseId = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === current);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const next =
      event.key === forward
        ? (index + 1) % tabs.length
        : event.key === backward
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={t('admin.tabs.label')}
        className="tabs tabs-border flex-wrap"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={tab.key === current}
            aria-controls={panelId}
            tabIndex={tab.key === current ? 0 : -1}
            className={`tab text-base-content/80 shrink-0 ${tab.key === current ? 'tab-active' : ''}`}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(current)} className="pt-4">
        {children}
      </div>
    </>
  );
}
