/** The letter avatar: the first letter of the given name (decorative; the greeting says it). */
export function UserAvatar({ name }: { name: string }) {
  const letter = (Array.from(name.trim())[0] ?? '?').toUpperCase();
  return (
    <span className="avatar avatar-placeholder" aria-hidden="true" data-testid="user-avatar">
      <span className="bg-primary text-primary-content flex size-8 items-center justify-center rounded-full">
        <span className="text-sm font-semibold">{letter}</span>
      </span>
    </span>
  );
}
