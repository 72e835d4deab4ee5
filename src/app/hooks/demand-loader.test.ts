import { describe, expect, it, vi } from 'vitest';
import { DemandLoader } from './demand-loader.ts';

/** A loader whose file arrives when the test says so. */
function setup() {
  let arrive: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      }),
  );
  const ready = vi.fn<(value: string, open: boolean) => void>();
  const loader = new DemandLoader(load, ready);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { loader, load, ready, arrive: (v: string) => arrive(v), fail: (e: Error) => fail(e), settle };
}

describe('DemandLoader', () => {
  it('loads once on the first intent and hands over closed', async () => {
    const { loader, load, ready, arrive, settle } = setup();
    loader.intent();
    loader.intent();
    expect(load).toHaveBeenCalledOnce();
    arrive('menu');
    await settle();
    expect(ready).toHaveBeenCalledExactlyOnceWith('menu', false);
  });

  it('a click before the file arrives opens the control once it does', async () => {
    const { loader, ready, arrive, settle } = setup();
    loader.press();
    loader.activate();
    arrive('menu');
    await settle();
    expect(ready).toHaveBeenCalledExactlyOnceWith('menu', true);
  });

  it('never swaps while a pointer is down: the click that follows still lands on the stand-in', async () => {
    const { loader, ready, arrive, settle } = setup();
    loader.press();
    arrive('menu');
    await settle();
    expect(ready).not.toHaveBeenCalled();
    loader.activate();
    expect(ready).toHaveBeenCalledExactlyOnceWith('menu', true);
  });

  it('a press that ends without a click (dragged away) swaps closed', async () => {
    const { loader, ready, arrive, settle } = setup();
    loader.press();
    arrive('menu');
    await settle();
    loader.release();
    expect(ready).toHaveBeenCalledExactlyOnceWith('menu', false);
  });

  it('after a failed load (offline), the next intent tries again', async () => {
    const { loader, load, ready, fail, arrive, settle } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loader.intent();
    fail(new Error('offline'));
    await settle();
    expect(ready).not.toHaveBeenCalled();
    loader.intent();
    expect(load).toHaveBeenCalledTimes(2);
    arrive('menu');
    await settle();
    expect(ready).toHaveBeenCalledExactlyOnceWith('menu', false);
    warn.mockRestore();
  });

  it('a click on the stand-in after a closed hand-over, before the swap is on screen, hands over again, open, once', async () => {
    const { loader, ready, arrive, settle } = setup();
    loader.intent();
    arrive('menu');
    await settle();
    expect(ready).toHaveBeenLastCalledWith('menu', false);
    loader.press();
    loader.release();
    loader.activate();
    loader.activate();
    expect(ready.mock.calls).toEqual([
      ['menu', false],
      ['menu', true],
    ]);
  });
});
