/** The portal's mark: four app tiles. Decorative: the text beside it names the portal. */
export function PortalLogo({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <g className="fill-primary-content">
        <rect x="7" y="7" width="8" height="8" rx="2" />
        <rect x="17" y="7" width="8" height="8" rx="2" opacity=".7" />
        <rect x="7" y="17" width="8" height="8" rx="2" opacity=".7" />
        <rect x="17" y="17" width="8" height="8" rx="4" />
      </g>
    </svg>
  );
}
