// Runs once before the browser tests: the built server and web app must be current.
import { ensureBuild } from '../../scripts/lib/ensure.mjs';

export default function setup(): void {
  ensureBuild();
}
