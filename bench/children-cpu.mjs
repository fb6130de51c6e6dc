/** CPU time of the benchmark's child processes (the recognizer's), read from /proc: load does not inflate it as it does wall time. */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';

/** CPU seconds of this process's children: those still running (/proc) and those waited for (cutime + cstime). */
export async function childrenCpuS() {
  const tick = 100;
  const fields = (text) => text.slice(text.lastIndexOf(')') + 2).split(' ');
  const self = fields(readFileSync('/proc/self/stat', 'utf8'));
  let total = (Number(self[13]) + Number(self[14])) / tick;
  for (const pid of (await readdir('/proc')).filter((d) => /^\d+$/.test(d))) {
    try {
      const f = fields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (Number(f[1]) === process.pid) total += (Number(f[11]) + Number(f[12])) / tick;
    } catch { /* gone */ }
  }
  return total;
}
