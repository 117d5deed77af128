import { readdirSync, readFileSync } from 'node:fs';

/** The file's text, or what kept it from being read (a process may end while it is read). */
function read(path) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    return `(${error.code ?? error.message})`;
  }
}

/**
 * What the kernel says a process is doing, for a process that does not answer (Linux only): its
 * state, each thread's state, wait channel and kernel stack, and the machine's CPU, I/O and
 * memory pressure. A thread waiting in the kernel (state D, a wait channel such as
 * `jbd2_log_wait_commit`) cannot run its signal handlers, so Node's own diagnostic report never
 * comes; this still does.
 */
export function processDiagnostics(pid) {
  const lines = [];
  const status = read(`/proc/${pid}/status`);
  if (status.startsWith('(')) return `process ${pid}: no /proc entry ${status}`;
  const wanted = /^(State|Threads|VmRSS|voluntary_ctxt_switches|nonvoluntary_ctxt_switches):/;
  lines.push(
    `process ${pid}: ${status
      .split('\n')
      .filter((line) => wanted.test(line))
      .join('; ')}`,
  );
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    // Ended meanwhile: the status above is all there is.
  }
  for (const task of tasks) {
    const dir = `/proc/${pid}/task/${task}`;
    // The state is the field after the command's closing parenthesis.
    const state = read(`${dir}/stat`).split(') ')[1]?.split(' ')[0] ?? '?';
    const stack = read(`${dir}/stack`).split('\n').slice(0, 8).join(' < ');
    lines.push(
      `  thread ${task} ${read(`${dir}/comm`)}: state ${state}, waits in ${read(`${dir}/wchan`) || '-'}` +
        (stack ? `; kernel stack ${stack}` : ''),
    );
  }
  for (const kind of ['cpu', 'io', 'memory']) {
    lines.push(`pressure ${kind}: ${read(`/proc/pressure/${kind}`).replaceAll('\n', '; ')}`);
  }
  lines.push(`load: ${read('/proc/loadavg')}`);
  return lines.join('\n');
}
