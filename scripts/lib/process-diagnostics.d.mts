/** What the kernel says the process `pid` is doing: state, threads, wait channels, pressure. */
export function processDiagnostics(pid: number): string;
