/**
 * Whether a process id names a running process (`kill(pid, 0)`): ESRCH means gone; EPERM means
 * alive but another user's. Used to tell a killed process's leftovers from a live one's files.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
