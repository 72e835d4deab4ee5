/**
 * When a stand-in control (a plain button painted at start) may give way to the real one it
 * loads on demand (a Mantine Menu or Popover with floating-ui and a focus trap). Loading
 * starts on the first sign of intent; the swap waits while a pointer is down on the stand-in,
 * since replacing the element between press and release would swallow the click; a click
 * (or Enter/Space) on the stand-in opens the real one once it is there. No React or DOM here.
 */
export class DemandLoader<T> {
  private started = false;
  private value: T | undefined;
  private holding = false;
  private open = false;
  private delivered = false;
  private deliveredOpen = false;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly onReady: (value: T, open: boolean) => void,
  ) {}

  /** Pointer over, focus or a key: start loading (once; again after a failure). */
  intent(): void {
    if (this.started) return;
    this.started = true;
    this.load().then(
      (value) => {
        this.value = value;
        this.deliver();
      },
      (error: unknown) => {
        // Offline before the file was cached: the next intent tries again.
        this.started = false;
        console.warn('Could not load a control on demand', error);
      },
    );
  }

  /** A pointer went down on the stand-in: load, and keep it until the press ends. */
  press(): void {
    this.holding = true;
    this.intent();
  }

  /** The press ended without a click (dragged away): the swap may happen. */
  release(): void {
    this.holding = false;
    this.deliver();
  }

  /** The stand-in was activated (click, Enter, Space): the real control opens once loaded. */
  activate(): void {
    this.open = true;
    this.holding = false;
    this.intent();
    this.deliver();
  }

  private deliver(): void {
    if (this.value === undefined || this.holding) return;
    // Handed over closed, but the stand-in is still there to be clicked (the page has not
    // rendered the swap yet, a busy phone): hand over again, open, or the click is lost.
    if (this.delivered && (!this.open || this.deliveredOpen)) return;
    this.delivered = true;
    this.deliveredOpen = this.open;
    this.onReady(this.value, this.open);
  }
}
