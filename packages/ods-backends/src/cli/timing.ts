// --time-phases: llvm-tblgen's TGTimer report ("TableGen Phase Timing"), printed to stderr in
// the layout of llvm::TimerGroup::PrintQueuedTimers.

interface TimeRecord {
  wall: number;
  user: number;
  system: number;
}

const zero = (): TimeRecord => ({ wall: 0, user: 0, system: 0 });

function now(): TimeRecord {
  const cpu = process.cpuUsage();
  return { wall: performance.now() / 1000, user: cpu.user / 1e6, system: cpu.system / 1e6 };
}

export class PhaseTimer {
  private readonly phases: { name: string; time: TimeRecord }[] = [];
  private current: { name: string; start: TimeRecord } | undefined;

  constructor(readonly enabled: boolean) {}

  /** Stop the running phase (if any) and start `name`. */
  start(name: string): void {
    if (!this.enabled) return;
    this.stop();
    this.current = { name, start: now() };
  }

  stop(): void {
    if (!this.enabled || !this.current) return;
    const end = now();
    const s = this.current.start;
    this.phases.push({
      name: this.current.name,
      time: { wall: end.wall - s.wall, user: end.user - s.user, system: end.system - s.system },
    });
    this.current = undefined;
  }

  /**
   * The report. A phase still running (a failed parse) counts as zero, as in llvm, where the
   * timer is never stopped.
   */
  report(): string {
    if (!this.enabled) return '';
    if (this.current) {
      this.phases.push({ name: this.current.name, time: zero() });
      this.current = undefined;
    }
    // Sorted by wall time, largest first (llvm sorts ascending and prints in reverse).
    const rows = this.phases.map((p, i) => ({ ...p, i })).sort((a, b) => a.time.wall - b.time.wall || a.i - b.i).reverse();
    const total = zero();
    for (const r of rows) {
      total.wall += r.time.wall;
      total.user += r.time.user;
      total.system += r.time.system;
    }
    const proc = (t: TimeRecord) => t.user + t.system;
    const rule = `===${'-'.repeat(73)}===\n`;
    const title = 'TableGen Phase Timing';
    let out = rule + ' '.repeat(Math.floor((80 - title.length) / 2)) + title + '\n' + rule;
    out += `  Total Execution Time: ${proc(total).toFixed(4)} seconds (${total.wall.toFixed(4)} wall clock)\n\n`;
    if (total.user) out += '   ---User Time---';
    if (total.system) out += '   --System Time--';
    if (proc(total)) out += '   --User+System--';
    out += '   ---Wall Time---  --- Name ---\n';
    const val = (v: number, t: number) =>
      t < 1e-7 ? '        -----     ' : `  ${v.toFixed(4).padStart(7)} (${((v * 100) / t).toFixed(1).padStart(5)}%)`;
    const line = (t: TimeRecord, name: string) => {
      let s = '';
      if (total.user) s += val(t.user, total.user);
      if (total.system) s += val(t.system, total.system);
      if (proc(total)) s += val(proc(t), proc(total));
      s += val(t.wall, total.wall);
      return `${s}  ${name}\n`;
    };
    for (const r of rows) out += line(r.time, r.name);
    out += line(total, 'Total') + '\n';
    return out;
  }
}
