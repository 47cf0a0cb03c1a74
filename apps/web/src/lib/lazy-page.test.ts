import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const Screen = () => null;

describe('lazyPage', () => {
  it('asks for the code once, however often it is asked for ahead', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Screen });
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('offline');
    await expect(page.preload()).resolves.toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
