/** Whether a process exists (signal 0 checks without signalling anything; a zombie still counts). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
