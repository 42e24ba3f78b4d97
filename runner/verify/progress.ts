/** A one-line progress bar on a terminal; silent in CI and when stderr is not a TTY. */
export class Progress {
  private n = 0;
  private failing = 0;
  private last = 0;

  constructor(private readonly out: NodeJS.WritableStream, private readonly total: number, private readonly enabled: boolean) {}

  tick(failed: boolean): void {
    this.n++;
    if (failed) this.failing++;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 50 && this.n < this.total) return; // redraw at most 20 times a second
    this.last = now;
    const width = 30;
    const filled = Math.round((this.n / this.total) * width);
    this.out.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.n}/${this.total} trees · ${this.failing} failing`);
  }

  done(): void {
    if (this.enabled) this.out.write('\r\x1b[K');
  }
}
