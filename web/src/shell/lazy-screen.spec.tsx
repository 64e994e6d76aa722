import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyScreen } from './lazy-screen';

const shown = (node: React.ReactNode) => renderToString(<Suspense fallback={<p>loading</p>}>{node}</Suspense>);

describe('lazyScreen', () => {
  it('suspends (the fallback shows) until its chunk is loaded, then renders at once', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      return { default: () => <h1>Companies</h1> };
    });
    expect(shown(<Screen />)).toContain('loading');
    await Screen.preload();
    const html = shown(<Screen />);
    expect(html).toContain('<h1>Companies</h1>');
    expect(html).not.toContain('loading');
    // one load, whoever asked first
    expect(loads).toBe(1);
  });

  it('renders without a fallback when preloaded before its first render', async () => {
    const Screen = lazyScreen(async () => ({ default: () => <h1>Today</h1> }));
    await Screen.preload();
    const html = shown(<Screen />);
    expect(html).toContain('<h1>Today</h1>');
    expect(html).not.toContain('loading');
  });

  it('loads again after a failed load', async () => {
    let fail = true;
    const Screen = lazyScreen(async () => {
      if (fail) throw new Error('chunk not fetched');
      return { default: () => <h1>People</h1> };
    });
    await expect(Screen.preload()).rejects.toThrow('chunk not fetched');
    fail = false;
    await Screen.preload();
    expect(shown(<Screen />)).toContain('<h1>People</h1>');
  });
});
