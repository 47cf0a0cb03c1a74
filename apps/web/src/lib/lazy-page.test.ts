import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
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

  it('puts the first data it names into the client given, and does nothing for a screen without', async () => {
    const client = new QueryClient();
    const fetched = vi.fn(() => Promise.resolve(['row']));
    const page = lazyPage(() => Promise.resolve({ default: Screen }), {
      firstData: (c) => c.prefetchQuery({ queryKey: ['screen', 'first'], queryFn: fetched }),
    });
    await page.preloadData(client, []);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['screen', 'first'])).toEqual(['row']);
    await expect(lazyPage(() => Promise.resolve({ default: Screen })).preloadData(client, [])).resolves.toBeUndefined();
  });
});
