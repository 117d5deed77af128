import type { App } from '../../../../shared/api/schemas.js';
import { ENVIRONMENT_LABELS, isEnvironment } from '../../../../shared/catalog/environments.js';

/** `prod` -> Prod, `stage` -> Stage, `dev` -> Dev, all in the warning style (spec section 4). */
export function EnvironmentBadge({ env }: { env: App['env'] }) {
  const label = isEnvironment(env) ? ENVIRONMENT_LABELS[env] : String(env);
  return <span className="badge badge-warning badge-sm font-medium">{label}</span>;
}
