import type { App } from '../../../../shared/api/schemas.js';
import { isEnvironment } from '../../../../shared/catalog/environments.js';
import { useT, type Translate } from '../../../lib/i18n.js';

/** The badge's text: `prod` -> Prod, `stage` -> Stage, `dev` -> Dev, in the page's language. */
export function environmentLabel(t: Translate, env: App['env']): string {
  return isEnvironment(env) ? t(`catalog.env.${env}`) : String(env);
}

/** The environment, in the warning style (docs/catalog.md). */
export function EnvironmentBadge({ env }: { env: App['env'] }) {
  const label = environmentLabel(useT(), env);
  return <span className="badge badge-warning badge-sm app-env">{label}</span>;
}
